import { EventStore } from '../event-store';
import { atomicAppendCases } from './atomic-append-cases';
import { concurrencyCases } from './concurrency-cases';
import { expectedRevisionCases } from './expected-revision-cases';
import { globalLogCases } from './global-log-cases';
import { idempotenceCases } from './idempotence-cases';
import { streamCases } from './stream-cases';
import { subscriptionCases } from './subscription-cases';

/**
 * The behaviour every EventStore adapter owes its callers. `open` is called once for the suite;
 * the store may be shared with other data (every test writes streams of its own and reads the
 * global log from the head it found), so a real EventStoreDB server can run it too.
 */
export function describeEventStoreContract(
  name: string,
  open: () => Promise<{ store: EventStore; dispose: () => Promise<void> }>,
): void {
  describe(`EventStore contract: ${name}`, () => {
    let opened: { store: EventStore; dispose: () => Promise<void> } | undefined;
    const store = (): EventStore => {
      if (!opened) throw new Error(`${name}: the store did not open`);
      return opened.store;
    };

    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => {
      await opened?.dispose();
    });

    streamCases(store);
    expectedRevisionCases(store);
    concurrencyCases(store);
    idempotenceCases(store);
    atomicAppendCases(store);
    globalLogCases(store);
    subscriptionCases(store);
  });
}
