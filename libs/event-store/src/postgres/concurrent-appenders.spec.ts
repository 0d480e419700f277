import { testDatabases } from '@app/read-models/testing/test-databases';
import { anEvent, events } from '../contract/fixtures';
import { RecordedEvent } from '../event-store';
import { comparePositions } from '../position';
import { insertBatch } from './append';
import { sleep } from './hold-open.fixture';
import { PostgresEventStore } from './postgres-event-store';
import { EventStoreDb } from './rows';

const WRITERS = 16;
const STREAMS = 40;
/** Every HOLD_EVERY-th append of a writer keeps its transaction open a little before committing. */
const HOLD_EVERY = 5;

const random = (n: number) => Math.floor(Math.random() * n);

describe.each(testDatabases())(
  'many concurrent appenders while a subscriber reads ($name)',
  (testDatabase) => {
    // PGlite runs one transaction at a time, so fewer appends prove as much there.
    const appendsPerWriter = testDatabase.name === 'postgres' ? 50 : 12;

    it(`given ${WRITERS} writers appending 1-10 events, some committing late, when the subscriber has reached a final marker, then it saw every event exactly once in strictly increasing position order`, async () => {
      const database = await testDatabase.open();
      const store = await PostgresEventStore.open(database);
      const eventsDb: EventStoreDb = database.db;
      const subscription = store.subscribeToAll({ after: 'start', maxBatchSize: 100 });
      try {
        const seen: RecordedEvent[] = [];
        const marker = anEvent('AllWritten');
        const reading = (async () => {
          for await (const batch of subscription) {
            seen.push(...batch);
            if (batch.some((e) => e.id === marker.id)) return;
          }
        })();

        /** Appends through the store, or holds the transaction open before committing. */
        async function writer(w: number): Promise<string[]> {
          const written: string[] = [];
          for (let i = 0; i < appendsPerWriter; i++) {
            const batch = events(1 + random(10));
            if (i % HOLD_EVERY === w % HOLD_EVERY) {
              await eventsDb.transaction().execute(async (trx) => {
                const outcome = await insertBatch(trx, `held-${w}-${i}`, batch, 'no_stream');
                if (outcome.kind !== 'appended') throw new Error(`held append failed: ${outcome.kind}`);
                await sleep(5 + random(25)); // commits after transactions that began later
              });
            } else {
              await store.appendToStream(`shared-${random(STREAMS)}`, batch, { expectedRevision: 'any' });
            }
            written.push(...batch.map((e) => e.id));
          }
          return written;
        }

        const written = (await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)))).flat();
        // Appended after every writer finished: once it is delivered, everything before it must have been.
        await store.appendToStream('final-marker', [marker], { expectedRevision: 'no_stream' });
        await reading;

        const delivered = seen.map((e) => e.id).filter((id) => id !== marker.id);
        expect(new Set(delivered).size).toBe(delivered.length);
        expect([...delivered].sort()).toEqual([...written].sort());
        const outOfOrder = seen
          .slice(1)
          .filter((e, i) => comparePositions(seen[i].position, e.position) >= 0);
        expect(outOfOrder).toEqual([]);
      } finally {
        await subscription.close();
        await store.close();
        await database.close();
      }
    }, 60_000);
  },
);
