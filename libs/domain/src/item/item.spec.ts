import { ACCOUNT_ID, LATER, NOW, OTHER_ACCOUNT_ID, RECORD_ID } from '../testing/fixtures';
import { liveRecordAfter, stateAfter } from '../testing/scenario';
import { ItemCommand } from './commands';
import { ItemContext, ItemReferences } from './context';
import { ItemCreated, ItemEvent, StockAdjusted } from './events';
import { itemAggregate } from './item';
import { archived, folding, item, stockAdjusted, STORE } from './item.fixture';
import { ItemExtras, itemView, streamExtras } from './view';

const CATEGORY = 'c0000000-0000-4000-8000-000000000001';
const UNIQUE_CATEGORY = 'c0000000-0000-4000-8000-000000000002';
const FIELD = 'f0000000-0000-4000-8000-000000000001';
const WAREHOUSE = '10000000-0000-4000-8000-000000000002';
const SHELF = '20000000-0000-4000-8000-000000000001';
const BIN = '20000000-0000-4000-8000-000000000002';
const SUPPLIER = '30000000-0000-4000-8000-000000000001';
const ATTRIBUTE = '40000000-0000-4000-8000-000000000001';

const REFERENCES: ItemReferences = {
  categories: {
    [CATEGORY]: { inventory_type: 'quantity', custom_field_ids: [FIELD] },
    [UNIQUE_CATEGORY]: { inventory_type: 'unique', custom_field_ids: [] },
  },
  locations: [STORE, WAREHOUSE],
  zones: { [SHELF]: STORE, [BIN]: WAREHOUSE },
  suppliers: [SUPPLIER],
  attributes: [ATTRIBUTE],
};

function context(over: Partial<ItemContext> = {}): ItemContext {
  return { now: LATER, accountId: ACCOUNT_ID, mayViewCost: true, references: REFERENCES, ...over };
}

const created: ItemCreated = {
  type: 'ItemCreated',
  data: {
    id: RECORD_ID,
    account_id: ACCOUNT_ID,
    item_number: 7,
    name: 'Widget',
    description: null,
    sku: null,
    barcode: null,
    serial_number: null,
    inventory_type: 'quantity',
    category_id: CATEGORY,
    supplier_ids: [],
    location_id: null,
    zone_id: null,
    unit_of_measure_id: null,
    price: null,
    cost: null,
    threshold: 0,
    weight: 0,
    published: false,
    custom_field_values: [],
    pricing_details: [],
    variation_attribute_ids: [],
    status_id: 12,
    created_at: NOW,
  },
};
const uniqueCreated: ItemCreated = {
  type: 'ItemCreated',
  data: { ...created.data, inventory_type: 'unique', category_id: UNIQUE_CATEGORY },
};

const create = (input: object, over: Partial<ItemContext> = {}) =>
  item
    .given()
    .when({ type: 'CreateItem', id: RECORD_ID, item_number: 7, input }, context({ now: NOW, ...over }));
const update = (input: object): ItemCommand => ({ type: 'UpdateItem', input });
const adjust = (input: object): ItemCommand => ({ type: 'AdjustItemStock', input });

describe('Item', () => {
  it('streams as item-<id>', () => {
    expect(itemAggregate.streamPrefix).toBe('item');
  });

  describe('creation', () => {
    it('needs a name, a type and a category; the rest is defaulted, status 12 available', () => {
      expect(create({ name: 'Widget', inventory_type: 'quantity', category_id: CATEGORY })).toEqual([
        created,
      ]);
    });

    it.each([
      [{ inventory_type: 'quantity', category_id: CATEGORY }, 'name'],
      [{ name: 'Widget', category_id: CATEGORY }, 'inventory_type'],
      [{ name: 'Widget', inventory_type: 'quantity' }, 'category_id'],
      [{ name: 'x'.repeat(256), inventory_type: 'quantity', category_id: CATEGORY }, 'name'],
      [{ name: 'Widget', inventory_type: 'bulk', category_id: CATEGORY }, 'inventory_type'],
    ])('refuses %p naming %s', (input, param) => {
      expect(create(input)).toMatchObject({ status: 422, code: 'validation_failed', param });
    });

    it('keeps every given field: money as four-decimal strings', () => {
      const input = {
        name: 'Widget',
        inventory_type: 'quantity',
        category_id: CATEGORY,
        description: 'A fine widget',
        sku: 'W-1',
        barcode: '012345',
        supplier_ids: [SUPPLIER],
        location_id: STORE,
        zone_id: SHELF,
        unit_of_measure_id: 'ea',
        price: 12.5,
        cost: '3.25',
        threshold: 5,
        weight: -3,
        published: true,
        custom_field_values: [{ custom_field_id: FIELD, value: 'red' }],
        pricing_details: [{ pricing_tier_id: 'wholesale', value: '10' }],
        variation_attribute_ids: [ATTRIBUTE],
      };
      expect(create(input)).toMatchObject([
        {
          data: {
            ...input,
            price: '12.5000',
            cost: '3.2500',
            pricing_details: [{ pricing_tier_id: 'wholesale', value: '10.0000' }],
          },
        },
      ]);
    });

    it('must be of its category type', () => {
      expect(create({ name: 'W', inventory_type: 'unique', category_id: CATEGORY })).toMatchObject({
        status: 422,
        param: 'inventory_type',
      });
    });

    it.each([
      [{ category_id: 'c0000000-0000-4000-8000-00000000dead' }, 'category_id'],
      [{ location_id: 'elsewhere' }, 'location_id'],
      [{ zone_id: SHELF }, 'zone_id'],
      [{ location_id: WAREHOUSE, zone_id: SHELF }, 'zone_id'],
      [{ supplier_ids: [SUPPLIER, 'someone'] }, 'supplier_ids.1'],
      [{ supplier_ids: [SUPPLIER, SUPPLIER] }, 'supplier_ids.1'],
      [{ serial_number: 'SN-1' }, 'serial_number'],
      [
        { custom_field_values: [{ custom_field_id: 'other', value: 1 }] },
        'custom_field_values.0.custom_field_id',
      ],
      [{ custom_field_values: [{ custom_field_id: FIELD }] }, 'custom_field_values.0.value'],
      [{ custom_field_values: [{ custom_field_id: FIELD, value: {} }] }, 'custom_field_values.0.value'],
      [
        {
          custom_field_values: [
            { custom_field_id: FIELD, value: 1 },
            { custom_field_id: FIELD, value: 2 },
          ],
        },
        'custom_field_values.1.custom_field_id',
      ],
      [{ pricing_details: [{ pricing_tier_id: 'a', value: -1 }] }, 'pricing_details.0.value'],
      [{ price: '1.23456' }, 'price'],
      [{ price: -1 }, 'price'],
      [{ price: '1e3' }, 'price'],
      [{ threshold: -1 }, 'threshold'],
      [{ threshold: 2147483648 }, 'threshold'],
      [{ threshold: 1.5 }, 'threshold'],
      [{ weight: '3' }, 'weight'],
      [{ published: 'yes' }, 'published'],
      [{ variation_attribute_ids: ['colour'] }, 'variation_attribute_ids.0'],
    ])('refuses %p naming %s', (over, param) => {
      const input = { name: 'W', inventory_type: 'quantity', category_id: CATEGORY, ...over };
      expect(create(input)).toMatchObject({ status: 422, param });
    });

    it('names an unknown key of a nested entry as unsupported', () => {
      const input = {
        name: 'W',
        inventory_type: 'quantity',
        category_id: CATEGORY,
        pricing_details: [{ pricing_tier_id: 'a', value: 1, currency: 'EUR' }],
      };
      expect(create(input)).toMatchObject({ code: 'unsupported_field', param: 'pricing_details.0.currency' });
    });

    it('gives unique items a serial number and quantity items suppliers, not the other way round', () => {
      const unique = { name: 'Painting', inventory_type: 'unique', category_id: UNIQUE_CATEGORY };
      expect(create({ ...unique, serial_number: 'SN-1' })).toHaveLength(1);
      expect(create({ ...unique, supplier_ids: [SUPPLIER] })).toMatchObject({ param: 'supplier_ids' });
      expect(create({ ...unique, supplier_ids: [] })).toHaveLength(1);
    });

    it('refuses to set a cost without unit_cost.view (403)', () => {
      const input = { name: 'W', inventory_type: 'quantity', category_id: CATEGORY, cost: 1 };
      expect(create(input, { mayViewCost: false })).toMatchObject({ status: 403, code: 'permission_denied' });
    });

    it("puts a location-restricted user's items at their location, and only there", () => {
      const input = { name: 'W', inventory_type: 'quantity', category_id: CATEGORY };
      const restricted = { restrictedTo: STORE, references: { ...REFERENCES, locations: [STORE] } };
      expect(create(input, restricted)).toMatchObject([{ data: { location_id: STORE } }]);
      expect(create({ ...input, location_id: WAREHOUSE }, restricted)).toMatchObject({
        param: 'location_id',
      });
    });

    it('refuses to create the same item twice', () => {
      expect(
        item
          .given(created)
          .when({ type: 'CreateItem', id: RECORD_ID, item_number: 8, input: { name: 'W' } }, context()),
      ).toMatchObject({ status: 409 });
    });
  });

  describe('updates', () => {
    it('records only the given fields that change', () => {
      expect(item.given(created).when(update({ name: 'Widget', sku: 'W-2', price: 3 }), context())).toEqual([
        { type: 'ItemUpdated', data: { changes: { sku: 'W-2', price: '3.0000' }, updated_at: LATER } },
      ]);
      expect(item.given(created).when(update({ name: 'Widget', threshold: 0 }), context())).toEqual([]);
    });

    it('leaves the zone behind when the item moves to another location', () => {
      const placed = {
        type: 'ItemUpdated',
        data: { changes: { location_id: STORE, zone_id: SHELF }, updated_at: NOW },
      };
      expect(
        item.given(created, placed as ItemEvent).when(update({ location_id: WAREHOUSE }), context()),
      ).toMatchObject([{ data: { changes: { location_id: WAREHOUSE, zone_id: null } } }]);
      expect(
        item
          .given(created, placed as ItemEvent)
          .when(update({ location_id: WAREHOUSE, zone_id: BIN }), context()),
      ).toMatchObject([{ data: { changes: { location_id: WAREHOUSE, zone_id: BIN } } }]);
      expect(
        item.given(created, placed as ItemEvent).when(update({ zone_id: BIN }), context()),
      ).toMatchObject({
        param: 'zone_id',
      });
    });

    it('keeps its inventory type, and moves only to a category of that type', () => {
      expect(item.given(created).when(update({ inventory_type: 'unique' }), context())).toMatchObject({
        param: 'inventory_type',
      });
      expect(item.given(created).when(update({ category_id: UNIQUE_CATEGORY }), context())).toMatchObject({
        param: 'category_id',
      });
    });

    it("checks custom field values against the item's category", () => {
      expect(
        item
          .given(created)
          .when(update({ custom_field_values: [{ custom_field_id: FIELD, value: true }] }), context()),
      ).toHaveLength(1);
      const withoutCategory = context({ references: { ...REFERENCES, categories: {} } });
      expect(
        item
          .given(created)
          .when(update({ custom_field_values: [{ custom_field_id: FIELD, value: true }] }), withoutCategory),
      ).toMatchObject({ param: 'custom_field_values.0.custom_field_id' });
    });

    it('changes variation attributes only while the item has no variations', () => {
      const change = update({ variation_attribute_ids: [ATTRIBUTE] });
      expect(item.given(created).when(change, context({ variationCount: 0 }))).toHaveLength(1);
      expect(item.given(created).when(change, context({ variationCount: 2 }))).toMatchObject({
        status: 422,
        param: 'variation_attribute_ids',
      });
    });

    it('is read-only while archived: 409 item_archived', () => {
      expect(item.given(created, archived).when(update({ name: 'B' }), context())).toMatchObject({
        status: 409,
        code: 'item_archived',
      });
    });

    it('refuses a cost change without unit_cost.view', () => {
      expect(item.given(created).when(update({ cost: null }), context({ mayViewCost: false }))).toMatchObject(
        {
          status: 403,
        },
      );
    });

    it("answers 404 for another account's item, and to a restricted user for an item elsewhere", () => {
      expect(
        item.given(created).when(update({ name: 'B' }), context({ accountId: OTHER_ACCOUNT_ID })),
      ).toMatchObject({
        status: 404,
        code: 'resource_missing',
      });
      const atWarehouse = {
        type: 'ItemUpdated',
        data: { changes: { location_id: WAREHOUSE }, updated_at: NOW },
      };
      const given = item.given(created, atWarehouse as ItemEvent);
      expect(given.when(update({ name: 'B' }), context({ restrictedTo: STORE }))).toMatchObject({
        status: 404,
      });
      expect(
        given.when(
          update({ name: 'B' }),
          context({ restrictedTo: STORE, stockedAtRestrictedLocation: true }),
        ),
      ).toHaveLength(1);
      expect(item.given(created).when(update({ name: 'B' }), context({ restrictedTo: STORE }))).toHaveLength(
        1,
      );
    });
  });

  describe('archive and restore', () => {
    it('archives with status 13; archiving again appends nothing', () => {
      expect(item.given(created).when({ type: 'ArchiveItem' }, context())).toEqual([archived]);
      expect(item.given(created, archived).when({ type: 'ArchiveItem' }, context())).toEqual([]);
    });

    it('restores to 12; restoring an active item appends nothing', () => {
      expect(item.given(created, archived).when({ type: 'RestoreItem' }, context())).toEqual([
        { type: 'ItemRestored', data: { status_id: 12, restored_at: LATER } },
      ]);
      expect(item.given(created).when({ type: 'RestoreItem' }, context())).toEqual([]);
    });
  });

  describe('stock adjustments', () => {
    it('adds and removes stock at a location, recording the on-hand after', () => {
      expect(item.given(created).when(adjust({ location_id: STORE, quantity: 5 }), context())).toEqual([
        stockAdjusted(STORE, '5', '5'),
      ]);
      expect(
        item
          .given(created, stockAdjusted(STORE, '5', '5'))
          .when(adjust({ location_id: STORE, quantity: '-1.25', reason: 'Damaged' }), context()),
      ).toMatchObject([{ data: { quantity: '-1.25', on_hand_after: '3.75', reason: 'Damaged' } }]);
    });

    it('never makes on-hand negative at a location: 409 insufficient_stock', () => {
      const stocked = item.given(created, stockAdjusted(STORE, '5', '5'));
      expect(stocked.when(adjust({ location_id: STORE, quantity: -5 }), context())).toMatchObject([
        { data: { on_hand_after: '0' } },
      ]);
      expect(stocked.when(adjust({ location_id: STORE, quantity: -5.0001 }), context())).toMatchObject({
        status: 409,
        code: 'insufficient_stock',
      });
      expect(stocked.when(adjust({ location_id: WAREHOUSE, quantity: -1 }), context())).toMatchObject({
        code: 'insufficient_stock',
      });
    });

    it('keeps a unique item at 0 or 1 on hand, in whole units', () => {
      const unique = item.given(uniqueCreated);
      expect(unique.when(adjust({ location_id: STORE, quantity: 1 }), context())).toHaveLength(1);
      expect(unique.when(adjust({ location_id: STORE, quantity: 2 }), context())).toMatchObject({
        status: 422,
        param: 'quantity',
      });
      expect(unique.when(adjust({ location_id: STORE, quantity: 0.5 }), context())).toMatchObject({
        param: 'quantity',
      });
      const held = item.given(uniqueCreated, stockAdjusted(STORE, '1', '1'));
      expect(held.when(adjust({ location_id: WAREHOUSE, quantity: 1 }), context())).toMatchObject({
        param: 'quantity',
      });
      expect(held.when(adjust({ location_id: STORE, quantity: -1 }), context())).toHaveLength(1);
    });

    it.each([
      [{ quantity: 1 }, 'location_id'],
      [{ location_id: 'nowhere', quantity: 1 }, 'location_id'],
      [{ location_id: STORE }, 'quantity'],
      [{ location_id: STORE, quantity: 0 }, 'quantity'],
      [{ location_id: STORE, quantity: '1.00001' }, 'quantity'],
      [{ location_id: STORE, quantity: 'many' }, 'quantity'],
      [{ location_id: STORE, quantity: 1e12 }, 'quantity'],
      [{ location_id: STORE, quantity: 1, reason: 5 }, 'reason'],
    ])('refuses %p naming %s', (input, param) => {
      expect(item.given(created).when(adjust(input), context())).toMatchObject({ status: 422, param });
    });

    it("leaves stock of an item with variations to their rows, and archived items' alone", () => {
      expect(
        item.given(created).when(adjust({ location_id: STORE, quantity: 1 }), context({ variationCount: 1 })),
      ).toMatchObject({ status: 422, param: 'item_variation_location_id' });
      expect(
        item.given(created, archived).when(adjust({ location_id: STORE, quantity: 1 }), context()),
      ).toMatchObject({
        status: 409,
        code: 'item_archived',
      });
    });

    it('keeps on-hand per location in the state; a variation row event changes nothing', () => {
      const rowEvent: StockAdjusted = {
        ...stockAdjusted(STORE, '9', '9'),
        data: {
          ...stockAdjusted(STORE, '9', '9').data,
          variation_id: RECORD_ID,
          item_variation_location_id: 3,
        },
      };
      const state = stateAfter(folding, [
        created,
        stockAdjusted(STORE, '5', '5'),
        stockAdjusted(WAREHOUSE, '2', '2'),
        rowEvent,
      ]);
      expect(state.status === 'live' && state.record.on_hand).toEqual({ [STORE]: '5', [WAREHOUSE]: '2' });
      expect(state.status === 'live' && state.record.updated_at).toBe(NOW);
    });
  });

  describe('view', () => {
    const extras: ItemExtras = {
      category_name: 'Tools',
      custom_field_ids: [FIELD],
      quantity: 4,
      quantity_reserved: 1,
      quantity_incoming: 0,
      quantity_estimates: null,
      variation_count: 0,
      primary_photo: null,
      photo_count: 0,
    };

    it('renders the specified fields in order; cost only for those who may see costs', () => {
      const record = liveRecordAfter(folding, [created]);
      const view = itemView(record, extras, { showCost: true });
      expect(Object.keys(view)).toEqual([
        'id',
        'object',
        'item_number',
        'name',
        'description',
        'sku',
        'barcode',
        'serial_number',
        'inventory_type',
        'category_id',
        'category_name',
        'supplier_ids',
        'status_id',
        'location_id',
        'zone_id',
        'unit_of_measure_id',
        'unit_of_measure',
        'price',
        'cost',
        'quantity',
        'quantity_reserved',
        'quantity_incoming',
        'in_transit',
        'quantity_estimates',
        'threshold',
        'variation_count',
        'weight',
        'published',
        'include_sold',
        'archived',
        'primary_photo',
        'photo_count',
        'custom_field_values',
        'pricing_details',
        'purchase_date',
        'sold_date',
        'created_at',
        'updated_at',
      ]);
      expect(itemView(record, extras, { showCost: false })).not.toHaveProperty('cost');
      expect(view).not.toHaveProperty('account_id');
      expect(view).not.toHaveProperty('on_hand');
    });

    it('hides values of custom fields the category no longer has', () => {
      const valued = {
        type: 'ItemUpdated',
        data: {
          changes: { custom_field_values: [{ custom_field_id: FIELD, value: 'red' }] },
          updated_at: LATER,
        },
      } as ItemEvent;
      const record = liveRecordAfter(folding, [created, valued]);
      expect(itemView(record, extras, { showCost: true }).custom_field_values).toHaveLength(1);
      expect(
        itemView(record, { ...extras, custom_field_ids: [] }, { showCost: true }).custom_field_values,
      ).toEqual([]);
    });

    it('tells its past quantity from its own stream', () => {
      const record = liveRecordAfter(folding, [
        created,
        stockAdjusted(STORE, '5', '5'),
        stockAdjusted(WAREHOUSE, '2.5', '2.5'),
      ]);
      expect(streamExtras(record)).toMatchObject({ quantity: 7.5, photos: [] });
    });
  });
});
