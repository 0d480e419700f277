import { convertToCommandError, ErrorType, isCommandError } from '@kurrent/kurrentdb-client';
import {
  AppendTooLargeError,
  StoreAccessDeniedError,
  StoreUnavailableError,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '../errors';
import { ExpectedRevision } from '../event-store';
import { fromClientCurrentRevision } from './expected-revision';

/**
 * Faults that pass: the node is away, is not (or no longer) the leader, a call outlived its
 * deadline, or the server cancelled or aborted the call (shutting down, failing over). Nothing is
 * known to have been written; the same call may be made again later.
 */
const TRANSIENT = new Set<ErrorType>([
  ErrorType.UNAVAILABLE,
  ErrorType.NOT_LEADER,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.CANCELLED,
  ErrorType.TIMEOUT,
]);

/**
 * The client's typed error, also for a raw gRPC error: the client passes some on unconverted
 * (an append to an unreachable node fails with a bare status 14).
 */
function toClientError(error: unknown): unknown {
  return error instanceof Error ? convertToCommandError(error) : error;
}

export function clientErrorType(error: unknown): ErrorType | undefined {
  const converted = toClientError(error);
  return converted instanceof Error && isCommandError(converted) ? converted.type : undefined;
}

export function isTransientClientError(error: unknown): boolean {
  const type = clientErrorType(error);
  return type !== undefined && TRANSIENT.has(type);
}

/** The faults every call can meet, restated in the port's terms; anything else is returned as is. */
function translateCommon(error: unknown, what: string): unknown {
  const type = clientErrorType(error);
  if (type === undefined) return error;
  if (TRANSIENT.has(type)) {
    return new StoreUnavailableError(
      `EventStoreDB did not answer ${what} (${type}: ${(error as Error).message || 'no detail'}); try again later`,
      error,
    );
  }
  if (type === ErrorType.ACCESS_DENIED) {
    return new StoreAccessDeniedError(
      `EventStoreDB denied ${what}: the user in EVENTSTORE_CONNECTION_STRING needs read and write ` +
        'access to the engine’s streams and read access to $all (see docs/event-store.md, “Access”)',
      error,
    );
  }
  return error;
}

/**
 * The client's typed errors on append, restated in the port's terms. `expected` is what we sent:
 * the client's own copy may come back as a raw wire number (-1, -2, -4) on some server paths.
 */
export function translateAppendError(raw: unknown, streamId: string, expected: ExpectedRevision): unknown {
  const error = toClientError(raw);
  const type = clientErrorType(error);
  if (type === ErrorType.WRONG_EXPECTED_VERSION) {
    const current = (error as { actualState: Parameters<typeof fromClientCurrentRevision>[0] }).actualState;
    return new WrongExpectedVersionError(streamId, expected, fromClientCurrentRevision(current));
  }
  if (type === ErrorType.STREAM_DELETED) return new StreamDeletedError(streamId);
  if (type === ErrorType.MAXIMUM_APPEND_SIZE_EXCEEDED) {
    const max = (error as { maxAppendSize?: number }).maxAppendSize;
    return new AppendTooLargeError(streamId, Number.isFinite(max) && max ? max : undefined);
  }
  return translateCommon(raw, `the append to ${streamId}`);
}

export function isClientStreamNotFound(error: unknown): boolean {
  return clientErrorType(error) === ErrorType.STREAM_NOT_FOUND;
}

export function translateReadError(error: unknown, streamId: string): unknown {
  if (isClientStreamNotFound(error)) return new StreamNotFoundError(streamId);
  if (clientErrorType(error) === ErrorType.STREAM_DELETED) return new StreamDeletedError(streamId);
  return translateCommon(error, `the read of ${streamId}`);
}

/** Reads of the global log ($all): the access it needs is named, as it is the one most often missing. */
export function translateAllError(error: unknown, what: string): unknown {
  if (clientErrorType(error) === ErrorType.ACCESS_DENIED) {
    return new StoreAccessDeniedError(
      `EventStoreDB denied ${what}: the user in EVENTSTORE_CONNECTION_STRING may not read $all. ` +
        'Grant it read access to $all (the $r entry of $all’s ACL, or $systemStreamAcl, or the $admins group; ' +
        'see docs/event-store.md, “Access”)',
      error,
    );
  }
  return translateCommon(error, what);
}

/** What a server older than KurrentDB 25.1 answers to an atomic append to several streams. */
export class MultiStreamAppendUnsupportedError extends Error {
  constructor(cause?: unknown) {
    super(
      'KurrentDB 25.1 or newer is needed for an atomic append to several streams (multiStreamAppend, used by ' +
        'stock-transfer steps); this server is older: upgrade it (see docs/event-store.md, “KurrentDB”)',
      { cause },
    );
    this.name = 'MultiStreamAppendUnsupportedError';
  }
}

/**
 * The client's errors on multiStreamAppend, in the port's terms: a conflict names its stream, with
 * the caller's expectation for it (`expectedOf`); an older server is refused clearly.
 */
export function translateMultiAppendError(
  raw: unknown,
  expectedOf: (streamId: string) => ExpectedRevision | undefined,
): unknown {
  const error = toClientError(raw);
  const type = clientErrorType(error);
  const streamName =
    (error as { streamName?: string; stream?: string }).streamName ??
    (error as { stream?: string }).stream ??
    '(unknown stream)';
  if (type === ErrorType.UNSUPPORTED) return new MultiStreamAppendUnsupportedError(error);
  if (type === ErrorType.WRONG_EXPECTED_VERSION) {
    const current = (error as { actualState: Parameters<typeof fromClientCurrentRevision>[0] }).actualState;
    return new WrongExpectedVersionError(
      streamName,
      expectedOf(streamName) ?? 'any',
      fromClientCurrentRevision(current),
    );
  }
  if (type === ErrorType.STREAM_DELETED || type === ErrorType.STREAM_TOMBSTONED)
    return new StreamDeletedError(streamName);
  if (
    type === ErrorType.MAXIMUM_APPEND_SIZE_EXCEEDED ||
    type === ErrorType.TRANSACTION_MAX_SIZE_EXCEEDED ||
    type === ErrorType.APPEND_RECORD_SIZE_EXCEEDED
  ) {
    const max =
      (error as { maxAppendSize?: number; maxSize?: number }).maxAppendSize ??
      (error as { maxSize?: number }).maxSize;
    return new AppendTooLargeError(streamName, Number.isFinite(max) && max ? max : undefined);
  }
  return translateCommon(raw, 'an atomic append to several streams');
}
