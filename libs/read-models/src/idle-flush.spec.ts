import { randomUUID } from 'node:crypto';
import { EventStore, Position } from '@app/event-store';
import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { sql } from 'kysely';
import { Client } from 'pg';
import { loadCheckpoint } from './checkpoints';
import { Database, openDatabase } from './database';
import { soleLeases } from './leases';
import { ProjectionRunner } from './projection-runner';
import { recordingLogger } from './testing/projection-fixtures';
import { streamEventsProjector } from './testing/stream-events-projector';
import { openFreshPostgres, postgresSkipNotice } from './testing/test-databases';

// The idle flush's statement is held back by a row lock from another session: PostgreSQL only
// (PGlite has one session, which the lock would hold up whole).
postgresSkipNotice('idle checkpoint flush');
const serverUrl = process.env.DATABASE_URL;

/**
 * A projector that ignores events stores how far it has come every 250 ms (the idle flush). When
 * the loop takes further ignored events while that statement runs, the flush's end must not take
 * the loop back to where it stood when the flush began: its subscription is already past those
 * events, so it would stay behind until the next event, and a write waiting on it with it.
 */
(serverUrl ? describe : describe.skip)('an idle checkpoint flush on PostgreSQL', () => {
  let shared: Database;
  let database: Database;
  let store: EventStore;
  let runner: ProjectionRunner;
  let locker: Client;

  beforeAll(async () => {
    shared = await openFreshPostgres(serverUrl!);
    database = await openDatabase({ url: shared.url });
    store = await PostgresEventStore.open(database);
    runner = new ProjectionRunner({
      db: database.db,
      store,
      projectors: [streamEventsProjector({ handles: ['Handled'] })],
      logger: recordingLogger(),
      leases: soleLeases(),
    });
    await runner.start();
    locker = new Client({ connectionString: shared.url });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await runner?.stop();
    await store?.close();
    await database?.close();
    await shared?.close();
  });

  const ignored = async (): Promise<Position> =>
    (
      await store.appendToStream(`other-${randomUUID()}`, [{ id: randomUUID(), type: 'Ignored', data: {} }], {
        expectedRevision: 'no_stream',
      })
    ).position;

  /** Polls `condition` until it holds; past 10 s fails, naming what was awaited. */
  async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it('keeps the loop where its later ignored batches took it', async () => {
    // Given the checkpoints locked, and an ignored event taken, whose flush then waits for the lock
    await locker.query('begin');
    // A table lock takes no transaction id: the events recorded meanwhile are not held back by it.
    await locker.query('lock table projection_checkpoint in share mode');
    const first = await ignored();
    await runner.waitFor(first, { timeoutMs: 2000 });
    await until('the flush to wait for the lock', async () => {
      // Not from the locker: within a transaction pg_stat_activity keeps what it first showed.
      const { rows } = await sql`select 1 from pg_stat_activity
          where wait_event_type = 'Lock' and datname = current_database()`.execute(database.db);
      return rows.length > 0;
    });

    // When another ignored event is taken while the flush waits, and the flush then goes through
    const second = await ignored();
    await runner.waitFor(second, { timeoutMs: 2000 });
    await locker.query('commit');
    await until(
      'the first flush',
      async () => (await loadCheckpoint(database.db, 'stream_events'))?.position !== 'start',
    );

    // Then the loop still stands at the second, and stores it at its next flush
    const [status] = await runner.status();
    expect(status.position).toEqual(second);
    await until('the second flush', async () => {
      const stored = await loadCheckpoint(database.db, 'stream_events');
      return stored?.position !== 'start' && stored?.position.prepare === second.prepare;
    });
  });
});

/**
 * The idle flushes of the projectors that ignored one page fire together: on a server they go in
 * the pipeline (one write for all of them), not as a round trip each.
 */
(serverUrl ? describe : describe.skip)('idle checkpoint flushes on PostgreSQL', () => {
  let database: Database;
  let store: EventStore;
  let runner: ProjectionRunner;
  const sent: { statements: string[]; late: boolean }[] = [];

  beforeAll(async () => {
    database = await openFreshPostgres(serverUrl!);
    store = await PostgresEventStore.open(database);
    const pipeline = database.pipeline!;
    runner = new ProjectionRunner({
      db: database.db,
      store,
      projectors: ['a', 'b', 'c'].map((name) => streamEventsProjector({ name, handles: ['Handled'] })),
      logger: recordingLogger(),
      leases: soleLeases(),
      pipeline: (statements, options) => {
        sent.push({ statements: statements.map((s) => s.sql), late: options?.late ?? false });
        return pipeline(statements, options);
      },
    });
    await runner.start();
  });
  afterAll(async () => {
    await runner?.stop();
    await store?.close();
    await database?.close();
  });

  it('go in the pipeline, after the batches of their turn', async () => {
    const { position } = await store.appendToStream(
      `other-${randomUUID()}`,
      [{ id: randomUUID(), type: 'Ignored', data: {} }],
      { expectedRevision: 'no_stream' },
    );
    const flushed = async (name: string) => {
      const stored = (await loadCheckpoint(database.db, name))?.position;
      return stored !== undefined && stored !== 'start' && stored.prepare === position.prepare;
    };
    const deadline = Date.now() + 10_000;
    for (const name of ['a', 'b', 'c']) {
      while (!(await flushed(name))) {
        if (Date.now() > deadline) throw new Error(`Still waiting for ${name}'s flush`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    const moves = sent.filter((s) =>
      s.statements.some((sql) => sql.includes('advance_projection_checkpoint')),
    );
    expect(moves).toHaveLength(3);
    for (const move of moves) expect(move).toMatchObject({ statements: [expect.any(String)], late: true });
  });
});
