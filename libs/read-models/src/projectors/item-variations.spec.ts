import { ACCOUNT, at, accountLog as log, projectorOn, uuid } from '../testing/projector-spec';
import { stockAdjusted } from '../testing/stock-events';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { itemVariationsProjector } from './item-variations';

postgresSkipNotice('item_variations projector');

const ITEM = uuid('b1');
const V1 = uuid('1');
const V2 = uuid('2');
const ATTRIBUTE = uuid('c1');
const RED = uuid('d1');
const BLUE = uuid('d2');
const WAREHOUSE = uuid('e1');
const SHOP = uuid('e2');
const ZONE = uuid('f1');

const created = (id: string, value: string, numbers: [number, number], minute: number) => ({
  id,
  account_id: ACCOUNT,
  item_id: ITEM,
  attributes: [{ attribute_id: ATTRIBUTE, value_id: value }],
  barcode: '',
  image_id: null,
  unit_price_override: '2.5000',
  unit_cost_override: null,
  locations: [
    { item_variation_location_id: numbers[0], location_id: WAREHOUSE, zone_id: null, threshold: 0 },
    { item_variation_location_id: numbers[1], location_id: SHOP, zone_id: null, threshold: 3 },
  ],
  variation_type: null,
  created_at: at(minute),
});

const stock = (variation: string | null, location: string, quantity: string, after: string, minute: number) =>
  stockAdjusted(ITEM, location, { quantity, after, minute }, { variation_id: variation });

const EVENTS = log(
  [
    `variationAttribute-${ATTRIBUTE}`,
    'VariationAttributeCreated',
    {
      id: ATTRIBUTE,
      account_id: ACCOUNT,
      name: 'Color',
      display_name: 'Colour',
      values: [{ id: RED, value: 'Red' }],
      created_at: at(0),
    },
  ],
  [`itemVariation-${V1}`, 'ItemVariationCreated', created(V1, RED, [1, 2], 1)],
  [`itemVariation-${V2}`, 'ItemVariationCreated', created(V2, BLUE, [3, 4], 2)],
  [`item-${ITEM}`, 'StockAdjusted', stock(null, WAREHOUSE, '-5', '0', 3)],
  [`itemVariation-${V1}`, 'StockAdjusted', stock(V1, WAREHOUSE, '5', '5', 3)],
  [
    `itemVariation-${V1}`,
    'ItemVariationUpdated',
    {
      item_id: ITEM,
      changes: {
        barcode: 'B-1',
        unit_price_override: null,
        attributes: [{ attribute_id: ATTRIBUTE, value_id: BLUE }],
      },
      updated_at: at(4),
    },
  ],
  [
    `itemVariation-${V1}`,
    'ItemVariationLocationUpdated',
    {
      item_id: ITEM,
      item_variation_location_id: 2,
      location_id: SHOP,
      changes: { zone_id: ZONE, threshold: 7 },
      updated_at: at(5),
    },
  ],
  [
    `itemVariation-${V2}`,
    'ItemVariationLocationRemoved',
    {
      item_id: ITEM,
      item_variation_location_id: 4,
      location_id: SHOP,
      removed_at: at(6),
    },
  ],
  [
    `itemVariation-${V2}`,
    'ItemVariationLocationAdded',
    {
      item_id: ITEM,
      item_variation_location_id: 5,
      location_id: SHOP,
      zone_id: ZONE,
      threshold: 1,
      added_at: at(7),
    },
  ],
  [
    `variationAttribute-${ATTRIBUTE}`,
    'VariationAttributeUpdated',
    {
      changes: {
        values: [
          { id: RED, value: 'Red' },
          { id: BLUE, value: 'Blue' },
        ],
        display_name: 'Color',
      },
      updated_at: at(8),
    },
  ],
);
const DELETE_V2 = log(
  [`itemVariation-${V2}`, 'ItemVariationCreated', created(V2, BLUE, [3, 4], 2)],
  [`itemVariation-${V2}`, 'ItemVariationDeleted', { account_id: ACCOUNT, item_id: ITEM, deleted_at: at(9) }],
)[1];

describe.each(testDatabases())('item_variations projector on $name', (target) => {
  const { project, apply, ...spec } = projectorOn(target, itemVariationsProjector);

  const rows = (schema: string, table: string, order: string) => spec.rows(schema, table, order);

  it('keeps variations, their rows with numbers and stock, and attributes', async () => {
    await project('all_events', [EVENTS.slice(0, 4), EVENTS.slice(4)]);
    expect(await rows('all_events', 'item_variations', 'id')).toEqual([
      expect.objectContaining({
        id: V1,
        account_id: ACCOUNT,
        item_id: ITEM,
        attribute_values: [{ attribute_id: ATTRIBUTE, value_id: BLUE }],
        barcode: 'B-1',
        unit_price_override: null,
        revision: 3,
        created_at: new Date(at(1)),
        updated_at: new Date(at(5)),
      }),
      expect.objectContaining({
        id: V2,
        unit_price_override: '2.5000',
        revision: 2,
        updated_at: new Date(at(7)),
      }),
    ]);
    const locationRows = await rows('all_events', 'item_variation_locations', 'item_variation_location_id');
    expect(
      locationRows.map((r) => [
        r.item_variation_location_id,
        r.variation_id,
        r.location_id,
        r.zone_id,
        r.threshold,
        Number(r.on_hand),
      ]),
    ).toEqual([
      [1, V1, WAREHOUSE, null, 0, 5],
      [2, V1, SHOP, ZONE, 7, 0],
      [3, V2, WAREHOUSE, null, 0, 0],
      [5, V2, SHOP, ZONE, 1, 0],
    ]);
    expect(locationRows.every((r) => r.account_id === ACCOUNT && r.item_id === ITEM)).toBe(true);
    expect(await rows('all_events', 'variation_attributes', 'id')).toEqual([
      expect.objectContaining({
        id: ATTRIBUTE,
        name: 'Color',
        display_name: 'Color',
        values: [
          { id: RED, value: 'Red' },
          { id: BLUE, value: 'Blue' },
        ],
        revision: 1,
      }),
    ]);
  });

  it('removes a deleted variation and its rows', async () => {
    await project('deleted', [EVENTS, [{ ...DELETE_V2, revision: 3 }]]);
    expect((await rows('deleted', 'item_variations', 'id')).map((r) => r.id)).toEqual([V1]);
    expect(
      (await rows('deleted', 'item_variation_locations', 'item_variation_location_id')).map(
        (r) => r.variation_id,
      ),
    ).toEqual([V1, V1]);
  });

  it('refuses a second row with a number the account already uses', async () => {
    await project('dup', []);
    const clash = log([`itemVariation-${V1}`, 'ItemVariationCreated', created(V1, RED, [1, 1], 1)]);
    await expect(apply('dup', clash)).rejects.toThrow();
  });
});
