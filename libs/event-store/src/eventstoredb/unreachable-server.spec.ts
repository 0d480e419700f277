import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { EmptyAppendError, StoreUnavailableError } from '../errors';
import { Resubscription } from './observer';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

/** Nothing listens on port 1: every call the client makes is refused at once. */
const NOWHERE = 'kurrentdb://127.0.0.1:1?tls=false';

describe('EventStoreDB adapter without a server', () => {
  let store: EventStoreDbEventStore;
  let retries: Resubscription[];
  beforeEach(() => {
    retries = [];
    store = new EventStoreDbEventStore(KurrentDBClient.connectionString(NOWHERE), {
      resubscribe: { initialDelayMs: 5, maxDelayMs: 20 },
      observer: { resubscribing: (retry) => retries.push(retry) },
    });
  });
  afterEach(() => store.close());

  it('given an unreachable server, when connecting, then it fails at once: the store is unavailable', async () => {
    await expect(EventStoreDbEventStore.connect(NOWHERE.replace('esdb', 'kurrentdb'))).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
  });

  it('given an unreachable server, when appending or reading, then StoreUnavailableError', async () => {
    const event = { id: 'c7d1e2f3-0000-4000-8000-000000000001', type: 'A', data: {} };

    await expect(store.appendToStream('s-1', [event], { expectedRevision: 0 })).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await expect(store.readStream('s-1')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.readAll({ after: 'start', maxCount: 1 })).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
  });

  it('given an empty list of events, when appended, then EmptyAppendError before any call to the server', async () => {
    await expect(store.appendToStream('s-1', [], { expectedRevision: 'any' })).rejects.toBeInstanceOf(
      EmptyAppendError,
    );
  });

  it('given an unreachable server, when a subscription is iterated, then it keeps resubscribing with backoff until closed', async () => {
    const subscription = store.subscribeToAll({ after: 'start' });
    const next = subscription[Symbol.asyncIterator]().next();
    while (retries.length < 3) await new Promise((resolve) => setTimeout(resolve, 5));

    await expect(subscription.close()).resolves.toBeUndefined();

    expect((await next).done).toBe(true);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3]);
  });
});
