import {
  StreamNotFoundError as ClientStreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError as ClientWrongExpectedVersionError,
} from '@eventstore/db-client';
import { StreamNotFoundError, WrongExpectedVersionError } from '../errors';
import { translateAppendError, translateReadError } from './client-errors';

describe('EventStoreDB client errors', () => {
  it('given the client reports a wrong expected version on an existing stream, then ours carries what we expected and the real revision', () => {
    const theirs = new ClientWrongExpectedVersionError(undefined, {
      streamName: 'invoice-1',
      expected: 2n,
      current: 4n,
    });

    const ours = translateAppendError(theirs, 'invoice-1', 2);

    expect(ours).toBeInstanceOf(WrongExpectedVersionError);
    expect(ours).toMatchObject({ streamId: 'invoice-1', expected: 2, actual: 4 });
  });

  it('given the client reports a wrong expected version on a missing stream, then actual is no_stream', () => {
    const theirs = new ClientWrongExpectedVersionError(undefined, {
      streamName: 'invoice-2',
      expected: 'stream_exists',
      current: 'no_stream',
    });

    expect(translateAppendError(theirs, 'invoice-2', 'stream_exists')).toMatchObject({
      expected: 'stream_exists',
      actual: 'no_stream',
    });
  });

  it('given the wire form of expected (a raw number), then expected is still the revision we sent', () => {
    const theirs = new ClientWrongExpectedVersionError(undefined, {
      streamName: 's',
      expected: -1n,
      current: 0n,
    });

    expect(translateAppendError(theirs, 's', 'no_stream')).toMatchObject({
      expected: 'no_stream',
      actual: 0,
    });
  });

  it('given the client reports a missing stream on read, then ours names the stream', () => {
    const ours = translateReadError(new ClientStreamNotFoundError(undefined, 'order-9'), 'order-9');

    expect(ours).toBeInstanceOf(StreamNotFoundError);
    expect(ours).toMatchObject({ streamId: 'order-9' });
  });

  it('given any other client error, then it is passed on unchanged', () => {
    const unavailable = new UnavailableError();

    expect(translateAppendError(unavailable, 's', 'any')).toBe(unavailable);
    expect(translateReadError(unavailable, 's')).toBe(unavailable);
  });
});
