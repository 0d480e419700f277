import { ErrorType, isCommandError } from '@eventstore/db-client';
import { StreamNotFoundError, WrongExpectedVersionError } from '../errors';
import { ExpectedRevision } from '../event-store';
import { fromClientCurrentRevision } from './expected-revision';

/**
 * The client's typed errors, restated in the port's terms. `expected` is what we sent: the
 * client's own copy may come back as a raw wire number (-1, -2, -4) on some server paths.
 * Anything else (unavailable, access denied, ...) is rethrown as the client raised it.
 */
export function translateAppendError(error: unknown, streamId: string, expected: ExpectedRevision): unknown {
  if (error instanceof Error && isCommandError(error) && error.type === ErrorType.WRONG_EXPECTED_VERSION) {
    return new WrongExpectedVersionError(streamId, expected, fromClientCurrentRevision(error.actualVersion));
  }
  return error;
}

export function isClientStreamNotFound(error: unknown): boolean {
  return error instanceof Error && isCommandError(error) && error.type === ErrorType.STREAM_NOT_FOUND;
}

export function translateReadError(error: unknown, streamId: string): unknown {
  return isClientStreamNotFound(error) ? new StreamNotFoundError(streamId) : error;
}
