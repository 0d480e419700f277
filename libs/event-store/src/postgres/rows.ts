import { Generated, Kysely, sql } from 'kysely';
import { EventMetadata, JsonObject, RecordedEvent } from '../event-store';

/** The columns an append writes: the same in the table and in a row as read. */
interface AppendedColumns {
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: JsonObject;
  metadata: EventMetadata;
}

/** The table as kysely sees it (position and transaction_id are read as text, see below). */
export interface EventStoreSchema {
  events: AppendedColumns & {
    position: Generated<string>;
    transaction_id: Generated<string>;
    recorded_at: Generated<Date>;
  };
}

export type EventStoreDb = Kysely<EventStoreSchema>;

/**
 * An events row as read: position and transaction id as text, so no bigint is rounded. Their
 * aliases differ from the columns' names on purpose: ORDER BY prefers an output column of the
 * same name, and these would then sort as text. recorded_at comes as milliseconds since the epoch
 * (truncated, as a Date holds it): a Date made from a number costs a fraction of parsing the
 * timestamp's text, on the server (no text to format) and here, and a rebuild reads every event.
 */
export interface EventRow extends AppendedColumns {
  position_text: string;
  transaction_id_text: string;
  recorded_at_ms: number | string;
}

export const eventColumns = [
  sql<string>`position::text`.as('position_text'),
  sql<string>`transaction_id::text`.as('transaction_id_text'),
  'stream_id',
  'revision',
  'event_id',
  'type',
  'data',
  'metadata',
  sql<number>`trunc(extract(epoch from recorded_at) * 1000)::int8`.as('recorded_at_ms'),
] as const;

export function toRecordedEvent(row: EventRow, commit = BigInt(row.transaction_id_text)): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: { commit, prepare: BigInt(row.position_text) },
    recordedAt: new Date(Number(row.recorded_at_ms)),
  };
}

/**
 * toRecordedEvent for rows in the log's order: the events of one transaction lie together and
 * share its id, made a bigint once for them all (a page of a rebuild holds thousands of events).
 */
export function toRecordedEvents(rows: readonly EventRow[]): RecordedEvent[] {
  const commitOf = transactionIds();
  return rows.map((row) => toRecordedEvent(row, commitOf(row.transaction_id_text)));
}

/** A transaction id's text as a bigint, made once while the same text comes again (the log's order). */
export function transactionIds(): (text: string) => bigint {
  let lastText: string | undefined;
  let last = 0n;
  return (text) => {
    if (text !== lastText) {
      lastText = text;
      last = BigInt(text);
    }
    return last;
  };
}
