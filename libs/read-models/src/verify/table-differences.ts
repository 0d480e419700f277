import { Kysely, sql } from 'kysely';
import { RowExample, RowValues, TableReport } from './verify-report';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** A projector whose tables cannot be compared (other columns live than setup makes): not verified. */
export class NotComparableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotComparableError';
  }
}

interface Shape {
  columns: string[];
  key: string[];
}

type Kind = 'only_live' | 'only_replayed' | 'different';

interface DifferenceRow {
  kind: Kind;
  n: number | string;
  key: (string | null)[];
  live: (string | null)[] | null;
  replayed: (string | null)[] | null;
  differing: string[] | null;
}

/**
 * Compares `live.table` with `replayed.table` row by row on the primary key, in the caller's
 * transaction: the counts of rows only live, only replayed and different, and up to `examples`
 * of each (the first by key), with the differing columns named and both values as text. A table
 * without a primary key is compared as a multiset: the whole row (as JSON) is the key, the number
 * of its `copies` the value.
 */
export async function tableDifferences(
  db: Kysely<any>,
  table: string,
  schemas: { live: string; replayed: string },
  examples: number,
): Promise<TableReport> {
  const shape = await comparableShape(db, table, schemas);
  const keyless = shape.key.length === 0;
  const key = keyless ? [ROW] : shape.key;
  const columns = keyless ? [ROW, COPIES] : shape.columns;
  const others = columns.filter((c) => !key.includes(c));
  const presence = keyless ? COPIES : key[0]; // never null in a row that is there
  const source = (schema: string) =>
    keyless
      ? sql`(select to_jsonb(t) as ${sql.ref(ROW)}, count(*) as ${sql.ref(COPIES)}
             from ${sql.table(`${schema}.${table}`)} t group by 1)`
      : sql.table(`${schema}.${table}`);
  const l = (c: string) => sql.ref(`l.${c}`);
  const r = (c: string) => sql.ref(`r.${c}`);
  const list = (items: ReturnType<typeof sql>[]) => sql.join(items, sql`, `);
  const texts = (side: typeof l) => sql`array[${list(columns.map((c) => sql`${side(c)}::text`))}]::text[]`;
  const differs = (c: string) => sql`${l(c)} is distinct from ${r(c)}`;
  const anyDiffers = others.length ? sql.join(others.map(differs), sql` or `) : sql`false`;
  const join = sql.join(
    key.map((c) => sql`${l(c)} = ${r(c)}`),
    sql` and `,
  );
  const { rows } = await sql<DifferenceRow>`
    with d as (
      select case when ${l(presence)} is null then 'only_replayed' when ${r(presence)} is null then 'only_live'
                  else 'different' end as kind,
             array[${list(key.map((c) => sql`coalesce(${l(c)}, ${r(c)})::text`))}]::text[] as key,
             case when ${l(presence)} is not null then ${texts(l)} end as live,
             case when ${r(presence)} is not null then ${texts(r)} end as replayed,
             array_remove(array[${list(
               others.length
                 ? others.map((c) => sql`case when ${differs(c)} then ${sql.lit(c)} end`)
                 : [sql`null`],
             )}]::text[], null) as differing
      from ${source(schemas.live)} l
      full join ${source(schemas.replayed)} r on ${join}
      where ${l(presence)} is null or ${r(presence)} is null or ${anyDiffers}
    ), ranked as (
      select d.*, count(*) over (partition by kind) as n, row_number() over (partition by kind order by key) as i
      from d
    )
    select kind, n, key, live, replayed, differing from ranked where i <= ${examples} order by kind, i`.execute(
    db,
  );
  return reportOf(table, { columns, key }, rows);
}

/** A keyless table's key, the whole row as JSON, and its value: how many times the row is there. */
const ROW = 'row';
const COPIES = 'copies';

function reportOf(table: string, shape: Shape, rows: DifferenceRow[]): TableReport {
  const report: TableReport = {
    table,
    key: shape.key,
    only_live: 0,
    only_replayed: 0,
    different: 0,
    examples: { only_live: [], only_replayed: [], different: [] },
  };
  const named = (values: (string | null)[], names: string[]): RowValues =>
    Object.fromEntries(names.map((name, i) => [name, values[i]]));
  for (const row of rows) {
    report[row.kind] = Number(row.n);
    const example: RowExample = { key: named(row.key, shape.key) };
    const live = row.live && named(row.live, shape.columns);
    const replayed = row.replayed && named(row.replayed, shape.columns);
    if (row.kind === 'different')
      example.columns = (row.differing ?? []).map((column) => ({
        column,
        live: live![column],
        replayed: replayed![column],
      }));
    else example.row = (live ?? replayed)!;
    report.examples[row.kind].push(example);
  }
  return report;
}

/** The replayed table's columns in order and its primary key; the live table must have the same. */
async function comparableShape(
  db: Kysely<any>,
  table: string,
  schemas: { live: string; replayed: string },
): Promise<Shape> {
  const live = await shapeOf(db, schemas.live, table);
  const replayed = await shapeOf(db, schemas.replayed, table);
  if (!live) throw new NotComparableError(`table ${schemas.live}.${table} does not exist`);
  if (!replayed) throw new NotComparableError(`table ${schemas.replayed}.${table} was not made by setup`);
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((c) => b.includes(c));
  if (!same(live.columns, replayed.columns) || !same(live.key, replayed.key))
    throw new NotComparableError(
      `table ${schemas.live}.${table} has other columns or another key than its projector's setup makes`,
    );
  return replayed;
}

async function shapeOf(db: Kysely<any>, schema: string, table: string): Promise<Shape | undefined> {
  const { rows } = await sql<{ name: string; key_rank: number | null }>`
    select a.attname as name, array_position(i.indkey::int2[], a.attnum) as key_rank
    from pg_attribute a
    left join pg_index i on i.indrelid = a.attrelid and i.indisprimary
    where a.attrelid = to_regclass(quote_ident(${schema}) || '.' || quote_ident(${table}))
      and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(db);
  if (rows.length === 0) return undefined;
  const key = rows
    .filter((r) => r.key_rank !== null)
    .sort((a, b) => a.key_rank! - b.key_rank!)
    .map((r) => r.name);
  return { columns: rows.map((r) => r.name), key };
}
