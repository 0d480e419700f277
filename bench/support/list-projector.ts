import { Projector } from '@app/read-models';
import { sql } from 'kysely';

/**
 * The "simple list table" of the rebuild figure: one row per event, one INSERT per batch. It only
 * writes, like the service's list projectors, so its batches are pipelined on a server.
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
      .addColumn('stream_id', 'text', (c) => c.notNull())
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
    await sql`insert into ${sql.table(`${schema}.bench_event_list`)} (stream_id, revision, type, amount, recorded_at)
      select * from unnest(
        ${events.map((e) => e.streamId)}::text[], ${events.map((e) => e.revision)}::int[],
        ${events.map((e) => e.type)}::text[], ${events.map((e) => String(e.data.amount ?? '0'))}::numeric[],
        ${events.map((e) => e.recordedAt.toISOString())}::timestamptz[])`.execute(trx);
  },
};
