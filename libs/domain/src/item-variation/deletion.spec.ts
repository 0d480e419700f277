import { ACCOUNT_ID, LATER } from '../testing/fixtures';
import { ItemVariationCommand } from './commands';
import { ItemVariationContext } from './context';
import { ItemVariationEvent } from './events';
import {
  ATTRIBUTED_ITEM,
  context,
  existing,
  ITEM_ID,
  SHOP,
  stocked,
  WAREHOUSE,
} from './item-variation.fixture';
import { conflictOf } from '../testing/errors';

const remove = (over: Partial<ItemVariationContext> = {}, ...history: ItemVariationEvent[]) =>
  existing(...history).when({ type: 'DeleteItemVariation' }, context(over));
const deleted: ItemVariationEvent = {
  type: 'ItemVariationDeleted',
  data: { account_id: ACCOUNT_ID, item_id: ITEM_ID, deleted_at: LATER },
};
const notDeletable = conflictOf('item_variation_delete_not_allowed');

describe('Item variation deletion', () => {
  it('deletes an unused variation with empty rows', () => {
    expect(remove()).toEqual([deleted]);
  });

  it('is not kept by adjustment history alone', () => {
    expect(remove({}, stocked(SHOP, '2'), stocked(SHOP, '-2', '2'))).toEqual([deleted]);
  });

  it('refuses while any row has stock on hand', () => {
    expect(remove({}, stocked(WAREHOUSE, '0.5'))).toMatchObject(notDeletable);
  });

  it('refuses while saved lines use it or a row has reserved, incoming or in-transit stock', () => {
    expect(remove({ dependents: { documents: 2, open_balances: 0 } })).toMatchObject(notDeletable);
    expect(remove({ dependents: { documents: 0, open_balances: 1 } })).toMatchObject(notDeletable);
  });

  it('refuses a location-restricted user a variation stocked outside its location', () => {
    expect(remove({ restrictedTo: SHOP })).toMatchObject({ status: 403, code: 'permission_denied' });
    const shopOnly: ItemVariationEvent = {
      type: 'ItemVariationLocationRemoved',
      data: { item_id: ITEM_ID, item_variation_location_id: 1, location_id: WAREHOUSE, removed_at: LATER },
    };
    expect(remove({ restrictedTo: SHOP }, shopOnly)).toEqual([deleted]);
  });

  it('treats an archived item as read-only', () => {
    expect(remove({ item: { ...ATTRIBUTED_ITEM, archived: true } })).toMatchObject({
      status: 409,
      code: 'item_archived',
    });
  });

  it('treats a delete without the dependents counted as a handler bug', () => {
    expect(() => remove({ dependents: undefined })).toThrow(TypeError);
  });

  it('answers 404 to every command once deleted', () => {
    const commands: ItemVariationCommand[] = [
      { type: 'DeleteItemVariation' },
      { type: 'UpdateItemVariation', input: { barcode: 'X' } },
      { type: 'AddVariationLocation', input: { location_id: SHOP }, item_variation_location_id: 9 },
      { type: 'UpdateVariationLocation', location_id: SHOP, input: { threshold: 1 } },
      { type: 'RemoveVariationLocation', location_id: SHOP },
      { type: 'AdjustVariationStock', location_id: SHOP, input: { quantity: 1 } },
    ];
    for (const command of commands)
      expect(existing(deleted).when(command, context())).toMatchObject({
        status: 404,
        code: 'resource_missing',
      });
  });
});
