import { Kysely, sql } from 'kysely';
import { Pool } from 'pg';
import { arrayRows } from './array-rows';
import { FaultMappingPostgresDialect } from './fault-mapping-dialect';
import { reusedPlan } from './prepared-statements';
import { createFreshPostgres, postgresSkipNotice } from './testing/test-databases';

postgresSkipNotice('described once');

(process.env.DATABASE_URL ? describe : describe.skip)(
  'named statements described once per connection',
  () => {
    let dropDatabase: () => Promise<void>;
    let pool: Pool;
    let db: Kysely<unknown>;
    /** RowDescription messages the server sent, all connections together. */
    let described: number;

    beforeEach(async () => {
      const database = await createFreshPostgres(process.env.DATABASE_URL!, 'described_once');
      dropDatabase = () => database.drop();
      pool = new Pool({ connectionString: database.url, max: 1 });
      described = 0;
      pool.on('connect', (client) => {
        const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
        connection.on('rowDescription', () => described++);
      });
      db = new Kysely({ dialect: new FaultMappingPostgresDialect(pool) });
      await sql`create table t (a int, b text, at timestamptz)`.execute(db);
      await sql`insert into t values (1, 'one', '2026-12-07T10:00:00.123Z'), (2, 'two', null)`.execute(db);
    });
    afterEach(async () => {
      await db.destroy();
      await dropDatabase();
    });

    const read = (a: number) => reusedPlan(sql`select * from t where a = ${a}`).execute(db);
    const readArrays = (a: number) =>
      reusedPlan(arrayRows(sql`select a, b, at from t where a <= ${a} order by a`)).execute(db);
    const one = { a: 1, b: 'one', at: new Date('2026-12-07T10:00:00.123Z') };

    it('asks for the rows’ description the first time only, and parses every run’s rows alike', async () => {
      for (const a of [1, 2, 1]) await read(a);
      expect(described).toBe(1);
      expect((await read(1)).rows).toEqual([one]);
      expect((await read(2)).rows).toEqual([{ a: 2, b: 'two', at: null }]);
      expect(described).toBe(1);
    });

    it('reads array rows with the kept parsers', async () => {
      expect((await readArrays(2)).rows).toEqual([
        [1, 'one', one.at],
        [2, 'two', null],
      ]);
      expect((await readArrays(1)).rows).toEqual([[1, 'one', one.at]]);
      expect(described).toBe(1);
    });

    it('describes a statement afresh once a change of its table renames or adds its columns', async () => {
      await read(1);
      await sql`alter table t rename column b to label`.execute(db);
      expect((await read(1)).rows).toEqual([{ a: 1, label: 'one', at: one.at }]);
      await sql`alter table t add column c int`.execute(db);
      expect((await read(1)).rows).toEqual([{ a: 1, label: 'one', at: one.at, c: null }]);
      expect((await read(2)).rows).toEqual([{ a: 2, label: 'two', at: null, c: null }]);
    });

    it('keeps the connection usable after a run whose values the server refuses', async () => {
      await read(1);
      await expect(reusedPlan(sql`select * from t where a = ${'x'}`).execute(db)).rejects.toMatchObject({
        code: '22P02',
      });
      expect((await read(1)).rows).toEqual([one]);
    });

    it('describes it again on a new connection', async () => {
      await read(1);
      await pool.end();
      pool = new Pool({ connectionString: pool.options.connectionString, max: 1 });
      pool.on('connect', (client) => {
        const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
        connection.on('rowDescription', () => described++);
      });
      db = new Kysely({ dialect: new FaultMappingPostgresDialect(pool) });
      expect((await read(1)).rows).toEqual([one]);
      expect(described).toBe(2);
    });
  },
);
