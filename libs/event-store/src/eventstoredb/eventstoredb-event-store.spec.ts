import { describeEventStoreContract } from '../contract/event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

if (connectionString) {
  // The server is shared with other runs: the contract writes streams of its own (random ids)
  // and reads the global log from the head it finds, so no cleanup is needed.
  describeEventStoreContract('EventStoreDB', async () => {
    const store = await EventStoreDbEventStore.connect(connectionString);
    return { store, dispose: () => store.close() };
  });
} else {
  console.info(
    'EventStoreDB contract skipped: EVENTSTORE_CONNECTION_STRING is not set ' +
      '(docker compose up -d eventstore, then EVENTSTORE_CONNECTION_STRING=kurrentdb://localhost:2113?tls=false npm test)',
  );
  describe.skip('EventStore contract: EventStoreDB (needs EVENTSTORE_CONNECTION_STRING)', () => {
    it('runs the contract suite against a live server', () => undefined);
  });
}
