import { RecordedEvent } from '@app/event-store';
import { sql } from 'kysely';
import { Projector } from '../projector';

export interface StreamEventsOptions {
  /** Default 'stream_events'; also the table's name unless `table` is given. */
  name?: string;
  table?: string;
  version?: number;
  /** Column holding the event type; change it with the version to change the table's shape. */
  typeColumn?: string;
  handles?: readonly string[];
  /** Makes apply write the events before the first match, then throw: a crash mid-batch. */
  failOn?: (event: RecordedEvent) => boolean;
}

/** Example projector for tests: one row per event, keyed by stream and revision (a repeat fails). */
export function streamEventsProjector(options: StreamEventsOptions = {}): Projector {
  const name = options.name ?? 'stream_events';
  const table = options.table ?? name;
  const typeColumn = options.typeColumn ?? 'type';
  return {
    name,
    version: options.version ?? 1,
    tables: [table],
    handles: options.handles,
    writesOnly: true,
    async setup(db, schema) {
      await db.schema
        .withSchema(schema)
        .createTable(table)
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn(typeColumn, 'text', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addColumn('commit_position', 'bigint', (c) => c.notNull())
        .addColumn('prepare_position', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pkey`, ['stream_id', 'revision'])
        .execute();
    },
    async apply(trx, events, schema) {
      const failAt = options.failOn ? events.findIndex(options.failOn) : -1;
      const written = failAt < 0 ? events : events.slice(0, failAt);
      if (written.length > 0) {
        // One statement whatever the batch size: arrays, not a VALUES list of rows × columns parameters.
        await sql`insert into ${sql.table(`${schema}.${table}`)}
            (stream_id, revision, ${sql.id(typeColumn)}, data, commit_position, prepare_position)
          select * from unnest(
            ${written.map((e) => e.streamId)}::text[], ${written.map((e) => e.revision)}::int[],
            ${written.map((e) => e.type)}::text[], ${written.map((e) => JSON.stringify(e.data))}::jsonb[],
            ${written.map((e) => e.position.commit.toString())}::bigint[],
            ${written.map((e) => e.position.prepare.toString())}::bigint[])`.execute(trx);
      }
      if (failAt >= 0)
        throw new Error(`${name} fails on event ${events[failAt].streamId}@${events[failAt].revision}`);
    },
  };
}
