import Decimal from 'decimal.js';
import { StockChange } from '../stock-movement/movement';
import { StockTransferEvent } from './events';
import { STOCK_TRANSFER_STATUS, StockTransferLine, StockTransferRecord } from './state';

/** The stream that owns a line's stock: the item's (no variations) or the variation's. */
export type StockOwner =
  { kind: 'item'; id: string } | { kind: 'itemVariation'; id: string; item_id: string };

/** What one owner's stream must record for a transfer step, with the code a shortfall gets. */
export type OwnerMovement = { owner: StockOwner; changes: StockChange[]; shortfall: string };

/**
 * The on-hand movements a transfer's decided events need on the stock-owning streams (§3), one
 * entry per owner in stream order (so two transfers wanting the same stock meet on the same first
 * stream), each change naming the line that asked for it (`lines.N.quantity`):
 * - send: the lines leave the origin;
 * - receive: the lines arrive at the destination;
 * - an in-transit edit: the origin gives the new lines and takes the old ones back (net);
 * - delete in transit: the origin takes the lines back;
 * - delete transferred: the destination gives them up (refused with
 *   `stock_transfer_delete_not_allowed` when it no longer holds them), then the origin takes them back.
 * In transit is not owned by any stream: the read model derives it from the transfer's events.
 */
export function transferMovements(
  before: StockTransferRecord,
  events: readonly StockTransferEvent[],
): OwnerMovement[] {
  const changes: { owner: StockOwner; change: StockChange }[] = [];
  let shortfall = 'insufficient_stock';
  const at = (lines: readonly StockTransferLine[], where: 'origin' | 'destination', sign: 1 | -1) => {
    lines.forEach((line, index) => {
      const location_id = where === 'origin' ? before.origin_location_id : before.destination_location_id;
      const quantity = sign < 0 ? new Decimal(line.quantity).negated().toFixed() : line.quantity;
      changes.push({
        owner: ownerOf(line),
        change: { location_id, quantity, param: `lines.${index}.quantity` },
      });
    });
  };
  for (const event of events) {
    switch (event.type) {
      case 'StockTransferSent':
        at(before.lines, 'origin', -1);
        break;
      case 'StockTransferReceived':
        at(before.lines, 'destination', 1);
        break;
      case 'StockTransferUpdated':
        if (event.data.lines && before.status_id === STOCK_TRANSFER_STATUS.in_transit) {
          at(event.data.lines, 'origin', -1);
          at(before.lines, 'origin', 1);
        }
        break;
      case 'StockTransferDeleted':
        if (before.status_id === STOCK_TRANSFER_STATUS.transferred) {
          shortfall = 'stock_transfer_delete_not_allowed';
          at(before.lines, 'destination', -1);
        }
        if (before.status_id !== STOCK_TRANSFER_STATUS.pending) at(before.lines, 'origin', 1);
        break;
    }
  }
  const byOwner = new Map<string, OwnerMovement>();
  for (const { owner, change } of changes) {
    const key = `${owner.kind}-${owner.id}`;
    const entry = byOwner.get(key) ?? { owner, changes: [], shortfall };
    entry.changes.push(change);
    byOwner.set(key, entry);
  }
  return [...byOwner.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, movement]) => ({ ...movement, shortfall }));
}

function ownerOf(line: StockTransferLine): StockOwner {
  return line.variation_id === null
    ? { kind: 'item', id: line.item_id }
    : { kind: 'itemVariation', id: line.variation_id, item_id: line.item_id };
}
