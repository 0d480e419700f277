import { sql } from 'kysely';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Database, openDatabase } from './database';
import { postgresSkipNotice } from './testing/test-databases';

postgresSkipNotice('results left to the young generation');

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'major' | 'minor'; execution: 'sync' }) => void;
const oldSpaceUsed = () =>
  getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;

/**
 * A result nobody holds any more dies young: a young-generation GC frees it instead of copying it
 * to the old generation (pg's own promise kept every result alive until a full GC, so each of the
 * API's young GCs promoted the rows of every request since the one before).
 */
(process.env.DATABASE_URL ? describe : describe.skip)('query results on postgres', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ url: process.env.DATABASE_URL!, maxConnections: 1 });
  });
  afterAll(() => database?.close());

  const read = () => rows().execute(database.db);
  const rows = () => sql`select repeat('x', 200) as text, g from generate_series(1, 100) g`;

  it('are not promoted to the old generation once read', async () => {
    for (let i = 0; i < 20; i++) await read();
    gc({ type: 'major', execution: 'sync' });
    const before = oldSpaceUsed();
    // About 10 MB of rows, read and dropped one result at a time.
    for (let i = 0; i < 300; i++) expect((await read()).rows).toHaveLength(100);
    gc({ type: 'minor', execution: 'sync' });
    gc({ type: 'minor', execution: 'sync' });
    expect(oldSpaceUsed() - before).toBeLessThan(1_000_000);
  });

  it('are not promoted when sent through the pipeline either', async () => {
    const pipeline = database.pipeline!;
    const statement = rows().compile(database.db);
    const send = () => pipeline([statement, statement]);
    for (let i = 0; i < 20; i++) await send();
    gc({ type: 'major', execution: 'sync' });
    const before = oldSpaceUsed();
    // About 10 MB of rows, two results a list, none of them read.
    for (let i = 0; i < 150; i++) await send();
    gc({ type: 'minor', execution: 'sync' });
    gc({ type: 'minor', execution: 'sync' });
    expect(oldSpaceUsed() - before).toBeLessThan(1_000_000);
  });
});
