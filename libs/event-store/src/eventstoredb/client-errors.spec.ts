import {
  AccessDeniedError,
  CancelledError,
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  StreamDeletedError,
  StreamNotFoundError as ClientStreamNotFoundError,
  UnavailableError,
  UnknownError,
  WrongExpectedVersionError as ClientWrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import {
  AppendTooLargeError,
  StoreAccessDeniedError,
  StoreUnavailableError,
  StreamDeletedError as PortStreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '../errors';
import {
  isTransientClientError,
  translateAllError,
  translateAppendError,
  translateReadError,
} from './client-errors';
import { notLeader } from './esdb-stand-in.fixture';

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

  it.each([
    ['unavailable', () => new UnavailableError()],
    ['not leader', () => notLeader()],
    ['deadline exceeded', () => new DeadlineExceededError()],
    ['cancelled by the server', () => new CancelledError()],
  ])(
    'given the client reports %s, then ours is StoreUnavailableError on append, read and $all, with the cause',
    (_, make) => {
      const theirs = make();

      for (const ours of [
        translateAppendError(theirs, 's', 'any'),
        translateReadError(theirs, 's'),
        translateAllError(theirs, 'reading $all'),
      ]) {
        expect(ours).toBeInstanceOf(StoreUnavailableError);
        expect((ours as StoreUnavailableError).cause).toBe(theirs);
      }
      expect(isTransientClientError(theirs)).toBe(true);
    },
  );

  it('given a deleted or tombstoned stream, then ours names it on append and on read', () => {
    const theirs = StreamDeletedError.fromStreamName('invoice-4');

    expect(translateAppendError(theirs, 'invoice-4', 0)).toEqual(new PortStreamDeletedError('invoice-4'));
    expect(translateReadError(theirs, 'invoice-4')).toBeInstanceOf(PortStreamDeletedError);
    expect(isTransientClientError(theirs)).toBe(false);
  });

  it('given an append larger than the server accepts, then AppendTooLargeError with the limit', () => {
    const ours = translateAppendError(
      MaxAppendSizeExceededError.fromMaxAppendSize(1_048_576),
      'invoice-5',
      'any',
    );

    expect(ours).toBeInstanceOf(AppendTooLargeError);
    expect(ours).toMatchObject({ streamId: 'invoice-5', maxBytes: 1_048_576 });
  });

  it('given access denied, then StoreAccessDeniedError saying what the user needs', () => {
    const theirs = new AccessDeniedError();

    const onAppend = translateAppendError(theirs, 'invoice-6', 'any') as Error;
    const onAll = translateAllError(theirs, 'reading $all at start-up') as Error;

    expect(onAppend).toBeInstanceOf(StoreAccessDeniedError);
    expect(onAppend.message).toMatch(/read and write access to the engine’s streams/);
    expect(onAll).toBeInstanceOf(StoreAccessDeniedError);
    expect(onAll.message).toMatch(/denied reading \$all at start-up.*may not read \$all/);
  });

  it('given an error the port has no word for, then it is passed on unchanged', () => {
    const unknown = new UnknownError();
    const plain = new Error('boom');

    expect(translateAppendError(unknown, 's', 'any')).toBe(unknown);
    expect(translateReadError(plain, 's')).toBe(plain);
    expect(isTransientClientError(unknown)).toBe(false);
  });
});
