import Decimal from 'decimal.js';
import { conflict, DomainError, invalid, isDomainError } from '../shared/domain-error';
import { decimal, optionalText, Parser, requiredText } from '../shared/parsers';
import { ItemContext } from './context';
import { AdjustItemStock } from './commands';
import { StockAdjusted } from './events';
import { ITEM_AMOUNT_LIMIT } from './fields';
import { itemStockChange } from './stock-change';
import { ItemRecord } from './state';

const QUANTITY_DECIMALS = 4;

/**
 * A signed, non-zero change of stock: a JSON number or decimal string with at most four decimals,
 * whole for a unique item. Shared with variation rows.
 */
export function stockChange(unique: boolean): Parser<Decimal> {
  return (value, param) => {
    const parsed = decimal(value);
    if (!parsed || parsed.isZero() || parsed.abs().greaterThanOrEqualTo(ITEM_AMOUNT_LIMIT))
      return invalid(param, `${param} must be a non-zero number below 1000000000000 either way.`);
    if (parsed.decimalPlaces() > QUANTITY_DECIMALS)
      return invalid(param, `${param} must have at most ${QUANTITY_DECIMALS} decimals.`);
    if (unique && !parsed.isInteger())
      return invalid(param, `${param} must be a whole number for a unique item.`);
    return parsed;
  };
}

/** On-hand after a change: never negative (409 `insufficient_stock`), and bounded. */
export function onHandAfter(current: Decimal.Value, change: Decimal): Decimal | DomainError {
  const after = new Decimal(current).plus(change);
  if (after.isNegative())
    return conflict(
      'insufficient_stock',
      `Only ${new Decimal(current).toFixed()} on hand: the adjustment would make it negative.`,
    );
  if (after.greaterThanOrEqualTo(ITEM_AMOUNT_LIMIT))
    return invalid('quantity', 'On-hand stock must stay below 1000000000000.');
  return after;
}

/**
 * Invoices may take on-hand below zero, a hand-made movement may not: a negative change must leave
 * what adjustments put there, less what active invoices take there, at zero or more.
 */
function invoicedRefusal(adjusted: string, invoiced: string, change: Decimal): DomainError | undefined {
  const onHand = new Decimal(adjusted).minus(invoiced);
  if (onHand.plus(change).isNegative())
    return conflict(
      'insufficient_stock',
      `Only ${onHand.toFixed()} on hand once invoices are counted: the adjustment would make it negative.`,
    );
  return undefined;
}

/** The item's on-hand over every location it keeps stock at. */
export function totalOnHand(item: Pick<ItemRecord, 'on_hand'>): Decimal {
  return Object.values(item.on_hand).reduce((sum, value) => sum.plus(value), new Decimal(0));
}

const locationId = requiredText();
const reasonText = optionalText();

/** An adjustment of the stock the item keeps itself; the caller has checked visibility and archive. */
export function decideAdjustment(
  item: ItemRecord,
  { input }: AdjustItemStock,
  context: ItemContext,
): StockAdjusted[] | DomainError {
  if ((context.variationCount ?? 0) > 0)
    return invalid(
      'item_variation_location_id',
      "This item's stock is kept per variation: item_variation_location_id is required.",
    );
  if (input.location_id === undefined) return invalid('location_id', 'location_id is required.');
  const location = locationId(input.location_id, 'location_id');
  if (isDomainError(location)) return location;
  if (!context.references.locations.includes(location))
    return invalid('location_id', 'location_id must be an active location of this account that you may use.');
  if (input.quantity === undefined) return invalid('quantity', 'quantity is required.');
  const unique = item.inventory_type === 'unique';
  const change = stockChange(unique)(input.quantity, 'quantity');
  if (isDomainError(change)) return change;
  const reason = input.reason === undefined ? null : reasonText(input.reason, 'reason');
  if (isDomainError(reason)) return reason;
  // Purchase-order receipts add to the location's stock outside the item's stream (a negative
  // `invoiced`): stock received there may be adjusted away too.
  const received = Decimal.max(0, new Decimal(context.invoiced?.[location] ?? '0').negated());
  const checked = onHandAfter(received.plus(item.on_hand[location] ?? '0'), change);
  if (isDomainError(checked)) return checked;
  const after = checked.minus(received);
  const invoiced = context.invoiced?.[location];
  const refusal =
    change.isNegative() && invoiced !== undefined
      ? invoicedRefusal(item.on_hand[location] ?? '0', invoiced, change)
      : undefined;
  if (refusal) return refusal;
  if (unique && totalOnHand(item).plus(change).greaterThan(1))
    return invalid('quantity', "A unique item's on-hand stays 0 or 1.");
  // A unit held by an invoice is no longer on hand: it cannot be adjusted away as well.
  if (unique && (item.invoice_id ?? null) !== null && change.isNegative())
    return conflict('insufficient_stock', 'This unique item is on an active invoice: none of it is on hand.');
  return [
    {
      type: 'StockAdjusted',
      data: {
        ...itemStockChange(item, location, change.toFixed(), after.toFixed()),
        reason,
        adjusted_at: context.now,
      },
    },
  ];
}
