import { sql } from 'kysely';
import { Database } from '@app/read-models/database';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { MemoryEventStore } from '../memory/memory-event-store';
import { AggregateRepository } from './aggregate-repository';
import { CountingEventStore, counter, increments } from './counter.fixture';
import { KyselySnapshotStore } from './kysely-snapshot-store';
import { MemorySnapshotStore } from './memory-snapshot-store';
import { Snapshot, SnapshotStore } from './snapshot-store';

postgresSkipNotice('snapshot store');

function snapshot(overrides: Partial<Snapshot> = {}): Snapshot {
  return {
    streamId: 's-1',
    revision: 9,
    version: 1,
    state: { value: 10, lines: [{ sku: 'é-1', qty: '2.50' }] },
    ...overrides,
  };
}

/** What every SnapshotStore adapter must do. */
function snapshotStoreContract(open: () => Promise<SnapshotStore>) {
  let store: SnapshotStore;
  beforeAll(async () => {
    store = await open();
  });

  it('given no snapshot, when read, then undefined', async () => {
    expect(await store.read('none')).toBeUndefined();
  });

  it('given a saved snapshot, when read, then the same snapshot, state as JSON', async () => {
    await store.save(snapshot({ streamId: 'round-trip' }));

    expect(await store.read('round-trip')).toEqual(snapshot({ streamId: 'round-trip' }));
  });

  it('given a state that is a JSON array, when saved and read, then still an array', async () => {
    await store.save(snapshot({ streamId: 'array', state: [1, { a: null }, 'x'] }));

    expect((await store.read('array'))?.state).toEqual([1, { a: null }, 'x']);
  });

  it('given a snapshot, when a later revision is saved, then it replaces it; an earlier one does not', async () => {
    await store.save(snapshot({ streamId: 'newer', revision: 9 }));
    await store.save(snapshot({ streamId: 'newer', revision: 19, state: { value: 20 } }));
    await store.save(snapshot({ streamId: 'newer', revision: 14, state: { value: 15 } }));

    expect(await store.read('newer')).toMatchObject({ revision: 19, state: { value: 20 } });
  });

  it('given a snapshot, when a higher version is saved at a lower revision, then it replaces it; a lower version does not', async () => {
    await store.save(snapshot({ streamId: 'versions', revision: 99, version: 1 }));
    await store.save(snapshot({ streamId: 'versions', revision: 9, version: 2, state: { v: 2 } }));
    await store.save(snapshot({ streamId: 'versions', revision: 199, version: 1, state: { v: 1 } }));

    expect(await store.read('versions')).toEqual(
      snapshot({ streamId: 'versions', revision: 9, version: 2, state: { v: 2 } }),
    );
  });
}

describe('MemorySnapshotStore', () => {
  snapshotStoreContract(async () => new MemorySnapshotStore());
});

describe.each(testDatabases())('KyselySnapshotStore on $name', (testDatabase) => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase.open();
  });
  afterAll(() => database.close());

  snapshotStoreContract(async () => {
    const store = new KyselySnapshotStore(database.db);
    await store.setup();
    await store.setup(); // a second start finds nothing to migrate
    return store;
  });

  it('given setup, then its migrations are tracked apart from other migrators', async () => {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public' order by table_name`.execute(
      database.db,
    );

    expect(tables.rows.map((r) => r.table_name)).toEqual([
      'snapshot_store_migration',
      'snapshot_store_migration_lock',
      'snapshots',
    ]);
  });

  it('given a repository on it, when a snapshotted stream is loaded, then only the tail is read', async () => {
    const events = new CountingEventStore(new MemoryEventStore());
    const snapshots = new KyselySnapshotStore(database.db);
    const repository = new AggregateRepository(events, { snapshots, snapshotEvery: 10 });
    await repository.append(counter, 'k1', increments(25), 'no_stream');
    await repository.append(counter, 'k1', increments(3), 24);
    events.forget();

    const loaded = await repository.load(counter, 'k1');

    expect(events.eventsRead).toBe(3);
    expect(loaded).toMatchObject({ revision: 27, state: { value: 28, applied: 28, lastRevision: 27 } });
  });
});
