import { RawBuilder, sql } from 'kysely';

/**
 * A batch's records as rows for one statement, limited to their number. PostgreSQL plans any
 * set-returning function for 100 rows: joined to a table of a few thousand rows, that plan reads
 * the whole table, so a projector's statements grew with its tables (docs/performance.md, Order to
 * cash, "statements planned for the batch's size"). Told the count, the planner looks each record
 * up through an index. `columns` is the record definition, e.g. `id uuid, revision integer`.
 */
export function batchRows(records: readonly unknown[], columns: string): RawBuilder<unknown> {
  return sql`(select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${sql.raw(columns)})
    limit ${sql.lit(records.length)})`;
}

/** Uuids as a set for `in`, limited to their number like batchRows. */
export function batchIds(ids: readonly string[]): RawBuilder<unknown> {
  return sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)
    limit ${sql.lit(ids.length)})`;
}
