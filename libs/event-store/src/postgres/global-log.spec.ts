import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { readGlobalLog, readGlobalLogAsJson } from './global-log';
import { PostgresEventStore } from './postgres-event-store';

postgresSkipNotice('global log pages as JSON');

describe.each(testDatabases())('global log pages as JSON ($name)', (target) => {
  it('reads the same events as rows do: data, metadata, positions and times, from any position, up to the count', async () => {
    const database = await target.open();
    const store = await PostgresEventStore.open(database);
    try {
      const db = database.db as Parameters<typeof readGlobalLog>[0];
      expect(await readGlobalLogAsJson(db, 'start', 10)).toEqual([]);
      const data = [
        { amount: '12.50', n: 0.1, big: 12345678901234, nested: { list: [1, null, 'x'], empty: {} } },
        { text: 'tab\t, newline\n, quote ", backslash \\, ünïcödé ✓ 𝄞' },
        {},
      ];
      await store.appendToStream(
        's-1',
        data.map((d, i) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, type: `T${i}`, data: d })),
        { expectedRevision: 'no_stream' },
      );
      await store.appendToStream(
        's-2',
        [
          {
            id: '00000000-0000-4000-8000-000000000009',
            type: 'Other',
            data: { a: 1 },
            metadata: { user_id: 'u' },
          },
        ],
        { expectedRevision: 'no_stream' },
      );

      const rows = await readGlobalLog(db, 'start', 10);
      expect(rows).toHaveLength(4);
      expect(await readGlobalLogAsJson(db, 'start', 10)).toEqual(rows);
      expect(await readGlobalLogAsJson(db, rows[0].position, 2)).toEqual(rows.slice(1, 3));
      expect(await readGlobalLogAsJson(db, rows[3].position, 10)).toEqual([]);
    } finally {
      await store.close();
      await database.close();
    }
  });
});
