import { RecordedEvent } from '@app/event-store';
import { Projector } from '../projector';
import { insertRows } from '../row-sets';

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
      // A plain insert through insertRows: a rebuild loads the rows by COPY (copy-batch.ts).
      await insertRows(
        trx,
        schema,
        table,
        {
          stream_id: 'text',
          revision: 'integer',
          [typeColumn]: 'text',
          data: 'jsonb',
          commit_position: 'bigint',
          prepare_position: 'bigint',
        },
        written.map((e) => ({
          stream_id: e.streamId,
          revision: e.revision,
          [typeColumn]: e.type,
          data: e.data,
          commit_position: e.position.commit.toString(),
          prepare_position: e.position.prepare.toString(),
        })),
      );
      if (failAt >= 0)
        throw new Error(`${name} fails on event ${events[failAt].streamId}@${events[failAt].revision}`);
    },
  };
}
