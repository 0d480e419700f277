import { describeEventStoreContract } from '../contract/event-store.contract';
import { MemoryEventStore } from './memory-event-store';

describeEventStoreContract('memory', async () => {
  const store = new MemoryEventStore();
  return { store, dispose: () => store.close() };
});
