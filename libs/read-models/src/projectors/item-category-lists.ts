import { RecordedEvent } from '@app/event-store';
import { sql, Transaction } from 'kysely';
import { Projector } from '../projector';
import { batchIds, batchRows } from './batch-rows';
import { domainEvent, recordIdOf } from './domain-events';

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
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('account_id', 'uuid', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'uuid')
      .addColumn('inventory_type', 'text', (c) => c.notNull())
      .addColumn('weight', 'integer', (c) => c.notNull())
      .addColumn('custom_fields', 'jsonb', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
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
const CHANGEABLE = {
  name: 'text',
  parent_id: 'uuid',
  inventory_type: 'text',
  weight: 'integer',
  custom_fields: 'jsonb',
} as const;

/** What a batch does to one category: a row to insert, changes to merge, or a deletion. */
interface Pending {
  id: string;
  /** The full row when the category was created in this batch. */
  created?: Record<string, unknown>;
  changes: Record<string, unknown>;
  revision: number;
  updatedAt: string;
  deleted: boolean;
}

function foldBatch(events: RecordedEvent[]): Map<string, Pending> {
  const pending = new Map<string, Pending>();
  for (const event of events) {
    const id = recordIdOf(event);
    const before = pending.get(id) ?? {
      id,
      changes: {},
      revision: event.revision,
      updatedAt: '',
      deleted: false,
    };
    pending.set(id, foldEvent({ ...before, revision: event.revision }, event));
  }
  return pending;
}

function foldEvent(next: Pending, event: RecordedEvent): Pending {
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

async function writeBatch(trx: Transaction<any>, schema: string, batch: Map<string, Pending>): Promise<void> {
  const inserts: Record<string, unknown>[] = [];
  const updates: Record<string, unknown>[] = [];
  const deletes: string[] = [];
  for (const p of batch.values()) {
    if (p.deleted) {
      // Created and deleted in the same batch: the table never needs to know it.
      if (!p.created) deletes.push(p.id);
    } else if (p.created) {
      inserts.push({ ...p.created, ...p.changes, id: p.id, revision: p.revision, updated_at: p.updatedAt });
    } else {
      updates.push({ id: p.id, changes: p.changes, revision: p.revision, updated_at: p.updatedAt });
    }
  }
  const target = sql.table(`${schema}.item_categories`);
  if (inserts.length > 0) {
    await sql`insert into ${target}
        (id, account_id, name, parent_id, inventory_type, weight, custom_fields, revision, created_at, updated_at)
      select id, account_id, name, parent_id, inventory_type, weight, custom_fields, revision, created_at, updated_at
      from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb) as r(id uuid, account_id uuid, name text,
        parent_id uuid, inventory_type text, weight integer, custom_fields jsonb, revision integer,
        created_at timestamptz, updated_at timestamptz)`.execute(trx);
  }
  if (updates.length > 0) await updateRows(trx, target, updates);
  if (deletes.length > 0) {
    await sql`delete from ${target} where id in ${batchIds(deletes)}`.execute(trx);
  }
}

/** Each changed column takes its new value (null included); the others keep theirs. */
async function updateRows(trx: Transaction<any>, target: ReturnType<typeof sql.table>, rows: object[]) {
  const assignments = Object.entries(CHANGEABLE).map(([name, type]) => {
    const value = type === 'jsonb' ? `r.changes -> '${name}'` : `(r.changes ->> '${name}')::${type}`;
    return `${name} = case when r.changes ? '${name}' then ${value} else t.${name} end`;
  });
  await sql`update ${target} as t set ${sql.raw(assignments.join(', '))},
      revision = r.revision, updated_at = r.updated_at
    from ${batchRows(rows, 'id uuid, changes jsonb, revision integer, updated_at timestamptz')} as r
    where t.id = r.id`.execute(trx);
}
