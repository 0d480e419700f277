/**
 * An inventory item as a line copies it, looked up by the handler. Only items the user may put
 * on the document are given: active, in the account, and (for a location-limited user) at their
 * location. An item missing here is refused as the line's `item_id`.
 */
export type LineItem = {
  id: string;
  name: string;
  description: string | null;
  sku: string | null;
  inventory_type: 'quantity' | 'unique';
  /** Four-decimal strings; null when the item has none (a price of zero, a cost unknown). */
  price: string | null;
  cost: string | null;
  unit_id: number | null;
  unit_name: string | null;
  /** The item's primary location's name, for lines that name no variation location. */
  location_name: string | null;
  /** Its stock is kept per variation: its lines must name an `item_variation_location_id`. */
  has_variations: boolean;
};

/** A variation at one location (`item_variation_location_id`), as a line copies it. */
export type LineVariation = {
  item_variation_location_id: number;
  item_id: string;
  variation_number: number | null;
  /** Attribute label → value label, e.g. `{Color: "Red", Size: "M"}`. */
  values: Record<string, string>;
  /** The variation's barcode or SKU, "" when none (the item's SKU then). */
  barcode: string;
  /** Four-decimal strings; null inherits the item's. */
  unit_price_override: string | null;
  unit_cost_override: string | null;
  location_name: string | null;
};

/** What building lines reads besides their input; the handler looks it up. */
export type LineContext = {
  /** By item id (lower-case UUID): the items the input names that the user may use. */
  items: ReadonlyMap<string, LineItem>;
  /** By `item_variation_location_id`: the variation locations the input names that the user may use. */
  variations: ReadonlyMap<number, LineVariation>;
  /** `selling_prices.modify` for sales documents; purchase orders set their costs freely (true). */
  mayModifyPrices: boolean;
  /** The customer's (supplier's) `tax_rate` and `tax_2_rate`, three-decimal strings. */
  defaultRates: { tax_rate: string; tax_2_rate: string };
  /** The customer (supplier) changes with these lines: kept lines without a rate take the new defaults. */
  partyChanged?: boolean;
};
