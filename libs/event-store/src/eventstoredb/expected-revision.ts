import {
  ANY,
  AppendStreamState,
  CurrentStreamState,
  NO_STREAM,
  STREAM_EXISTS,
} from '@kurrent/kurrentdb-client';
import { ExpectedRevision } from '../event-store';

export function toClientExpectedRevision(expected: ExpectedRevision): AppendStreamState {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0)
        throw new RangeError(`Not a stream revision: ${expected}`);
      return BigInt(expected);
  }
}

/** The stream's real revision as the client reports it; a negative number also means no stream (-1 on the wire). */
export function fromClientCurrentRevision(current: CurrentStreamState): number | 'no_stream' {
  return current === NO_STREAM || current < 0n ? 'no_stream' : Number(current);
}
