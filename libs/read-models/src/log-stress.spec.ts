import { comparePositions, Position } from '@app/event-store';
import { events } from '@app/event-store/contract/fixtures';
import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { sql } from 'kysely';
import { Database, openDatabase } from './database';
import { ProjectionRunner } from './projection-runner';
import { countRows, recordingLogger } from './testing/projection-fixtures';
import { streamEventsProjector } from './testing/stream-events-projector';
import { createFreshPostgres, openFreshPostgres } from './testing/test-databases';

const url = process.env.DATABASE_URL;
const describeOnPostgres = url ? describe : describe.skip;
if (!url) console.info('log-stress.spec: PostgreSQL cases skipped (DATABASE_URL is not set)');

const WRITERS = 16;
const EVENTS_PER_APPEND = 10;
/** At least 100,000 events a run; LOG_STRESS_EVENTS scales it. */
const TOTAL = Number(process.env.LOG_STRESS_EVENTS ?? 100_000);
const APPENDS_PER_WRITER = Math.ceil(TOTAL / (WRITERS * EVENTS_PER_APPEND));
const STREAMS = 400;

/** A writing transaction held open in another database of the same server: a neighbour's. */
async function neighbourHoldingATransaction() {
  const server = await createFreshPostgres(url!, 'neighbour');
  const neighbour = await openDatabase({ url: server.url, statementTimeoutMs: 0 });
  await sql`CREATE TABLE work (n int)`.execute(neighbour.db);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = neighbour.db.transaction().execute(async (trx) => {
    await sql`INSERT INTO work VALUES (1)`.execute(trx);
    holding();
    await released;
  });
  await held;
  return {
    async commit() {
      release();
      await done;
      await neighbour.close();
      await server.drop();
    },
  };
}

describeOnPostgres(`the log under ${WRITERS} concurrent appenders and a live projector (PostgreSQL)`, () => {
  let database: Database;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;

  beforeEach(async () => {
    database = await openFreshPostgres(url!, 40);
    store = await PostgresEventStore.open(database);
    runner = new ProjectionRunner({
      db: database.db,
      store,
      projectors: [streamEventsProjector()],
      logger: recordingLogger(),
      pipeline: database.pipeline,
    });
    await runner.start();
  });
  afterEach(async () => {
    await runner.stop();
    await store.close();
    await database.close();
  });

  /** Every writer appends batches of ten to shared streams; resolves to the last position written. */
  async function appendEverything(): Promise<Position> {
    let last: Position | undefined;
    const writer = async () => {
      for (let i = 0; i < APPENDS_PER_WRITER; i++) {
        const stream = `stress-${Math.floor(Math.random() * STREAMS)}`;
        const { position } = await store.appendToStream(stream, events(EVENTS_PER_APPEND), {
          expectedRevision: 'any',
        });
        if (!last || comparePositions(position, last) > 0) last = position;
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    return last!;
  }

  /** The projector's table holds one row per event (its key refuses a repeat), and every one. */
  async function expectEveryEventOnce(): Promise<void> {
    const written = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events`.execute(database.db);
    expect(written.rows[0].n).toBe(WRITERS * APPENDS_PER_WRITER * EVENTS_PER_APPEND);
    expect(await countRows(database.db, 'stream_events')).toBe(written.rows[0].n);
    const missing = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM events e
      WHERE NOT EXISTS (SELECT 1 FROM stream_events s WHERE s.stream_id = e.stream_id AND s.revision = e.revision)`.execute(
      database.db,
    );
    expect(missing.rows[0].n).toBe(0);
  }

  it(`given ${TOTAL} events appended in tens, when the projector has reached the last, then it applied every event exactly once`, async () => {
    const last = await appendEverything();
    await runner.waitFor(last, { timeoutMs: 120_000 });
    await expectEveryEventOnce();
  }, 300_000);

  it(`given a neighbour's writing transaction open throughout, when ${TOTAL} events are appended, then the projector reaches the last before the neighbour commits, every event once`, async () => {
    const neighbour = await neighbourHoldingATransaction();
    try {
      const last = await appendEverything();
      // Still open: under the old rule (the server's oldest transaction) this waited for the neighbour.
      await runner.waitFor(last, { timeoutMs: 120_000 });
      await expectEveryEventOnce();
    } finally {
      await neighbour.commit();
    }
    const after = await store.appendToStream('after-neighbour', events(1), { expectedRevision: 'no_stream' });
    await runner.waitFor(after.position, { timeoutMs: 10_000 });
  }, 300_000);
});
