import { sql } from 'kysely';
import { types } from 'pg';
import { prepared } from '@app/event-store';
import { arrayRows } from './array-rows';
import { Database } from './database';
import { genericPlan, reusedPlan } from './prepared-statements';
import { testDatabases } from './testing/test-databases';

describe.each(testDatabases())('statements read as arrays on $name', (target) => {
  let database: Database;

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database?.close());

  const statement = () => sql`select 1::int as a, 'x' as b, null::text as c`;

  it('given an arrayRows() statement, when run, then each row is its values in the select order', async () => {
    const { rows } = await arrayRows(statement()).execute(database.db);
    expect(rows).toEqual([[1, 'x', null]]);
  });

  it.each([
    ['a reused plan', reusedPlan],
    ['a generic plan', genericPlan],
  ])('given one inside %s, when run twice, then its rows are arrays each time', async (_, plan) => {
    for (let run = 0; run < 2; run++) {
      const { rows } = await plan(arrayRows(statement())).execute(database.db);
      expect(rows).toEqual([[1, 'x', null]]);
    }
  });

  it('given one marked prepared first (the event store tail read), when run twice, then its rows are arrays', async () => {
    for (let run = 0; run < 2; run++) {
      const { rows } = await sql`${prepared}${arrayRows(statement())}`.execute(database.db);
      expect(rows).toEqual([[1, 'x', null]]);
    }
  });

  it('given one inside another statement (an EXPLAIN), when run, then that statement has object rows', async () => {
    const { rows } = await sql<Record<string, unknown>>`select * from (${arrayRows(statement())}) s`.execute(
      database.db,
    );
    expect(rows).toEqual([{ a: 1, b: 'x', c: null }]);
  });

  it('given timestamps, when read as arrays, then each is the Date pg and PGlite make of it', async () => {
    const stamps = sql`select t from (values ('2026-12-07 09:21:39.029+00'::timestamptz),
      ('2026-12-07 09:21:39.999999+00'), ('0099-01-01 00:00:00+00'), (null)) v(t)`;
    const { rows: objects } = await stamps.execute(database.db);
    const { rows: arrays } = await arrayRows(stamps).execute(database.db);
    expect(arrays.map(([t]) => (t as Date | null)?.getTime() ?? null)).toEqual(
      (objects as { t: Date | null }[]).map(({ t }) => t?.getTime() ?? null),
    );
    if (database.kind === 'postgres') {
      const parse = types.getTypeParser(types.builtins.TIMESTAMPTZ, 'text') as (text: string) => Date;
      expect((arrays[0][0] as Date).getTime()).toBe(parse('2026-12-07 09:21:39.029+00').getTime());
    }
  });
});
