import { Client } from 'pg';
import { createFreshPostgres, testDatabases } from '@app/read-models/testing/test-databases';
import { Database, openDatabase } from '@app/read-models';
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

describe.each(testDatabases())('who listens on a channel ($name)', (testDatabase) => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase.open();
  });
  afterAll(() => database.close());

  it('given one listener, when a second starts and stops, then each sees the other only while both listen', async () => {
    const first = await database.listen('who_listens', () => undefined);
    try {
      expect(await first.othersListening()).toBe(false);
      const second = await database.listen('who_listens', () => undefined);
      expect(await first.othersListening()).toBe(true);
      expect(await second.othersListening()).toBe(true);
      await second.stop();
      expect(await first.othersListening()).toBe(false);
    } finally {
      await first.stop();
    }
  });

  it("given listeners on two channels, then neither counts as the other one's", async () => {
    const a = await database.listen('channel_a', () => undefined);
    const b = await database.listen('channel_b', () => undefined);
    try {
      expect(await a.othersListening()).toBe(false);
      expect(await b.othersListening()).toBe(false);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

const serverUrl = process.env.DATABASE_URL;
(serverUrl ? describe : describe.skip)('notifications only while another process listens (postgres)', () => {
  let database: Database;
  let elsewhere: Database;
  let store: PostgresEventStore;
  /** A bare LISTEN that does not announce itself: it hears only what the store sends anyway. */
  let eavesdropper: Client;
  const heard: string[] = [];

  beforeAll(async () => {
    const fresh = await createFreshPostgres(serverUrl!);
    database = await openDatabase({ url: fresh.url });
    const close = database.close;
    database.close = async () => {
      await close();
      await fresh.drop();
    };
    elsewhere = await openDatabase({ url: fresh.url });
    eavesdropper = new Client({ connectionString: fresh.url });
    await eavesdropper.connect();
    eavesdropper.on('notification', (n) => heard.push(n.payload ?? ''));
    await eavesdropper.query('LISTEN event_store');
    store = await PostgresEventStore.open(database);
  });
  afterAll(async () => {
    await store.close();
    await eavesdropper.end();
    await elsewhere.close();
    await database.close();
  });

  const append = () => store.appendToStream(newStreamId(), [anEvent()], { expectedRevision: 'no_stream' });
  const heardAfter = async (work: () => Promise<unknown>) => {
    heard.length = 0;
    await work();
    await sleep(100);
    return heard.length;
  };

  it('given no other store, when events are appended, then no NOTIFY is sent', async () => {
    await append(); // the first append learns that nobody else listens
    await sleep(50);
    expect(await heardAfter(append)).toBe(0);
  });

  it('given another store starts listening, then appends notify it at once, until it stops', async () => {
    const other = await PostgresEventStore.open(elsewhere);
    await sleep(50); // its announcement arrives
    expect(await heardAfter(append)).toBeGreaterThan(0);
    await other.close();
    await sleep(1100); // the next check finds it gone
    await append();
    await sleep(50);
    expect(await heardAfter(append)).toBe(0);
  }, 10_000);
});
