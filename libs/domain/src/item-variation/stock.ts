import { Decision } from '../shared/decision';
import { conflict, invalid, isDomainError } from '../shared/domain-error';
import { optionalText } from '../shared/parsers';
import Decimal from 'decimal.js';
import { AdjustVariationStock } from './commands';
import { ItemVariationContext } from './context';
import { ItemVariationEvent } from './events';
import { plus, quantityChange } from './fields';
import { ChangeableRow } from './visibility';

const REASON = optionalText();

/** A signed change of one row's on hand, which never goes below zero (EXTENSIONS.md §7). */
export function adjustStock(
  { location_id, input }: AdjustVariationStock,
  { variation, row }: ChangeableRow,
  context: ItemVariationContext,
): Decision<ItemVariationEvent> {
  if (input.quantity === undefined) return invalid('quantity', 'quantity is required.');
  const quantity = quantityChange(input.quantity, 'quantity');
  if (isDomainError(quantity)) return quantity;
  const reason = input.reason === undefined ? null : REASON(input.reason, 'reason');
  if (isDomainError(reason)) return reason;
  const after = plus(row.on_hand, quantity);
  // Purchase-order receipts add to the row outside the variation's stream (a negative `invoiced`).
  const received = Decimal.max(0, new Decimal(context.invoiced ?? '0').negated());
  if (received.plus(after).isNegative())
    return conflict(
      'insufficient_stock',
      `Only ${row.on_hand} on hand at this location: it cannot go below zero.`,
    );
  // Invoices may take on-hand below zero, a hand-made movement may not.
  const onHand = new Decimal(row.on_hand).minus(context.invoiced ?? '0');
  if (new Decimal(quantity).isNegative() && onHand.plus(quantity).isNegative())
    return conflict(
      'insufficient_stock',
      `Only ${onHand.toFixed()} on hand at this location once invoices are counted: it cannot go below zero.`,
    );
  const data = {
    account_id: variation.account_id,
    item_id: variation.item_id,
    variation_id: variation.id,
    item_variation_location_id: row.item_variation_location_id,
    location_id,
    quantity,
    on_hand_after: after,
    reason,
    adjusted_at: context.now,
  };
  return [{ type: 'StockAdjusted', data }];
}
