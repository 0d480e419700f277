import { formatPosition, PostgresEventStore } from '@app/event-store';
import { Database, leasedAmong, loadCheckpoint, openDatabase, Projector } from '@app/read-models';
import { appendSampleEvents, rowsOf } from '@app/read-models/testing/projection-fixtures';
import { streamEventsProjector } from '@app/read-models/testing/stream-events-projector';
import { createFreshPostgres, postgresSkipNotice } from '@app/read-models/testing/test-databases';
import { sql } from 'kysely';
import { Client } from 'pg';
import { configFromEnv } from '@app/runtime';
import { ProjectorWorker, startProjectorWorker } from './worker';

postgresSkipNotice('projector worker faults');

const serverUrl = process.env.DATABASE_URL;
const WORKER = 'projector-worker-under-test';

/**
 * A projector worker whose PostgreSQL sessions are terminated (pg_terminate_backend, as an operator,
 * a failover or idle_session_timeout would): it stays up, takes its connections, LISTEN and leases
 * again, and its projectors go on from their checkpoints (retrying a batch cut off), applying every
 * event once.
 */
(serverUrl ? describe : describe.skip)('projector worker through terminated sessions (PostgreSQL)', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let workerDatabase: Database;
  let writerDatabase: Database;
  let writer: PostgresEventStore;
  let admin: Client;
  let worker: ProjectorWorker | undefined;

  beforeEach(async () => {
    fresh = await createFreshPostgres(serverUrl!, 'worker_faults');
    const named = new URL(fresh.url);
    named.searchParams.set('application_name', WORKER); // its sessions, and only they, are terminated
    workerDatabase = await openDatabase({ url: named.toString(), connectTimeoutMs: 1000 });
    writerDatabase = await openDatabase({ url: fresh.url });
    admin = new Client({ connectionString: serverUrl });
    await admin.connect();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await writer?.close();
    await workerDatabase.close();
    await writerDatabase.close();
    await admin.end();
    await fresh.drop();
  });

  async function start(projectors: Projector[]): Promise<ProjectorWorker> {
    const config = configFromEnv({ LOG_LEVEL: 'silent' });
    worker = await startProjectorWorker(config, {
      database: workerDatabase,
      projectors,
      logger: { info: () => undefined, error: () => undefined },
      checkEveryMs: 50,
    });
    writer = await PostgresEventStore.open(writerDatabase);
    return worker;
  }

  /** The worker's sessions on its own database; nothing else on the shared server. */
  async function terminate(filter = sql``): Promise<number> {
    const query = sql<{ pid: number }>`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = ${WORKER} ${filter}`;
    const { rows } = await query.execute(writerDatabase.db);
    return rows.length;
  }

  it('goes on after every session it holds is terminated, again and again, applying each event once', async () => {
    const { runner } = await start([streamEventsProjector(), streamEventsProjector({ name: 'others' })]);
    await runner.waitFor(await appendSampleEvents(writer, 10));

    for (let round = 0; round < 3; round++) {
      expect(await terminate()).toBeGreaterThan(0);
      await runner.waitFor(await appendSampleEvents(writer, 10), { timeoutMs: 15_000 });
    }

    expect(await rowsOf(writerDatabase.db, 'stream_events')).toHaveLength(40);
    expect(await rowsOf(writerDatabase.db, 'others')).toEqual(
      await rowsOf(writerDatabase.db, 'stream_events'),
    );
    await until(async () => (await leasedAmong(writerDatabase.db, ['stream_events', 'others'])).size === 2);
    await until(async () => (await listeningSessions()) === 1); // LISTEN taken again
    expect((await runner.status()).map((s) => s.state)).toEqual(['running', 'running']);
  });

  it('applies every event once when its sessions are terminated while batches flow', async () => {
    const { runner } = await start([
      streamEventsProjector(),
      streamEventsProjector({ name: 'reference_events' }),
    ]);
    const retries: string[] = [];
    runner.onRetry((projector) => retries.push(projector));
    // Appends go on while the worker's sessions are cut, so that some cuts land on a batch in flight.
    // (No transaction is held open on purpose: that would hold back the log of every database on
    // the server, other suites' included.)
    let appending = true;
    const appends = (async () => {
      let last = await appendSampleEvents(writer, 5);
      while (appending) last = await appendSampleEvents(writer, 5);
      return last;
    })();
    try {
      for (let round = 0; round < 5; round++) {
        // Read beside the worker, whose own sessions are being cut: once its checkpoint has moved.
        const stored = async () => {
          const position = (await loadCheckpoint(writerDatabase.db, 'stream_events'))?.position;
          return !position || position === 'start' ? 'start' : formatPosition(position);
        };
        const before = await stored();
        await until(async () => (await stored()) !== before);
        await terminate();
      }
    } finally {
      appending = false;
    }
    await runner.waitFor(await appends, { timeoutMs: 15_000 });

    expect(await rowsOf(writerDatabase.db, 'stream_events')).toEqual(
      await rowsOf(writerDatabase.db, 'reference_events'),
    );
    expect((await runner.status()).map((s) => s.state)).toEqual(['running', 'running']);
    expect(retries.every((name) => name === 'stream_events' || name === 'reference_events')).toBe(true);
  });

  async function listeningSessions(): Promise<number> {
    const { rows } = await admin.query(
      `select count(*)::int as n from pg_locks l join pg_stat_activity a using (pid)
        where l.locktype = 'advisory' and l.objsubid = 2 and l.classid = $1::oid and a.datname = $2
          and a.application_name = $3`,
      [0x4c53544e, new URL(fresh.url).pathname.slice(1), WORKER],
    );
    return rows[0].n;
  }
});

/** Polls `condition` every 20 ms until it holds; fails past `timeoutMs`. */
async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
