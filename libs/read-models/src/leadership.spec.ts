import { EventStore } from '@app/event-store';
import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { sql } from 'kysely';
import { Database, openDatabase } from './database';
import { AdvisoryLockLeases, noLeases, ProjectorLeases, soleLeases } from './leases';
import { ProjectionRunner } from './projection-runner';
import { appendSampleEvents, readWholeLog, recordingLogger, rowsOf } from './testing/projection-fixtures';
import { streamEventsProjector } from './testing/stream-events-projector';
import { openFreshPostgres, postgresSkipNotice } from './testing/test-databases';

// Several processes on one PostgreSQL database; PGlite admits one process, so PostgreSQL only.
postgresSkipNotice('projector leadership');
const serverUrl = process.env.DATABASE_URL;

interface Process {
  runner: ProjectionRunner;
  store: EventStore;
  logger: ReturnType<typeof recordingLogger>;
  close(): Promise<void>;
}

(serverUrl ? describe : describe.skip)('projector leadership on PostgreSQL', () => {
  let shared: Database;
  const processes: Process[] = [];

  beforeEach(async () => {
    shared = await openFreshPostgres(serverUrl!);
  });
  afterEach(async () => {
    await Promise.all(processes.splice(0).map((p) => p.close()));
    await shared.close();
  });

  /** A process of its own: pool, event store, runner and leases (advisory locks by default). */
  async function start(leases: (url: string) => ProjectorLeases = (url) => new AdvisoryLockLeases(url)) {
    const database = await openDatabase({ url: shared.url, maxConnections: 4 });
    const store = await PostgresEventStore.open(database, { idlePollMs: 100 });
    const logger = recordingLogger();
    const runner = new ProjectionRunner({
      db: database.db,
      store,
      projectors: [streamEventsProjector(), streamEventsProjector({ name: 'others' })],
      batchSize: 20,
      logger,
      leases: leases(shared.url!),
    });
    await runner.start();
    const started: Process = {
      runner,
      store,
      logger,
      async close() {
        await runner.stop();
        await store.close();
        await database.close();
      },
    };
    processes.push(started);
    return started;
  }

  async function expectEachEventOnce(table: string) {
    const log = await readWholeLog(processes[0].store);
    const rows = await rowsOf(shared.db, table);
    expect(rows.map((r) => `${r.stream_id}@${r.revision}`)).toEqual(
      log.map((e) => `${e.streamId}@${e.revision}`),
    );
  }

  /** Both processes append `count` sample events at once; each waits until its projectors pass both appends. */
  async function appendOnBoth(one: Process, two: Process, count: number) {
    const appended = await Promise.all([
      appendSampleEvents(one.store, count),
      appendSampleEvents(two.store, count),
    ]);
    for (const p of [one, two]) for (const position of appended) await p.runner.waitFor(position);
  }

  const states = async (p: Process) => (await p.runner.status()).map((s) => s.state);

  it('runs each projector in one process only; the other stands by and still reads its own writes', async () => {
    const first = await start();
    const second = await start();

    // when both processes append at once
    await appendOnBoth(first, second, 150);

    // then every event is projected exactly once, by the leader
    await expectEachEventOnce('stream_events');
    await expectEachEventOnce('others');
    expect(await states(first)).toEqual(['running', 'running']);
    expect(await second.runner.status()).toEqual([
      expect.objectContaining({ name: 'stream_events', state: 'standby', ledElsewhere: true, lag: 0 }),
      expect.objectContaining({ name: 'others', state: 'standby', ledElsewhere: true, lag: 0 }),
    ]);
    expect([...first.logger.errors, ...second.logger.errors]).toEqual([]);
  });

  it('takes over from the checkpoint when the leader stops', async () => {
    const leader = await start();
    const standby = await start();
    await standby.runner.waitFor(await appendSampleEvents(standby.store, 40));

    await leader.close();
    processes.splice(processes.indexOf(leader), 1);
    const last = await appendSampleEvents(standby.store, 30);

    await standby.runner.waitFor(last, { timeoutMs: 5000 });
    expect(await states(standby)).toEqual(['running', 'running']);
    await expectEachEventOnce('stream_events');
  });

  it('gives up the lead when its lock connection dies; one process leads again', async () => {
    const leader = await start();
    const standby = await start();
    await appendSampleEvents(leader.store, 25);

    // when the server ends the sessions holding the locks
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'projector-leases' and datname = current_database()`.execute(shared.db);

    // then the leader stands by, and the first to retry (either one) leads each projector
    await until(async () => leader.logger.errors.length === 2);
    expect(leader.logger.errors).toEqual([
      'Projector stream_events: lost its lease, standing by: lease connection ended',
      'Projector others: lost its lease, standing by: lease connection ended',
    ]);
    await until(async () => {
      const [a, b] = [await states(leader), await states(standby)];
      return a.every((state, i) => [state, b[i]].sort().join() === 'running,standby');
    });
    const last = await appendSampleEvents(leader.store, 25);
    await leader.runner.waitFor(last);
    await standby.runner.waitFor(last);
    await expectEachEventOnce('stream_events');
    await expectEachEventOnce('others');
  });

  it('applies no event twice even when two processes lead at once (the checkpoint decides)', async () => {
    const one = await start(() => soleLeases());
    const two = await start(() => soleLeases());

    await appendOnBoth(one, two, 200);

    await expectEachEventOnce('stream_events');
    await expectEachEventOnce('others');
    expect([...one.logger.errors, ...two.logger.errors]).toEqual([]);
  });

  it('a watcher that never leads (PROJECTORS=external) tells whether any process runs each projector', async () => {
    const watcher = await start(() => noLeases());
    const last = await appendSampleEvents(watcher.store, 10);
    expect(await watcher.runner.status()).toEqual([
      expect.objectContaining({ state: 'standby', ledElsewhere: false, position: null }),
      expect.objectContaining({ state: 'standby', ledElsewhere: false, position: null }),
    ]);

    const leader = await start();

    await watcher.runner.waitFor(last, { timeoutMs: 5000 });
    expect([watcher.runner.leads('stream_events'), leader.runner.leads('stream_events')]).toEqual([
      false,
      true,
    ]);
    expect(await watcher.runner.status()).toEqual([
      expect.objectContaining({ state: 'standby', ledElsewhere: true, position: last, lag: 0 }),
      expect.objectContaining({ state: 'standby', ledElsewhere: true, position: last, lag: 0 }),
    ]);
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
