import Decimal from 'decimal.js';

/** Money is rendered with four decimals, rates (percentages) with three (documents-api §1.2). */
export const MONEY_DECIMALS = 4;
export const RATE_DECIMALS = 3;

/** Half away from zero: the commercial rounding rule (docs/calculations.md). */
export const ROUNDING = Decimal.ROUND_HALF_UP;

/** Money as the API renders it: `"12.5000"`. Accepts decimal strings, finite numbers and Decimals. */
export function money(value: Decimal.Value): string {
  return fixed(value, MONEY_DECIMALS);
}

/** A rate as the API renders it: `"8.875"`. */
export function rate(value: Decimal.Value): string {
  return fixed(value, RATE_DECIMALS);
}

/** The number of decimal places a value is written with (`"1.50"` has 1: trailing zeros don't count). */
export function decimalPlaces(value: Decimal.Value): number {
  return new Decimal(value).decimalPlaces();
}

/** Already written with exactly 3 or 4 decimals (and not as minus zero): nothing to round. */
const CANONICAL: Readonly<Record<number, RegExp>> = {
  3: /^-?(0|[1-9]\d*)\.\d{3}$/,
  4: /^-?(0|[1-9]\d*)\.\d{4}$/,
};

function fixed(value: Decimal.Value, places: number): string {
  // Stored amounts are canonical already; rendering them must not cost a decimal parse each.
  if (typeof value === 'string' && CANONICAL[places]?.test(value) && !/^-0\.0+$/.test(value)) return value;
  // Calculated amounts (sums of rounded ones) have no digit to round: written, not rounded again.
  if (value instanceof Decimal && value.isFinite() && !value.isZero() && value.decimalPlaces() <= places)
    return padded(value, places);
  const decimal = new Decimal(value);
  if (!decimal.isFinite()) throw new RangeError(`Not a finite amount: ${String(value)}`);
  const rounded = decimal.toDecimalPlaces(places, ROUNDING);
  // A tiny negative amount rounds to zero: render "0.0000", never "-0.0000".
  return (rounded.isZero() ? rounded.abs() : rounded).toFixed(places);
}

/** A decimal of at most `places` decimals with exactly `places`: its own digits, zeros appended. */
function padded(value: Decimal, places: number): string {
  const text = value.toFixed(); // normal notation, unrounded: no rounding pass over the digits
  const point = text.indexOf('.');
  if (point < 0) return `${text}.${'0'.repeat(places)}`;
  return text + '0'.repeat(places - (text.length - point - 1));
}
