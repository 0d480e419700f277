import { randomUUID } from 'node:crypto';
import { prepared, PostgresEventStore } from '@app/event-store';
import { CompiledQuery, sql } from 'kysely';
import { Database, openDatabase } from './database';
import { preparedName, reusedWrite } from './prepared-statements';
import { insertRows } from './row-sets';
import { stockLedgerProjector } from './projectors/stock-ledger/stock-ledger';
import { stockHistory } from './testing/random-stock-history';
import { openFreshPostgres } from './testing/test-databases';

describe('preparedName', () => {
  it('names a statement marked near its start by its text, and no other', () => {
    const text = 'select /*prepared*/ 1 as one';
    expect(preparedName(text)).toMatch(/^prepared_\d+$/);
    expect(preparedName(text)).toBe(preparedName(`${text}`));
    expect(preparedName('select /*prepared*/ 2 as two')).not.toBe(preparedName(text));
    expect(preparedName('select 1 as one')).toBeUndefined();
    expect(preparedName(`select 1, '${' '.repeat(40)}/*prepared*/'`)).toBeUndefined();
  });
});

const serverUrl = process.env.DATABASE_URL;
(serverUrl ? describe : describe.skip)('statements prepared once per session (PostgreSQL)', () => {
  let shared: Database;
  let database: Database;

  beforeAll(async () => {
    shared = await openFreshPostgres(serverUrl!);
    // One connection: the session the store's statements go through is the one asked below.
    database = await openDatabase({ url: shared.url, maxConnections: 1 });
  });
  afterAll(async () => {
    await database?.close();
    await shared?.close();
  });

  it("keeps an append's statement prepared in its session, once however many appends", async () => {
    const store = await PostgresEventStore.open(database);
    try {
      for (let n = 0; n < 3; n++) {
        await store.appendToStreams([
          {
            streamId: `a-${randomUUID()}`,
            events: [{ id: randomUUID(), type: 'A', data: {} }],
            expectedRevision: 'no_stream',
          },
          {
            streamId: `b-${randomUUID()}`,
            events: [{ id: randomUUID(), type: 'B', data: {} }],
            expectedRevision: 'no_stream',
          },
        ]);
      }
      const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements
        where statement like '%event_store_append(%'`.execute(database.db);
      expect(rows).toHaveLength(1);
      // and the function's own statement keeps one generic plan (PostgreSQL chose custom plans,
      // each planned at the call, for the statement sent directly)
      const { rows: config } = await sql<{ proconfig: string[] }>`select proconfig from pg_proc
        where proname = 'event_store_append'`.execute(database.db);
      expect(config).toEqual([{ proconfig: ['plan_cache_mode=force_generic_plan'] }]);
    } finally {
      await store.close();
    }
  });

  it('sends a name not yet parsed once per pipelined write, so a list after an aborted one still runs it', async () => {
    const marked = sql<{ n: number }>`${prepared}select ${1}::int as n, ${randomUUID()}::text as tag`.compile(
      database.db,
    );
    const aborted = database.pipeline!([
      CompiledQuery.raw('begin'),
      CompiledQuery.raw('select 1/0'),
      marked, // its Parse is refused: the transaction is aborted
      CompiledQuery.raw('commit'),
    ]);
    const after = database.pipeline!([marked]); // same turn: the same write
    await expect(aborted).rejects.toThrow(/division by zero/);
    await expect(after).resolves.toBeUndefined();
    // and the next write prepares it
    await database.pipeline!([marked]);
    await database.pipeline!([marked]);
  });

  it('keeps a reused write prepared in its session, once however many writes send it', async () => {
    await sql`create table reused_writes (n integer)`.execute(database.db);
    for (const n of [1, 2, 3])
      await reusedWrite(sql`insert into reused_writes (n) values (${n})`).execute(database.db);
    const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements
      where statement like '%into reused_writes%'`.execute(database.db);
    expect(rows).toHaveLength(1);
    const written = await sql<{ n: number }>`select n from reused_writes order by n`.execute(database.db);
    expect(written.rows.map((row) => row.n)).toEqual([1, 2, 3]);
  });

  it("keeps insertRows' insert prepared in its session, once however many batches send it", async () => {
    await sql`create table inserted_rows (n integer, tag text)`.execute(database.db);
    for (const n of [1, 2, 3])
      await insertRows(database.db, 'public', 'inserted_rows', { n: 'integer', tag: 'text' }, [
        { n, tag: `t${n}` },
        { n: n * 10 },
      ]);
    const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements
      where statement like '%into "public"."inserted_rows"%'`.execute(database.db);
    expect(rows).toHaveLength(1);
    const written = await sql<{
      n: number;
      tag: string | null;
    }>`select n, tag from inserted_rows order by n`.execute(database.db);
    expect(written.rows).toEqual([
      { n: 1, tag: 't1' },
      { n: 2, tag: 't2' },
      { n: 3, tag: 't3' },
      { n: 10, tag: null },
      { n: 20, tag: null },
      { n: 30, tag: null },
    ]);
  });

  it("keeps each of the stock ledger's writes prepared in its session, once however many batches", async () => {
    const schema = 'prepared_ledger';
    await sql`create schema ${sql.id(schema)}`.execute(database.db);
    await stockLedgerProjector.setup!(database.db, schema);
    const events = stockHistory([
      { kind: 'adjust', slot: 2, location: 0, change: 5 },
      {
        kind: 'estimate',
        lines: [
          [0, 2],
          [2, 1],
        ],
      },
      { kind: 'adjust', slot: 3, location: 1, change: 4 },
      {
        kind: 'estimate',
        lines: [
          [1, 3],
          [3, 2],
        ],
      },
      { kind: 'adjust', slot: 4, location: 2, change: 3 },
      { kind: 'estimate', lines: [[2, 1]] },
    ]).filter((e) => stockLedgerProjector.handles!.includes(e.type));
    // One batch per event: every statement of a batch is sent several times.
    for (const event of events)
      await database.db.transaction().execute((trx) => stockLedgerProjector.apply(trx, [event], schema));
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements
      where statement like '%"prepared_ledger"."stock_ledger%'`.execute(database.db);
    const tables = rows.map((row) => /"prepared_ledger"\."(\w+)"/.exec(row.statement)![1]).sort();
    expect(tables).toEqual([
      'stock_ledger',
      'stock_ledger_balances',
      'stock_ledger_documents',
      'stock_ledger_places',
    ]);
  });
});
