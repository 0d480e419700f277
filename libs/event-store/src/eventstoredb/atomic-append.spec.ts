import { randomUUID } from 'node:crypto';
import { MaxAppendSizeExceededError, UnavailableError } from '@kurrent/kurrentdb-client';
import {
  AppendTooLargeError,
  StoreUnavailableError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '../errors';
import { StreamAppend } from '../event-store';
import { events, ids } from '../contract/fixtures';
import { MultiStreamAppendUnsupportedError } from './client-errors';
import { EsdbStandIn } from './esdb-stand-in.fixture';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

describe('KurrentDB atomic appends to several streams (client stand-in)', () => {
  let server: EsdbStandIn;
  let store: EventStoreDbEventStore;
  const streamId = () => `item-${randomUUID()}`;
  const twoStreams = (): StreamAppend[] => [
    { streamId: streamId(), events: events(1), expectedRevision: 'no_stream' },
    { streamId: streamId(), events: events(2), expectedRevision: 'any' },
  ];
  const written = async (streamIdOf: string) =>
    store
      .readStream(streamIdOf)
      .then(ids, (e: unknown) => (e instanceof StreamNotFoundError ? [] : Promise.reject(e)));

  beforeEach(() => {
    server = new EsdbStandIn();
    store = new EventStoreDbEventStore(server.asClient(), { observer: {} });
  });
  afterEach(() => store.close());

  it('given a server older than KurrentDB 25.1, when appending to several streams, then refused naming the version, nothing written, single appends still work', async () => {
    server.multiStreamAppends = false;
    const appends = twoStreams();

    const error = await store.appendToStreams(appends).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MultiStreamAppendUnsupportedError);
    expect((error as Error).message).toMatch(/KurrentDB 25\.1 or newer/);
    expect([await written(appends[0].streamId), await written(appends[1].streamId)]).toEqual([[], []]);
    await expect(
      store.appendToStream(appends[0].streamId, events(1), { expectedRevision: 'no_stream' }),
    ).resolves.toMatchObject({ nextExpectedRevision: 0 });
  });

  it('given the engine metadata with nulls and nested values, when appended atomically and read back, then it is the same metadata', async () => {
    const [append] = twoStreams();
    const metadata = { account_id: 'acc_1', user_id: null, request_id: 'r-1', extra: { n: 1 } };
    append.events = [{ ...append.events[0], metadata }];

    await store.appendToStreams([append]);

    expect((await store.readStream(append.streamId))[0].metadata).toEqual(metadata);
    expect(server.log.at(-1)!.metadata).toEqual({ 'engine-metadata': JSON.stringify(metadata) });
  });

  it('given an append expecting any on a stream another writer moves between the read and the append, then it is read again and written whole', async () => {
    const appends = twoStreams();
    const other = events(1);
    const realAppend = server.multiStreamAppend.bind(server);
    let raced = false;
    server.multiStreamAppend = async (requests) => {
      if (!raced) {
        raced = true;
        await server.appendToStream(
          appends[1].streamId,
          other.map((e) => ({ ...e, contentType: 'application/json' }) as never),
        );
      }
      return realAppend(requests);
    };

    const results = await store.appendToStreams(appends);

    expect(results.map((r) => r.nextExpectedRevision)).toEqual([0, 2]);
    expect(await written(appends[1].streamId)).toEqual(ids([...other, ...appends[1].events]));
  });

  it('given an exact expectation beaten by another writer between the read and the append, then WrongExpectedVersionError names that stream with the caller’s expectation', async () => {
    const appends = twoStreams();
    const realAppend = server.multiStreamAppend.bind(server);
    server.multiStreamAppend = async (requests) => {
      await server.appendToStream(
        appends[0].streamId,
        events(1).map((e) => ({ ...e, contentType: 'application/json' }) as never),
      );
      return realAppend(requests);
    };

    const error = await store.appendToStreams(appends).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ streamId: appends[0].streamId, expected: 'no_stream', actual: 0 });
    expect(await written(appends[1].streamId)).toEqual([]);
  });

  it('given an atomic append written but its answer lost, when retried with the same ids, then the first revisions and nothing written twice', async () => {
    const appends = twoStreams();
    server.loseAnswer.push(new UnavailableError());
    await expect(store.appendToStreams(appends)).rejects.toBeInstanceOf(StoreUnavailableError);

    const again = await store.appendToStreams(appends);

    expect(again.map((r) => r.nextExpectedRevision)).toEqual([0, 1]);
    expect(await written(appends[1].streamId)).toEqual(ids(appends[1].events));
  });

  it('given a batch over the server’s limit, then AppendTooLargeError', async () => {
    server.failNext.append.push(new MaxAppendSizeExceededError(undefined, 1024));

    await expect(store.appendToStreams(twoStreams())).rejects.toBeInstanceOf(AppendTooLargeError);
  });
});
