import { ItemFields } from './fields';

export type ItemCreated = {
  type: 'ItemCreated';
  data: ItemFields & {
    id: string;
    account_id: string;
    item_number: number;
    status_id: 12;
    created_at: string;
  };
};

/** Only the fields that changed, with their new values. */
export type ItemUpdated = {
  type: 'ItemUpdated';
  data: { changes: Partial<ItemFields>; updated_at: string };
};

/** Hidden from default lists and read-only until restored; status 13. */
export type ItemArchived = { type: 'ItemArchived'; data: { status_id: 13; archived_at: string } };

/** Back to 12, or 14 for a unique item that was sold. */
export type ItemRestored = { type: 'ItemRestored'; data: { status_id: 12 | 14; restored_at: string } };

/**
 * A change of on-hand stock at one location (shared with item variations, whose location rows
 * carry `variation_id` and `item_variation_location_id`): `quantity` is the signed change,
 * `on_hand_after` the row's on-hand once applied, both decimal strings.
 */
export type StockAdjusted = {
  type: 'StockAdjusted';
  data: {
    account_id: string;
    item_id: string;
    variation_id: string | null;
    item_variation_location_id: number | null;
    location_id: string | null;
    quantity: string;
    on_hand_after: string;
    reason: string | null;
    adjusted_at: string;
    /** On the item's stream, when its stock moved to its first variation (see item-variation). */
    moved_to_variation_id?: string;
    /** A stock transfer's movement (libs/domain/src/stock-movement): its transfer and key. */
    stock_transfer_id?: string;
    movement?: string;
  };
};

/**
 * A unique item's unit taken by an active invoice: sold (14) with `sold_date`, until released. Its
 * on-hand is moved by the invoice's own events (read model `inventory_quantities`), not by this.
 */
export type ItemUnitInvoiced = {
  type: 'ItemUnitInvoiced';
  data: { invoice_id: string; status_id: 14; sold_date: string; invoiced_at: string };
};

/**
 * The invoice gave the unit back (its line removed, or the invoice cancelled or deleted):
 * available (12) again, or still unavailable (13) when archived meanwhile; `sold_date` cleared.
 */
export type ItemUnitReleased = {
  type: 'ItemUnitReleased';
  data: { invoice_id: string; status_id: 12 | 13; released_at: string };
};

/**
 * The item's first variation, decided on the item's stream after the events that move the item's
 * stock and settings out to it: the variation's stream is to begin with `variation_events`. The
 * request writes them; the first_variation reactor does when the request could not (a crash between
 * the two appends), with the same event ids, so the variation is created once (docs/reactors.md).
 */
export type FirstVariationDecided = {
  type: 'FirstVariationDecided';
  data: {
    account_id: string;
    item_id: string;
    variation_id: string;
    variation_events: { type: string; data: { [key: string]: unknown } }[];
    decided_at: string;
  };
};

export type ItemEvent =
  | ItemCreated
  | ItemUpdated
  | ItemArchived
  | ItemRestored
  | StockAdjusted
  | ItemUnitInvoiced
  | ItemUnitReleased
  | FirstVariationDecided;
