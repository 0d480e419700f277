import { ACCOUNT_ID, LATER, NOW, RECORD_ID } from '../testing/fixtures';
import { scenario } from '../testing/scenario';
import { ItemVariationContext, LocationOption, ParentItem } from './context';
import { decideItemVariation } from './decide';
import { ItemVariationCreated, ItemVariationEvent } from './events';
import { evolveItemVariation, initialItemVariationState } from './evolve';

// Named ids keep the scenarios readable: locations, zones, attributes and their values.
export const ITEM_ID = '1e000000-0000-4000-8000-000000000001';
export const OTHER_ITEM_ID = '1e000000-0000-4000-8000-000000000002';
export const VARIATION_ID = RECORD_ID;
export const SIBLING_ID = '5b000000-0000-4000-8000-000000000001';
export const WAREHOUSE = '10c00000-0000-4000-8000-000000000001';
export const SHOP = '10c00000-0000-4000-8000-000000000002';
export const CLOSED = '10c00000-0000-4000-8000-000000000003';
export const SHELF = '20e00000-0000-4000-8000-000000000001';
export const COUNTER = '20e00000-0000-4000-8000-000000000002';
export const COLOR = 'a7700000-0000-4000-8000-000000000001';
export const SIZE = 'a7700000-0000-4000-8000-000000000002';
export const RED = 'fa100000-0000-4000-8000-000000000001';
export const BLUE = 'fa100000-0000-4000-8000-000000000002';
export const SMALL = 'fa100000-0000-4000-8000-000000000003';
export const LARGE = 'fa100000-0000-4000-8000-000000000004';

export const LOCATIONS: LocationOption[] = [
  { id: WAREHOUSE, active: true, zone_ids: [SHELF] },
  { id: SHOP, active: true, zone_ids: [COUNTER] },
  { id: CLOSED, active: false, zone_ids: [] },
];

export const ATTRIBUTES = [
  {
    id: COLOR,
    name: 'Color',
    values: [
      { id: RED, value: 'Red' },
      { id: BLUE, value: 'Blue' },
    ],
  },
  {
    id: SIZE,
    name: 'Size',
    values: [
      { id: SMALL, value: 'S' },
      { id: LARGE, value: 'L' },
    ],
  },
];

/** A quantity item with no stock, no location and no attributes. */
export const ITEM: ParentItem = {
  id: ITEM_ID,
  account_id: ACCOUNT_ID,
  archived: false,
  inventory_type: 'quantity',
  location_id: null,
  zone_id: null,
  threshold: 0,
  variation_attribute_ids: [],
  stock: [],
};

/** The item once its first variation gave it Color and Size. */
export const ATTRIBUTED_ITEM: ParentItem = { ...ITEM, variation_attribute_ids: [COLOR, SIZE] };

export function context(over: Partial<ItemVariationContext> = {}): ItemVariationContext {
  return {
    now: LATER,
    accountId: ACCOUNT_ID,
    item: ATTRIBUTED_ITEM,
    canModifyPrices: true,
    canViewCosts: true,
    locations: LOCATIONS,
    siblings: [],
    attributes: ATTRIBUTES,
    dependents: { documents: 0, open_balances: 0 },
    ...over,
  };
}

/** A Red/Small variation of the attributed item, stocked (at zero) in the warehouse (#1) and the shop (#2). */
export const CREATED: ItemVariationCreated = {
  type: 'ItemVariationCreated',
  data: {
    id: VARIATION_ID,
    account_id: ACCOUNT_ID,
    item_id: ITEM_ID,
    attributes: [
      { attribute_id: COLOR, value_id: RED },
      { attribute_id: SIZE, value_id: SMALL },
    ],
    barcode: '',
    image_id: null,
    unit_price_override: null,
    unit_cost_override: null,
    locations: [
      { item_variation_location_id: 1, location_id: WAREHOUSE, zone_id: null, threshold: 0 },
      { item_variation_location_id: 2, location_id: SHOP, zone_id: null, threshold: 0 },
    ],
    variation_type: 'attributes',
    created_at: NOW,
  },
};

/** `quantity` more on hand at the row of `location`, which had `before`. */
export function stocked(location: string, quantity: string, before = '0'): ItemVariationEvent {
  const number = location === WAREHOUSE ? 1 : location === SHOP ? 2 : 3;
  return {
    type: 'StockAdjusted',
    data: {
      account_id: ACCOUNT_ID,
      item_id: ITEM_ID,
      variation_id: VARIATION_ID,
      item_variation_location_id: number,
      location_id: location,
      quantity,
      on_hand_after: String(Number(before) + Number(quantity)),
      reason: null,
      adjusted_at: NOW,
    },
  };
}

export const folding = { initialState: initialItemVariationState, evolve: evolveItemVariation };
export const variation = scenario(folding, decideItemVariation);
export const existing = (...later: ItemVariationEvent[]) => variation.given(CREATED, ...later);
