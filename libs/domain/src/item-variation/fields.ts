import Decimal from 'decimal.js';
import { invalid } from '../shared/domain-error';
import { money } from '../shared/money';
import { decimal, integer, optionalText, Parser } from '../shared/parsers';

export const MAX_BARCODE = 48;
export const MAX_THRESHOLD = 2147483647;
/** Quantities and prices: at most four decimals, below a trillion. */
const MAX_DECIMALS = 4;
const LIMIT = new Decimal('1e12');

/** A barcode or SKU of up to 48 characters; "" or null clears it (stored as ""). */
export const barcode: Parser<string> = (value, param) => {
  if (value === null || value === '') return '';
  const text = optionalText(MAX_BARCODE)(value, param);
  return text === null ? '' : text;
};

/** A price or cost override: null (inherit the item's), or a non-negative amount as a four-decimal string. */
export const priceOverride: Parser<string | null> = (value, param) => {
  if (value === null) return null;
  const amount = decimal(value);
  if (!amount || amount.isNegative() || amount.greaterThanOrEqualTo(LIMIT))
    return invalid(param, `${param} must be null or a non-negative amount below 1000000000000.`);
  if (amount.decimalPlaces() > MAX_DECIMALS) return invalid(param, `${param} must have at most 4 decimals.`);
  return money(amount);
};

export const threshold: Parser<number> = integer(0, MAX_THRESHOLD);

/** A signed, nonzero change of on hand, as a plain decimal string ("-2.5"). */
export const quantityChange: Parser<string> = (value, param) => {
  const amount = decimal(value);
  if (!amount || amount.isZero() || amount.abs().greaterThanOrEqualTo(LIMIT))
    return invalid(param, `${param} must be a nonzero number between -1000000000000 and 1000000000000.`);
  if (amount.decimalPlaces() > MAX_DECIMALS) return invalid(param, `${param} must have at most 4 decimals.`);
  return amount.toFixed();
};

/** Decimal strings added without binary floating point. */
export function plus(a: string, b: string): string {
  return new Decimal(a).plus(b).toFixed();
}

export function isZero(amount: string): boolean {
  return new Decimal(amount).isZero();
}
