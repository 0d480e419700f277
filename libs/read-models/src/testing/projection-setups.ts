import { EventStore, MemoryEventStore } from '@app/event-store';
import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { Kysely, sql } from 'kysely';
import { Database } from '../database';
import { ProjectionRunner, ProjectionRunnerOptions } from '../projection-runner';
import { Projector } from '../projector';
import { testDatabases } from './test-databases';

/* eslint-disable @typescript-eslint/no-explicit-any */

export interface ProjectionSetupKind {
  /** e.g. 'memory store, pglite read models': use it in describe() titles. */
  name: string;
  /** The read-model database, opened once per suite (a PGlite takes seconds to start). */
  openDatabase(): Promise<Database>;
  /** An empty event store for one test, on `database` when the store is PostgreSQL. */
  openStore(database: Database): Promise<EventStore>;
  /** Runners here send write-only projectors' batches through the database's pipeline. */
  pipelined?: boolean;
}

/**
 * Read models on every test database, fed by the in-memory store (the runner's logic) and by the
 * PostgreSQL store in the same database (end to end, as deployed without EventStoreDB).
 */
export function projectionSetups(options: { pipelined?: boolean } = {}): ProjectionSetupKind[] {
  return testDatabases().flatMap((target): ProjectionSetupKind[] => [
    {
      name: `memory store, ${target.name} read models`,
      openDatabase: () => target.open(),
      openStore: async () => new MemoryEventStore(),
    },
    {
      name: `${target.name} store and read models`,
      openDatabase: () => target.open(),
      openStore: (database) => PostgresEventStore.open(database, { idlePollMs: 200 }),
    },
    // PGlite has no pipeline: its batches are always plain transactions.
    ...(options.pipelined && target.name === 'postgres'
      ? [
          {
            name: 'postgres store and read models, pipelined batches',
            openDatabase: () => target.open(),
            openStore: (database: Database) => PostgresEventStore.open(database, { idlePollMs: 200 }),
            pipelined: true,
          },
        ]
      : []),
  ]);
}

/** Empties a suite's shared database between tests: every user schema dropped, public recreated. */
export async function resetDatabase(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ name: string }>`select nspname as name from pg_namespace
      where nspname not like 'pg\\_%' and nspname <> 'information_schema'`.execute(db);
  for (const { name } of rows) await sql`drop schema ${sql.id(name)} cascade`.execute(db);
  await sql`create schema public`.execute(db);
}

/**
 * What every runner suite on one setup kind shares: the database opened once and emptied before
 * each test, a fresh store for each test, and the runners a test started stopped (then the store
 * closed) after it. Its fields are set from beforeAll / beforeEach on.
 */
export function runnerSuite(kind: ProjectionSetupKind) {
  const suite = {
    database: undefined as unknown as Database,
    db: undefined as unknown as Kysely<any>,
    store: undefined as unknown as EventStore,
    /** Keeps `runner` to stop after the test. */
    track<R extends { stop(): Promise<void> }>(runner: R): R {
      runners.push(runner);
      return runner;
    },
    /** A projection runner on the suite's database and store, its batches pipelined where the kind says so. */
    projectionRunner(projectors: Projector[], options: Partial<ProjectionRunnerOptions> = {}) {
      const pipeline = kind.pipelined ? suite.database.pipeline : undefined;
      const { db, store } = suite;
      const { copyBatch } = suite.database; // as deployed: a rebuild loads insertRows rows by COPY
      return suite.track(new ProjectionRunner({ db, store, projectors, pipeline, copyBatch, ...options }));
    },
  };
  const runners: { stop(): Promise<void> }[] = [];
  beforeAll(async () => {
    suite.database = await kind.openDatabase();
    suite.db = suite.database.db;
  });
  afterAll(() => suite.database.close());
  beforeEach(async () => {
    await resetDatabase(suite.db);
    suite.store = await kind.openStore(suite.database);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await suite.store.close();
  });
  return suite;
}
