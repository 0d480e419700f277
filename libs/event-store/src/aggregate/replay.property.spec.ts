import fc from 'fast-check';
import { MemoryEventStore } from '../memory/memory-event-store';
import { AggregateRepository } from './aggregate-repository';
import { counter, incremented, replayed, reset } from './counter.fixture';
import { MemorySnapshotStore } from './memory-snapshot-store';

const event = fc.oneof(
  fc.record({
    type: fc.constant('inc' as const),
    n: fc.integer({ min: -5, max: 5 }),
    user: fc.constantFrom('a', 'b'),
  }),
  fc.record({
    type: fc.constant('reset' as const),
    n: fc.integer({ min: 0, max: 9 }),
    user: fc.constant(''),
  }),
);
/** The same aggregate after a change of meaning (increments count double), so its snapshots differ. */
const counterV2: typeof counter = {
  ...counter,
  snapshotVersion: 2,
  evolve: (state, e) =>
    counter.evolve(state, e.type === 'Incremented' ? { ...e, data: { by: 2 * e.data.by } } : e),
};
const definitions = { 1: counter, 2: counterV2 };

const step = fc.oneof(
  fc.record({
    kind: fc.constant('append' as const),
    events: fc.array(event, { minLength: 1, maxLength: 15 }),
  }),
  // Loads with either version: a snapshot of one must never leak into the other's state.
  fc.record({ kind: fc.constant('load' as const), version: fc.constantFrom(1, 2) }),
);

describe('AggregateRepository: state equals a full replay', () => {
  it('whatever the events, batch sizes, snapshot interval, page size and snapshot versions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 25 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 20 }),
        async (steps, snapshotEvery, readPageSize) => {
          // given a store, a repository with snapshots and one without
          const store = new MemoryEventStore();
          const snapshots = new MemorySnapshotStore();
          const withSnapshots = new AggregateRepository(store, { snapshots, snapshotEvery, readPageSize });
          const without = new AggregateRepository(store, { readPageSize });

          for (const s of steps) {
            if (s.kind === 'append') {
              // when events are appended in random batches
              const events = s.events.map((e) => (e.type === 'inc' ? incremented(e.n, e.user) : reset(e.n)));
              await withSnapshots.append(counter, 'c', events, 'any');
            } else {
              // then every load, from a snapshot or not, equals the full replay
              const definition = definitions[s.version];
              const loaded = await withSnapshots.load(definition, 'c');
              expect(loaded).toEqual(await without.load(definition, 'c'));
              if (loaded.exists && s.version === 1) expect(loaded.state).toEqual(await replayed(store, 'c'));
            }
          }
          const final = await withSnapshots.load(counter, 'c');
          expect(final).toEqual(await without.load(counter, 'c'));
          expect(final.revision).toBe((await store.readLastEvent('counter-c'))?.revision ?? -1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
