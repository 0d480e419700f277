import { ACCOUNT_ID, LATER, OTHER_ACCOUNT_ID } from '../testing/fixtures';
import { firstVariationDecided, firstVariationItemEvents } from './conversion';
import { ItemVariationContext, ParentItem } from './context';
import { MOVED_TO_FIRST_VARIATION, planNewVariation } from './create';
import { variationNumbersNeeded } from './decide';
import { itemVariationAggregate } from './item-variation';
import {
  ATTRIBUTED_ITEM,
  BLUE,
  CLOSED,
  COLOR,
  context,
  COUNTER,
  CREATED,
  existing,
  ITEM,
  ITEM_ID,
  LARGE,
  RED,
  SHELF,
  SHOP,
  SIBLING_ID,
  SIZE,
  SMALL,
  variation,
  VARIATION_ID,
  WAREHOUSE,
} from './item-variation.fixture';
import { conflictOf } from '../testing/errors';

const NUMBERS = [11, 12, 13];
const create = (input: object, over: Partial<ItemVariationContext> = {}) =>
  variation
    .given()
    .when({ type: 'CreateItemVariation', id: VARIATION_ID, input, row_numbers: NUMBERS }, context(over));
/** A later variation: the item has Color and Size and one sibling, Red/Small. */
const later = (input: object, over: Partial<ItemVariationContext> = {}) =>
  create(input, { siblings: [{ id: SIBLING_ID, attributes: CREATED.data.attributes }], ...over });
const first = (input: object, item: ParentItem = ITEM, over: Partial<ItemVariationContext> = {}) =>
  create(input, { item, ...over });
const pairs = (...values: [string, string][]) =>
  values.map(([attribute_id, value_id]) => ({ attribute_id, value_id }));

describe('Item variation creation', () => {
  it('streams as itemVariation-<id>', () => {
    expect(itemVariationAggregate.streamPrefix).toBe('itemVariation');
  });

  describe('the first variation', () => {
    it('location_only: no attributes, a zero row at every active location, numbered in order', () => {
      expect(first({ variation_type: 'location_only', attributes: [] })).toEqual([
        {
          type: 'ItemVariationCreated',
          data: {
            id: VARIATION_ID,
            account_id: ACCOUNT_ID,
            item_id: ITEM_ID,
            attributes: [],
            barcode: '',
            image_id: null,
            unit_price_override: null,
            unit_cost_override: null,
            locations: [
              { item_variation_location_id: 11, location_id: WAREHOUSE, zone_id: null, threshold: 0 },
              { item_variation_location_id: 12, location_id: SHOP, zone_id: null, threshold: 0 },
            ],
            variation_type: 'location_only',
            created_at: LATER,
          },
        },
      ]);
      expect(first({ variation_type: 'location_only' })).toHaveLength(1);
    });

    it('location_only refuses attributes', () => {
      expect(first({ variation_type: 'location_only', attributes: pairs([COLOR, RED]) })).toMatchObject({
        status: 422,
        param: 'attributes',
      });
    });

    it('attributes: the pairs given become the item’s attributes, in the order given', () => {
      expect(
        first({ variation_type: 'attributes', attributes: pairs([SIZE, LARGE], [COLOR, BLUE]) }),
      ).toMatchObject([
        { data: { attributes: pairs([SIZE, LARGE], [COLOR, BLUE]), variation_type: 'attributes' } },
      ]);
    });

    it('attributes: replaces attributes assigned to the item before (it has no variation yet)', () => {
      const assigned = { ...ITEM, variation_attribute_ids: [SIZE] };
      expect(
        first({ variation_type: 'attributes', attributes: pairs([COLOR, RED]) }, assigned),
      ).toMatchObject([{ data: { attributes: pairs([COLOR, RED]) } }]);
    });

    it('attributes: needs at least one attribute', () => {
      expect(first({ variation_type: 'attributes', attributes: [] })).toMatchObject({
        status: 422,
        param: 'attributes',
      });
    });

    it.each([
      [{}, 'variation_type'],
      [{ variation_type: 'colour' }, 'variation_type'],
      [{ variation_type: 'attributes', attributes: 'Red' }, 'attributes'],
      [{ variation_type: 'attributes', attributes: ['Red'] }, 'attributes.0'],
      [{ variation_type: 'attributes', attributes: [{ attribute_id: COLOR }] }, 'attributes.0.value_id'],
      [{ variation_type: 'attributes', attributes: pairs([SHOP, RED]) }, 'attributes.0.attribute_id'],
      [{ variation_type: 'attributes', attributes: pairs([COLOR, SMALL]) }, 'attributes.0.value_id'],
      [
        { variation_type: 'attributes', attributes: pairs([COLOR, RED], [COLOR, BLUE]) },
        'attributes.1.attribute_id',
      ],
      [
        { variation_type: 'attributes', attributes: [{ attribute_id: COLOR, value_id: RED, x: 1 }] },
        'attributes.0.x',
      ],
    ])('refuses %p naming %s', (input, param) => {
      expect(first(input)).toMatchObject({ status: 422, code: 'validation_failed', param });
    });
  });

  describe('the first variation takes over the item’s stock', () => {
    const stockedItem: ParentItem = {
      ...ITEM,
      location_id: WAREHOUSE,
      zone_id: SHELF,
      threshold: 3,
      stock: [{ location_id: WAREHOUSE, on_hand: '5' }],
    };

    it('moves the quantity, threshold and zone of a single-location item to that location’s row', () => {
      const events = first({ variation_type: 'location_only' }, stockedItem);
      expect(events).toMatchObject([
        {
          data: {
            locations: [
              { item_variation_location_id: 11, location_id: WAREHOUSE, zone_id: SHELF, threshold: 3 },
              { item_variation_location_id: 12, location_id: SHOP, zone_id: null, threshold: 0 },
            ],
          },
        },
        {
          type: 'StockAdjusted',
          data: {
            account_id: ACCOUNT_ID,
            item_id: ITEM_ID,
            variation_id: VARIATION_ID,
            item_variation_location_id: 11,
            location_id: WAREHOUSE,
            quantity: '5',
            on_hand_after: '5',
            reason: MOVED_TO_FIRST_VARIATION,
            adjusted_at: LATER,
          },
        },
      ]);
    });

    it('takes the same quantity out of the item’s own stock, and clears what moved to the row', () => {
      const plan = planNewVariation(
        { variation_type: 'location_only' },
        { status: 'absent' },
        context({ item: stockedItem }),
      );
      if ('status' in plan) throw plan;
      expect(firstVariationItemEvents(plan, stockedItem, VARIATION_ID, LATER)).toEqual([
        {
          type: 'StockAdjusted',
          data: {
            account_id: ACCOUNT_ID,
            item_id: ITEM_ID,
            variation_id: null,
            item_variation_location_id: null,
            location_id: WAREHOUSE,
            quantity: '-5',
            on_hand_after: '0',
            reason: MOVED_TO_FIRST_VARIATION,
            moved_to_variation_id: VARIATION_ID,
            adjusted_at: LATER,
          },
        },
        { type: 'ItemUpdated', data: { changes: { threshold: 0, zone_id: null }, updated_at: LATER } },
      ]);
    });

    it('records on the item’s stream the variation’s own events, for whoever creates its stream', () => {
      // given the first variation's events, decided with the item's
      const variationEvents = first({ variation_type: 'location_only' }, stockedItem);
      if (!Array.isArray(variationEvents)) throw variationEvents;

      // when the item records the decision, then it holds them as they are, by type and data
      expect(firstVariationDecided(stockedItem, VARIATION_ID, variationEvents, LATER)).toEqual({
        type: 'FirstVariationDecided',
        data: {
          account_id: ACCOUNT_ID,
          item_id: ITEM_ID,
          variation_id: VARIATION_ID,
          variation_events: variationEvents.map(({ type, data }) => ({ type, data })),
          decided_at: LATER,
        },
      });
    });

    it('gives the item the first variation’s attributes, and changes nothing else of an empty item', () => {
      const input = { variation_type: 'attributes', attributes: pairs([SIZE, SMALL]) };
      const plan = planNewVariation(input, { status: 'absent' }, context({ item: ITEM }));
      if ('status' in plan) throw plan;
      expect(firstVariationItemEvents(plan, ITEM, VARIATION_ID, LATER)).toEqual([
        { type: 'ItemUpdated', data: { changes: { variation_attribute_ids: [SIZE] }, updated_at: LATER } },
      ]);
      const none = planNewVariation(
        { variation_type: 'location_only' },
        { status: 'absent' },
        context({ item: ITEM }),
      );
      if ('status' in none) throw none;
      expect(firstVariationItemEvents(none, ITEM, VARIATION_ID, LATER)).toEqual([]);
      const assigned = { ...ITEM, variation_attribute_ids: [COLOR] };
      expect(firstVariationItemEvents(none, assigned, VARIATION_ID, LATER)).toEqual([
        { type: 'ItemUpdated', data: { changes: { variation_attribute_ids: [] }, updated_at: LATER } },
      ]);
    });

    it('needs initial_quantity_location_id for stock without a location, and moves it there', () => {
      const unplaced: ParentItem = { ...ITEM, threshold: 4, stock: [{ location_id: null, on_hand: '2.5' }] };
      expect(first({ variation_type: 'location_only' }, unplaced)).toMatchObject({
        status: 422,
        param: 'initial_quantity_location_id',
      });
      const events = first({ variation_type: 'location_only', initial_quantity_location_id: SHOP }, unplaced);
      expect(events).toMatchObject([
        {
          data: {
            locations: [
              { location_id: WAREHOUSE, threshold: 0 },
              { location_id: SHOP, threshold: 4 },
            ],
          },
        },
        {
          type: 'StockAdjusted',
          data: { location_id: SHOP, item_variation_location_id: 12, quantity: '2.5' },
        },
      ]);
    });

    it('does not need initial_quantity_location_id for an item without stock, but takes it for the threshold', () => {
      const empty: ParentItem = { ...ITEM, threshold: 9, stock: [{ location_id: null, on_hand: '0' }] };
      expect(first({ variation_type: 'location_only' }, empty)).toHaveLength(1);
      expect(
        first({ variation_type: 'location_only', initial_quantity_location_id: SHOP }, empty),
      ).toMatchObject([{ data: { locations: [{ threshold: 0 }, { location_id: SHOP, threshold: 9 }] } }]);
    });

    it('moves stock at several locations into each location’s row', () => {
      const spread: ParentItem = {
        ...ITEM,
        stock: [
          { location_id: WAREHOUSE, on_hand: '1' },
          { location_id: SHOP, on_hand: '2' },
        ],
      };
      expect(first({ variation_type: 'location_only' }, spread)).toMatchObject([
        {},
        { data: { location_id: WAREHOUSE, quantity: '1' } },
        { data: { location_id: SHOP, quantity: '2' } },
      ]);
    });

    it.each([[CLOSED], ['nowhere'], [5]])('refuses initial_quantity_location_id %p', (location) => {
      expect(
        first({ variation_type: 'location_only', initial_quantity_location_id: location }),
      ).toMatchObject({
        status: 422,
        param: 'initial_quantity_location_id',
      });
    });

    it('is for the first variation only', () => {
      expect(
        later({ attributes: pairs([COLOR, BLUE], [SIZE, SMALL]), initial_quantity_location_id: SHOP }),
      ).toMatchObject({
        status: 422,
        param: 'initial_quantity_location_id',
      });
    });
  });

  describe('later variations', () => {
    it('give one value per attribute of the item, stored in the item’s order', () => {
      expect(later({ attributes: pairs([SIZE, LARGE], [COLOR, RED]) })).toMatchObject([
        { data: { attributes: pairs([COLOR, RED], [SIZE, LARGE]), variation_type: null } },
      ]);
    });

    it('refuses a combination a sibling has, in any order (409 duplicate_variation)', () => {
      expect(later({ attributes: pairs([SIZE, SMALL], [COLOR, RED]) })).toMatchObject(
        conflictOf('duplicate_variation'),
      );
    });

    it('allows one variation only for an item without attributes', () => {
      expect(create({}, { item: ITEM, siblings: [{ id: SIBLING_ID, attributes: [] }] })).toMatchObject({
        status: 409,
        code: 'duplicate_variation',
      });
    });

    it.each([
      [{ attributes: pairs([COLOR, BLUE]) }, 'attributes'],
      [{}, 'attributes'],
      [{ attributes: pairs([COLOR, BLUE], [SIZE, SMALL], [SHOP, RED]) }, 'attributes.2.attribute_id'],
      [{ attributes: pairs([COLOR, LARGE], [SIZE, SMALL]) }, 'attributes.0.value_id'],
      [{ attributes: pairs([COLOR, BLUE], [SIZE, SMALL]), variation_type: 'attributes' }, 'variation_type'],
    ])('refuses %p naming %s', (input, param) => {
      expect(later(input)).toMatchObject({ status: 422, param });
    });

    it('refuses an attribute of the account the item does not have', () => {
      const colourOnly = { ...ATTRIBUTED_ITEM, variation_attribute_ids: [COLOR] };
      expect(later({ attributes: pairs([COLOR, BLUE], [SIZE, SMALL]) }, { item: colourOnly })).toMatchObject({
        status: 422,
        param: 'attributes.1.attribute_id',
      });
    });
  });

  describe('fields and permissions', () => {
    const valid = { attributes: pairs([COLOR, BLUE], [SIZE, SMALL]) };

    it('keeps a barcode of up to 48 characters and four-decimal overrides', () => {
      expect(
        later({ ...valid, barcode: 'x'.repeat(48), unit_price_override: '12.5', unit_cost_override: 3 }),
      ).toMatchObject([
        { data: { barcode: 'x'.repeat(48), unit_price_override: '12.5000', unit_cost_override: '3.0000' } },
      ]);
    });

    it.each([
      ['barcode', 'x'.repeat(49)],
      ['barcode', 7],
      ['unit_price_override', -1],
      ['unit_price_override', '1.23456'],
      ['unit_price_override', 'ten'],
      ['unit_price_override', '1e3'],
      ['unit_cost_override', true],
      ['unit_cost_override', 1e12],
    ])('refuses %s = %p', (param, value) => {
      expect(later({ ...valid, [param]: value })).toMatchObject({ status: 422, param });
    });

    it('needs selling_prices.modify to set a price override, unit_cost.view to set a cost override', () => {
      expect(later({ ...valid, unit_price_override: 1 }, { canModifyPrices: false })).toMatchObject({
        status: 403,
        code: 'permission_denied',
      });
      expect(later({ ...valid, unit_cost_override: 1 }, { canViewCosts: false })).toMatchObject({
        status: 403,
        code: 'permission_denied',
      });
      expect(
        later(
          { ...valid, unit_price_override: null, unit_cost_override: null },
          { canModifyPrices: false, canViewCosts: false },
        ),
      ).toHaveLength(1);
    });
  });

  describe('the item and the caller', () => {
    it('refuses a variation of an archived item (409 item_archived)', () => {
      expect(later({}, { item: { ...ATTRIBUTED_ITEM, archived: true } })).toMatchObject({
        status: 409,
        code: 'item_archived',
      });
    });

    it('refuses a variation of a unique item', () => {
      expect(first({ variation_type: 'location_only' }, { ...ITEM, inventory_type: 'unique' })).toMatchObject(
        {
          status: 409,
          code: 'item_variations_not_allowed',
        },
      );
    });

    it('answers 404 for an item of another account', () => {
      expect(
        first({ variation_type: 'location_only' }, { ...ITEM, account_id: OTHER_ACCOUNT_ID }),
      ).toMatchObject({
        status: 404,
      });
    });

    it('gives a location-restricted user a row at its location only', () => {
      expect(first({ variation_type: 'location_only' }, ITEM, { restrictedTo: SHOP })).toMatchObject([
        { data: { locations: [{ item_variation_location_id: 11, location_id: SHOP }] } },
      ]);
    });

    it('still gives a row to the location holding the item’s stock for a restricted user', () => {
      const item: ParentItem = { ...ITEM, stock: [{ location_id: WAREHOUSE, on_hand: '1' }] };
      expect(first({ variation_type: 'location_only' }, item, { restrictedTo: SHOP })).toMatchObject([
        { data: { locations: [{ location_id: SHOP }, { location_id: WAREHOUSE }] } },
        { data: { location_id: WAREHOUSE, item_variation_location_id: 12 } },
      ]);
    });

    it('refuses a restricted user an initial location other than its own', () => {
      expect(
        first({ variation_type: 'location_only', initial_quantity_location_id: WAREHOUSE }, ITEM, {
          restrictedTo: SHOP,
        }),
      ).toMatchObject({ status: 422, param: 'initial_quantity_location_id' });
    });

    it('refuses to create the same variation twice', () => {
      expect(
        existing().when(
          { type: 'CreateItemVariation', id: VARIATION_ID, input: {}, row_numbers: NUMBERS },
          context(),
        ),
      ).toMatchObject({ status: 409 });
    });
  });

  describe('numbers of the rows', () => {
    it('asks for one number per row once valid, and none for a refused request', () => {
      const command = { type: 'CreateItemVariation' as const, id: VARIATION_ID, row_numbers: [] };
      const state = { status: 'absent' as const };
      expect(
        variationNumbersNeeded(
          { ...command, input: { variation_type: 'location_only' } },
          state,
          context({ item: ITEM }),
        ),
      ).toBe(2);
      expect(variationNumbersNeeded({ ...command, input: {} }, state, context({ item: ITEM }))).toMatchObject(
        { status: 422 },
      );
    });

    it('treats too few numbers as a handler bug', () => {
      expect(() =>
        variation.given().when(
          {
            type: 'CreateItemVariation',
            id: VARIATION_ID,
            input: { variation_type: 'location_only' },
            row_numbers: [1],
          },
          context({ item: ITEM }),
        ),
      ).toThrow(TypeError);
    });

    it('draws nothing for commands that add no row', () => {
      expect(variationNumbersNeeded({ type: 'DeleteItemVariation' }, { status: 'absent' }, context())).toBe(
        0,
      );
    });
  });

  it('zone of the item’s location is copied only when it belongs to the initial location', () => {
    const zoned: ParentItem = { ...ITEM, zone_id: COUNTER, stock: [{ location_id: null, on_hand: '1' }] };
    expect(
      first({ variation_type: 'location_only', initial_quantity_location_id: SHOP }, zoned),
    ).toMatchObject([
      { data: { locations: [{ zone_id: null }, { location_id: SHOP, zone_id: COUNTER }] } },
      {},
    ]);
    expect(
      first({ variation_type: 'location_only', initial_quantity_location_id: WAREHOUSE }, zoned),
    ).toMatchObject([
      { data: { locations: [{ location_id: WAREHOUSE, zone_id: null }, { zone_id: null }] } },
      {},
    ]);
  });
});
