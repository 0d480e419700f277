import { ExpectedRevision } from './event-store';

/** The stream was not at the expected revision; nothing was appended. */
export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's real current revision, or 'no_stream'. */
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export class StreamNotFoundError extends Error {
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} not found`);
    this.name = 'StreamNotFoundError';
  }
}

/** An append must carry at least one event: an empty batch has no revision or position to return. */
export class EmptyAppendError extends Error {
  constructor(readonly streamId: string) {
    super(`Stream ${streamId}: cannot append an empty list of events`);
    this.name = 'EmptyAppendError';
  }
}

/**
 * The store could not be reached, or answered with a fault that passes (a lost connection, a
 * server shutting down or failing over, a serialization failure): nothing is known to have been
 * written, and the same operation may be tried again later. The API answers 503 with Retry-After;
 * long-running loops retry from their checkpoint with backoff.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'StoreUnavailableError';
  }
}
