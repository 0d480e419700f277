import { EventStore } from '@app/event-store';
import { EventStoreDbEventStore } from '@app/event-store/eventstoredb';
import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { Database, openDatabase, Projector, projectors } from '@app/read-models';

/** What every command works on: the read-model database, the event store and the projectors. */
export interface CliContext {
  database: Database;
  store: EventStore;
  projectors: readonly Projector[];
  close(): Promise<void>;
}

/**
 * The stores as the service configures them (spec/EXTENSIONS.md §1): PostgreSQL at DATABASE_URL,
 * else PGlite in DATA_DIR (default ./data), which only one process may open at a time;
 * the events in EventStoreDB when EVENTSTORE_CONNECTION_STRING is set, else beside the read models.
 */
export async function openCliContext(env: NodeJS.ProcessEnv = process.env): Promise<CliContext> {
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR ?? './data' },
  );
  try {
    const store = env.EVENTSTORE_CONNECTION_STRING
      ? await EventStoreDbEventStore.connect(env.EVENTSTORE_CONNECTION_STRING)
      : await PostgresEventStore.open(database);
    return {
      database,
      store,
      projectors,
      async close() {
        await store.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
