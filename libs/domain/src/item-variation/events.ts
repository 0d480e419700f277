import { AttributeValuePair } from './state';

// Every event of a variation's stream carries `item_id`, so the item's read models (its
// `variation_count`, its inventory) follow variations without reading their streams.

/** Location rows start with nothing on hand; stock moved in from the item follows as StockAdjusted. */
export type ItemVariationCreated = {
  type: 'ItemVariationCreated';
  data: {
    id: string;
    account_id: string;
    item_id: string;
    attributes: AttributeValuePair[];
    barcode: string;
    image_id: null;
    unit_price_override: string | null;
    unit_cost_override: string | null;
    locations: {
      item_variation_location_id: number;
      location_id: string;
      zone_id: string | null;
      threshold: number;
    }[];
    /** Set for the item's first variation: the item's attributes were made these (ordered) ids. */
    variation_type: 'location_only' | 'attributes' | null;
    created_at: string;
  };
};

/** Only the fields that changed, with their new values. */
export type ItemVariationUpdated = {
  type: 'ItemVariationUpdated';
  data: {
    item_id: string;
    changes: {
      attributes?: AttributeValuePair[];
      barcode?: string;
      unit_price_override?: string | null;
      unit_cost_override?: string | null;
    };
    updated_at: string;
  };
};

export type ItemVariationLocationAdded = {
  type: 'ItemVariationLocationAdded';
  data: {
    item_id: string;
    item_variation_location_id: number;
    location_id: string;
    zone_id: string | null;
    threshold: number;
    added_at: string;
  };
};

export type ItemVariationLocationUpdated = {
  type: 'ItemVariationLocationUpdated';
  data: {
    item_id: string;
    item_variation_location_id: number;
    location_id: string;
    changes: { threshold?: number; zone_id?: string | null };
    updated_at: string;
  };
};

export type ItemVariationLocationRemoved = {
  type: 'ItemVariationLocationRemoved';
  data: { item_id: string; item_variation_location_id: number; location_id: string; removed_at: string };
};

/**
 * The shared stock event (issue 4 contract), here for one location row of the variation:
 * `quantity` is the signed change, `on_hand_after` the row's on hand after it.
 */
export type VariationStockAdjusted = {
  type: 'StockAdjusted';
  data: {
    account_id: string;
    item_id: string;
    variation_id: string;
    item_variation_location_id: number;
    location_id: string;
    quantity: string;
    on_hand_after: string;
    reason: string | null;
    adjusted_at: string;
    /** A stock transfer's movement (libs/domain/src/stock-movement): its transfer and key. */
    stock_transfer_id?: string;
    movement?: string;
  };
};

/** Final: the variation answers 404 everywhere but its event history. */
export type ItemVariationDeleted = {
  type: 'ItemVariationDeleted';
  data: { account_id: string; item_id: string; deleted_at: string };
};

export type ItemVariationEvent =
  | ItemVariationCreated
  | ItemVariationUpdated
  | ItemVariationLocationAdded
  | ItemVariationLocationUpdated
  | ItemVariationLocationRemoved
  | VariationStockAdjusted
  | ItemVariationDeleted;
