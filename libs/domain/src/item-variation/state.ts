import { RecordState } from '../shared/record-state';

/** One value of one account attribute: what a variation is made of. */
export type AttributeValuePair = { attribute_id: string; value_id: string };

/**
 * A variation stocked at one location. `item_variation_location_id` is the account-wide integer
 * documents name it by; `on_hand` is a decimal string kept by the StockAdjusted events of the
 * variation's stream (reserved, incoming and in transit come from documents, in the read models).
 */
export type VariationRow = {
  item_variation_location_id: number;
  location_id: string;
  zone_id: string | null;
  threshold: number;
  on_hand: string;
};

export type ItemVariationRecord = {
  id: string;
  account_id: string;
  item_id: string;
  /** One pair per attribute assigned to the item, in the item's order; empty for `location_only`. */
  attributes: AttributeValuePair[];
  /** The variation's barcode or SKU; "" when none. */
  barcode: string;
  image_id: string | null;
  /** Four-decimal strings; null inherits the item's price or cost. */
  unit_price_override: string | null;
  unit_cost_override: string | null;
  /** In the order they were added. */
  locations: VariationRow[];
  /** Keys of the stock-transfer movements recorded on this stream (absent: none yet). */
  movements?: string[];
  created_at: string;
  updated_at: string;
};

export type ItemVariationState = RecordState<ItemVariationRecord>;
