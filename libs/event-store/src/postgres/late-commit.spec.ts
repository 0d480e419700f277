import { openFreshPostgres } from '@app/read-models/testing/test-databases';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { anEvent, ids, iterate, newStreamId, pull, untilVisible } from '../contract/fixtures';
import { insertBatch } from './append';
import { holdOpen, sleep } from './hold-open.fixture';
import { PostgresEventStore } from './postgres-event-store';

const url = process.env.DATABASE_URL;
const describeOnPostgres = url ? describe : describe.skip;
if (!url) console.info('late-commit.spec: PostgreSQL cases skipped (DATABASE_URL is not set)');

/** Reads the log the naive way, by position alone, as a plain sequence would. */
async function naiveReadAfter(database: Database, position: number): Promise<string[]> {
  const { rows } = await sql<{ event_id: string }>`
    SELECT event_id FROM events WHERE position > ${position} ORDER BY position`.execute(database.db);
  return rows.map((r) => r.event_id);
}

describeOnPostgres('a transaction that commits after a later one (PostgreSQL)', () => {
  let database: Database;
  let store: PostgresEventStore;

  beforeEach(async () => {
    database = await openFreshPostgres(url!);
    store = await PostgresEventStore.open(database, { idlePollMs: 60_000 });
  });
  afterEach(async () => {
    await store.close();
    await database.close();
  });

  it('given an early writer still open and a later append committed, when the log is read, then neither shows until the early one commits, and then both in order', async () => {
    const early = anEvent('Early');
    const late = anEvent('Late');
    const open = await holdOpen(database.db, (trx) => insertBatch(trx, newStreamId(), [early], 'no_stream'));
    const lateResult = await store.appendToStream(newStreamId(), [late], { expectedRevision: 'no_stream' });

    const whileOpen = await store.readAll({ after: 'start', maxCount: 10 });
    const naiveWhileOpen = await naiveReadAfter(database, 0);
    await open.commit();
    await untilVisible(store, lateResult.position); // other tests' transactions on the server may still be open
    const afterCommit = await store.readAll({ after: 'start', maxCount: 10 });

    expect(whileOpen).toEqual([]);
    expect(ids(afterCommit)).toEqual([early.id, late.id]);
    // The naive reader saw the late event first; its checkpoint is now past the early one's position.
    expect(naiveWhileOpen).toEqual([late.id]);
    const naiveCheckpoint = (
      await sql<{ position: number }>`
      SELECT position FROM events WHERE event_id = ${late.id}`.execute(database.db)
    ).rows[0].position;
    expect(await naiveReadAfter(database, naiveCheckpoint)).toEqual([]);
  });

  it('given a caught-up subscriber and events held back by an append still open, when it commits without a notification, then the subscriber gets both in order', async () => {
    const subscription = store.subscribeToAll({ after: 'start' });
    try {
      const early = anEvent('Early');
      const late = anEvent('Late');
      const streams = [newStreamId(), newStreamId()];
      const pending = pull(iterate(subscription), 2, (e) => streams.includes(e.streamId));
      // Written past the store, so that its commit sends no NOTIFY.
      const open = await holdOpen(database.db, (trx) => insertBatch(trx, streams[0], [early], 'no_stream'));
      await store.appendToStream(streams[1], [late], { expectedRevision: 'no_stream' });
      await sleep(20); // let the subscriber find the later event held back
      expect(await store.headPosition()).toBeUndefined();

      await open.commit();

      // Nothing notifies when a transaction appended past the store ends, and the idle poll is
      // 60 s: only the subscriber's quick retry while events are held back can deliver this in time.
      expect(ids(await pending)).toEqual([early.id, late.id]);
    } finally {
      await subscription.close();
    }
  }, 15_000);
});
