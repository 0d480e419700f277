import { Generated, Kysely, sql } from 'kysely';
import { EventMetadata, JsonObject, RecordedEvent } from '../event-store';
import { ARRAY_ROWS_MARK } from './array-rows-mark';

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
 * An event's values as every reader of the table selects them (EVENT_VALUES), its rows as arrays
 * (ARRAY_ROWS_MARK: pg's row objects were the largest single cost of a rebuild's reading, see
 * global-log.ts): position, transaction id, stream, revision, id, type, data, metadata,
 * recorded_at in milliseconds (a number in PGlite's JSON pages, int8's text from pg).
 */
export type EventValues = [
  string,
  string,
  string,
  number,
  string,
  string,
  JsonObject,
  EventMetadata,
  number | string,
];

/**
 * EVENT_VALUES' expressions. Position and transaction id as text, so no bigint is rounded; their
 * aliases differ from the columns' names on purpose: ORDER BY prefers an output column of the same
 * name, and these would then sort as text. recorded_at comes as milliseconds since the epoch
 * (truncated, as a Date holds it): a Date made from a number costs a fraction of parsing the
 * timestamp's text, on the server (no text to format) and here, and a rebuild reads every event.
 */
const EVENT_VALUES = sql.raw(`position::text as position_text, transaction_id::text as transaction_id_text,
  stream_id, revision, event_id, type, data, metadata,
  trunc(extract(epoch from recorded_at) * 1000)::int8 as recorded_at_ms`);

/** `select EVENT_VALUES`, its rows as arrays: the start of every read of events. */
export const selectEventValues = sql`${sql.raw(ARRAY_ROWS_MARK)}select ${EVENT_VALUES}`;

/** A row that starts with an event's values (a tail read adds a column after them). */
type RowOfEvent = readonly [...EventValues, ...unknown[]];

export function toRecordedEvent(
  [prepare, transaction, streamId, revision, id, type, data, metadata, ms]: RowOfEvent,
  commit = BigInt(transaction),
): RecordedEvent {
  const position = { commit, prepare: BigInt(prepare) };
  return { id, streamId, revision, type, data, metadata, position, recordedAt: new Date(Number(ms)) };
}

/**
 * toRecordedEvent for rows in the log's order: the events of one transaction lie together and
 * share its id, made a bigint once for them all (a page of a rebuild holds thousands of events).
 */
export function toRecordedEvents(rows: readonly RowOfEvent[]): RecordedEvent[] {
  const commitOf = transactionIds();
  return rows.map((row) => toRecordedEvent(row, commitOf(row[1])));
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
