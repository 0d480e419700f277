import { sql } from 'kysely';
import { Database } from '../database';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { batchIds, batchRows } from './batch-rows';

postgresSkipNotice('batch rows');

const LINES = 5000;
const ORDER = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The plan's text of a statement, from EXPLAIN (no statistics: as on a database never analysed). */
async function plan(database: Database, statement: ReturnType<typeof sql>): Promise<string> {
  const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${statement}`.execute(database.db);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe.each(testDatabases())('a batch joined to a table, on $name', (target) => {
  let database: Database;

  beforeAll(async () => {
    database = await target.open();
    await sql`create table batch_lines (order_id uuid not null, line_id text not null, quantity numeric)`.execute(
      database.db,
    );
    await sql`create index batch_lines_order_idx on batch_lines (order_id, line_id)`.execute(database.db);
    await sql`insert into batch_lines
      select ('00000000-0000-4000-8000-' || lpad((g / 10)::text, 12, '0'))::uuid, (g % 10)::text, g
      from generate_series(1, ${LINES}) g`.execute(database.db);
  });
  afterAll(() => database?.close());

  it('given a table of thousands of lines, when one order is updated through batchRows, then its lines are looked up by index', async () => {
    const statement = sql`update batch_lines t set quantity = r.quantity
      from ${batchRows([{ order_id: ORDER(7), quantity: '3' }], 'order_id uuid, quantity numeric')} as r
      where t.order_id = r.order_id`;
    expect(await plan(database, statement)).not.toMatch(/Seq Scan on batch_lines/);
    await statement.execute(database.db);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from batch_lines
      where order_id = ${ORDER(7)}::uuid and quantity = 3`.execute(database.db);
    expect(rows[0].n).toBe(10);
  });

  it('when orders are deleted through batchIds, then their lines are found by index', async () => {
    const statement = sql`delete from batch_lines where order_id in ${batchIds([ORDER(8), ORDER(9)])}`;
    expect(await plan(database, statement)).not.toMatch(/Seq Scan on batch_lines/);
    await statement.execute(database.db);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from batch_lines`.execute(
      database.db,
    );
    expect(rows[0].n).toBe(LINES - 20);
  });

  it('without the batch size the same join reads the whole table (what batchRows prevents)', async () => {
    const records = JSON.stringify([{ order_id: ORDER(7), quantity: '3' }]);
    const statement = sql`update batch_lines t set quantity = r.quantity
      from jsonb_to_recordset(${records}::jsonb) as r(order_id uuid, quantity numeric)
      where t.order_id = r.order_id`;
    expect(await plan(database, statement)).toMatch(/Seq Scan on batch_lines/);
  });
});
