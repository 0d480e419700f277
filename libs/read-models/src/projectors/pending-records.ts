import { RawBuilder, sql, Transaction } from 'kysely';
import { batchIds, batchRows } from './batch-rows';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** What a batch does to one record: a row to insert, changes to merge, or a deletion. */
export interface PendingRecord {
  id: string;
  /** The full row when the record was created in this batch. */
  created?: Record<string, unknown>;
  changes: Record<string, unknown>;
  revision: number;
  updatedAt: string;
  deleted: boolean;
}

/** A column of a record table, by SQL type (`text`, `numeric(6,3)`, `jsonb`). */
export type RecordColumn = { name: string; type: string };

/** The record as the batch has it so far, moved to the revision of its next event. */
export function pendingAt<P extends PendingRecord>(pending: P | undefined, id: string, revision: number): P {
  return pending
    ? { ...pending, revision }
    : ({ id, changes: {}, revision, updatedAt: '', deleted: false } as P);
}

/**
 * The batch's records as writes: a full row for one created in the batch, its changes for one
 * that exists, its id for one deleted (one created and deleted in the same batch: none at all).
 */
export function pendingWrites(records: Iterable<PendingRecord>) {
  const inserts: Record<string, unknown>[] = [];
  const updates: Record<string, unknown>[] = [];
  const deletes: string[] = [];
  for (const p of records) {
    if (p.deleted) {
      // Created and deleted in the same batch: the table never needs to know it.
      if (!p.created) deletes.push(p.id);
    } else if (p.created) {
      inserts.push({ ...p.created, ...p.changes, id: p.id, revision: p.revision, updated_at: p.updatedAt });
    } else {
      updates.push({ id: p.id, changes: p.changes, revision: p.revision, updated_at: p.updatedAt });
    }
  }
  return { inserts, updates, deletes };
}

/** Writes `records` into `target`, whose other columns are `columns` and whose changeable ones `changeable`. */
export async function writeRecords(
  trx: Transaction<any>,
  target: RawBuilder<unknown>,
  columns: readonly RecordColumn[],
  changeable: readonly RecordColumn[],
  records: Iterable<PendingRecord>,
): Promise<void> {
  const { inserts, updates, deletes } = pendingWrites(records);
  if (inserts.length > 0) await insertRecords(trx, target, columns, inserts);
  if (updates.length > 0) await updateRecords(trx, target, changeable, updates);
  if (deletes.length > 0) {
    await sql`delete from ${target} where id in ${batchIds(deletes)}`.execute(trx);
  }
}

/** New rows: `columns` of each, in that order. */
export async function insertRecords(
  trx: Transaction<any>,
  target: RawBuilder<unknown>,
  columns: readonly RecordColumn[],
  rows: Record<string, unknown>[],
): Promise<void> {
  const names = sql.raw(columns.map((c) => c.name).join(', '));
  const definitions = sql.raw(columns.map((c) => `${c.name} ${c.type}`).join(', '));
  await sql`insert into ${target} (${names})
    select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${definitions})`.execute(
    trx,
  );
}

/** Each changed column takes its new value (null included); the others keep theirs. */
export async function updateRecords(
  trx: Transaction<any>,
  target: RawBuilder<unknown>,
  changeable: readonly RecordColumn[],
  rows: Record<string, unknown>[],
): Promise<void> {
  const assignments = changeable.map(({ name, type }) => `${name} = ${changedValue(name, type)}`);
  await sql`update ${target} as t set ${sql.raw(assignments.join(', '))},
      revision = r.revision, updated_at = r.updated_at
    from ${batchRows(rows, 'id uuid, changes jsonb, revision integer, updated_at timestamptz')} as r
    where t.id = r.id`.execute(trx);
}

/** The change's value of a column when it carries one (`r.changes`), else the stored value (`t`). */
export function changedValue(name: string, type: string): string {
  const value = type === 'jsonb' ? `r.changes -> '${name}'` : `(r.changes ->> '${name}')::${type}`;
  return `case when r.changes ? '${name}' then ${value} else t.${name} end`;
}
