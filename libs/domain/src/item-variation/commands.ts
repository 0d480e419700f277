import { MoveTransferStock } from '../stock-movement/movement';
/** Values as the client sent them; the domain checks each. */
export type NewItemVariationInput = {
  attributes?: unknown;
  barcode?: unknown;
  variation_type?: unknown;
  initial_quantity_location_id?: unknown;
  unit_price_override?: unknown;
  unit_cost_override?: unknown;
};

export type ItemVariationChangesInput = {
  attributes?: unknown;
  barcode?: unknown;
  unit_price_override?: unknown;
  unit_cost_override?: unknown;
};

/**
 * `id` is a fresh UUID; `row_numbers` are fresh `item_variation_location_id` values, one per row
 * `variationNumbersNeeded` asks for (drawn after validation, so a refused request uses none).
 */
export type CreateItemVariation = {
  type: 'CreateItemVariation';
  id: string;
  input: NewItemVariationInput;
  row_numbers: readonly number[];
};

/** PATCH: only the given fields change; at least one must be given. */
export type UpdateItemVariation = { type: 'UpdateItemVariation'; input: ItemVariationChangesInput };

export type AddVariationLocation = {
  type: 'AddVariationLocation';
  input: { location_id?: unknown; zone_id?: unknown; threshold?: unknown };
  /** A fresh number drawn after validation (see `variationNumbersNeeded`). */
  item_variation_location_id: number;
};

/** `location_id` comes from the URL: the row of that location. */
export type UpdateVariationLocation = {
  type: 'UpdateVariationLocation';
  location_id: string;
  input: { threshold?: unknown; zone_id?: unknown };
};

export type RemoveVariationLocation = { type: 'RemoveVariationLocation'; location_id: string };

/** A signed change of on hand at one row (EXTENSIONS.md §7, the adjustment endpoint). */
export type AdjustVariationStock = {
  type: 'AdjustVariationStock';
  location_id: string;
  input: { quantity?: unknown; reason?: unknown };
};

export type DeleteItemVariation = { type: 'DeleteItemVariation' };

export type ItemVariationCommand =
  | CreateItemVariation
  | UpdateItemVariation
  | AddVariationLocation
  | UpdateVariationLocation
  | RemoveVariationLocation
  | AdjustVariationStock
  | DeleteItemVariation
  | MoveTransferStock;
