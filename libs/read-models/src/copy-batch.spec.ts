import { RecordedEvent } from '@app/event-store';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { copyText, withCopyData, withCopyText } from './copy-text';
import { Database } from './database';
import { Projector } from './projector';
import { recordBatch } from './recorded-writes';
import { insertRows, isRowSet, RowColumns, RowSet } from './row-sets';
import { postgresSkipNotice, testDatabases } from './testing/test-databases';

/* eslint-disable @typescript-eslint/no-explicit-any */

postgresSkipNotice('copy batches');

const columns: RowColumns = {
  id: 'integer',
  name: 'text',
  amount: 'numeric',
  big: 'bigint',
  flag: 'boolean',
  at: 'timestamptz',
  doc: 'jsonb',
  label: 'jsonb',
  tags: 'text[]',
  note: 'text',
  ref: 'uuid',
};

/** Every kind of value a projector hands over, and text COPY's format must escape. */
const rows = [
  {
    id: 1,
    name: 'tab\there, newline\nthere, return\r, backslash \\ and \\N',
    amount: '12.50',
    big: '9007199254740993',
    flag: true,
    at: new Date('2026-01-02T03:04:05.678Z'),
    doc: { nested: { text: 'a\tb\nc\\d "quoted"' }, list: [1, null, 'x'], n: 0.1 },
    label: 'just a string',
    tags: ['plain', 'with "quotes"', 'back\\slash', 'comma,brace}', null, ''],
    note: '',
    ref: '{a0eebc999c0b4ef8bb6d6bb9bd380a11}',
  },
  {
    id: 2,
    name: 'ünïcödé ✓ 𝄞',
    amount: 0.30000000000000004,
    big: 42,
    flag: false,
    at: '2026-05-06T07:08:09+02:00',
  },
  {
    id: 3,
    name: null,
    amount: null,
    flag: null,
    at: null,
    doc: null,
    label: [1, 2],
    tags: [],
    note: undefined,
  },
  { id: 4, name: '\\N', amount: -0, doc: 'null', label: false, tags: ['NULL'], note: 7 },
];

/**
 * Rows whose every value has a binary form (copy-binary.ts): numerics of every shape a decimal
 * takes, timestamps either side of 2000, integers at their ranges' ends.
 */
const { tags: _arrays, ...binaryColumns } = columns; // no binary form for arrays here
const binaryRows = [
  ...[
    '0',
    '-0',
    '-0.00',
    '12.50',
    '-12.5',
    '0.0001',
    '10000',
    '9999.9999',
    '00012.3400',
    '123456789012345678901234.5',
  ].map((amount, i) => ({ id: i, amount, name: `n${i} ✓\t\\`, flag: i % 2 === 0, big: -(2 ** 53) + 1 + i })),
  { id: 99, ref: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' },
  { id: 98, ref: 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A1F' },
  { id: 100, amount: 0.30000000000000004, big: 2 ** 53 - 1, at: new Date('1970-01-01T00:00:00.001Z') },
  {
    id: 101,
    amount: -7,
    at: new Date('2026-01-02T03:04:05.678Z'),
    doc: { a: 'tab\t', list: [1, null] },
    label: 'x',
  },
  { id: -(2 ** 31) + 1, amount: '0.00000001', at: new Date('1999-12-31T23:59:59.999Z'), doc: null },
  { id: 2 ** 31 - 1, name: null, amount: null, flag: null, at: null, doc: [], label: false, note: undefined },
];

const createTable = async (db: Kysely<any>, schema: string) => {
  await sql`create schema ${sql.id(schema)}`.execute(db);
  await sql`create table ${sql.table(`${schema}.t`)} (id integer primary key, name text, amount numeric,
    big bigint, flag boolean, at timestamptz, doc jsonb, label jsonb, tags text[], note text, ref uuid)`.execute(
    db,
  );
};

const rowsAsText = async (db: Kysely<any>, schema: string) =>
  (
    await sql<{ row: string }>`select t::text as row from ${sql.table(`${schema}.t`)} t order by id`.execute(
      db,
    )
  ).rows.map((r) => r.row);

const rowSet = (schema: string): RowSet => ({ rowSet: true, schema, table: 't', columns, rows });

describe.each(testDatabases())('copy batches ($name)', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database.close());

  it('given rows with every kind of value, then COPY fills exactly the rows the INSERT does', async () => {
    await createTable(database.db, 'inserted');
    await createTable(database.db, 'copied');

    await insertRows(database.db, 'inserted', 't', columns, rows);
    await database.copyBatch([rowSet('copied')]);

    const inserted = await rowsAsText(database.db, 'inserted');
    expect(inserted).toHaveLength(rows.length);
    expect(await rowsAsText(database.db, 'copied')).toEqual(inserted);
  });

  it('given rows made COPY text ahead (withCopyText), then COPY fills the rows the INSERT does', async () => {
    await createTable(database.db, 'inserted_now');
    await createTable(database.db, 'ahead');

    await insertRows(database.db, 'inserted_now', 't', columns, rows);
    await database.copyBatch([withCopyText(rowSet('ahead'))]);

    const inserted = await rowsAsText(database.db, 'inserted_now');
    expect(inserted).toHaveLength(rows.length);
    expect(await rowsAsText(database.db, 'ahead')).toEqual(inserted);
  });

  it('given rows of types COPY can take in binary (withCopyData), then it fills the rows the INSERT does', async () => {
    await createTable(database.db, 'inserted_binary');
    await createTable(database.db, 'binary');
    const set = { ...rowSet('binary'), columns: binaryColumns, rows: binaryRows };
    const made = withCopyData(set, true);
    expect(made.binary).toBeDefined();

    await insertRows(database.db, 'inserted_binary', 't', binaryColumns, binaryRows);
    await database.copyBatch([made]);

    const inserted = await rowsAsText(database.db, 'inserted_binary');
    expect(inserted).toHaveLength(binaryRows.length);
    expect(await rowsAsText(database.db, 'binary')).toEqual(inserted);
  });

  it('given a row set alone whose COPY fails, then it rejects with the server error and the next batch runs', async () => {
    await createTable(database.db, 'copy_fails');
    await sql`insert into copy_fails.t (id) values (2)`.execute(database.db); // id 2 is in the row set

    await expect(database.copyBatch([rowSet('copy_fails')])).rejects.toThrow(/duplicate key/);

    expect(await rowsAsText(database.db, 'copy_fails')).toHaveLength(1);
    await database.copyBatch([CompiledQuery.raw('delete from copy_fails.t'), rowSet('copy_fails')]);
    expect(await rowsAsText(database.db, 'copy_fails')).toHaveLength(rows.length);
  });

  it('given a statement that fails after a row set, then nothing of the batch is kept and the next batch runs', async () => {
    await createTable(database.db, 'failing');
    const failing = CompiledQuery.raw('insert into failing.t (id) values (1)'); // id 1 is in the row set

    await expect(database.copyBatch([rowSet('failing'), failing])).rejects.toThrow(/duplicate key/);

    expect(await rowsAsText(database.db, 'failing')).toEqual([]);
    await database.copyBatch([CompiledQuery.raw('delete from failing.t'), rowSet('failing')]);
    expect(await rowsAsText(database.db, 'failing')).toHaveLength(rows.length);
  });
});

describe.each(testDatabases())('copy batches ($name), commits', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database.close());

  it('commits without waiting for the WAL flush, as a projector batch does', async () => {
    await sql`create table settings (value text)`.execute(database.db);
    await database.copyBatch([
      CompiledQuery.raw("insert into settings select current_setting('synchronous_commit')"),
      {
        rowSet: true,
        schema: 'public',
        table: 'settings',
        columns: { value: 'text' },
        rows: [{ value: 'x' }],
      },
    ]);
    const { rows } = await sql<{ value: string }>`select value from settings order by value`.execute(
      database.db,
    );
    expect(rows.map((r) => r.value)).toEqual(['off', 'x']);
  });
});

describe('recordBatch', () => {
  it('keeps the rows a projector gives insertRows as row sets, in order among its statements', async () => {
    const projector: Projector = {
      name: 'mixed',
      version: 1,
      tables: ['a', 'b'],
      writesOnly: true,
      async setup() {},
      async apply(trx, events, schema) {
        await sql`update ${sql.table(`${schema}.a`)} set n = n + 1`.execute(trx);
        await insertRows(
          trx,
          schema,
          'b',
          { id: 'text' },
          events.map((e) => ({ id: e.id })),
        );
        await sql`delete from ${sql.table(`${schema}.a`)} where n > 9`.execute(trx);
      },
    };
    const events = [{ id: 'e1' }, { id: 'e2' }] as RecordedEvent[];

    const entries = await recordBatch(projector, events, 'fresh');

    expect(entries.map((e) => (isRowSet(e) ? `rows ${e.schema}.${e.table}` : e.sql.split(' ')[0]))).toEqual([
      'update',
      'rows fresh.b',
      'delete',
    ]);
    expect(entries.find(isRowSet)?.rows).toEqual([{ id: 'e1' }, { id: 'e2' }]);
  });
});

describe('withCopyData', () => {
  it('given a value or a column type without a binary form here, then the rows go as text', () => {
    const timestampAsText = {
      ...rowSet('s'),
      columns: binaryColumns,
      rows: [{ id: 1, at: '2026-05-06T07:08:09Z' }],
    };
    const arrays = { ...rowSet('s'), rows: [{ id: 1 }] };

    for (const set of [timestampAsText, arrays]) {
      const made = withCopyData(set, true);
      expect(made.binary).toBeUndefined();
      expect(made.text).toBe(copyText(set));
    }
  });
});
