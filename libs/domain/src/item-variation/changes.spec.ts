import { LATER, OTHER_ACCOUNT_ID } from '../testing/fixtures';
import { ItemVariationContext } from './context';
import { ItemVariationEvent } from './events';
import {
  ATTRIBUTED_ITEM,
  BLUE,
  COLOR,
  context,
  existing,
  ITEM_ID,
  LARGE,
  OTHER_ITEM_ID,
  RED,
  SHOP,
  SIBLING_ID,
  SIZE,
  SMALL,
  variation,
  WAREHOUSE,
} from './item-variation.fixture';

const pairs = (...values: [string, string][]) =>
  values.map(([attribute_id, value_id]) => ({ attribute_id, value_id }));
const update = (input: object, over: Partial<ItemVariationContext> = {}, ...history: ItemVariationEvent[]) =>
  existing(...history).when({ type: 'UpdateItemVariation', input }, context(over));
const BLUE_LARGE_SIBLING = {
  siblings: [{ id: SIBLING_ID, attributes: pairs([COLOR, BLUE], [SIZE, LARGE]) }],
};

describe('Item variation changes', () => {
  it('records only the given fields that change', () => {
    expect(update({ barcode: 'VAR-1', unit_price_override: 9.5, unit_cost_override: null })).toEqual([
      {
        type: 'ItemVariationUpdated',
        data: {
          item_id: ITEM_ID,
          changes: { barcode: 'VAR-1', unit_price_override: '9.5000' },
          updated_at: LATER,
        },
      },
    ]);
  });

  it('clears the barcode with an empty string, and a null override inherits the item’s', () => {
    const priced: ItemVariationEvent = {
      type: 'ItemVariationUpdated',
      data: { item_id: ITEM_ID, changes: { barcode: 'B', unit_price_override: '2.0000' }, updated_at: LATER },
    };
    expect(update({ barcode: '', unit_price_override: null }, {}, priced)).toMatchObject([
      { data: { changes: { barcode: '', unit_price_override: null } } },
    ]);
  });

  it('replaces the combination: a complete, valid one, stored in the item’s order', () => {
    expect(update({ attributes: pairs([SIZE, LARGE], [COLOR, RED]) }, BLUE_LARGE_SIBLING)).toMatchObject([
      { data: { changes: { attributes: pairs([COLOR, RED], [SIZE, LARGE]) } } },
    ]);
  });

  it('appends nothing when nothing changes, and refuses an empty request', () => {
    expect(
      update({ attributes: pairs([SIZE, SMALL], [COLOR, RED]), barcode: '' }, BLUE_LARGE_SIBLING),
    ).toEqual([]);
    expect(update({})).toMatchObject({ status: 422, code: 'validation_failed' });
  });

  it('refuses a sibling’s combination (409 duplicate_variation) but not its own', () => {
    expect(update({ attributes: pairs([COLOR, BLUE], [SIZE, LARGE]) }, BLUE_LARGE_SIBLING)).toMatchObject({
      status: 409,
      code: 'duplicate_variation',
    });
    const selfListed = { siblings: [{ id: SIBLING_ID, attributes: pairs([COLOR, RED]) }] };
    expect(update({ attributes: pairs([COLOR, BLUE], [SIZE, SMALL]) }, selfListed)).toHaveLength(1);
  });

  it.each([
    [{ attributes: pairs([COLOR, BLUE]) }, 'attributes'],
    [{ attributes: pairs([COLOR, SMALL], [SIZE, LARGE]) }, 'attributes.0.value_id'],
    [{ attributes: pairs([COLOR, BLUE], [SIZE, LARGE], [SHOP, RED]) }, 'attributes.2.attribute_id'],
    [{ attributes: null }, 'attributes'],
    [{ barcode: 'x'.repeat(49) }, 'barcode'],
    [{ unit_cost_override: 'free' }, 'unit_cost_override'],
  ])('refuses %p naming %s', (input, param) => {
    expect(update(input, BLUE_LARGE_SIBLING)).toMatchObject({ status: 422, param });
  });

  it('needs the permission of an override only to change it', () => {
    const noPrices = { canModifyPrices: false, canViewCosts: false };
    expect(update({ unit_price_override: 1 }, noPrices)).toMatchObject({
      status: 403,
      code: 'permission_denied',
    });
    expect(update({ unit_cost_override: 1 }, noPrices)).toMatchObject({
      status: 403,
      code: 'permission_denied',
    });
    expect(
      update({ unit_price_override: null, unit_cost_override: null, barcode: 'X' }, noPrices),
    ).toHaveLength(1);
  });

  it('lets a location-restricted user change only variations stocked at its location', () => {
    expect(update({ barcode: 'X' }, { restrictedTo: SHOP })).toHaveLength(1);
    const removed: ItemVariationEvent = {
      type: 'ItemVariationLocationRemoved',
      data: { item_id: ITEM_ID, item_variation_location_id: 2, location_id: SHOP, removed_at: LATER },
    };
    expect(update({ barcode: 'X' }, { restrictedTo: SHOP }, removed)).toMatchObject({
      status: 403,
      code: 'permission_denied',
    });
    expect(update({ barcode: 'X' }, { restrictedTo: WAREHOUSE }, removed)).toHaveLength(1);
  });

  it('treats an archived item as read-only', () => {
    expect(update({ barcode: 'X' }, { item: { ...ATTRIBUTED_ITEM, archived: true } })).toMatchObject({
      status: 409,
      code: 'item_archived',
    });
  });

  it('answers 404 for a variation of another item or account, or none', () => {
    expect(update({ barcode: 'X' }, { item: { ...ATTRIBUTED_ITEM, id: OTHER_ITEM_ID } })).toMatchObject({
      status: 404,
    });
    expect(update({ barcode: 'X' }, { accountId: OTHER_ACCOUNT_ID })).toMatchObject({ status: 404 });
    expect(
      variation.given().when({ type: 'UpdateItemVariation', input: { barcode: 'X' } }, context()),
    ).toMatchObject({
      status: 404,
      code: 'resource_missing',
    });
  });
});
