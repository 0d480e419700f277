import { EventStore } from '@app/event-store';
import { Database, Projector, projectors, Reactor } from '@app/read-models';
import { configFromEnv } from '@app/runtime';
import { reactors } from '@app/processes';
import { openStores } from '@app/runtime';

/** What every command works on: the read-model database, the event store, projectors and reactors. */
export interface CliContext {
  database: Database;
  store: EventStore;
  projectors: readonly Projector[];
  /** Listed by `projections` apart from the projectors; never rebuilt. Default none. */
  reactors?: readonly Reactor[];
  close(): Promise<void>;
}

/**
 * The stores exactly as the service opens them (spec/EXTENSIONS.md §1): PostgreSQL at DATABASE_URL,
 * else PGlite in DATA_DIR/pglite, which only one process may open at a time; the events in
 * EventStoreDB when EVENTSTORE_CONNECTION_STRING is set, else beside the read models.
 */
export async function openCliContext(env: NodeJS.ProcessEnv = process.env): Promise<CliContext> {
  const stores = await openStores(configFromEnv(env));
  return {
    database: stores.database,
    store: stores.events,
    projectors,
    reactors,
    close: () => stores.close(),
  };
}
