import { ACCOUNT_ID, LATER } from '../testing/fixtures';
import { liveRecordAfter } from '../testing/scenario';
import { ItemVariationContext } from './context';
import { ItemVariationEvent } from './events';
import {
  ATTRIBUTED_ITEM,
  context,
  CREATED,
  existing,
  folding,
  ITEM_ID,
  SHOP,
  stocked,
  VARIATION_ID,
  WAREHOUSE,
} from './item-variation.fixture';

const adjust = (
  location_id: string,
  input: object,
  over: Partial<ItemVariationContext> = {},
  ...history: ItemVariationEvent[]
) => existing(...history).when({ type: 'AdjustVariationStock', location_id, input }, context(over));

describe('Variation stock adjustments', () => {
  it('records a StockAdjusted for the row, with its on hand after', () => {
    expect(adjust(SHOP, { quantity: 5, reason: 'Count' })).toEqual([
      {
        type: 'StockAdjusted',
        data: {
          account_id: ACCOUNT_ID,
          item_id: ITEM_ID,
          variation_id: VARIATION_ID,
          item_variation_location_id: 2,
          location_id: SHOP,
          quantity: '5',
          on_hand_after: '5',
          reason: 'Count',
          adjusted_at: LATER,
        },
      },
    ]);
  });

  it('takes stock out down to zero, in decimals, never below (409 insufficient_stock)', () => {
    expect(adjust(SHOP, { quantity: '-1.25' }, {}, stocked(SHOP, '3'))).toMatchObject([
      { data: { quantity: '-1.25', on_hand_after: '1.75', reason: null } },
    ]);
    expect(adjust(SHOP, { quantity: -3 }, {}, stocked(SHOP, '3'))).toMatchObject([
      { data: { on_hand_after: '0' } },
    ]);
    expect(adjust(SHOP, { quantity: -3.0001 }, {}, stocked(SHOP, '3'))).toMatchObject({
      status: 409,
      code: 'insufficient_stock',
    });
    expect(adjust(WAREHOUSE, { quantity: -1 }, {}, stocked(SHOP, '3'))).toMatchObject({ status: 409 });
  });

  it('counts what invoices take: a negative change stops at zero on hand, a positive one always goes', () => {
    const invoiced = { invoiced: '2' };
    expect(adjust(SHOP, { quantity: -1 }, invoiced, stocked(SHOP, '3'))).toMatchObject([
      { data: { quantity: '-1', on_hand_after: '2' } },
    ]);
    expect(adjust(SHOP, { quantity: -1.5 }, invoiced, stocked(SHOP, '3'))).toMatchObject({
      status: 409,
      code: 'insufficient_stock',
    });
    expect(adjust(SHOP, { quantity: 1 }, { invoiced: '7' }, stocked(SHOP, '3'))).toMatchObject([
      { data: { quantity: '1', on_hand_after: '4' } },
    ]);
  });

  it.each([
    [{}, 'quantity'],
    [{ quantity: 0 }, 'quantity'],
    [{ quantity: '0.00' }, 'quantity'],
    [{ quantity: 'many' }, 'quantity'],
    [{ quantity: 1.00001 }, 'quantity'],
    [{ quantity: 1e12 }, 'quantity'],
    [{ quantity: 1, reason: 5 }, 'reason'],
    [{ quantity: 1, reason: 'x'.repeat(256) }, 'reason'],
  ])('refuses %p naming %s', (input, param) => {
    expect(adjust(SHOP, input)).toMatchObject({ status: 422, param });
  });

  it('answers 404 for a location without a row or outside a restricted user’s location', () => {
    expect(adjust('10c00000-0000-4000-8000-000000000099', { quantity: 1 })).toMatchObject({ status: 404 });
    expect(adjust(WAREHOUSE, { quantity: 1 }, { restrictedTo: SHOP })).toMatchObject({ status: 404 });
  });

  it('treats an archived item as read-only', () => {
    expect(adjust(SHOP, { quantity: 1 }, { item: { ...ATTRIBUTED_ITEM, archived: true } })).toMatchObject({
      status: 409,
      code: 'item_archived',
    });
  });

  it('keeps each row’s on hand from its events', () => {
    const record = liveRecordAfter(folding, [
      CREATED,
      stocked(SHOP, '4'),
      stocked(WAREHOUSE, '1'),
      stocked(SHOP, '-1', '4'),
    ]);
    expect(record.locations.map((row) => [row.location_id, row.on_hand])).toEqual([
      [WAREHOUSE, '1'],
      [SHOP, '3'],
    ]);
  });
});
