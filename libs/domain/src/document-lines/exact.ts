import Decimal from 'decimal.js';
import { MONEY_DECIMALS, ROUNDING } from '../shared/money';

/**
 * decimal.js with room for every product this engine forms: the default 20 significant digits
 * would round a quantity × price of two 16-digit values, which is the very artefact decimals avoid.
 * 64 digits hold 500 lines of (1e12 × 1e12) × a three-decimal rate exactly.
 */
export const Exact = Decimal.clone({ precision: 64, rounding: ROUNDING });

/** The value as an `Exact`: one already is used as it is (decimal.js values never change). */
export function exact(value: Decimal.Value): Decimal {
  // Every clone shares one prototype, so `instanceof` cannot tell an Exact from a 20-digit Decimal.
  return value instanceof Decimal && value.constructor === Exact ? value : new Exact(value);
}

/** The one rounding point: half away from zero at four decimals (docs/calculations.md). */
export function roundMoney(value: Decimal.Value): Decimal {
  const amount = exact(value);
  // A product of amounts with few decimals often has no digit past the fourth: nothing to round.
  return amount.decimalPlaces() <= MONEY_DECIMALS ? amount : amount.toDecimalPlaces(MONEY_DECIMALS, ROUNDING);
}

/** `percent` % of `amount`, rounded as money. */
export function percentOf(amount: Decimal.Value, percent: Decimal.Value): Decimal {
  return roundMoney(exact(amount).times(percent).dividedBy(100));
}

/** The exact sum of decimal strings (rounded amounts add up without a further rounding). */
export function exactSum(values: readonly Decimal.Value[]): Decimal {
  return values.reduce<Decimal>((total, value) => total.plus(value), new Exact(0));
}
