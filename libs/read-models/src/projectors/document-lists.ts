import { DomainEventType, EventDataOf } from '@app/domain';
import { RecordedEvent } from '@app/event-store';
import { Kysely, RawBuilder, sql, Transaction } from 'kysely';
import { Projector } from '../projector';
import { reusedWrite } from '../prepared-statements';
import { batchIds, batchRows } from './batch-rows';
import { changedValue } from './pending-records';
import { hasTrigrams, trigramIndex } from './trigrams';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** A list column: its SQL type, and whether it may be null (default: not null). */
export interface DocumentColumn {
  type: string;
  nullable?: boolean;
  /** Written at creation only; a change never carries it (id, account, number, salesperson …). */
  fixed?: boolean;
  /**
   * The SQL an update assigns, instead of "the change's value when it carries the column, else the
   * old one". `r.changes` is the batch's jsonb of changes, `t` the stored row (its old values).
   */
  update?: string;
}

export type DocumentRow = Record<string, unknown>;

/** A column set once, at the creation. */
export const fixedColumn = (type: string): DocumentColumn => ({ type, fixed: true });
/** A column events may change. */
export const column = (type: string, nullable = false): DocumentColumn => ({ type, nullable });

/**
 * Every sales document's identity and customer, in its table's order, between its number and
 * status; `own` is the kind's column after the salesperson (its custom number, a sales order's
 * location).
 */
export function documentIdentityColumns(numberColumn: string, own: Record<string, DocumentColumn>) {
  return {
    id: fixedColumn('uuid'),
    account_id: fixedColumn('uuid'),
    [numberColumn]: fixedColumn('integer'),
    salesperson_id: fixedColumn('uuid'),
    ...own,
    name: column('text', true),
    customer_id: column('uuid'),
    customer_name: column('text'),
    customer_kind: column('text'),
  };
}

/** The header every sales document's list row holds after its dates. */
export const DOCUMENT_HEADER_COLUMNS = {
  purchase_order_number: column('text'),
  attention: column('text', true),
  shipping_address: column('text', true),
  public_note: column('text', true),
  payment_terms: column('text', true),
  shipping_fee: column('numeric'),
  shipping_cost: column('numeric'),
  discount_percent: column('numeric(6,3)'),
};

/** What closes every list row: custom fields, the line count, the revision, the timestamps. */
export const DOCUMENT_TRAILING_COLUMNS = {
  custom_field_values: column('jsonb'),
  line_count: column('integer'),
  revision: column('integer'),
  created_at: fixedColumn('timestamptz'),
  updated_at: column('timestamptz'),
};

/**
 * The list's `date` columns, in table order: its reads take them back as text (the drivers would
 * make each a Date in the process's zone) and filter on them by `<column>_from` / `_to`.
 */
export function dateColumnsOf(list: Pick<DocumentListDeclaration, 'columns'>): string[] {
  return Object.entries(list.columns).flatMap(([name, column]) => (column.type === 'date' ? [name] : []));
}

/** One numeric column per amount. */
export function amountColumns(amounts: readonly string[]): Record<string, DocumentColumn> {
  return Object.fromEntries(amounts.map((name) => [name, column('numeric')]));
}

/** What one event does to its document's row. `undefined`: only the row's revision moves. */
export type DocumentStep =
  { created: DocumentRow } | { changes: DocumentRow } | { deleted: true } | undefined;

/**
 * One event type's effect on the data the domain records for it. `known(column)` is the column's
 * value as this batch already set it (by the creation or an earlier change), undefined when only the
 * stored row knows it.
 */
export type DocumentFold<T extends DomainEventType> = (
  data: EventDataOf<T>,
  known: (column: string) => unknown,
  event: RecordedEvent,
) => DocumentStep;

/** A fold for each event type `T` of the list. */
export type DocumentFolds<T extends DomainEventType> = { readonly [K in T]: DocumentFold<K> };

/**
 * A sales document's list table, as its projector writes it and `listDocuments` (apps/api) reads
 * it; `T` are the event types it folds (without `T`: any list, its folds unknown).
 */
export interface DocumentListDeclaration<T extends DomainEventType = never> {
  table: string;
  /** `estimate-`: the stream's prefix before the document's id. */
  streamPrefix: string;
  /** The account's number for the document (unique in the account, the list's order). */
  numberColumn: string;
  /**
   * Every column in table order; `id`, `revision` and `updated_at` are required. `revision` is the
   * stream revision of the document's last event (set by the machinery, never by a fold).
   */
  columns: Readonly<Record<string, DocumentColumn>>;
  /**
   * Indexes besides the primary key on `id` and the number's (`<table>_number_idx`, made for every
   * list): `definition` follows `on <table>`.
   */
  indexes: readonly { name: string; definition: string; unique?: boolean }[];
  /** Searched by the list's `q`, each with a trigram index on `lower(column)` where pg_trgm is available. */
  searchColumns: readonly string[];
  /** The event types the list handles and what each does. */
  fold: DocumentFolds<T>;
}

/** Tables a document projector owns besides its list (a document's payments, packing lists …). */
export interface DocumentChildTables {
  tables: readonly string[];
  /** Event types they need beyond the list's. */
  handles: readonly string[];
  setup(db: Kysely<any>, schema: string): Promise<void>;
  /** Writes only, like the list (the projector is `writesOnly`). Runs after the list's writes. */
  apply(trx: Transaction<any>, events: RecordedEvent[], schema: string): Promise<void>;
}

/**
 * A document list projector: one row per live document of `list.table`; a deleted document's row
 * is removed. A batch is folded in memory first (a 500-line document's lines never reach the
 * database) and written with at most three statements: an insert of the rows created in the batch,
 * an update merging the changes of the others, and a delete. Each write is guarded by `revision`,
 * so applying an event the row already reflects changes nothing. `apply` only writes.
 */
export function documentListProjector<T extends DomainEventType>(options: {
  name: string;
  version: number;
  list: DocumentListDeclaration<T>;
  children?: DocumentChildTables;
}): Projector {
  const { list, children } = options;
  assertDeclaration(list);
  return {
    name: options.name,
    version: options.version,
    tables: [list.table, ...(children?.tables ?? [])],
    writesOnly: true,
    handles: [...new Set([...Object.keys(list.fold), ...(children?.handles ?? [])])],
    async setup(db, schema) {
      await createListTable(db, schema, list);
      await children?.setup(db, schema);
    },
    // apply finds a document by its id alone (the primary key, made with the table).
    indexes: (db, schema) => createListIndexes(db, schema, list),
    async apply(trx, events, schema) {
      const own = events.filter((event) => event.type in list.fold);
      await writeBatch(trx, schema, list, foldBatch(list, own));
      if (children) await children.apply(trx, events, schema);
    },
  };
}

function assertDeclaration(list: DocumentListDeclaration): void {
  for (const required of ['id', 'revision', 'updated_at'])
    if (!(required in list.columns)) throw new Error(`${list.table} needs a column ${required}`);
}

async function createListTable(
  db: Kysely<any>,
  schema: string,
  list: DocumentListDeclaration,
): Promise<void> {
  let create = db.schema.withSchema(schema).createTable(list.table);
  for (const [name, column] of Object.entries(list.columns)) {
    create = create.addColumn(name, sql.raw(column.type), (c) =>
      name === 'id' ? c.primaryKey() : column.nullable ? c : c.notNull(),
    );
  }
  await create.execute();
}

async function createListIndexes(
  db: Kysely<any>,
  schema: string,
  list: DocumentListDeclaration,
): Promise<void> {
  const on = sql.table(`${schema}.${list.table}`);
  const index = (name: string, definition: string, unique = false) =>
    sql`create ${sql.raw(unique ? 'unique ' : '')}index ${sql.id(name)} on ${on} ${sql.raw(definition)}`.execute(
      db,
    );
  // The list, newest number first; a numeric q matches the exact number.
  await index(`${list.table}_number_idx`, `(account_id, ${list.numberColumn} desc)`, true);
  for (const { name, definition, unique } of list.indexes) await index(name, definition, unique);
  if (list.searchColumns.length > 0 && (await hasTrigrams(db))) {
    for (const column of list.searchColumns) {
      await index(`${list.table}_${column}_trgm_idx`, trigramIndex(column));
    }
  }
}

/** What a batch does to one document: a row to insert, changes to merge, or a deletion. */
interface Pending {
  id: string;
  /** The full row when the document was created in this batch. */
  created?: DocumentRow;
  changes: DocumentRow;
  revision: number;
  deleted: boolean;
}

function foldBatch<T extends DomainEventType>(
  list: DocumentListDeclaration<T>,
  events: RecordedEvent[],
): Map<string, Pending> {
  const batch = new Map<string, Pending>();
  for (const event of events) {
    const id = event.streamId.slice(list.streamPrefix.length);
    batch.set(id, foldEvent(list, batch.get(id), id, event));
  }
  return batch;
}

function foldEvent<T extends DomainEventType>(
  list: DocumentListDeclaration<T>,
  pending: Pending | undefined,
  id: string,
  event: RecordedEvent,
): Pending {
  const next: Pending = pending
    ? { ...pending, revision: event.revision }
    : { id, changes: {}, revision: event.revision, deleted: false };
  const known = (column: string) =>
    column in next.changes ? next.changes[column] : next.created ? next.created[column] : undefined;
  // The list handles the event's type (`own` in apply): its data is that type's.
  const fold = list.fold[event.type as T] as DocumentFold<T>;
  const step = fold(event.data as unknown as EventDataOf<T>, known, event);
  if (step === undefined) return next;
  if ('deleted' in step) return { ...next, deleted: true };
  if ('created' in step) {
    const row: DocumentRow = {};
    for (const name of Object.keys(list.columns)) if (name in step.created) row[name] = step.created[name];
    return { ...next, created: row, changes: {}, deleted: false };
  }
  return { ...next, changes: { ...next.changes, ...step.changes } };
}

async function writeBatch(
  trx: Transaction<any>,
  schema: string,
  list: DocumentListDeclaration,
  batch: Map<string, Pending>,
): Promise<void> {
  const target = sql.table(`${schema}.${list.table}`);
  const inserts: DocumentRow[] = [];
  const updates: DocumentRow[] = [];
  const deletes: string[] = [];
  for (const p of batch.values()) {
    if (p.deleted) deletes.push(p.id);
    else if (p.created) inserts.push({ ...p.created, ...p.changes, id: p.id, revision: p.revision });
    else updates.push({ id: p.id, changes: p.changes, revision: p.revision });
  }
  if (inserts.length > 0) await insertRows(trx, target, list, inserts);
  if (updates.length > 0) await updateRows(trx, target, list, updates);
  if (deletes.length > 0) {
    await sql`delete from ${target} where id in ${batchIds(deletes)}`.execute(trx);
  }
}

/** A row already at (or past) the batch's revision keeps what it has. */
async function insertRows(
  trx: Transaction<any>,
  target: RawBuilder<unknown>,
  list: DocumentListDeclaration,
  rows: DocumentRow[],
): Promise<void> {
  const columns = Object.entries(list.columns);
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  const definitions = sql.raw(columns.map(([name, column]) => `${name} ${column.type}`).join(', '));
  const assignments = sql.raw(
    columns
      .filter(([name]) => name !== 'id')
      .map(([name]) => `${name} = excluded.${name}`)
      .join(', '),
  );
  // One text per list, sent for every create: its plan kept (prepared-statements.ts).
  await reusedWrite(sql`insert into ${target} as t (${names})
    select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${definitions})
    on conflict (id) do update set ${assignments} where t.revision < excluded.revision`).execute(trx);
}

/** Each changed column takes its new value (null included); the others keep theirs. */
async function updateRows(
  trx: Transaction<any>,
  target: RawBuilder<unknown>,
  list: DocumentListDeclaration,
  rows: DocumentRow[],
): Promise<void> {
  const assignments = Object.entries(list.columns)
    .filter(([name, column]) => !column.fixed && name !== 'id' && name !== 'revision')
    .map(([name, column]) => `${name} = ${column.update ?? changedValue(name, column.type)}`);
  await sql`update ${target} as t set ${sql.raw(assignments.join(', '))}, revision = r.revision
    from ${batchRows(rows, 'id uuid, changes jsonb, revision integer')} as r
    where t.id = r.id and t.revision < r.revision`.execute(trx);
}

/**
 * The list's indexes named `<table>_<column less _id>_idx`: `byNumber` serve a filter on the column
 * (its rows newest number first), `byValue` a lookup or a date range on it.
 */
export function listIndexes(
  table: string,
  numberColumn: string,
  columns: { byNumber: readonly string[]; byValue: readonly string[] },
): DocumentListDeclaration['indexes'] {
  const name = (column: string) => `${table}_${column.replace(/_id$/, '')}_idx`;
  return [
    ...columns.byNumber.map((column) => ({
      name: name(column),
      definition: `(account_id, ${column}, ${numberColumn} desc)`,
    })),
    ...columns.byValue.map((column) => ({ name: name(column), definition: `(account_id, ${column})` })),
  ];
}

/** What every document's creation and update carry: the lines and totals it leaves, and when. */
type DocumentCreation = {
  lines: { line_type: string }[];
  totals: Record<string, string>;
  created_at: string;
};
type DocumentUpdate = {
  changes: object;
  lines?: { line_type: string }[];
  totals?: Record<string, string>;
  updated_at: string;
};

/** A creation's row: the event's fields, its `amounts` and line count, then the kind's `own` columns. */
export function createdDocument(
  amounts: readonly string[],
  d: DocumentCreation,
  own: DocumentRow = {},
): DocumentStep {
  return { created: { ...d, ...amountsOf(amounts, d.lines, d.totals), ...own, updated_at: d.created_at } };
}

/** An update's changes: the changed fields, new amounts and line count if any, then the kind's `own`. */
export function updatedDocument(
  amounts: readonly string[],
  d: DocumentUpdate,
  own: DocumentRow = {},
): DocumentStep {
  return {
    changes: { ...d.changes, ...amountsOf(amounts, d.lines, d.totals), ...own, updated_at: d.updated_at },
  };
}

/** `line_count` (the generated discount line left out) and the totals' columns, each only when given. */
export function amountsOf(
  amounts: readonly string[],
  lines: { line_type: string }[] | undefined,
  totals: Record<string, string> | undefined,
): DocumentRow {
  const row: DocumentRow = {};
  if (lines) row.line_count = lines.filter((line) => line.line_type !== 'discount').length;
  if (totals) for (const name of amounts) row[name] = totals[name];
  return row;
}

/** The columns of `data` that the list declares. */
export function declaredColumns(
  list: Pick<DocumentListDeclaration, 'columns'>,
  data: DocumentRow,
): DocumentRow {
  const row: DocumentRow = {};
  for (const name of Object.keys(list.columns)) if (name in data) row[name] = data[name];
  return row;
}
