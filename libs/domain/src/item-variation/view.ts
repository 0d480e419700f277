import Decimal from 'decimal.js';
import { AttributeValuePair, ItemVariationRecord, VariationRow } from './state';

/** Balances documents keep per row (zero until documents and transfers exist). */
/** `invoiced`: what active invoices take from the row (its on-hand is the stream's less that). */
export type RowBalances = { reserved: string; incoming: string; in_transit: string; invoiced?: string };

/** What the view shows besides the stream's facts, looked up by the API from the read models. */
export type ItemVariationViewLookups = {
  /** Current attribute names and value labels: a renamed value shows its new label. */
  attributes: ReadonlyMap<string, { name: string; values: ReadonlyMap<string, string> }>;
  locations: ReadonlyMap<string, { name: string | null; active: boolean }>;
  zones: ReadonlyMap<string, string>;
  /** By location id; absent means zero. */
  balances: ReadonlyMap<string, RowBalances>;
  /** Only this location's row counts and shows (a restricted user's, or a list's `location_id`). */
  onlyLocation?: string;
  /** `unit_cost.view`: without it the cost override is left out. */
  showCost: boolean;
  /** Retrieve and writes: the rows themselves; lists only with `include=locations`. */
  withLocations: boolean;
};

export type VariationLocationView = {
  object: 'item_variation_location';
  item_variation_location_id: number;
  location_id: string;
  location_name: string | null;
  location_active: boolean;
  zone_id: string | null;
  zone_name: string | null;
  quantity: number;
  quantity_reserved: number;
  quantity_incoming: number;
  in_transit: number;
  threshold: number;
};

export type ItemVariationView = {
  id: string;
  object: 'item_variation';
  item_id: string;
  barcode: string;
  attributes: Record<string, string>;
  attribute_values: AttributeValuePair[];
  image_id: string | null;
  unit_price_override: string | null;
  unit_cost_override?: string | null;
  quantity: number;
  quantity_reserved: number;
  quantity_incoming: number;
  in_transit: number;
  location_count: number;
  created_at: string;
  updated_at: string;
  locations?: VariationLocationView[];
};

/** A variation as the API returns it (inventory-api `item_variation`): totals over the visible rows. */
export function itemVariationView(
  variation: ItemVariationRecord,
  lookups: ItemVariationViewLookups,
): ItemVariationView {
  const rows = variation.locations
    .filter((row) => lookups.onlyLocation === undefined || row.location_id === lookups.onlyLocation)
    .map((row) => rowView(row, lookups))
    .sort(byLocationName);
  const view: ItemVariationView = {
    id: variation.id,
    object: 'item_variation',
    item_id: variation.item_id,
    barcode: variation.barcode,
    attributes: attributeLabels(variation.attributes, lookups),
    attribute_values: variation.attributes.map(({ attribute_id, value_id }) => ({ attribute_id, value_id })),
    image_id: variation.image_id,
    unit_price_override: variation.unit_price_override,
    ...(lookups.showCost ? { unit_cost_override: variation.unit_cost_override } : {}),
    quantity: total(rows, 'quantity'),
    quantity_reserved: total(rows, 'quantity_reserved'),
    quantity_incoming: total(rows, 'quantity_incoming'),
    in_transit: total(rows, 'in_transit'),
    location_count: rows.length,
    created_at: variation.created_at,
    updated_at: variation.updated_at,
  };
  return lookups.withLocations ? { ...view, locations: rows } : view;
}

/** `{Color: "Red", Size: "M"}` keyed by attribute name, in the item's attribute order. */
function attributeLabels(
  pairs: readonly AttributeValuePair[],
  lookups: ItemVariationViewLookups,
): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const { attribute_id, value_id } of pairs) {
    const attribute = lookups.attributes.get(attribute_id);
    const value = attribute?.values.get(value_id);
    if (attribute && value !== undefined) labels[attribute.name] = value;
  }
  return labels;
}

function rowView(row: VariationRow, lookups: ItemVariationViewLookups): VariationLocationView {
  const location = lookups.locations.get(row.location_id);
  const balances = lookups.balances.get(row.location_id);
  return {
    object: 'item_variation_location',
    item_variation_location_id: row.item_variation_location_id,
    location_id: row.location_id,
    location_name: location?.name ?? null,
    location_active: location?.active ?? false,
    zone_id: row.zone_id,
    zone_name: row.zone_id === null ? null : (lookups.zones.get(row.zone_id) ?? null),
    quantity: new Decimal(row.on_hand).minus(balances?.invoiced ?? 0).toNumber(),
    quantity_reserved: Number(balances?.reserved ?? 0),
    quantity_incoming: Number(balances?.incoming ?? 0),
    in_transit: Number(balances?.in_transit ?? 0),
    threshold: row.threshold,
  };
}

type QuantityField = 'quantity' | 'quantity_reserved' | 'quantity_incoming' | 'in_transit';

function total(rows: readonly VariationLocationView[], field: QuantityField): number {
  return rows.reduce((sum, row) => sum.plus(row[field]), new Decimal(0)).toNumber();
}

function byLocationName(a: VariationLocationView, b: VariationLocationView): number {
  const byName = (a.location_name ?? '').localeCompare(b.location_name ?? '', 'en', { sensitivity: 'base' });
  return byName !== 0 ? byName : a.location_id.localeCompare(b.location_id);
}
