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

/**
 * The stream was deleted or tombstoned outside the engine (events are never deleted by it): it
 * can be neither read nor appended to. Not transient: retrying gives the same answer.
 */
export class StreamDeletedError extends Error {
  constructor(readonly streamId: string) {
    super(
      `Stream ${streamId} was deleted or tombstoned in the event store; it cannot be read or appended to`,
    );
    this.name = 'StreamDeletedError';
  }
}

/** The batch is larger than the store accepts in one append (EventStoreDB's MaxAppendSize). */
export class AppendTooLargeError extends Error {
  constructor(
    readonly streamId: string,
    /** The store's limit in bytes, when it says. */
    readonly maxBytes?: number,
  ) {
    super(
      `Stream ${streamId}: the events are larger than the store accepts in one append` +
        (maxBytes ? ` (${maxBytes} bytes)` : ''),
    );
    this.name = 'AppendTooLargeError';
  }
}

/**
 * The store refused the credentials, or the user may not do what the engine needs (read `$all`,
 * read and write its streams). A configuration fault: the message says what to grant.
 */
export class StoreAccessDeniedError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'StoreAccessDeniedError';
  }
}
