import { createFreshPostgres, openFreshPostgres } from '@app/read-models/testing/test-databases';
import { Database, openDatabase } from '@app/read-models';
import { sql } from 'kysely';
import { anEvent, ids, newStreamId } from '../contract/fixtures';
import { insertBatch } from './append';
import { holdOpen } from './hold-open.fixture';
import { PostgresEventStore } from './postgres-event-store';
import { EventStoreDb } from './rows';

const url = process.env.DATABASE_URL;
const describeOnPostgres = url ? describe : describe.skip;
if (!url) console.info('neighbours.spec: PostgreSQL cases skipped (DATABASE_URL is not set)');

/**
 * Readers are held back only by transactions that may still append events to this database's log
 * (docs/event-store.md, "Global order"): not by a neighbour's, nor by this database's other writes.
 */
describeOnPostgres('transactions that append nothing here (PostgreSQL)', () => {
  let database: Database;
  let store: PostgresEventStore;

  beforeEach(async () => {
    database = await openFreshPostgres(url!);
    store = await PostgresEventStore.open(database, { idlePollMs: 60_000 });
    await sql`CREATE TABLE notes (note text)`.execute(database.db);
  });
  afterEach(async () => {
    await store.close();
    await database.close();
  });

  it('given a writing transaction open in another database of the server, when events are appended here, then they are read at once', async () => {
    const neighbourServer = await createFreshPostgres(url!, 'neighbour');
    const neighbour = await openDatabase({ url: neighbourServer.url });
    try {
      await sql`CREATE TABLE work (n int)`.execute(neighbour.db);
      const open = await holdOpen(neighbour.db, (trx) => sql`INSERT INTO work VALUES (1)`.execute(trx));
      const event = anEvent();
      const appended = await store.appendToStream(newStreamId(), [event], { expectedRevision: 'no_stream' });

      expect(ids(await store.readAll({ after: 'start', maxCount: 10 }))).toEqual([event.id]);
      expect(await store.headPosition()).toEqual(appended.position);
      await open.commit();
    } finally {
      await neighbour.close();
      await neighbourServer.drop();
    }
  });

  it('given a transaction of this database open that wrote no event, when events are appended, then they are read at once', async () => {
    const open = await holdOpen(database.db, (trx) => sql`INSERT INTO notes VALUES ('busy')`.execute(trx));
    const event = anEvent();
    await store.appendToStream(newStreamId(), [event], { expectedRevision: 'no_stream' });

    expect(ids(await store.readAll({ after: 'start', maxCount: 10 }))).toEqual([event.id]);
    await open.commit();
  });

  it('given a transaction that wrote something else first, when it appends events, then the append is refused and nothing is written', async () => {
    const eventsDb: EventStoreDb = database.db;
    const refused = eventsDb.transaction().execute(async (trx) => {
      await sql`INSERT INTO notes VALUES ('first')`.execute(trx);
      await insertBatch(trx, newStreamId(), [anEvent()], 'no_stream');
    });

    await expect(refused).rejects.toThrow('events must be the first write of their transaction');
    expect(await store.readAll({ after: 'start', maxCount: 10 })).toEqual([]);
  });

  it('given a transaction that declares itself appending before its other writes, when it appends, then the events are held back until it commits', async () => {
    const streamId = newStreamId();
    const early = anEvent('Early');
    const open = await holdOpen(database.db, async (trx) => {
      await sql`SELECT event_store_appending()`.execute(trx);
      await sql`INSERT INTO notes VALUES ('first')`.execute(trx);
      return insertBatch(trx, streamId, [early], 'no_stream');
    });
    const late = anEvent('Late');
    await store.appendToStream(newStreamId(), [late], { expectedRevision: 'no_stream' });

    expect(await store.readAll({ after: 'start', maxCount: 10 })).toEqual([]);
    await open.commit();
    expect(ids(await store.readAll({ after: 'start', maxCount: 10 }))).toEqual([early.id, late.id]);
  });
});
