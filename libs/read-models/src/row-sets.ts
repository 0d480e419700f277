import { AsyncLocalStorage } from 'node:async_hooks';
import { prepared } from '@app/event-store';
import { Kysely, sql } from 'kysely';
import { escapeIdentifier } from 'pg';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Column names and their SQL types, e.g. `{ id: 'uuid', amount: 'numeric', tags: 'text[]' }`. */
export type RowColumns = Readonly<Record<string, string>>;

/** Rows for one table, as a projector hands them to insertRows: loaded by INSERT or by COPY. */
export interface RowSet {
  readonly rowSet: true;
  readonly schema: string;
  readonly table: string;
  readonly columns: RowColumns;
  /** Keyed by column; a key left out is NULL, as jsonb_to_recordset reads it. */
  readonly rows: readonly object[];
  /**
   * The rows already in COPY's text (copyText), `rows` then empty: a replay's batch waiting for
   * the one before it to commit holds one string instead of its rows and the events they came
   * from (withCopyText).
   */
  readonly text?: string;
  /** Or in COPY's binary format, its tuples without header nor trailer (copy-binary.ts). */
  readonly binary?: readonly Buffer[];
}

export const isRowSet = (entry: unknown): entry is RowSet => (entry as RowSet | undefined)?.rowSet === true;

/** Where insertRows hands its rows instead of sending an INSERT: set by a replay (recorded-writes.ts). */
const handedTo = new AsyncLocalStorage<(rows: RowSet) => void>();

/** Runs `work` with every insertRows inside it handing its rows to `take`, in call order. */
export function handingRowsTo<T>(take: (rows: RowSet) => void, work: () => Promise<T>): Promise<T> {
  return handedTo.run(take, work);
}

/**
 * Inserts `rows` into `schema.table`: a plain INSERT (no conflict clause), the rows sent as one
 * jsonb parameter, the statement prepared (PREPARED_MARK). A replay into fresh tables loads the same rows by COPY instead (copy-batch.ts),
 * a third of the server's work for each row; so a projector's plain inserts go through here, and
 * a statement with ON CONFLICT or a lookup does not (COPY has neither).
 */
export async function insertRows(
  db: Kysely<any>,
  schema: string,
  table: string,
  columns: RowColumns,
  rows: readonly object[],
): Promise<void> {
  if (rows.length === 0) return;
  const take = handedTo.getStore();
  if (take) return take({ rowSet: true, schema, table, columns, rows });
  const names = sql.join(Object.keys(columns).map((c) => sql.id(c)));
  const definitions = sql.raw(
    Object.entries(columns)
      .map(([name, type]) => `${escapeIdentifier(name)} ${type}`)
      .join(', '),
  );
  // One text per table, sent for every batch: prepared once per session, not parsed and planned
  // each time (for the stock ledger's 28 columns, about 0.1 ms of PostgreSQL's time a batch).
  await sql`${prepared}insert into ${sql.table(`${schema}.${table}`)} (${names})
    select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${definitions})`.execute(db);
}
