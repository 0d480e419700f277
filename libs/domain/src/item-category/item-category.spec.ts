import { ACCOUNT_ID, LATER, NOW, OTHER_ACCOUNT_ID, RECORD_ID } from '../testing/fixtures';
import { liveRecordAfter, scenario } from '../testing/scenario';
import { ItemCategoryCommand } from './commands';
import { ItemCategoryContext } from './context';
import { decideItemCategory } from './decide';
import { ItemCategoryEvent } from './events';
import { evolveItemCategory, initialItemCategoryState } from './evolve';
import { CustomField } from './fields';
import { itemCategoryAggregate } from './item-category';
import { itemCategoryView } from './view';

const folding = { initialState: initialItemCategoryState, evolve: evolveItemCategory };
const category = scenario(folding, decideItemCategory);

const PARENT_ID = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const FIELD_IDS = ['f0000000-0000-4000-8000-000000000001', 'f0000000-0000-4000-8000-000000000002'];
const NEW_IDS = ['f0000000-0000-4000-8000-00000000000a', 'f0000000-0000-4000-8000-00000000000b'];

const context = (over: Partial<ItemCategoryContext> = {}): ItemCategoryContext => ({
  now: LATER,
  accountId: ACCOUNT_ID,
  childCount: 0,
  ...over,
});
const rootParent = { parent: { id: PARENT_ID, parent_id: null } };

const field = (n: number, over: Partial<CustomField> = {}): CustomField => ({
  id: FIELD_IDS[n],
  name: `Field ${n}`,
  display_order: n + 1,
  display_on_inventory_list: false,
  publish_on_documents: false,
  ...over,
});

const created: ItemCategoryEvent = {
  type: 'ItemCategoryCreated',
  data: {
    id: RECORD_ID,
    account_id: ACCOUNT_ID,
    name: 'Tools',
    inventory_type: 'quantity',
    parent_id: null,
    weight: 0,
    custom_fields: [field(0), field(1)],
    created_at: NOW,
  },
};

const create = (input: object, over: Partial<ItemCategoryContext> = {}) =>
  category
    .given()
    .when(
      { type: 'CreateItemCategory', id: RECORD_ID, input, fieldIds: NEW_IDS },
      context({ now: NOW, ...over }),
    );
const update = (input: object, over: Partial<ItemCategoryContext> = {}, ...history: ItemCategoryEvent[]) =>
  category
    .given(created, ...history)
    .when({ type: 'UpdateItemCategory', input, fieldIds: NEW_IDS } as ItemCategoryCommand, context(over));
const remove = (over: Partial<ItemCategoryContext> = {}) =>
  category.given(created).when({ type: 'DeleteItemCategory' }, context({ dependents: [], ...over }));

describe('ItemCategory', () => {
  it('streams as itemCategory-<id>', () => {
    expect(itemCategoryAggregate.streamPrefix).toBe('itemCategory');
  });

  describe('create', () => {
    it('needs a name and an inventory type; the rest defaults (root, weight 0, no custom fields)', () => {
      expect(create({ name: 'Tools', inventory_type: 'unique' })).toEqual([
        {
          type: 'ItemCategoryCreated',
          data: {
            id: RECORD_ID,
            account_id: ACCOUNT_ID,
            name: 'Tools',
            inventory_type: 'unique',
            parent_id: null,
            weight: 0,
            custom_fields: [],
            created_at: NOW,
          },
        },
      ]);
    });

    it.each([
      [{ inventory_type: 'quantity' }, 'name'],
      [{ name: 'Tools' }, 'inventory_type'],
      [{ name: ' ', inventory_type: 'quantity' }, 'name'],
      [{ name: 'x'.repeat(256), inventory_type: 'quantity' }, 'name'],
      [{ name: 'Tools', inventory_type: 'service' }, 'inventory_type'],
      [{ name: 'Tools', inventory_type: 'quantity', weight: 1.5 }, 'weight'],
      [{ name: 'Tools', inventory_type: 'quantity', weight: 2 ** 31 }, 'weight'],
      [{ name: 'Tools', inventory_type: 'quantity', parent_id: 'root' }, 'parent_id'],
      [{ name: 'Tools', inventory_type: 'quantity', custom_fields: {} }, 'custom_fields'],
      [{ name: 'Tools', inventory_type: 'quantity', custom_fields: null }, 'custom_fields'],
      [{ name: 'Tools', inventory_type: 'quantity', custom_fields: ['Colour'] }, 'custom_fields.0'],
      [{ name: 'Tools', inventory_type: 'quantity', custom_fields: [{}] }, 'custom_fields.0.name'],
      [
        {
          name: 'Tools',
          inventory_type: 'quantity',
          custom_fields: [{ name: 'A', publish_on_documents: 'yes' }],
        },
        'custom_fields.0.publish_on_documents',
      ],
      [
        { name: 'Tools', inventory_type: 'quantity', custom_fields: [{ name: 'A' }, { name: ' a ' }] },
        'custom_fields.1.name',
      ],
      [
        { name: 'Tools', inventory_type: 'quantity', custom_fields: [{ id: FIELD_IDS[0], name: 'A' }] },
        'custom_fields.0.id',
      ],
    ])('refuses %p naming %s', (input, param) => {
      expect(create(input, rootParent)).toMatchObject({ status: 422, code: 'validation_failed', param });
    });

    it('numbers custom fields in array order, each with a new id and both flags false unless given', () => {
      const input = {
        name: 'Tools',
        inventory_type: 'quantity',
        custom_fields: [
          { name: 'Voltage', publish_on_documents: true },
          { name: 'Brand', display_on_inventory_list: true },
        ],
      };
      expect(create(input)).toMatchObject([
        {
          data: {
            custom_fields: [
              {
                id: NEW_IDS[0],
                name: 'Voltage',
                display_order: 1,
                display_on_inventory_list: false,
                publish_on_documents: true,
              },
              {
                id: NEW_IDS[1],
                name: 'Brand',
                display_order: 2,
                display_on_inventory_list: true,
                publish_on_documents: false,
              },
            ],
          },
        },
      ]);
    });

    it('refuses more than 100 custom fields', () => {
      const custom_fields = Array.from({ length: 101 }, (_, i) => ({ name: `F${i}` }));
      expect(create({ name: 'Tools', inventory_type: 'quantity', custom_fields })).toMatchObject({
        status: 422,
        param: 'custom_fields',
      });
    });

    it('takes a top-level category of the account as parent, its id stored lower-case', () => {
      const decision = create(
        { name: 'Drills', inventory_type: 'quantity', parent_id: PARENT_ID.toUpperCase() },
        rootParent,
      );
      expect(decision).toMatchObject([{ data: { parent_id: PARENT_ID } }]);
    });

    it('refuses a parent the account does not have, or one that is itself a subcategory', () => {
      const input = { name: 'Drills', inventory_type: 'quantity', parent_id: PARENT_ID };
      expect(create(input, { parent: null })).toMatchObject({ status: 422, param: 'parent_id' });
      expect(create(input, { parent: { id: PARENT_ID, parent_id: RECORD_ID } })).toMatchObject({
        status: 422,
        param: 'parent_id',
        message: expect.stringContaining('top-level'),
      });
    });

    it('refuses to be its own parent', () => {
      expect(create({ name: 'Loop', inventory_type: 'quantity', parent_id: RECORD_ID })).toMatchObject({
        status: 422,
        param: 'parent_id',
      });
    });

    it('refuses a second creation on the same stream', () => {
      expect(
        category.given(created).when(
          {
            type: 'CreateItemCategory',
            id: RECORD_ID,
            input: { name: 'X', inventory_type: 'quantity' },
            fieldIds: [],
          },
          context(),
        ),
      ).toMatchObject({ status: 409, code: 'resource_already_exists' });
    });
  });

  describe('update', () => {
    it('records only the fields that changed', () => {
      expect(update({ name: 'Hand tools', inventory_type: 'quantity', weight: 3 })).toEqual([
        {
          type: 'ItemCategoryUpdated',
          data: { changes: { name: 'Hand tools', weight: 3 }, updated_at: LATER },
        },
      ]);
    });

    it('appends nothing when the complete body repeats the category', () => {
      const { name, inventory_type, parent_id } = created.data;
      expect(update({ name, inventory_type, parent_id, custom_fields: [field(0), field(1)] })).toEqual([]);
    });

    it('keeps fields by id, adds those without, drops those left out; order sets display_order', () => {
      const custom_fields = [
        { name: 'Colour' },
        { id: FIELD_IDS[1], name: 'Renamed', publish_on_documents: true },
      ];
      expect(update({ custom_fields })).toEqual([
        {
          type: 'ItemCategoryUpdated',
          data: {
            changes: {
              custom_fields: [
                {
                  id: NEW_IDS[0],
                  name: 'Colour',
                  display_order: 1,
                  display_on_inventory_list: false,
                  publish_on_documents: false,
                },
                {
                  id: FIELD_IDS[1],
                  name: 'Renamed',
                  display_order: 2,
                  display_on_inventory_list: false,
                  publish_on_documents: true,
                },
              ],
            },
            updated_at: LATER,
          },
        },
      ]);
    });

    it('reorders kept fields', () => {
      const decision = update({ custom_fields: [{ ...field(1), display_order: 9 }, field(0)] });
      expect(decision).toMatchObject([
        {
          data: {
            changes: { custom_fields: [field(1, { display_order: 1 }), field(0, { display_order: 2 })] },
          },
        },
      ]);
    });

    it('refuses an unknown or repeated custom field id', () => {
      for (const custom_fields of [
        [{ id: NEW_IDS[0], name: 'Ghost' }],
        [field(0), { ...field(0), name: 'Twice' }],
        [{ id: 'not-a-uuid', name: 'Bad' }],
      ]) {
        expect(update({ custom_fields })).toMatchObject({
          status: 422,
          param: expect.stringMatching(/^custom_fields\.\d\.id$/),
        });
      }
    });

    it('removes every custom field with an empty list', () => {
      expect(update({ custom_fields: [] })).toMatchObject([{ data: { changes: { custom_fields: [] } } }]);
    });

    it('moves under a top-level parent, and back to the root with null', () => {
      const moved: ItemCategoryEvent = {
        type: 'ItemCategoryUpdated',
        data: { changes: { parent_id: PARENT_ID }, updated_at: LATER },
      };
      expect(update({ parent_id: PARENT_ID }, rootParent)).toEqual([moved]);
      expect(update({ parent_id: null }, {}, moved)).toMatchObject([
        { data: { changes: { parent_id: null } } },
      ]);
      // Re-sending the parent it has needs no look-up.
      expect(update({ parent_id: PARENT_ID }, {}, moved)).toEqual([]);
    });

    it('refuses a parent for a category that has subcategories, and itself as parent', () => {
      expect(update({ parent_id: PARENT_ID }, { ...rootParent, childCount: 2 })).toMatchObject({
        status: 422,
        param: 'parent_id',
        message: expect.stringContaining('subcategories'),
      });
      expect(update({ parent_id: RECORD_ID })).toMatchObject({ status: 422, param: 'parent_id' });
    });

    it('changes its inventory type only while it holds no items', () => {
      const held = { dependents: [{ name: 'inventory', count: 2 }] };
      expect(update({ inventory_type: 'unique' }, held)).toMatchObject({
        status: 422,
        code: 'validation_failed',
        param: 'inventory_type',
        message: expect.stringContaining('2 inventory'),
      });
      // Re-sending the type it has changes nothing, so nothing needs counting.
      expect(update({ inventory_type: 'quantity' }, held)).toEqual([]);
      expect(update({ inventory_type: 'unique' }, { dependents: [] })).toMatchObject([
        { data: { changes: { inventory_type: 'unique' } } },
      ]);
      expect(() => update({ inventory_type: 'unique' })).toThrow(TypeError);
    });

    it('answers 404 for a category of another account or a deleted one', () => {
      expect(update({ name: 'X' }, { accountId: OTHER_ACCOUNT_ID })).toMatchObject({ status: 404 });
      const deleted: ItemCategoryEvent = { type: 'ItemCategoryDeleted', data: { deleted_at: LATER } };
      expect(update({ name: 'X' }, {}, deleted)).toMatchObject({ status: 404, code: 'resource_missing' });
    });
  });

  describe('delete', () => {
    it('deletes an empty category', () => {
      expect(remove()).toEqual([{ type: 'ItemCategoryDeleted', data: { deleted_at: LATER } }]);
    });

    it('refuses while items or subcategories depend on it, naming them', () => {
      const refusal = { status: 409, code: 'item_category_delete_not_allowed' };
      expect(remove({ dependents: [{ name: 'items', count: 3 }] })).toMatchObject({
        ...refusal,
        message: expect.stringContaining('3 items'),
      });
      expect(remove({ childCount: 1 })).toMatchObject({
        ...refusal,
        message: expect.stringContaining('1 subcategories'),
      });
    });

    it('cannot be decided without the dependents counted', () => {
      expect(() => remove({ dependents: undefined })).toThrow(TypeError);
    });
  });

  it('folds into the view: the API fields in order, custom fields by display_order', () => {
    const renamed: ItemCategoryEvent = {
      type: 'ItemCategoryUpdated',
      data: {
        changes: { name: 'Hand tools', custom_fields: [field(1, { display_order: 1 })] },
        updated_at: LATER,
      },
    };
    const record = liveRecordAfter(folding, [created, renamed]);
    const view = itemCategoryView(record);
    expect(Object.keys(view)).toEqual([
      'id',
      'object',
      'name',
      'parent_id',
      'inventory_type',
      'weight',
      'custom_fields',
      'created_at',
      'updated_at',
    ]);
    expect(view).toMatchObject({
      object: 'item_category',
      name: 'Hand tools',
      custom_fields: [field(1, { display_order: 1 })],
      created_at: NOW,
      updated_at: LATER,
    });
  });
});
