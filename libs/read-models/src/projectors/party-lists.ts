import { RecordedEvent } from '@app/event-store';
import { Kysely, sql, Transaction } from 'kysely';
import { Projector } from '../projector';
import { domainEvent, recordIdOf } from './domain-events';
import { pendingAt, PendingRecord, writeRecords } from './pending-records';

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

type Batch = Map<Table['name'], Map<string, PendingRecord>>;

function foldBatch(events: RecordedEvent[]): Batch {
  const batch: Batch = new Map();
  for (const event of events) {
    const tableName = event.type.startsWith('Supplier') ? 'suppliers' : 'customers';
    const records = batch.get(tableName) ?? new Map<string, PendingRecord>();
    batch.set(tableName, records);
    const id = recordIdOf(event);
    records.set(id, foldEvent(records.get(id), id, event));
  }
  return batch;
}

function foldEvent(pending: PendingRecord | undefined, id: string, event: RecordedEvent): PendingRecord {
  const { type, data: d } = domainEvent(event);
  const next = pendingAt(pending, id, event.revision);
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
  records: Map<string, PendingRecord> | undefined,
): Promise<void> {
  if (!records) return;
  const target = sql.table(`${schema}.${table.name}`);
  await writeRecords(
    trx,
    target,
    [column('id', 'uuid'), ...table.columns],
    table.changeable,
    records.values(),
  );
}
