import Decimal from 'decimal.js';
import { invalid } from '../shared/domain-error';
import { MONEY_DECIMALS, money } from '../shared/money';
import { decimal, Parser } from '../shared/parsers';

/** Quantities and per-unit amounts stay below this, as item prices and stock do. */
export const AMOUNT_LIMIT = new Decimal('1e12');
/** Quantities take four decimals, as stock does. */
export const QUANTITY_DECIMALS = 4;

/** A positive quantity with at most four decimals, as a plain decimal string ("2.5"). */
export function lineQuantity(): Parser<string> {
  return (value, param) => {
    const parsed = decimal(value);
    if (!parsed || !parsed.greaterThan(0) || parsed.greaterThanOrEqualTo(AMOUNT_LIMIT))
      return invalid(param, `${param} must be a positive number below 1000000000000.`);
    if (parsed.decimalPlaces() > QUANTITY_DECIMALS)
      return invalid(param, `${param} must have at most ${QUANTITY_DECIMALS} decimals.`);
    return parsed.toFixed();
  };
}

/**
 * A non-negative amount of money with at most four decimals, as its four-decimal string: unit
 * prices and costs, `shipping_fee`, `shipping_cost`. More decimals are refused, never rounded.
 */
export function moneyAmount(): Parser<string> {
  return (value, param) => {
    const parsed = decimal(value);
    if (!parsed || parsed.lessThan(0) || parsed.greaterThanOrEqualTo(AMOUNT_LIMIT))
      return invalid(param, `${param} must be a non-negative amount below 1000000000000.`);
    if (parsed.decimalPlaces() > MONEY_DECIMALS)
      return invalid(param, `${param} must have at most ${MONEY_DECIMALS} decimals.`);
    return money(parsed); // -0 renders "0.0000"
  };
}
