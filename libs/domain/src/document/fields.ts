import { moneyAmount } from '../document-lines/amounts';
import { calendarDate } from '../shared/dates';
import { DomainError, invalid, isDomainError } from '../shared/domain-error';
import { optionalText, Parser, percentage } from '../shared/parsers';
import { isRecordId } from '../shared/record-id';

/** A custom field's value on a document: `{custom_field_id, value}` in the order given. */
export type DocumentFieldValue = { custom_field_id: string; value: string | number | boolean };

/**
 * The header fields a client sets directly on every sales document (documents-api §4, create and
 * PATCH of estimates, invoices and sales orders). Each document adds its own (its custom number,
 * an expiry date …).
 */
export type DocumentHeaderFields = {
  name: string | null;
  issue_date: string;
  purchase_order_number: string;
  attention: string | null;
  shipping_address: string | null;
  public_note: string | null;
  payment_terms: string | null;
  shipping_fee: string;
  shipping_cost: string;
  discount_percent: string;
  custom_field_values: DocumentFieldValue[];
};

export const MAX_CUSTOM_NUMBER = 24;
/** Notes and addresses: `shipping_address`, `public_note`, a packing-list note. */
export const MAX_LONG_TEXT = 10_000;
const MAX_CUSTOM_FIELDS = 100;

/** The header's input fields besides `customer_id` and `lines`. */
export const HEADER_INPUT_FIELDS = [
  'name',
  'issue_date',
  'purchase_order_number',
  'attention',
  'shipping_address',
  'public_note',
  'payment_terms',
  'shipping_fee',
  'shipping_cost',
  'discount_percent',
  'custom_field_values',
] as const;

/** What a sales document's create or PATCH body takes before its type's own fields. */
export const SALES_DOCUMENT_INPUT_FIELDS = ['customer_id', 'lines', ...HEADER_INPUT_FIELDS] as const;

/** `purchase_order_number` is a string on output: none is "". */
function textOrEmpty(): Parser<string> {
  const text = optionalText();
  return (value, param) => {
    const parsed = text(value, param);
    return isDomainError(parsed) ? parsed : (parsed ?? '');
  };
}

/** The parsers of DocumentHeaderFields; dates and custom fields are checked against context too. */
export const HEADER_PARSERS = {
  name: optionalText(),
  issue_date: calendarDate(),
  purchase_order_number: textOrEmpty(),
  attention: optionalText(),
  shipping_address: optionalText(MAX_LONG_TEXT),
  public_note: optionalText(MAX_LONG_TEXT),
  payment_terms: optionalText(),
  shipping_fee: moneyAmount(),
  shipping_cost: moneyAmount(),
  discount_percent: percentage(),
  custom_field_values: customFieldValues(),
};

/** A new document's header before what the body gives: nothing set, no charges, no discount. */
export const EMPTY_HEADER = {
  name: null,
  purchase_order_number: '',
  attention: null,
  shipping_address: null,
  public_note: null,
  shipping_fee: '0.0000',
  shipping_cost: '0.0000',
  discount_percent: '0.000',
  custom_field_values: [] as DocumentFieldValue[],
};

/**
 * `custom_field_values` as a complete replacement: each id once; a blank value ("" or null) removes
 * the field, so it is left out. Whether each id is one of the account's fields for the document
 * type is decided against the context.
 */
function customFieldValues(): Parser<DocumentFieldValue[]> {
  return (value, param) => {
    if (!Array.isArray(value) || value.length > MAX_CUSTOM_FIELDS)
      return invalid(
        param,
        `${param} must be an array of at most ${MAX_CUSTOM_FIELDS} {custom_field_id, value}.`,
      );
    const entries: DocumentFieldValue[] = [];
    const seen = new Set<string>();
    for (const [index, entry] of value.entries()) {
      const parsed = customFieldValue(entry, `${param}.${index}`);
      if (isDomainError(parsed)) return parsed;
      const id = (entry as { custom_field_id: string }).custom_field_id.toLowerCase();
      if (seen.has(id)) return invalid(`${param}.${index}.custom_field_id`, `${param} names ${id} twice.`);
      seen.add(id);
      if (parsed !== null) entries.push(parsed);
    }
    return entries;
  };
}

function customFieldValue(entry: unknown, at: string): DocumentFieldValue | null | DomainError {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return invalid(at, `${at} must be an object {custom_field_id, value}.`);
  const { custom_field_id: id, value, ...rest } = entry as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) return invalid(`${at}.${extra}`, `A custom field value does not take ${extra}.`);
  if (!isRecordId(id))
    return invalid(`${at}.custom_field_id`, `${at}.custom_field_id must be the id of a custom field.`);
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return null;
  if (typeof value === 'string') {
    const text = optionalText(MAX_LONG_TEXT)(value, `${at}.value`);
    return isDomainError(text) ? text : { custom_field_id: id.toLowerCase(), value };
  }
  if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
    return { custom_field_id: id.toLowerCase(), value };
  return invalid(`${at}.value`, `${at}.value must be a string, number, boolean or null.`);
}
