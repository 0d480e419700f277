import { CompiledQuery, sql } from 'kysely';
import { Database } from './database';
import { openFreshPostgres } from './testing/test-databases';

const serverUrl = process.env.DATABASE_URL;
(serverUrl ? describe : describe.skip)('TOAST compression of the sessions that write (PostgreSQL)', () => {
  let database: Database;
  let offered: boolean;

  beforeAll(async () => {
    database = await openFreshPostgres(serverUrl!);
    const { rows } = await sql<{ offered: boolean }>`select 'lz4' = any(enumvals) as offered
      from pg_settings where name = 'default_toast_compression'`.execute(database.db);
    offered = rows[0]?.offered ?? false;
    await sql`create table documents (id integer, state jsonb)`.execute(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** About 8 KB of JSON, repetitive as an estimate's lines are: compressed when stored. */
  const state = (n: number) =>
    JSON.stringify({
      lines: Array.from({ length: 40 }, (_, i) => ({
        position: i,
        quantity: String(n + i),
        unit_price: '10.9900',
      })),
    });

  it('compresses by lz4 where the server offers it, on the pool and the pipeline alike', async () => {
    await sql`insert into documents values (1, ${state(1)}::jsonb)`.execute(database.db);
    await database.pipeline!([CompiledQuery.raw('insert into documents values (2, $1::jsonb)', [state(2)])]);
    const { rows } = await sql<{ id: number; method: string; same: boolean }>`select id,
        pg_column_compression(state) as method, state = ${state(1)}::jsonb or state = ${state(2)}::jsonb as same
      from documents order by id`.execute(database.db);
    const method = offered ? 'lz4' : 'pglz';
    expect(rows).toEqual([
      { id: 1, method, same: true },
      { id: 2, method, same: true },
    ]);
  });
});
