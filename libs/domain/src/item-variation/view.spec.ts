import { LATER, NOW } from '../testing/fixtures';
import { stateAfter } from '../testing/scenario';
import { ItemVariationEvent } from './events';
import {
  COLOR,
  COUNTER,
  CREATED,
  folding,
  ITEM_ID,
  RED,
  SHOP,
  SIZE,
  SMALL,
  stocked,
  VARIATION_ID,
  WAREHOUSE,
} from './item-variation.fixture';
import { ItemVariationViewLookups, itemVariationView } from './view';

const zoned: ItemVariationEvent = {
  type: 'ItemVariationLocationUpdated',
  data: {
    item_id: ITEM_ID,
    item_variation_location_id: 2,
    location_id: SHOP,
    changes: { zone_id: COUNTER, threshold: 4 },
    updated_at: LATER,
  },
};
const priced: ItemVariationEvent = {
  type: 'ItemVariationUpdated',
  data: {
    item_id: ITEM_ID,
    changes: { unit_price_override: '5.0000', unit_cost_override: '2.0000' },
    updated_at: LATER,
  },
};
const state = stateAfter(folding, [CREATED, stocked(SHOP, '2.5'), stocked(WAREHOUSE, '1'), zoned, priced]);
const record = state.status === 'live' ? state.record : undefined;

const lookups = (over: Partial<ItemVariationViewLookups> = {}): ItemVariationViewLookups => ({
  attributes: new Map([
    [COLOR, { name: 'Color', values: new Map([[RED, 'Crimson']]) }],
    [SIZE, { name: 'Size', values: new Map([[SMALL, 'S']]) }],
  ]),
  locations: new Map([
    [WAREHOUSE, { name: 'Warehouse', active: true }],
    [SHOP, { name: 'Abbey Road shop', active: false }],
  ]),
  zones: new Map([[COUNTER, 'Counter']]),
  balances: new Map([[SHOP, { reserved: '1', incoming: '3', in_transit: '0.5' }]]),
  showCost: true,
  withLocations: true,
  ...over,
});

describe('Item variation view', () => {
  it('shows current labels keyed by attribute name, totals over the rows, and rows by location name', () => {
    expect(itemVariationView(record!, lookups())).toStrictEqual({
      id: VARIATION_ID,
      object: 'item_variation',
      item_id: ITEM_ID,
      barcode: '',
      attributes: { Color: 'Crimson', Size: 'S' },
      attribute_values: CREATED.data.attributes,
      image_id: null,
      unit_price_override: '5.0000',
      unit_cost_override: '2.0000',
      quantity: 3.5,
      quantity_reserved: 1,
      quantity_incoming: 3,
      in_transit: 0.5,
      location_count: 2,
      created_at: NOW,
      updated_at: LATER,
      locations: [
        {
          object: 'item_variation_location',
          item_variation_location_id: 2,
          location_id: SHOP,
          location_name: 'Abbey Road shop',
          location_active: false,
          zone_id: COUNTER,
          zone_name: 'Counter',
          quantity: 2.5,
          quantity_reserved: 1,
          quantity_incoming: 3,
          in_transit: 0.5,
          threshold: 4,
        },
        {
          object: 'item_variation_location',
          item_variation_location_id: 1,
          location_id: WAREHOUSE,
          location_name: 'Warehouse',
          location_active: true,
          zone_id: null,
          zone_name: null,
          quantity: 1,
          quantity_reserved: 0,
          quantity_incoming: 0,
          in_transit: 0,
          threshold: 0,
        },
      ],
    });
  });

  it('shows a row on hand less what active invoices take from it, below zero if they take more', () => {
    const invoiced = lookups({
      balances: new Map([[SHOP, { reserved: '0', incoming: '0', in_transit: '0', invoiced: '4' }]]),
    });
    const view = itemVariationView(record!, invoiced);
    expect(view).toMatchObject({ quantity: -0.5 });
    expect(view.locations?.find((row) => row.location_id === SHOP)).toMatchObject({ quantity: -1.5 });
  });

  it('counts only one location’s row for a restricted user or a location filter', () => {
    expect(
      itemVariationView(record!, lookups({ onlyLocation: WAREHOUSE, withLocations: false })),
    ).toMatchObject({
      quantity: 1,
      quantity_reserved: 0,
      location_count: 1,
    });
  });

  it('leaves out the cost override without unit_cost.view, and the rows unless asked', () => {
    const view = itemVariationView(record!, lookups({ showCost: false, withLocations: false }));
    expect(view).not.toHaveProperty('unit_cost_override');
    expect(view).not.toHaveProperty('locations');
  });
});
