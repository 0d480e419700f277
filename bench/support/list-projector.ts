import { insertRows, KEY_TEXT, Projector } from '@app/read-models';
import { sql } from 'kysely';

/**
 * The "simple list table" of the rebuild figure: one row per event, inserted by insertRows (so a
 * rebuild loads them by COPY), as the stock ledger's entries are. It only writes, like the
 * service's list projectors, so its batches are pipelined on a server.
 */
export const eventListProjector: Projector = {
  name: 'bench_event_list',
  version: 1,
  tables: ['bench_event_list'],
  writesOnly: true,
  async setup(db, schema) {
    await db.schema
      .withSchema(schema)
      .createTable('bench_event_list')
      // A stream id is a key (KEY_TEXT), as in the read models.
      .addColumn('stream_id', KEY_TEXT, (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('amount', 'numeric', (c) => c.notNull())
      .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
  // apply only inserts (no conflict, no lookup): a rebuild adds the key once its rows are in.
  async indexes(db, schema) {
    await sql`alter table ${sql.table(`${schema}.bench_event_list`)}
      add constraint bench_event_list_pkey primary key (stream_id, revision)`.execute(db);
  },
  async apply(trx, events, schema) {
    await insertRows(
      trx,
      schema,
      'bench_event_list',
      { stream_id: 'text', revision: 'integer', type: 'text', amount: 'numeric', recorded_at: 'timestamptz' },
      events.map((e) => ({
        stream_id: e.streamId,
        revision: e.revision,
        type: e.type,
        amount: String(e.data.amount ?? '0'),
        recorded_at: e.recordedAt,
      })),
    );
  },
};
