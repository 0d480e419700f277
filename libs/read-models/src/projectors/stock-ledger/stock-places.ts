/**
 * Where a document line's quantity is counted, as the stock ledger knows it: the row of
 * `inventory_quantities` (`<item>/<variation or ->/<location or ->`) with its variation row number.
 * The ledger follows the item locations and variation rows itself (ItemCreated, ItemUpdated,
 * ItemVariationCreated, ItemVariationLocationAdded, StockAdjusted), as inventory_quantities does in
 * `inventory_item_locations` and its own rows, so it never reads another projector's tables.
 */
export interface StockRow {
  row_key: string;
  item_id: string;
  variation_id: string | null;
  item_variation_location_id: number | null;
  location_id: string | null;
}

export interface StockPlaces {
  /** By item: its location (null: none); absent: never seen. */
  items: Map<string, string | null>;
  /** By `<item>/<item_variation_location_id>`: the variation row. */
  rows: Map<string, StockRow>;
}

export function newStockPlaces(): StockPlaces {
  return { items: new Map(), rows: new Map() };
}

export function rowKey(itemId: string, variationId: string | null, locationId: string | null): string {
  return `${itemId}/${variationId ?? '-'}/${locationId ?? '-'}`;
}

export function stockRow(
  itemId: string,
  variationId: string | null,
  locationId: string | null,
  itemVariationLocationId: number | null = null,
): StockRow {
  return {
    row_key: rowKey(itemId, variationId, locationId),
    item_id: itemId,
    variation_id: variationId,
    item_variation_location_id: itemVariationLocationId,
    location_id: locationId,
  };
}

/** The variation row a line names; undefined when it never existed (the line then counts nowhere). */
export function variationRow(places: StockPlaces, itemId: string, row: number): StockRow | undefined {
  return places.rows.get(`${itemId}/${row}`);
}

export function addVariationRow(places: StockPlaces, row: StockRow): void {
  if (row.item_variation_location_id === null) return;
  places.rows.set(`${row.item_id}/${row.item_variation_location_id}`, row);
}

/** The item locations of these items as the places know them (null for an unknown item). */
export function itemLocationsOf(places: StockPlaces, itemIds: Iterable<string>): Map<string, string | null> {
  const locations = new Map<string, string | null>();
  for (const id of itemIds) locations.set(id, places.items.get(id) ?? null);
  return locations;
}
