import Decimal from 'decimal.js';
import { DomainError, invalid, isDomainError } from './domain-error';
import { RATE_DECIMALS, rate } from './money';
import { isIntegerId, MAX_INTEGER } from './record-id';

/**
 * Turns one client value into the domain's value, or refuses it naming `param`.
 * Values arrive as `unknown`: the API validates shapes too, but the domain never trusts them.
 */
export type Parser<T> = (value: unknown, param: string) => T | DomainError;

export const MAX_TEXT = 255;
const MAX_EMAIL = 254;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DECIMAL_STRING = /^-?\d+(\.\d+)?$/;
const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** NUL and unpaired UTF-16 surrogates: PostgreSQL text and jsonb (the events) cannot hold them. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Length in characters as a person counts them (code points), not UTF-16 units. */
function length(text: string): number {
  return [...text].length;
}

export function requiredText(max = MAX_TEXT): Parser<string> {
  return (value, param) => {
    if (typeof value !== 'string' || value.trim() === '')
      return invalid(param, `${param} must be a non-empty string.`);
    if (UNSTORABLE.test(value)) return unstorable(param);
    if (length(value) > max) return invalid(param, `${param} must be at most ${max} characters.`);
    return value;
  };
}

function unstorable(param: string): DomainError {
  return invalid(param, `${param} must not contain NUL characters or unpaired surrogates.`);
}

/** Optional text: null, "" and blank all mean "none" and are stored as null. */
export function optionalText(max = MAX_TEXT): Parser<string | null> {
  const text = requiredText(max);
  return (value, param) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    if (typeof value !== 'string') return invalid(param, `${param} must be a string or null.`);
    return text(value, param);
  };
}

export function email(max = MAX_EMAIL): Parser<string> {
  return (value, param) => {
    if (typeof value !== 'string' || !EMAIL.test(value) || length(value) > max)
      return invalid(param, `${param} must be a valid email address.`);
    if (UNSTORABLE.test(value)) return unstorable(param);
    return value;
  };
}

/**
 * null or "" means "no address". Unlike other optional text, blanks are refused: "   " is a
 * mistyped address, not a request to clear it.
 */
export function optionalEmail(max = MAX_EMAIL): Parser<string | null> {
  const required = email(max);
  return (value, param) => (value === null || value === '' ? null : required(value, param));
}

/**
 * A customer's or supplier's office address, or several separated by commas or semicolons
 * (documents-api §6 sends receipts to "valid comma- or semicolon-separated customer office
 * emails"): each one valid, kept as given. null or "" means none.
 */
export function optionalEmailList(max = MAX_EMAIL): Parser<string | null> {
  const one = email(max);
  return (value, param) => {
    if (value === null || value === '') return null;
    if (typeof value !== 'string' || length(value) > max)
      return invalid(param, `${param} must be a valid email address, or several separated by , or ;.`);
    const addresses = value
      .split(/[,;]/)
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (addresses.length === 0 || addresses.some((address) => isDomainError(one(address, param))))
      return invalid(param, `${param} must be a valid email address, or several separated by , or ;.`);
    return value;
  };
}

export function oneOf<T extends string>(values: readonly T[]): Parser<T> {
  return (value, param) =>
    typeof value === 'string' && (values as readonly string[]).includes(value)
      ? (value as T)
      : invalid(param, `${param} must be one of: ${values.join(', ')}.`);
}

export function boolean(): Parser<boolean> {
  return (value, param) =>
    typeof value === 'boolean' ? value : invalid(param, `${param} must be true or false.`);
}

export function integer(min: number, max: number): Parser<number> {
  return (value, param) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max
      ? (value as number)
      : invalid(param, `${param} must be an integer from ${min} to ${max}.`);
}

/** An integer id (`item_variation_location_id`): 1 to 2^31 - 1, the range of its column. */
export function integerId(): Parser<number> {
  return (value, param) =>
    isIntegerId(value) ? value : invalid(param, `${param} must be an integer id from 1 to ${MAX_INTEGER}.`);
}

export function nullable<T>(parser: Parser<T>): Parser<T | null> {
  return (value, param) => (value === null ? null : parser(value, param));
}

/** A list of non-empty strings, each entry named `param.index` when refused. */
export function stringList(maxItems: number, maxLength = MAX_TEXT): Parser<string[]> {
  const entry = requiredText(maxLength);
  return (value, param) => {
    if (!Array.isArray(value)) return invalid(param, `${param} must be an array of strings.`);
    if (value.length > maxItems) return invalid(param, `${param} must have at most ${maxItems} entries.`);
    for (const [index, item] of value.entries()) {
      const parsed = entry(item, `${param}.${index}`);
      if (isDomainError(parsed)) return parsed;
    }
    return [...(value as string[])];
  };
}

/** A JSON number or a plain decimal string (no exponent); anything else is refused. */
export function decimal(value: unknown): Decimal | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value) : undefined;
  if (typeof value === 'string' && DECIMAL_STRING.test(value)) return new Decimal(value);
  return undefined;
}

/** A percentage from 0 to 100 with at most three decimals, stored as its three-decimal string. */
export function percentage(): Parser<string> {
  return (value, param) => {
    const parsed = decimal(value);
    if (!parsed || parsed.lessThan(0) || parsed.greaterThan(100))
      return invalid(param, `${param} must be a number from 0 to 100.`);
    if (parsed.decimalPlaces() > RATE_DECIMALS)
      return invalid(param, `${param} must have at most ${RATE_DECIMALS} decimals.`);
    return rate(parsed);
  };
}

/** An ISO 8601 timestamp with a time zone, normalised to UTC (`…Z`). */
export function timestamp(): Parser<string> {
  return (value, param) => {
    const match = typeof value === 'string' ? ISO_TIMESTAMP.exec(value) : null;
    if (!match || !isRealMoment(match.slice(1).map((part) => Number(part ?? 0))))
      return invalid(param, `${param} must be an ISO 8601 timestamp such as 2030-01-31T12:00:00Z.`);
    return new Date(Date.parse(value as string)).toISOString();
  };
}

/** Date.parse rolls 2030-02-31 over into March: check the calendar and the clock ourselves. */
function isRealMoment([
  year,
  month,
  day,
  hour,
  minute,
  second,
  offsetHours,
  offsetMinutes,
]: number[]): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59
  );
}

/** The id of another record; whether it exists is the handler's look-up. */
export function reference(): Parser<string> {
  return requiredText(MAX_TEXT);
}
