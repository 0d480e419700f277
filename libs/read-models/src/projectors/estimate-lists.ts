import { RecordedEvent } from '@app/event-store';
import { Kysely, RawBuilder, sql, Transaction } from 'kysely';
import { Projector } from '../projector';
import { hasTrigrams } from './trigrams';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Estimates as list rows (`estimates`): one row per live estimate, declined ones included; a
 * deleted estimate's row is removed. Amounts are copied from the events (calculated when the
 * estimate was decided), never recomputed; `line_count` leaves out the generated discount line.
 * `revision` is the stream revision of the estimate's last event.
 *
 * Estimates of 500 lines are created in a benchmark, so a batch is folded in memory first (the
 * lines themselves are never sent to the database) and written with at most three statements.
 * Each write is guarded by `revision`, so applying an event the row already reflects changes nothing.
 */
export const estimateListsProjector: Projector = {
  name: 'estimate_lists',
  version: 1,
  tables: ['estimates'],
  writesOnly: true,
  handles: ['EstimateCreated', 'EstimateUpdated', 'EstimateDeclined', 'EstimateDeleted'],
  async setup(db, schema) {
    await createTable(db, schema);
  },
  async apply(trx, events, schema) {
    await writeBatch(trx, sql.table(`${schema}.estimates`), foldBatch(events));
  },
};

/** Columns an event may change after the creation, with their SQL types. */
const CHANGEABLE = {
  custom_estimate_number: 'text',
  name: 'text',
  customer_id: 'uuid',
  customer_name: 'text',
  customer_kind: 'text',
  status_id: 'integer',
  issue_date: 'date',
  expiry_date: 'date',
  purchase_order_number: 'text',
  attention: 'text',
  shipping_address: 'text',
  public_note: 'text',
  payment_terms: 'text',
  shipping_fee: 'numeric',
  shipping_cost: 'numeric',
  discount_percent: 'numeric(6,3)',
  pre_discount_subtotal: 'numeric',
  discount: 'numeric',
  subtotal: 'numeric',
  tax: 'numeric',
  tax_2: 'numeric',
  total: 'numeric',
  custom_field_values: 'jsonb',
  line_count: 'integer',
} as const;

/** Every column, in table order. */
const COLUMNS = {
  id: 'uuid',
  account_id: 'uuid',
  estimate_number: 'integer',
  salesperson_id: 'uuid',
  ...CHANGEABLE,
  revision: 'integer',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

type Column = keyof typeof COLUMNS;

const NULLABLE = new Set<Column>([
  'custom_estimate_number',
  'name',
  'attention',
  'shipping_address',
  'public_note',
  'payment_terms',
]);

/** The amounts an event carries in `totals`, one column each. */
const TOTALS = ['pre_discount_subtotal', 'discount', 'subtotal', 'tax', 'tax_2', 'total'] as const;

/** Text searched by the list's `q` (a substring, case-insensitive), each with a trigram index where possible. */
export const ESTIMATE_SEARCH_COLUMNS = ['customer_name', 'custom_estimate_number', 'name'] as const;

async function createTable(db: Kysely<any>, schema: string): Promise<void> {
  let create = db.schema.withSchema(schema).createTable('estimates');
  for (const [name, type] of Object.entries(COLUMNS) as [Column, string][]) {
    create = create.addColumn(name, sql.raw(type), (c) =>
      name === 'id' ? c.primaryKey() : NULLABLE.has(name) ? c : c.notNull(),
    );
  }
  await create.execute();
  const on = sql.table(`${schema}.estimates`);
  const index = (name: string, definition: string, unique = false) =>
    sql`create ${sql.raw(unique ? 'unique ' : '')}index ${sql.id(name)} on ${on} ${sql.raw(definition)}`.execute(
      db,
    );
  // The list, newest number first; a numeric q matches the exact number.
  await index('estimates_number_idx', '(account_id, estimate_number desc)', true);
  // The list of a user without view-all: their own estimates only.
  await index('estimates_salesperson_idx', '(account_id, salesperson_id, estimate_number desc)');
  await index('estimates_customer_idx', '(account_id, customer_id)');
  await index('estimates_status_idx', '(account_id, status_id, estimate_number desc)');
  await index('estimates_issue_date_idx', '(account_id, issue_date)');
  await index('estimates_expiry_date_idx', '(account_id, expiry_date)');
  if (await hasTrigrams(db)) {
    for (const column of ESTIMATE_SEARCH_COLUMNS) {
      await index(`estimates_${column}_trgm_idx`, `using gin (lower(${column}) gin_trgm_ops)`);
    }
  }
}

/** What a batch does to one estimate: a row to insert, changes to merge, or a deletion. */
interface Pending {
  id: string;
  /** The full row when the estimate was created in this batch. */
  created?: Record<string, unknown>;
  changes: Record<string, unknown>;
  revision: number;
  updatedAt: string;
  deleted: boolean;
}

function foldBatch(events: RecordedEvent[]): Map<string, Pending> {
  const batch = new Map<string, Pending>();
  for (const event of events) {
    const id = event.streamId.slice('estimate-'.length);
    batch.set(id, foldEvent(batch.get(id), id, event));
  }
  return batch;
}

function foldEvent(pending: Pending | undefined, id: string, event: RecordedEvent): Pending {
  const d = event.data as Record<string, any>;
  const next: Pending = pending
    ? { ...pending, revision: event.revision }
    : { id, changes: {}, revision: event.revision, updatedAt: '', deleted: false };
  switch (event.type) {
    case 'EstimateCreated': {
      const row: Record<string, unknown> = {};
      for (const name of Object.keys(COLUMNS)) if (name in d) row[name] = d[name];
      Object.assign(row, amountsOf(d.lines, d.totals));
      return { ...next, created: row, changes: {}, deleted: false, updatedAt: d.created_at };
    }
    case 'EstimateUpdated':
      return {
        ...next,
        changes: { ...next.changes, ...d.changes, ...amountsOf(d.lines, d.totals) },
        updatedAt: d.updated_at,
      };
    case 'EstimateDeclined':
      return { ...next, changes: { ...next.changes, status_id: d.status_id }, updatedAt: d.declined_at };
    case 'EstimateDeleted':
      return { ...next, deleted: true };
    default:
      return next;
  }
}

/** The totals' columns and `line_count`, each only when the event carries it. */
function amountsOf(lines: { line_type: string }[] | undefined, totals: Record<string, string> | undefined) {
  const amounts: Record<string, unknown> = {};
  if (lines) amounts.line_count = lines.filter((line) => line.line_type !== 'discount').length;
  if (totals) for (const name of TOTALS) amounts[name] = totals[name];
  return amounts;
}

async function writeBatch(
  trx: Transaction<any>,
  target: RawBuilder<unknown>,
  batch: Map<string, Pending>,
): Promise<void> {
  const inserts: Record<string, unknown>[] = [];
  const updates: Record<string, unknown>[] = [];
  const deletes: string[] = [];
  for (const p of batch.values()) {
    if (p.deleted) deletes.push(p.id);
    else if (p.created) {
      inserts.push({ ...p.created, ...p.changes, id: p.id, revision: p.revision, updated_at: p.updatedAt });
    } else {
      updates.push({ id: p.id, changes: p.changes, revision: p.revision, updated_at: p.updatedAt });
    }
  }
  if (inserts.length > 0) await insertRows(trx, target, inserts);
  if (updates.length > 0) await updateRows(trx, target, updates);
  if (deletes.length > 0) {
    await sql`delete from ${target}
      where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(deletes)}::jsonb))`.execute(
      trx,
    );
  }
}

/** A row already at (or past) the batch's revision keeps what it has. */
async function insertRows(
  trx: Transaction<any>,
  target: RawBuilder<unknown>,
  rows: Record<string, unknown>[],
): Promise<void> {
  const columns = Object.entries(COLUMNS);
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  const definitions = sql.raw(columns.map(([name, type]) => `${name} ${type}`).join(', '));
  const assignments = sql.raw(
    columns
      .filter(([name]) => name !== 'id')
      .map(([name]) => `${name} = excluded.${name}`)
      .join(', '),
  );
  await sql`insert into ${target} as t (${names})
    select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${definitions})
    on conflict (id) do update set ${assignments} where t.revision < excluded.revision`.execute(trx);
}

/** Each changed column takes its new value (null included); the others keep theirs. */
async function updateRows(
  trx: Transaction<any>,
  target: RawBuilder<unknown>,
  rows: Record<string, unknown>[],
): Promise<void> {
  const assignments = Object.entries(CHANGEABLE).map(([name, type]) => {
    const value = type === 'jsonb' ? `r.changes -> '${name}'` : `(r.changes ->> '${name}')::${type}`;
    return `${name} = case when r.changes ? '${name}' then ${value} else t.${name} end`;
  });
  await sql`update ${target} as t set ${sql.raw(assignments.join(', '))},
      revision = r.revision, updated_at = r.updated_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(id uuid, changes jsonb, revision integer, updated_at timestamptz)
    where t.id = r.id and t.revision < r.revision`.execute(trx);
}
