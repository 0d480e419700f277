import { randomUUID } from 'node:crypto';
import {
  AccessDeniedError,
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  StreamDeletedError as ClientStreamDeletedError,
  UnavailableError,
} from '@kurrent/kurrentdb-client';
import {
  AppendTooLargeError,
  StoreAccessDeniedError,
  StoreUnavailableError,
  StreamDeletedError,
  WrongExpectedVersionError,
} from '../errors';
import { ExpectedRevision } from '../event-store';
import { events, ids } from '../contract/fixtures';
import { EsdbStandIn, notLeader } from './esdb-stand-in.fixture';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

describe('EventStoreDB appends and reads across faults (client stand-in)', () => {
  let server: EsdbStandIn;
  let store: EventStoreDbEventStore;
  const streamId = () => `invoice-${randomUUID()}`;

  beforeEach(() => {
    server = new EsdbStandIn();
    store = new EventStoreDbEventStore(server.asClient(), { observer: {} });
  });
  afterEach(() => store.close());

  it('given a user that may not read $all, when the store opens, then it fails at start-up saying what to grant', async () => {
    server.failNext.readAll.push(new AccessDeniedError());

    const error = await EventStoreDbEventStore.open(server.asClient()).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(StoreAccessDeniedError);
    expect((error as Error).message).toMatch(
      /denied reading \$all at start-up: the user in EVENTSTORE_CONNECTION_STRING may not read \$all/,
    );
  });

  it('given a server that answers, when the store opens, then it is ready', async () => {
    const opened = await EventStoreDbEventStore.open(server.asClient(), { observer: {} });

    expect(await opened.headPosition()).toBeUndefined();
  });

  it.each([
    ['unavailable', () => new UnavailableError()],
    ['not leader', () => notLeader()],
    ['deadline exceeded', () => new DeadlineExceededError()],
  ])(
    'given the node is %s, then append, stream read and log read fail with StoreUnavailableError',
    async (_, fault) => {
      const id = streamId();
      server.failNext.append.push(fault());
      server.failNext.readStream.push(fault());
      server.failNext.readAll.push(fault());

      await expect(store.appendToStream(id, events(1), { expectedRevision: 0 })).rejects.toBeInstanceOf(
        StoreUnavailableError,
      );
      await expect(store.readStream(id)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.readAll({ after: 'start', maxCount: 10 })).rejects.toBeInstanceOf(
        StoreUnavailableError,
      );
    },
  );

  it.each<[string, ExpectedRevision]>([
    ['no_stream', 'no_stream'],
    ['an exact revision', 1],
    ['any', 'any'],
    ['stream_exists', 'stream_exists'],
  ])(
    'given an append written but its answer lost, when retried with the same ids expecting %s, then the first result and nothing written twice',
    async (_, expectedRevision) => {
      const id = streamId();
      const start = expectedRevision === 'no_stream' ? [] : events(2);
      if (start.length > 0) await store.appendToStream(id, start, { expectedRevision: 'no_stream' });
      const batch = events(2);
      server.loseAnswer.push(new UnavailableError());

      await expect(store.appendToStream(id, batch, { expectedRevision })).rejects.toBeInstanceOf(
        StoreUnavailableError,
      );
      server.forgetIds(); // a restart or failover since: only the stream itself can prove the retry
      const retried = await store.appendToStream(id, batch, { expectedRevision });

      const stream = await store.readStream(id);
      expect(ids(stream)).toEqual(ids([...start, ...batch]));
      expect(retried).toEqual({ nextExpectedRevision: start.length + 1, position: stream.at(-1)?.position });
    },
  );

  it.each<ExpectedRevision>(['any', 'stream_exists'])(
    'given a batch appended expecting %s and later events, when it is retried after the server forgot its ids, then the original result',
    async (expectedRevision) => {
      const id = streamId();
      await store.appendToStream(id, events(1), { expectedRevision: 'no_stream' });
      const batch = events(2);
      const first = await store.appendToStream(id, batch, { expectedRevision });
      const later = events(3);
      await store.appendToStream(id, later, { expectedRevision: 'any' });
      server.forgetIds();

      const again = await store.appendToStream(id, batch, { expectedRevision });

      expect(again).toEqual(first);
      expect((await store.readStream(id)).length).toBe(6);
    },
  );

  it('given an append expecting any, when another writer appends between the tail read and the append, then it is written after, at the next revision', async () => {
    const id = streamId();
    await store.appendToStream(id, events(1), { expectedRevision: 'no_stream' });
    const other = events(1);
    const realAppend = server.appendToStream.bind(server);
    let raced = false;
    server.appendToStream = async (...args) => {
      if (!raced) {
        raced = true;
        await realAppend(
          id,
          other.map((e) => ({ ...e, contentType: 'application/json' }) as never),
          {},
        );
      }
      return realAppend(...args);
    };
    const mine = events(1);

    const result = await store.appendToStream(id, mine, { expectedRevision: 'any' });

    expect(result.nextExpectedRevision).toBe(2);
    expect(ids((await store.readStream(id)).slice(1))).toEqual(ids([...other, ...mine]));
  });

  it('given stream_exists on a stream that does not exist, then WrongExpectedVersionError and nothing written', async () => {
    const id = streamId();

    await expect(
      store.appendToStream(id, events(1), { expectedRevision: 'stream_exists' }),
    ).rejects.toMatchObject({
      constructor: WrongExpectedVersionError,
      expected: 'stream_exists',
      actual: 'no_stream',
    });
    expect(server.appends).toBe(0);
  });

  it('given a deleted or tombstoned stream, then append and read name it with StreamDeletedError', async () => {
    const id = streamId();
    server.failNext.append.push(ClientStreamDeletedError.fromStreamName(id));
    server.failNext.readStream.push(ClientStreamDeletedError.fromStreamName(id));

    await expect(store.appendToStream(id, events(1), { expectedRevision: 3 })).rejects.toEqual(
      new StreamDeletedError(id),
    );
    await expect(store.readStream(id)).rejects.toBeInstanceOf(StreamDeletedError);
  });

  it('given a batch over the server’s limit, then AppendTooLargeError with the limit', async () => {
    const id = streamId();
    server.failNext.append.push(MaxAppendSizeExceededError.fromMaxAppendSize(1_048_576));

    await expect(
      store.appendToStream(id, events(1), { expectedRevision: 'no_stream' }),
    ).rejects.toMatchObject({
      constructor: AppendTooLargeError,
      streamId: id,
      maxBytes: 1_048_576,
    });
  });

  it('given the user may not write, then StoreAccessDeniedError', async () => {
    server.failNext.append.push(new AccessDeniedError());

    await expect(
      store.appendToStream(streamId(), events(1), { expectedRevision: 'no_stream' }),
    ).rejects.toBeInstanceOf(StoreAccessDeniedError);
  });

  it('given a client that answers a conflict as an unsuccessful result (throwOnAppendFailure=false), then it is still a conflict', async () => {
    const id = streamId();
    server.appendToStream = async () => ({ success: false, nextExpectedRevision: 4n });

    await expect(store.appendToStream(id, events(1), { expectedRevision: 2 })).rejects.toMatchObject({
      constructor: WrongExpectedVersionError,
      expected: 2,
      actual: 4,
    });
  });
});
