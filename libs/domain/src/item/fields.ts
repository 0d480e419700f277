import Decimal from 'decimal.js';
import { INVENTORY_TYPES, InventoryType } from '../item-category/fields';
import { DomainError, invalid, isDomainError, validation } from '../shared/domain-error';
import { money } from '../shared/money';
import { MAX_INTEGER as MAX_INT } from '../shared/record-id';
import {
  boolean,
  decimal,
  integer,
  MAX_TEXT,
  nullable,
  oneOf,
  optionalText,
  Parser,
  requiredText,
} from '../shared/parsers';

/** A value of one of the category's custom fields. */
export type CustomFieldValue = { custom_field_id: string; value: string | number | boolean | null };
/** A price for one pricing tier; tiers without one use the item's price. */
export type PricingDetail = { pricing_tier_id: string; value: string };

/** What a client may write on an item (inventory-api §2, EXTENSIONS.md §7). */
export type ItemFields = {
  name: string;
  description: string | null;
  sku: string | null;
  barcode: string | null;
  serial_number: string | null;
  inventory_type: InventoryType;
  category_id: string;
  supplier_ids: string[];
  location_id: string | null;
  zone_id: string | null;
  unit_of_measure_id: string | null;
  price: string | null;
  cost: string | null;
  threshold: number;
  weight: number;
  published: boolean;
  custom_field_values: CustomFieldValue[];
  pricing_details: PricingDetail[];
  /** The account variation attributes its variations combine, in order (not shown on the item). */
  variation_attribute_ids: string[];
};

/** Values as the client sent them: each is checked by ITEM_PARSERS. */
export type ItemInput = { [K in keyof ItemFields]?: unknown };

const MAX_DESCRIPTION = 10_000;
const MAX_LIST = 100;
const MONEY_DECIMALS = 4;
/** Amounts and quantities stay below this, so numeric columns and JSON numbers hold them exactly. */
export const ITEM_AMOUNT_LIMIT = new Decimal('1e12');

/** A non-negative amount of money with at most four decimals, stored as its four-decimal string. */
export function itemAmount(): Parser<string> {
  return (value, param) => {
    const parsed = decimal(value);
    if (!parsed || parsed.isNegative() || parsed.greaterThanOrEqualTo(ITEM_AMOUNT_LIMIT))
      return invalid(param, `${param} must be a non-negative amount below 1000000000000.`);
    if (parsed.decimalPlaces() > MONEY_DECIMALS)
      return invalid(param, `${param} must have at most ${MONEY_DECIMALS} decimals.`);
    return money(parsed);
  };
}

/** Unique non-empty ids, compared as given; existence is the handler's look-up. */
function idList(): Parser<string[]> {
  const id = requiredText(MAX_TEXT);
  return (value, param) => {
    if (!Array.isArray(value)) return invalid(param, `${param} must be an array of ids.`);
    if (value.length > MAX_LIST) return invalid(param, `${param} must have at most ${MAX_LIST} entries.`);
    for (const [index, entry] of value.entries()) {
      const parsed = id(entry, `${param}.${index}`);
      if (isDomainError(parsed)) return parsed;
      if (value.indexOf(entry) !== index) return invalid(`${param}.${index}`, `${param} repeats ${entry}.`);
    }
    return [...(value as string[])];
  };
}

/**
 * An array of objects with exactly `keys`: each entry parsed by `entry`, the `unique` key not
 * repeated. A key outside `keys` is named as unsupported, as at the top level.
 */
function entries<T extends object>(
  keys: readonly (keyof T & string)[],
  unique: keyof T & string,
  entry: (value: Record<string, unknown>, param: string) => T | DomainError,
): Parser<T[]> {
  return (value, param) => {
    if (!Array.isArray(value)) return invalid(param, `${param} must be an array.`);
    if (value.length > MAX_LIST) return invalid(param, `${param} must have at most ${MAX_LIST} entries.`);
    const parsed: T[] = [];
    for (const [index, item] of value.entries()) {
      const at = `${param}.${index}`;
      if (typeof item !== 'object' || item === null || Array.isArray(item))
        return invalid(at, `${at} must be an object.`);
      const extra = Object.keys(item).find((key) => !(keys as readonly string[]).includes(key));
      if (extra !== undefined)
        return validation('unsupported_field', `${at}.${extra}`, `Unsupported field: ${extra}.`);
      const result = entry(item as Record<string, unknown>, at);
      if (isDomainError(result)) return result;
      if (parsed.some((other) => other[unique] === result[unique]))
        return invalid(`${at}.${unique}`, `${param} names ${String(result[unique])} twice.`);
      parsed.push(result);
    }
    return parsed;
  };
}

const fieldId = requiredText(MAX_TEXT);
const fieldText = requiredText(MAX_TEXT);

function customFieldValue(value: unknown, param: string): CustomFieldValue['value'] | DomainError {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number')
    return Number.isFinite(value) ? value : invalid(param, `${param} must be a finite number.`);
  if (typeof value === 'string') return value === '' ? value : fieldText(value, param);
  return invalid(param, `${param} must be a string, number, boolean or null.`);
}

const customFieldValues = entries<CustomFieldValue>(
  ['custom_field_id', 'value'],
  'custom_field_id',
  (entry, at) => {
    const id = fieldId(entry.custom_field_id, `${at}.custom_field_id`);
    if (isDomainError(id)) return id;
    if (!('value' in entry)) return invalid(`${at}.value`, `${at}.value is required.`);
    const value = customFieldValue(entry.value, `${at}.value`);
    return isDomainError(value) ? value : { custom_field_id: id, value };
  },
);

const pricingDetails = entries<PricingDetail>(
  ['pricing_tier_id', 'value'],
  'pricing_tier_id',
  (entry, at) => {
    const id = fieldId(entry.pricing_tier_id, `${at}.pricing_tier_id`);
    if (isDomainError(id)) return id;
    const value = itemAmount()(entry.value, `${at}.value`);
    return isDomainError(value) ? value : { pricing_tier_id: id, value };
  },
);

export const ITEM_PARSERS = {
  name: requiredText(),
  description: optionalText(MAX_DESCRIPTION),
  sku: optionalText(),
  barcode: optionalText(),
  serial_number: optionalText(),
  inventory_type: oneOf(INVENTORY_TYPES),
  category_id: requiredText(),
  supplier_ids: idList(),
  location_id: nullable(requiredText()),
  zone_id: nullable(requiredText()),
  unit_of_measure_id: optionalText(),
  price: nullable(itemAmount()),
  cost: nullable(itemAmount()),
  threshold: integer(0, MAX_INT),
  weight: integer(-MAX_INT - 1, MAX_INT),
  published: boolean(),
  custom_field_values: customFieldValues,
  pricing_details: pricingDetails,
  variation_attribute_ids: idList(),
};

/** Every optional field's value when a create leaves it out. */
export const ITEM_DEFAULTS: Readonly<Omit<ItemFields, 'name' | 'inventory_type' | 'category_id'>> =
  Object.freeze({
    description: null,
    sku: null,
    barcode: null,
    serial_number: null,
    supplier_ids: [],
    location_id: null,
    zone_id: null,
    unit_of_measure_id: null,
    price: null,
    cost: null,
    threshold: 0,
    weight: 0,
    published: false,
    custom_field_values: [],
    pricing_details: [],
    variation_attribute_ids: [],
  });
