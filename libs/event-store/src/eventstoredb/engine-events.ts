import { RecordedEvent as ClientRecordedEvent } from '@kurrent/kurrentdb-client';
import { RecordedEvent } from '../event-store';
import { fromClientEvent, isUserEvent, NotJsonObjectError, requirePosition } from './event-conversion';
import { SkippedEvent } from './observer';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * The streams the engine writes: `<aggregate>-<uuid>` (`invoice-…`, `itemVariation-…`) and the
 * per-account number counters `counter-<account uuid>-<sequence>`. `$`-streams, and any other
 * writer's naming, are not the engine's.
 */
const ENGINE_STREAM = new RegExp(`^(?:[a-z][A-Za-z0-9]*-${UUID}|counter-${UUID}-[a-z][a-z0-9_]*)$`);

export function isEngineStream(streamId: string): boolean {
  return ENGINE_STREAM.test(streamId);
}

/** A record of the global log, sorted: the engine's event, one to skip (and why), or a system record. */
export type LogRecord =
  { kind: 'event'; event: RecordedEvent } | { kind: 'skipped'; skipped: SkippedEvent } | { kind: 'system' };

/**
 * What a reader of the global log does with a record. Only the engine's own events are handed
 * out: a record another writer put in the log is skipped, never thrown on, so it cannot block the
 * events behind it.
 */
export function sortLogRecord(
  record: ClientRecordedEvent,
  ownsStream: (streamId: string) => boolean,
): LogRecord {
  if (!isUserEvent(record)) return { kind: 'system' };
  const skip = (reason: SkippedEvent['reason'], detail: string): LogRecord => ({
    kind: 'skipped',
    skipped: {
      id: record.id,
      streamId: record.streamId,
      type: record.type,
      position: requirePosition(record),
      reason,
      detail,
    },
  });
  if (!ownsStream(record.streamId)) {
    return skip('foreign_stream', 'the stream is not one the engine writes (not <aggregate>-<uuid>)');
  }
  try {
    return { kind: 'event', event: fromClientEvent(record) };
  } catch (error) {
    if (error instanceof NotJsonObjectError) return skip('not_json_object', error.message);
    throw error;
  }
}
