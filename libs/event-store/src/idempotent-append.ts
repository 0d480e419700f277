import { WrongExpectedVersionError } from './errors';
import { AppendResult, EventData, ExpectedRevision, RecordedEvent } from './event-store';

/**
 * EventStoreDB's idempotence: if the stream already holds the batch's first event id, the batch
 * was appended before. When the whole batch is there in order, the earlier result is returned and
 * nothing is written; a batch that only partly matches is a conflict.
 * `stream` needs only the events from the first matching id on (callers may pass a slice), and its
 * last element should be the stream's last event so that a conflict reports the real revision.
 * `expected` is the caller's expectation, carried by the conflict error.
 */
export function findAlreadyAppended(
  stream: RecordedEvent[],
  events: EventData[],
  expected: ExpectedRevision = 'any',
): AppendResult | undefined {
  if (events.length === 0) return undefined;
  const start = stream.findIndex((e) => e.id === events[0].id);
  if (start < 0) return undefined;
  const matches = events.every((event, i) => stream[start + i]?.id === event.id);
  const last = stream[start + events.length - 1];
  if (!matches || !last) {
    const current = stream[stream.length - 1];
    throw new WrongExpectedVersionError(current.streamId, expected, current.revision);
  }
  return { nextExpectedRevision: last.revision, position: last.position };
}
