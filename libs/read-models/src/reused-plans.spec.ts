import { sql } from 'kysely';
import { Database } from './database';
import { genericPlan, reusedPlan } from './prepared-statements';
import { openFreshPostgres, postgresSkipNotice } from './testing/test-databases';

postgresSkipNotice('reused plans');

(process.env.DATABASE_URL ? describe : describe.skip)('reused plans on postgres', () => {
  let database: Database;

  beforeEach(async () => {
    database = await openFreshPostgres(process.env.DATABASE_URL!, 1);
    await sql`create table t (a int)`.execute(database.db);
    await sql`insert into t values (1), (2)`.execute(database.db);
  });
  afterEach(() => database?.close());

  const read = (a: number) => reusedPlan(sql`select * from t where a = ${a}`).execute(database.db);
  const prepared = async () =>
    (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(database.db)).rows.length;

  it('prepares a marked statement once on its connection and runs it with each call’s values', async () => {
    expect((await read(1)).rows).toEqual([{ a: 1 }]);
    expect((await read(2)).rows).toEqual([{ a: 2 }]);
    expect(await prepared()).toBe(1);
    await sql`select * from t where a = ${1}`.execute(database.db); // unmarked: unnamed
    expect(await prepared()).toBe(1);
  });

  it('runs a generic-plan statement on the generic-plan sessions on its generic plan from the first run', async () => {
    const generic = database.genericPlans!;
    for (const a of [1, 2, 1])
      expect((await genericPlan(sql`select * from t where a = ${a}`).execute(generic)).rows).toEqual([{ a }]);
    const { rows } = await sql<{
      generic_plans: string;
      custom_plans: string;
    }>`select generic_plans, custom_plans
      from pg_prepared_statements`.execute(generic);
    expect(rows.map((row) => [Number(row.generic_plans), Number(row.custom_plans)])).toEqual([[3, 0]]);
  });

  it('runs a marked statement again, prepared afresh, once its table has changed shape', async () => {
    expect((await read(1)).rows).toEqual([{ a: 1 }]);
    await sql`alter table t add column b int`.execute(database.db);
    expect((await read(1)).rows).toEqual([{ a: 1, b: null }]);
    expect((await read(2)).rows).toEqual([{ a: 2, b: null }]);
  });
});
