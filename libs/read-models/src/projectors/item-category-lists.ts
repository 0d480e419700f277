import { RecordedEvent } from '@app/event-store';
import { sql, Transaction } from 'kysely';
import { Projector } from '../projector';
import { domainEvent, recordIdOf } from './domain-events';
import { pendingAt, PendingRecord, RecordColumn, writeRecords } from './pending-records';
import { recordKeyColumns, recordStampColumns } from './column-groups';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Item categories as list rows: one row per live category (deleted ones removed), custom-field
 * definitions as a jsonb array in display order. `revision` is the stream revision of the last
 * event. A batch is folded per category first, then written with at most three statements: one
 * INSERT of the categories created in the batch (with their later changes), one UPDATE merging the
 * others' changes, one DELETE.
 */
export const itemCategoryListsProjector: Projector = {
  name: 'item_category_lists',
  version: 1,
  tables: ['item_categories'],
  writesOnly: true,
  handles: ['ItemCategoryCreated', 'ItemCategoryUpdated', 'ItemCategoryDeleted'],
  async setup(db, schema) {
    await db.schema
      .withSchema(schema)
      .createTable('item_categories')
      .$call(recordKeyColumns)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'uuid')
      .addColumn('inventory_type', 'text', (c) => c.notNull())
      .addColumn('weight', 'integer', (c) => c.notNull())
      .addColumn('custom_fields', 'jsonb', (c) => c.notNull())
      .$call(recordStampColumns)
      .execute();
    const on = sql.table(`${schema}.item_categories`);
    // The list: an account's categories by weight, then name.
    await sql`create index item_categories_list_idx on ${on} (account_id, weight, lower(name), id)`.execute(
      db,
    );
    // Direct children of a category (the parent_id filter, and the delete and nesting rules).
    await sql`create index item_categories_parent_idx on ${on} (account_id, parent_id)`.execute(db);
  },
  async apply(trx, events, schema) {
    await writeBatch(trx, schema, foldBatch(events));
  },
};

/** The columns an ItemCategoryUpdated may change, with their SQL types. */
const CHANGEABLE: readonly RecordColumn[] = [
  { name: 'name', type: 'text' },
  { name: 'parent_id', type: 'uuid' },
  { name: 'inventory_type', type: 'text' },
  { name: 'weight', type: 'integer' },
  { name: 'custom_fields', type: 'jsonb' },
];

/** The columns of `item_categories`, in table order. */
const COLUMNS: readonly RecordColumn[] = [
  { name: 'id', type: 'uuid' },
  { name: 'account_id', type: 'uuid' },
  ...CHANGEABLE,
  { name: 'revision', type: 'integer' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
];

function foldBatch(events: RecordedEvent[]): Map<string, PendingRecord> {
  const pending = new Map<string, PendingRecord>();
  for (const event of events) {
    const id = recordIdOf(event);
    pending.set(id, foldEvent(pendingAt(pending.get(id), id, event.revision), event));
  }
  return pending;
}

function foldEvent(next: PendingRecord, event: RecordedEvent): PendingRecord {
  const { type, data: d } = domainEvent(event);
  switch (type) {
    case 'ItemCategoryCreated':
      return { ...next, created: d, changes: {}, updatedAt: d.created_at };
    case 'ItemCategoryUpdated':
      return { ...next, changes: { ...next.changes, ...d.changes }, updatedAt: d.updated_at };
    case 'ItemCategoryDeleted':
      return { ...next, deleted: true };
    default:
      return next;
  }
}

async function writeBatch(
  trx: Transaction<any>,
  schema: string,
  batch: Map<string, PendingRecord>,
): Promise<void> {
  const target = sql.table(`${schema}.item_categories`);
  await writeRecords(trx, target, COLUMNS, CHANGEABLE, batch.values());
}
