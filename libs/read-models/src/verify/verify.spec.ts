import { EventStore } from '@app/event-store';
import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { Kysely, sql } from 'kysely';
import { Database } from '../database';
import { ProjectionRunner } from '../projection-runner';
import { appendSampleEvents, recordingLogger } from '../testing/projection-fixtures';
import { resetDatabase } from '../testing/projection-setups';
import { streamEventsProjector } from '../testing/stream-events-projector';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { UnknownProjectorError } from './verify-read-models';

/* eslint-disable @typescript-eslint/no-explicit-any */

postgresSkipNotice('verify');

describe.each(testDatabases())('verify on $name (events in the same database)', (target) => {
  let database: Database;
  let db: Kysely<any>;
  let store: EventStore;
  let runner: ProjectionRunner;
  const projector = streamEventsProjector();

  beforeAll(async () => {
    database = await target.open();
    db = database.db;
  });
  afterAll(() => database.close());

  beforeEach(async () => {
    await resetDatabase(db);
    store = await PostgresEventStore.open(database, { idlePollMs: 200 });
    runner = new ProjectionRunner({
      db,
      store,
      projectors: [projector],
      logger: recordingLogger(),
      batchSize: 7,
      readsBeside: target.name === 'postgres',
    });
    const seeded = await appendSampleEvents(store, 60, { prefix: 's' });
    await runner.start();
    await runner.waitFor(seeded);
  });
  afterEach(async () => {
    await runner.stop();
    await store.close();
  });

  const table = 'public.stream_events';

  it('given tables projected from the log, finds them equal to a replay, at their checkpoint', async () => {
    const report = await runner.verify();
    expect(report).toMatchObject({
      object: 'projection_verification',
      status: 'equal',
      unfinished_steps: [],
    });
    expect(report.projectors).toEqual([
      expect.objectContaining({ name: 'stream_events', status: 'equal', tables: [], events_replayed: 60 }),
    ]);
    expect(report.projectors[0].position).toMatch(/^\d+\/\d+$/);
    expect(await schemasNamed(db, 'verify_%')).toEqual([]);
  });

  it('given a row changed by hand, names the table, the row’s key, the column and both values', async () => {
    await sql`update ${sql.table(table)} set type = 'Tampered' where stream_id = 's-1' and revision = 2`.execute(
      db,
    );
    const report = await runner.verify();
    expect(report.status).toBe('different');
    expect(report.projectors[0]).toMatchObject({ status: 'different' });
    expect(report.projectors[0].tables).toEqual([
      {
        table: 'stream_events',
        key: ['stream_id', 'revision'],
        only_live: 0,
        only_replayed: 0,
        different: 1,
        examples: {
          only_live: [],
          only_replayed: [],
          different: [
            {
              key: { stream_id: 's-1', revision: '2' },
              columns: [{ column: 'type', live: 'Tampered', replayed: 'Noted' }],
            },
          ],
        },
      },
    ]);
  });

  it('given a row deleted by hand, finds it only in the replay; a row inserted by hand, only live', async () => {
    await sql`delete from ${sql.table(table)} where stream_id = 's-0' and revision = 0`.execute(db);
    await sql`insert into ${sql.table(table)} values ('forged', 0, 'Opened', '{}', 1, 1)`.execute(db);
    const [differences] = (await runner.verify()).projectors[0].tables;
    expect(differences).toMatchObject({ only_live: 1, only_replayed: 1, different: 0 });
    expect(differences.examples.only_replayed).toEqual([
      {
        key: { stream_id: 's-0', revision: '0' },
        row: expect.objectContaining({ stream_id: 's-0', revision: '0', type: 'Opened', data: '{"n": 0}' }),
      },
    ]);
    expect(differences.examples.only_live).toEqual([
      { key: { stream_id: 'forged', revision: '0' }, row: expect.objectContaining({ type: 'Opened' }) },
    ]);
  });

  it('verifies at the position the live tables stand at while events keep being projected', async () => {
    let moves = 0;
    const report = await runner.verify({
      // Each replayed batch, the log and the live tables move on.
      onProgress: async () => {
        moves++;
        await runner.waitFor(await appendSampleEvents(store, 3, { prefix: `m${moves}` }));
      },
    });
    expect(moves).toBeGreaterThan(5);
    expect(report.status).toBe('equal');
    expect(report.projectors[0].events_replayed).toBeGreaterThan(60);
  });

  const onServer = target.name === 'postgres' ? it : it.skip;
  onServer(
    'verifies while other sessions keep appending and the runner projecting them, unpaced',
    async () => {
      let running = true;
      let latest: Promise<unknown> = Promise.resolve();
      const appender = (async () => {
        for (let n = 0; running; n++) await (latest = appendSampleEvents(store, 5, { prefix: `w${n}` }));
      })();
      try {
        // The first replayed batches wait for an append of the other session, never for the runner.
        const report = await runner.verify({
          onProgress: async (_name, { done }) => void (done <= 60 && (await latest)),
        });
        expect(report.status).toBe('equal');
        expect(report.projectors[0].events_replayed).toBeGreaterThan(60);
      } finally {
        running = false;
        await appender;
      }
    },
  );

  it('reports a projector whose tables are of another version as not verified (status failed)', async () => {
    await sql`update projection_checkpoint set version = 0 where projector = 'stream_events'`.execute(db);
    const report = await runner.verify();
    expect(report.status).toBe('failed');
    expect(report.projectors[0]).toMatchObject({
      status: 'not_verified',
      reason: expect.stringContaining('a rebuild is due'),
    });
  });

  it('reports unfinished cross-record steps it is given as a difference', async () => {
    const step = {
      process: 'estimate_conversion',
      missing: 'the invoice was not created',
      trigger: {
        event_id: 'e',
        type: 'EstimateConverted',
        stream: 'x',
        revision: 3,
        position: '1/1',
        recorded_at: 'now',
      },
    };
    const report = await runner.verify({ unfinishedSteps: async () => [step] });
    expect(report).toMatchObject({ status: 'different', unfinished_steps: [step] });
    expect(report.projectors[0].status).toBe('equal');
  });

  it('refuses a name no projector has, before it starts', async () => {
    await expect(runner.verify({ names: ['nope'] })).rejects.toThrow(UnknownProjectorError);
  });
});

async function schemasNamed(db: Kysely<any>, pattern: string): Promise<string[]> {
  const { rows } = await sql<{
    n: string;
  }>`select nspname as n from pg_namespace where nspname like ${pattern}`.execute(db);
  return rows.map((r) => r.n);
}
