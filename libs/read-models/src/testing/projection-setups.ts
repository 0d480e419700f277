import { EventStore, MemoryEventStore } from '@app/event-store';
import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { Kysely, sql } from 'kysely';
import { Database } from '../database';
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
