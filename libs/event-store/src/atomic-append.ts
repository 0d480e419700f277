import { EmptyAppendError, WrongExpectedVersionError } from './errors';
import { AppendResult, ExpectedRevision, StreamAppend } from './event-store';

/** Refuses what no store appends as one: no stream at all, a stream twice, a stream without events. */
export function checkAtomicAppend(appends: readonly StreamAppend[]): void {
  if (appends.length === 0) throw new Error('An append to several streams needs at least one stream');
  const seen = new Set<string>();
  for (const { streamId, events } of appends) {
    if (seen.has(streamId)) throw new Error(`Stream ${streamId} appears twice in one atomic append`);
    seen.add(streamId);
    if (events.length === 0) throw new EmptyAppendError(streamId);
  }
}

/** Whether a stream at `current` meets the expectation. */
export function meetsExpectation(expected: ExpectedRevision, current: number | 'no_stream'): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === 'no_stream';
    case 'stream_exists':
      return current !== 'no_stream';
    default:
      return current === expected;
  }
}

/**
 * The idempotence of an atomic append, for the call as a whole. `found[i]` is where appends[i]'s
 * batch already is in its stream, or undefined (see findAlreadyAppended). All found: a retry, the
 * earlier results. None: a new append. Some: the ids were used by another append, a conflict on
 * the first stream that holds them (a store never writes part of an atomic append).
 */
export async function alreadyAppendedAll(
  appends: readonly StreamAppend[],
  found: readonly (AppendResult | undefined)[],
  currentRevision: (streamId: string) => Promise<number | 'no_stream'>,
): Promise<AppendResult[] | undefined> {
  const stored = found.filter((f): f is AppendResult => f !== undefined);
  if (stored.length === appends.length) return stored;
  const first = found.findIndex((f) => f !== undefined);
  if (first < 0) return undefined;
  const { streamId, expectedRevision } = appends[first];
  throw new WrongExpectedVersionError(streamId, expectedRevision, await currentRevision(streamId));
}

/** The first append whose stream is not as expected, as the error to throw; undefined if all are. */
export async function firstUnmet(
  appends: readonly StreamAppend[],
  currentRevision: (streamId: string) => Promise<number | 'no_stream'>,
): Promise<WrongExpectedVersionError | undefined> {
  for (const { streamId, expectedRevision } of appends) {
    const current = await currentRevision(streamId);
    if (!meetsExpectation(expectedRevision, current))
      return new WrongExpectedVersionError(streamId, expectedRevision, current);
  }
  return undefined;
}
