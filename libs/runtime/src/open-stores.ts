import { mkdir } from 'node:fs/promises';
import { EventStore, PostgresEventStore } from '@app/event-store';
import { KyselySnapshotStore } from '@app/event-store/aggregate';
import { Database, openDatabase, readyImagePath, unpackImage } from '@app/read-models';
import { ApiConfig, databaseConfig } from './config';
import { EventStoreSignals } from './event-store-signals';

export type EventStoreKind = 'postgres' | 'eventstoredb';

/** The storage a running API holds open. */
export interface Stores {
  database: Database;
  events: EventStore;
  eventsKind: EventStoreKind;
  snapshots: KyselySnapshotStore;
  /** What the event store reported while going on (EventStoreDB only): for /metrics. */
  signals: EventStoreSignals;
  close(): Promise<void>;
}

/**
 * Opens the database (or uses `given`, which the caller then closes), the event store (in the same
 * database, or EventStoreDB when its connection string is set) and the snapshot table.
 */
export async function openStores(config: ApiConfig, given?: Database): Promise<Stores> {
  const database = given ?? (await openConfiguredDatabase(config));
  const closeDatabase = given ? async () => undefined : () => database.close();
  const signals = new EventStoreSignals();
  try {
    const { events, eventsKind } = await openEventStore(config, database, signals);
    const snapshots = new KyselySnapshotStore(database.db);
    await snapshots.setup();
    return {
      database,
      events,
      eventsKind,
      snapshots,
      signals,
      async close() {
        await events.close();
        await closeDatabase();
      },
    };
  } catch (error) {
    await closeDatabase();
    throw error;
  }
}

async function openConfiguredDatabase(config: ApiConfig): Promise<Database> {
  const settings = databaseConfig(config);
  if (!settings.dataDir) return openDatabase(settings);
  await mkdir(settings.dataDir, { recursive: true });
  await unpackReadyImage(config, settings.dataDir);
  return openDatabase(settings);
}

/**
 * A new embedded database unpacked as the built API's first start leaves one (its schema made,
 * pglite-images.ts), where the events live in it too: the image holds the event store's tables.
 * Whether it was.
 */
export async function unpackReadyImage(
  config: Pick<ApiConfig, 'eventStoreConnectionString'>,
  dataDir: string,
  image: string = readyImagePath(),
): Promise<boolean> {
  return !config.eventStoreConnectionString && (await unpackImage(dataDir, image));
}

async function openEventStore(
  config: ApiConfig,
  database: Database,
  signals: EventStoreSignals,
): Promise<{ events: EventStore; eventsKind: EventStoreKind }> {
  if (!config.eventStoreConnectionString) {
    return { events: await PostgresEventStore.open(database), eventsKind: 'postgres' };
  }
  // Loaded only when used: the gRPC client is heavy, and most runs never need it.
  const { EventStoreDbEventStore } = await import('@app/event-store/eventstoredb');
  return {
    events: await EventStoreDbEventStore.connect(config.eventStoreConnectionString, { observer: signals }),
    eventsKind: 'eventstoredb',
  };
}
