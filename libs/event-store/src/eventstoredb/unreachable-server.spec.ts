import { EventStoreDBClient, UnavailableError } from '@eventstore/db-client';
import { EmptyAppendError } from '../errors';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

/** Nothing listens on port 1: every call the client makes is refused at once. */
const NOWHERE = 'esdb://127.0.0.1:1?tls=false';

describe('EventStoreDB adapter without a server', () => {
  let store: EventStoreDbEventStore;
  beforeEach(() => {
    store = new EventStoreDbEventStore(EventStoreDBClient.connectionString(NOWHERE));
  });
  afterEach(() => store.close());

  it('given an unreachable server, when connecting, then it fails at once with the client error', async () => {
    await expect(EventStoreDbEventStore.connect(NOWHERE.replace('esdb', 'kurrentdb'))).rejects.toBeInstanceOf(
      UnavailableError,
    );
  });

  it('given an empty list of events, when appended, then EmptyAppendError before any call to the server', async () => {
    await expect(store.appendToStream('s-1', [], { expectedRevision: 'any' })).rejects.toBeInstanceOf(
      EmptyAppendError,
    );
  });

  it('given an unreachable server, when a subscription is iterated, then the error reaches the iterator and close still works', async () => {
    const subscription = store.subscribeToAll({ after: 'start' });

    await expect(subscription[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(UnavailableError);
    await expect(subscription.close()).resolves.toBeUndefined();
  });
});
