import { ACCOUNT, at } from './projector-spec';

/** Event bodies of stock (adjustments, variations' rows) for the projector specs. */

/** A variation row's identity: the variation and its `item_variation_location_id`; none for an item's own stock. */
export interface StockRow {
  variation_id?: string | null;
  item_variation_location_id?: number | null;
}

/** A StockAdjusted in ACCOUNT as the domain records it, without a reason; `extra` adds a transfer's fields. */
export const stockAdjusted = (
  item_id: string,
  location_id: string,
  change: { quantity: string; after: string; minute: number },
  row: StockRow = {},
  extra: object = {},
) => ({
  account_id: ACCOUNT,
  item_id,
  variation_id: row.variation_id ?? null,
  item_variation_location_id: row.item_variation_location_id ?? null,
  location_id,
  quantity: change.quantity,
  on_hand_after: change.after,
  reason: null,
  adjusted_at: at(change.minute),
  ...extra,
});

/** An ItemVariationCreated in ACCOUNT with its rows (`item_variation_location_id`: location), no zone or threshold. */
export const variationCreated = (
  id: string,
  item_id: string,
  rows: Record<number, string>,
  minute: number,
) => ({
  id,
  account_id: ACCOUNT,
  item_id,
  locations: Object.entries(rows).map(([number, location_id]) => ({
    item_variation_location_id: Number(number),
    location_id,
    zone_id: null,
    threshold: 0,
  })),
  created_at: at(minute),
});
