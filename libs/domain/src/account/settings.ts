import { DomainError, invalid, validation } from '../shared/domain-error';
import { parseFields } from '../shared/fields';
import { isDomainError } from '../shared/domain-error';
import { boolean, integer, nullable, optionalText, Parser, requiredText } from '../shared/parsers';
import { isRecordId } from '../shared/record-id';

/** A custom field documents of one type carry (`custom_field_values` name it by id). */
export type DocumentCustomField = { id: string; name: string };

/** Account-wide switches and defaults (EXTENSIONS.md §2). */
export type AccountSettings = {
  packing_lists_enabled: boolean;
  packing_list_service_items: boolean;
  purchase_order_payments_enabled: boolean;
  automatic_payment_receipts: boolean;
  automatic_shipping_notifications: boolean;
  estimate_expiry_days: number;
  default_payment_terms: string | null;
  tax_label: string;
  tax_2_label: string | null;
  /** null = unlimited; creations beyond it answer 409 `account_record_limit_reached`. */
  record_limit: number | null;
  /** Requests per API key per rate-limit window; null = the server's RATE_LIMIT_REQUESTS, 0 = none. */
  rate_limit_requests: number | null;
  /** The estimate custom fields `custom_field_values` may name; replaced as a whole. */
  estimate_custom_fields: DocumentCustomField[];
  /** The invoice custom fields `custom_field_values` may name; replaced as a whole. */
  invoice_custom_fields: DocumentCustomField[];
  /** The sales-order custom fields `custom_field_values` may name; replaced as a whole. */
  sales_order_custom_fields: DocumentCustomField[];
  /** The purchase-order custom fields `custom_field_values` may name; replaced as a whole. */
  purchase_order_custom_fields: DocumentCustomField[];
};

export const DEFAULT_ACCOUNT_SETTINGS: Readonly<AccountSettings> = Object.freeze({
  packing_lists_enabled: true,
  packing_list_service_items: false,
  purchase_order_payments_enabled: true,
  automatic_payment_receipts: false,
  automatic_shipping_notifications: false,
  estimate_expiry_days: 30,
  default_payment_terms: null,
  tax_label: 'Tax',
  tax_2_label: null,
  record_limit: null,
  rate_limit_requests: null,
  estimate_custom_fields: [],
  invoice_custom_fields: [],
  sales_order_custom_fields: [],
  purchase_order_custom_fields: [],
});

const MAX_LABEL = 60;
const MAX_EXPIRY_DAYS = 3650;
const MAX_CUSTOM_FIELDS = 100;

/** `[{id, name}]`: ids are UUIDs the operator chooses (kept across renames), each once. */
function customFields(): Parser<DocumentCustomField[]> {
  const name = requiredText();
  return (value, param) => {
    if (!Array.isArray(value) || value.length > MAX_CUSTOM_FIELDS)
      return invalid(param, `${param} must be an array of at most ${MAX_CUSTOM_FIELDS} {id, name}.`);
    const fields: DocumentCustomField[] = [];
    for (const [index, entry] of value.entries()) {
      const at = `${param}.${index}`;
      const {
        id,
        name: given,
        ...rest
      } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      if (Object.keys(rest).length > 0 || !isRecordId(id))
        return invalid(at, `${at} must be {id: <uuid>, name}.`);
      const text = name(given, `${at}.name`);
      if (isDomainError(text)) return text;
      if (fields.some((field) => field.id === id.toLowerCase()))
        return invalid(`${at}.id`, `${param} names ${id} twice.`);
      fields.push({ id: id.toLowerCase(), name: text });
    }
    return fields;
  };
}

const SETTING_PARSERS = {
  packing_lists_enabled: boolean(),
  packing_list_service_items: boolean(),
  purchase_order_payments_enabled: boolean(),
  automatic_payment_receipts: boolean(),
  automatic_shipping_notifications: boolean(),
  estimate_expiry_days: integer(0, MAX_EXPIRY_DAYS),
  default_payment_terms: optionalText(),
  tax_label: requiredText(MAX_LABEL),
  tax_2_label: optionalText(MAX_LABEL),
  record_limit: nullable(integer(0, Number.MAX_SAFE_INTEGER)),
  rate_limit_requests: nullable(integer(0, 1_000_000)),
  estimate_custom_fields: customFields(),
  invoice_custom_fields: customFields(),
  sales_order_custom_fields: customFields(),
  purchase_order_custom_fields: customFields(),
};

/**
 * The settings a client sent, each checked; an unknown key is refused rather than stored, since the
 * settings object is free-form for the HTTP layer and a typo would otherwise pass silently.
 */
export function parseSettings(value: unknown, param = 'settings'): Partial<AccountSettings> | DomainError {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return invalid(param, `${param} must be an object.`);
  const unknownKey = Object.keys(value).find((key) => !Object.hasOwn(SETTING_PARSERS, key));
  if (unknownKey !== undefined)
    return validation(
      'unsupported_field',
      `${param}.${unknownKey}`,
      `${unknownKey} is not an account setting.`,
    );
  return parseFields(SETTING_PARSERS, value, param) as Partial<AccountSettings> | DomainError;
}
