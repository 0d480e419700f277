import Decimal from 'decimal.js';
import { Decision } from '../shared/decision';
import { DomainError, isDomainError } from '../shared/domain-error';
import { liveRecordIn } from '../shared/record-state';
import { byLocation, MoveTransferStock, shortfall } from '../stock-movement/movement';
import { ItemVariationContext } from './context';
import { ItemVariationEvent } from './events';
import { ItemVariationState } from './state';

/**
 * A stock transfer's movement of a variation's rows, decided here with the variation's revision:
 * a row's on-hand (adjustments and earlier movements, less what active invoices take there,
 * `context.invoicedAt`) never goes below zero. A row the variation no longer has cannot take
 * stock. A movement already recorded decides nothing.
 */
export function moveVariationStock(
  command: MoveTransferStock,
  state: ItemVariationState,
  context: ItemVariationContext,
): Decision<ItemVariationEvent> {
  const variation = liveRecordIn(state, context.accountId);
  if (isDomainError(variation)) return variation;
  if ((variation.movements ?? []).includes(command.key)) return [];
  const code = command.shortfall ?? 'insufficient_stock';
  const events: ItemVariationEvent[] = [];
  for (const change of byLocation(command.changes)) {
    const row = variation.locations.find((r) => r.location_id === change.location_id);
    if (!row)
      return new DomainError(
        409,
        'conflict_error',
        code,
        'The variation is no longer stocked at this location.',
        change.param,
      );
    const refusal = shortfall(row.on_hand, context.invoicedAt?.[change.location_id], change.quantity, {
      param: change.param,
      code,
    });
    if (refusal) return refusal;
    events.push({
      type: 'StockAdjusted',
      data: {
        account_id: variation.account_id,
        item_id: variation.item_id,
        variation_id: variation.id,
        item_variation_location_id: row.item_variation_location_id,
        location_id: row.location_id,
        quantity: new Decimal(change.quantity).toFixed(),
        on_hand_after: new Decimal(row.on_hand).plus(change.quantity).toFixed(),
        reason: null,
        adjusted_at: context.now,
        stock_transfer_id: command.stock_transfer_id,
        movement: command.key,
      },
    });
  }
  return events;
}
