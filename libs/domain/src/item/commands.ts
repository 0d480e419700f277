import { MoveTransferStock } from '../stock-movement/movement';
import { ItemInput } from './fields';

/** `id` is a new UUID and `item_number` the account's next number, both drawn by the handler. */
export type CreateItem = { type: 'CreateItem'; id: string; item_number: number; input: ItemInput };
/** PATCH: only the given fields change. */
export type UpdateItem = { type: 'UpdateItem'; input: ItemInput };
export type ArchiveItem = { type: 'ArchiveItem' };
export type RestoreItem = { type: 'RestoreItem' };
/** A signed change of the on-hand stock the item keeps at one location (no variation rows). */
export type AdjustItemStock = {
  type: 'AdjustItemStock';
  input: { location_id?: unknown; quantity?: unknown; reason?: unknown };
};

/**
 * An invoice takes a unique item's one unit (decided here, on the item's stream, before the
 * invoice's own append): refused while another active invoice holds it or it is not on hand.
 */
export type InvoiceItemUnit = { type: 'InvoiceItemUnit'; invoice_id: string };
/** The invoice no longer takes the unit (line removed, invoice cancelled or deleted). */
export type ReleaseItemUnit = { type: 'ReleaseItemUnit'; invoice_id: string };

export type ItemCommand =
  | CreateItem
  | UpdateItem
  | ArchiveItem
  | RestoreItem
  | AdjustItemStock
  | InvoiceItemUnit
  | ReleaseItemUnit
  | MoveTransferStock;
