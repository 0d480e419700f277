import {
  A,
  ACCOUNT,
  at,
  B,
  C,
  D,
  log as streamLog,
  LogEntry,
  projectorOn,
  uuid,
} from '../testing/projector-spec';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { itemCategoryListsProjector } from './item-category-lists';

postgresSkipNotice('item_category_lists projector');

const FIELD = {
  id: uuid('f1'),
  name: 'Voltage',
  display_order: 1,
  display_on_inventory_list: true,
  publish_on_documents: false,
};

/** The log of these category events, each entry naming the category rather than its stream. */
const log = (...entries: LogEntry[]) =>
  streamLog(...entries.map(([id, type, data]): LogEntry => [`itemCategory-${id}`, type, data]));

const created = (id: string, minute: number, over: object = {}) => ({
  id,
  account_id: ACCOUNT,
  name: 'Tools',
  inventory_type: 'quantity',
  parent_id: null,
  weight: 0,
  custom_fields: [FIELD],
  created_at: at(minute),
  ...over,
});

// A spans both batches; B is created and deleted within the first; C is deleted in the second;
// D only changes in the first.
const EVENTS = log(
  [A, 'ItemCategoryCreated', created(A, 0)],
  [B, 'ItemCategoryCreated', created(B, 1, { name: 'Gone' })],
  [C, 'ItemCategoryCreated', created(C, 2, { name: 'Drills', parent_id: A, custom_fields: [] })],
  [A, 'ItemCategoryUpdated', { changes: { name: 'Hand tools', weight: -2 }, updated_at: at(3) }],
  [B, 'ItemCategoryDeleted', { deleted_at: at(4) }],
  [D, 'ItemCategoryCreated', created(D, 5, { name: 'Saws', inventory_type: 'unique' })],
  [D, 'ItemCategoryUpdated', { changes: { parent_id: A, custom_fields: [] }, updated_at: at(6) }],
  // second batch
  [
    A,
    'ItemCategoryUpdated',
    { changes: { custom_fields: [{ ...FIELD, name: 'Volts' }] }, updated_at: at(7) },
  ],
  [D, 'ItemCategoryUpdated', { changes: { parent_id: null }, updated_at: at(8) }],
  [C, 'ItemCategoryDeleted', { deleted_at: at(9) }],
);
const FIRST_BATCH = EVENTS.slice(0, 7);
const SECOND_BATCH = EVENTS.slice(7);

describe.each(testDatabases())('item_category_lists projector on $name', (target) => {
  const { project, ...spec } = projectorOn(target, itemCategoryListsProjector);

  const rows = (schema: string) => spec.rows(schema, 'item_categories', 'id');

  it('folds each category of a batch into one row: created rows carry their later changes', async () => {
    await project('first_only', [FIRST_BATCH]);
    expect(await rows('first_only')).toEqual([
      {
        id: A,
        account_id: ACCOUNT,
        name: 'Hand tools',
        parent_id: null,
        inventory_type: 'quantity',
        weight: -2,
        custom_fields: [FIELD],
        revision: 1,
        created_at: new Date(at(0)),
        updated_at: new Date(at(3)),
      },
      expect.objectContaining({ id: C, parent_id: A, custom_fields: [], revision: 0 }),
      expect.objectContaining({
        id: D,
        parent_id: A,
        inventory_type: 'unique',
        custom_fields: [],
        revision: 1,
      }),
    ]);
  });

  it('ends with the same rows whether events come in batches or one by one', async () => {
    expect(await spec.projectedAlike(rows, [FIRST_BATCH, SECOND_BATCH])).toEqual([
      expect.objectContaining({
        id: A,
        name: 'Hand tools',
        weight: -2,
        custom_fields: [{ ...FIELD, name: 'Volts' }],
        revision: 2,
        updated_at: new Date(at(7)),
      }),
      expect.objectContaining({ id: D, parent_id: null, revision: 2, updated_at: new Date(at(8)) }),
    ]);
  });
});
