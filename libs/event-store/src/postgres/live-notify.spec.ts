import { testDatabases } from '@app/read-models/testing/test-databases';
import { Database } from '@app/read-models';
import { anEvent, ids, iterate, newStreamId, pull } from '../contract/fixtures';
import { sleep } from './hold-open.fixture';
import { PostgresEventStore } from './postgres-event-store';

describe.each(testDatabases())('live subscription across store instances ($name)', (testDatabase) => {
  let database: Database;
  let reader: PostgresEventStore;
  let writer: PostgresEventStore;

  beforeAll(async () => {
    database = await testDatabase.open();
    // An idle poll far beyond the test's timeout: only LISTEN/NOTIFY can wake the reader.
    reader = await PostgresEventStore.open(database, { idlePollMs: 60_000 });
    writer = await PostgresEventStore.open(database);
  });
  afterAll(async () => {
    await reader.close();
    await writer.close();
    await database.close();
  });

  it('given a caught-up subscriber on one instance, when another instance appends, then the subscriber is woken by its notification', async () => {
    const subscription = reader.subscribeToAll({ after: 'start' });
    try {
      const streamId = newStreamId();
      const pending = pull(iterate(subscription), 2, (e) => e.streamId === streamId);
      await sleep(20); // let the subscriber catch up and park
      const written = [anEvent(), anEvent()];

      await writer.appendToStream(streamId, written.slice(0, 1), { expectedRevision: 'no_stream' });
      await writer.appendToStream(streamId, written.slice(1), { expectedRevision: 0 });

      expect(ids(await pending)).toEqual(ids(written));
    } finally {
      await subscription.close();
    }
  }, 15_000);
});
