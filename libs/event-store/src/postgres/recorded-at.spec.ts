import { sql } from 'kysely';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { PostgresEventStore } from './postgres-event-store';

postgresSkipNotice('recordedAt as stored');

for (const testDatabase of testDatabases()) {
  describe(`recordedAt on ${testDatabase.name}`, () => {
    it('is the stored timestamp to the millisecond, on every read', async () => {
      const database = await testDatabase.open();
      const store = await PostgresEventStore.open(database);
      try {
        const event = { id: crypto.randomUUID(), type: 'Noted', data: {} };
        await store.appendToStream('note-1', [event], { expectedRevision: 'no_stream' });
        const { rows } = await sql<{ text: string }>`
          select to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as text
          from events where stream_id = 'note-1'`.execute(database.db);
        const stored = rows[0].text;

        const [fromStream] = await store.readStream('note-1');
        const last = await store.readLastEvent('note-1');
        const [fromLog] = await store.readAll({ after: 'start', maxCount: 10 });
        expect([fromStream, last, fromLog].map((e) => e!.recordedAt.toISOString())).toEqual([
          stored,
          stored,
          stored,
        ]);
      } finally {
        await store.close();
        await database.close();
      }
    });
  });
}
