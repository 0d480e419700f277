import { describeEventStoreContract } from '../contract/event-store.contract';
import { EsdbStandIn } from './esdb-stand-in.fixture';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

// The adapter's own logic (paging $all, the idempotence tail check, conflicts, subscriptions) against
// the client stand-in: no substitute for the run against a real server, but it runs everywhere.
describeEventStoreContract('EventStoreDB adapter on the client stand-in', async () => {
  const store = await EventStoreDbEventStore.open(new EsdbStandIn().asClient(), { observer: {} });
  return { store, dispose: () => store.close() };
});
