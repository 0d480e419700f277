import Decimal from 'decimal.js';
import { DomainError } from '../shared/domain-error';
import { byLocation, MoveTransferStock, shortfall } from '../stock-movement/movement';
import { ItemContext } from './context';
import { StockAdjusted } from './events';
import { itemStockChange } from './stock-change';
import { ItemRecord } from './state';

/**
 * A stock transfer's movement of the item's own stock (an item without variations), decided here
 * with the item's revision: on-hand at each location (adjustments and earlier movements, less what
 * active invoices take there, `context.invoiced`) never goes below zero. A unique item's unit held
 * by an active invoice is not on hand. A movement already recorded decides nothing. The caller
 * (the transfer) has checked account, archive and lines.
 */
export function decideItemMovement(
  item: ItemRecord,
  command: MoveTransferStock,
  context: ItemContext,
): StockAdjusted[] | DomainError {
  if ((item.movements ?? []).includes(command.key)) return [];
  const code = command.shortfall ?? 'insufficient_stock';
  const events: StockAdjusted[] = [];
  for (const change of byLocation(command.changes)) {
    const onHand = item.on_hand[change.location_id] ?? '0';
    const taken =
      item.inventory_type === 'unique' &&
      item.invoice_id !== null &&
      new Decimal(change.quantity).isNegative()
        ? new DomainError(
            409,
            'conflict_error',
            code,
            'This unique item is on an active invoice.',
            change.param,
          )
        : shortfall(onHand, context.invoiced?.[change.location_id], change.quantity, {
            param: change.param,
            code,
          });
    if (taken) return taken;
    events.push({
      type: 'StockAdjusted',
      data: {
        ...itemStockChange(
          item,
          change.location_id,
          new Decimal(change.quantity).toFixed(),
          new Decimal(onHand).plus(change.quantity).toFixed(),
        ),
        reason: null,
        adjusted_at: context.now,
        stock_transfer_id: command.stock_transfer_id,
        movement: command.key,
      },
    });
  }
  return events;
}
