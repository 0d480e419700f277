import { RecordedEvent } from '@app/event-store';
import { Kysely, RawBuilder, sql, Transaction } from 'kysely';
import { Projector } from '../projector';
import { batchIds, batchRows } from './batch-rows';
import { domainEvent, recordIdOf } from './domain-events';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Customers (prospects included) and suppliers as list rows: one row per live record, archived
 * ones included, deleted ones removed. `revision` is the stream revision of the record's last event.
 *
 * Customers are created fast (the API benchmark does nothing else), so a batch is folded in memory
 * first and written with at most three statements per table: one INSERT of the records created in
 * the batch (already carrying their later changes), one UPDATE of the others' merged changes, one
 * DELETE of the records deleted.
 */
export const partyListsProjector: Projector = {
  name: 'party_lists',
  version: 1,
  tables: ['customers', 'suppliers'],
  writesOnly: true,
  handles: [
    'CustomerCreated',
    'CustomerUpdated',
    'CustomerArchived',
    'CustomerRestored',
    'ProspectConvertedToCustomer',
    'CustomerDeleted',
    'SupplierCreated',
    'SupplierUpdated',
    'SupplierArchived',
    'SupplierRestored',
    'SupplierDeleted',
  ],
  async setup(db, schema) {
    for (const table of TABLES) await createTable(db, schema, table);
  },
  async apply(trx, events, schema) {
    const pending = foldBatch(events);
    for (const table of TABLES) await writeTable(trx, schema, table, pending.get(table.name));
  },
};

type ColumnType = 'uuid' | 'text' | 'jsonb' | 'numeric(6,3)' | 'boolean' | 'integer' | 'timestamptz';

interface Column {
  name: string;
  type: ColumnType;
  notNull: boolean;
}

const column = (name: string, type: ColumnType, notNull = true): Column => ({ name, type, notNull });

interface Table {
  name: 'customers' | 'suppliers';
  /** Every column but the primary key `id`, in table order. */
  columns: readonly Column[];
  /** The columns an event may change: the record's fields and `archived`. */
  changeable: readonly Column[];
}

const PARTY_FIELDS: readonly Column[] = [
  column('name', 'text'),
  column('account_number', 'text', false),
  column('email', 'text', false),
  column('phone', 'text', false),
  column('billing_address', 'jsonb'),
  column('shipping_address', 'jsonb'),
  column('tax_rate', 'numeric(6,3)'),
  column('tax_2_rate', 'numeric(6,3)'),
  column('payment_terms', 'text', false),
  column('assigned_user_id', 'uuid', false),
];

function table(name: Table['name'], fields: readonly Column[]): Table {
  const archived = column('archived', 'boolean');
  return {
    name,
    columns: [
      column('account_id', 'uuid'),
      ...fields,
      archived,
      column('revision', 'integer'),
      column('created_at', 'timestamptz'),
      column('updated_at', 'timestamptz'),
    ],
    changeable: [...fields, archived],
  };
}

const TABLES = [
  table('customers', [column('kind', 'text'), ...PARTY_FIELDS]),
  table('suppliers', PARTY_FIELDS),
] as const;

async function createTable(db: Kysely<any>, schema: string, table: Table): Promise<void> {
  let create = db.schema
    .withSchema(schema)
    .createTable(table.name)
    .addColumn('id', 'uuid', (c) => c.primaryKey());
  for (const { name, type, notNull } of table.columns) {
    create = create.addColumn(name, sql.raw(type), (c) => (notNull ? c.notNull() : c));
  }
  await create.execute();
  const on = sql.table(`${schema}.${table.name}`);
  // The list: one account's active (or archived) records by name; also what record_limit counts.
  await sql`create index ${sql.id(`${table.name}_list_idx`)}
    on ${on} (account_id, archived, lower(name), id)`.execute(db);
  // The list of a user who sees only the records assigned to them.
  await sql`create index ${sql.id(`${table.name}_assigned_idx`)}
    on ${on} (account_id, assigned_user_id, archived, lower(name), id)`.execute(db);
}

/** What a batch does to one record: a row to insert, changes to merge, or a deletion. */
interface Pending {
  id: string;
  /** The full row when the record was created in this batch. */
  created?: Record<string, unknown>;
  changes: Record<string, unknown>;
  revision: number;
  updatedAt: string;
  deleted: boolean;
}

type Batch = Map<Table['name'], Map<string, Pending>>;

function foldBatch(events: RecordedEvent[]): Batch {
  const batch: Batch = new Map();
  for (const event of events) {
    const tableName = event.type.startsWith('Supplier') ? 'suppliers' : 'customers';
    const records = batch.get(tableName) ?? new Map<string, Pending>();
    batch.set(tableName, records);
    const id = recordIdOf(event);
    records.set(id, foldEvent(records.get(id), id, event));
  }
  return batch;
}

function foldEvent(pending: Pending | undefined, id: string, event: RecordedEvent): Pending {
  const { type, data: d } = domainEvent(event);
  const next: Pending = pending
    ? { ...pending, revision: event.revision }
    : { id, changes: {}, revision: event.revision, updatedAt: '', deleted: false };
  switch (type) {
    case 'CustomerCreated':
    case 'SupplierCreated':
      return { ...next, created: { ...d, archived: false }, changes: {}, updatedAt: d.created_at };
    case 'CustomerUpdated':
    case 'SupplierUpdated':
      return { ...next, changes: { ...next.changes, ...d.changes }, updatedAt: d.updated_at };
    case 'CustomerArchived':
    case 'SupplierArchived':
      return { ...next, changes: { ...next.changes, archived: true }, updatedAt: d.archived_at };
    case 'CustomerRestored':
    case 'SupplierRestored':
      return { ...next, changes: { ...next.changes, archived: false }, updatedAt: d.restored_at };
    case 'CustomerDeleted':
    case 'SupplierDeleted':
      return { ...next, deleted: true };
    case 'ProspectConvertedToCustomer':
      return { ...next, changes: { ...next.changes, kind: 'customer' }, updatedAt: d.converted_at };
    default:
      return next;
  }
}

async function writeTable(
  trx: Transaction<any>,
  schema: string,
  table: Table,
  records: Map<string, Pending> | undefined,
): Promise<void> {
  if (!records) return;
  const inserts: Record<string, unknown>[] = [];
  const updates: Record<string, unknown>[] = [];
  const deletes: string[] = [];
  for (const p of records.values()) {
    if (p.deleted) {
      // Created and deleted in the same batch: the table never needs to know it.
      if (!p.created) deletes.push(p.id);
    } else if (p.created) {
      inserts.push({ ...p.created, ...p.changes, id: p.id, revision: p.revision, updated_at: p.updatedAt });
    } else {
      updates.push({ id: p.id, changes: p.changes, revision: p.revision, updated_at: p.updatedAt });
    }
  }
  const target = sql.table(`${schema}.${table.name}`);
  if (inserts.length > 0) await insertRows(trx, target, table, inserts);
  if (updates.length > 0) await updateRows(trx, target, table, updates);
  if (deletes.length > 0) {
    await sql`delete from ${target} where id in ${batchIds(deletes)}`.execute(trx);
  }
}

async function insertRows(
  trx: Transaction<any>,
  target: RawBuilder<unknown>,
  table: Table,
  rows: Record<string, unknown>[],
): Promise<void> {
  const columns = [column('id', 'uuid'), ...table.columns];
  const names = sql.raw(columns.map((c) => c.name).join(', '));
  const definitions = sql.raw(columns.map((c) => `${c.name} ${c.type}`).join(', '));
  await sql`insert into ${target} (${names})
    select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${definitions})`.execute(
    trx,
  );
}

/** Each changed column takes its new value (null included); the others keep theirs. */
async function updateRows(
  trx: Transaction<any>,
  target: RawBuilder<unknown>,
  table: Table,
  rows: Record<string, unknown>[],
): Promise<void> {
  const assignments = table.changeable.map(({ name, type }) => {
    const value = type === 'jsonb' ? `r.changes -> '${name}'` : `(r.changes ->> '${name}')::${type}`;
    return `${name} = case when r.changes ? '${name}' then ${value} else t.${name} end`;
  });
  await sql`update ${target} as t set ${sql.raw(assignments.join(', '))},
      revision = r.revision, updated_at = r.updated_at
    from ${batchRows(rows, 'id uuid, changes jsonb, revision integer, updated_at timestamptz')} as r
    where t.id = r.id`.execute(trx);
}
