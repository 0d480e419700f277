import { RecordedEvent } from '@app/event-store';
import { sql } from 'kysely';
import { Database } from '../database';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { itemCategoryListsProjector } from './item-category-lists';

postgresSkipNotice('item_category_lists projector');

const ACCOUNT = '00000000-0000-4000-8000-00000000000a';
const A = '00000000-0000-4000-8000-000000000001';
const B = '00000000-0000-4000-8000-000000000002';
const C = '00000000-0000-4000-8000-000000000003';
const D = '00000000-0000-4000-8000-000000000004';

const at = (minute: number) => `2030-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;

const FIELD = {
  id: '00000000-0000-4000-8000-0000000000f1',
  name: 'Voltage',
  display_order: 1,
  display_on_inventory_list: true,
  publish_on_documents: false,
};

/** Events as the store records them: revisions per stream, positions in the given order. */
function log(...entries: [id: string, type: string, data: object][]): RecordedEvent[] {
  const revisions = new Map<string, number>();
  return entries.map(([id, type, data], n) => {
    const streamId = `itemCategory-${id}`;
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    const position = { commit: BigInt(n + 1), prepare: BigInt(n + 1) };
    return {
      id: `e${n}`,
      streamId,
      revision,
      type,
      data: data as never,
      metadata: {},
      position,
      recordedAt: new Date(),
    };
  });
}

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
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database?.close());

  async function project(schema: string, batches: RecordedEvent[][]): Promise<void> {
    await sql`create schema ${sql.id(schema)}`.execute(database.db);
    await itemCategoryListsProjector.setup(database.db, schema);
    for (const batch of batches) {
      await database.db.transaction().execute((trx) => itemCategoryListsProjector.apply(trx, batch, schema));
    }
  }

  const rows = async (schema: string) =>
    (
      await sql<
        Record<string, unknown>
      >`select * from ${sql.table(`${schema}.item_categories`)} order by id`.execute(database.db)
    ).rows;

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
    await project('batched', [FIRST_BATCH, SECOND_BATCH]);
    await project(
      'one_by_one',
      EVENTS.map((event) => [event]),
    );
    expect(await rows('batched')).toEqual(await rows('one_by_one'));
    expect(await rows('batched')).toEqual([
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
