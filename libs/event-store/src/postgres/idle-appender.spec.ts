import { createFreshPostgres } from '@app/read-models/testing/test-databases';
import { openDatabase } from '@app/read-models';
import { sql } from 'kysely';
import { anEvent, ids, newStreamId } from '../contract/fixtures';
import { insertBatch } from './append';
import { PostgresEventStore } from './postgres-event-store';
import { EventStoreDb } from './rows';

const url = process.env.DATABASE_URL;
const describeOnPostgres = url ? describe : describe.skip;
if (!url) console.info('idle-appender.spec: PostgreSQL cases skipped (DATABASE_URL is not set)');

/**
 * An appending transaction left open holds every reader of the log back: the engine's sessions set
 * idle_in_transaction_session_timeout, so the server ends such a transaction and readers go on.
 */
describeOnPostgres('an appending transaction left idle (PostgreSQL)', () => {
  it('given an append left open in a session of the engine, when the idle timeout passes, then the server rolls it back and later events are read', async () => {
    const server = await createFreshPostgres(url!);
    const database = await openDatabase({ url: server.url, idleInTransactionTimeoutMs: 300 });
    const store = await PostgresEventStore.open(database, { idlePollMs: 50 });
    try {
      const shown = await sql<{ timeout: string }>`
        SELECT current_setting('idle_in_transaction_session_timeout') AS timeout`.execute(database.db);
      expect(shown.rows[0].timeout).toBe('300ms');
      const abandoned = anEvent('Abandoned');
      const eventsDb: EventStoreDb = database.db;
      let appended!: () => void;
      const open = new Promise<void>((resolve) => (appended = resolve));
      let resume!: () => void;
      const forgotten = eventsDb.transaction().execute(async (trx) => {
        await insertBatch(trx, newStreamId(), [abandoned], 'no_stream');
        appended();
        await new Promise<void>((resolve) => (resume = resolve)); // a client that forgot to commit
      });
      await open;
      const later = anEvent('Later');
      const streamId = newStreamId();
      await store.appendToStream(streamId, [later], { expectedRevision: 'no_stream' });

      const subscription = store.subscribeToAll({ after: 'start' });
      try {
        const first = await subscription[Symbol.asyncIterator]().next();
        expect(ids(first.value)).toEqual([later.id]);
      } finally {
        await subscription.close();
      }
      resume();
      await expect(forgotten).rejects.toThrow(); // its session was ended: the commit has no connection
    } finally {
      await store.close();
      await database.close().catch(() => undefined);
      await server.drop();
    }
  }, 20_000);
});
