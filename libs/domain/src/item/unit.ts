import { conflict, DomainError, invalid } from '../shared/domain-error';
import { InvoiceItemUnit, ReleaseItemUnit } from './commands';
import { ItemContext } from './context';
import { ItemUnitInvoiced, ItemUnitReleased } from './events';
import { itemArchived } from './rules';
import { ITEM_STATUS, ItemRecord } from './state';
import { totalOnHand } from './stock';

/** 409: the unique item's unit is on another active invoice, or not on hand (docs/events.md). */
export const ITEM_UNIT_UNAVAILABLE = 'item_unit_unavailable';

export function itemUnitUnavailable(message: string): DomainError {
  return conflict(ITEM_UNIT_UNAVAILABLE, message);
}

/**
 * "A unique item's unit is on at most one active invoice, and only when on hand", decided on the
 * item's stream so that two invoices racing for it serialise on its revision: exactly one wins.
 * On hand is what the item's own stream says (its stock adjustments). Repeat-safe: a claim by the
 * invoice already holding the unit, or a release by an invoice not holding it, decides nothing.
 */
export function decideUnit(
  item: ItemRecord,
  command: InvoiceItemUnit | ReleaseItemUnit,
  { now }: ItemContext,
): (ItemUnitInvoiced | ItemUnitReleased)[] | DomainError {
  if (item.inventory_type !== 'unique')
    return invalid('item_id', 'Only a unique item has a unit an invoice takes.');
  const holder = item.invoice_id ?? null;
  if (command.type === 'ReleaseItemUnit') {
    if (holder !== command.invoice_id) return [];
    const status_id = item.archived ? ITEM_STATUS.unavailable : ITEM_STATUS.available;
    return [
      { type: 'ItemUnitReleased', data: { invoice_id: command.invoice_id, status_id, released_at: now } },
    ];
  }
  if (holder === command.invoice_id) return [];
  if (holder !== null) return itemUnitUnavailable('This unique item is already on another active invoice.');
  if (item.archived) return itemArchived();
  if (totalOnHand(item).lessThan(1)) return itemUnitUnavailable('This unique item is not on hand.');
  return [
    {
      type: 'ItemUnitInvoiced',
      data: {
        invoice_id: command.invoice_id,
        status_id: ITEM_STATUS.sold,
        sold_date: now,
        invoiced_at: now,
      },
    },
  ];
}
