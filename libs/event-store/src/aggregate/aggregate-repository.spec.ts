import { StreamNotFoundError, WrongExpectedVersionError } from '../errors';
import { MemoryEventStore } from '../memory/memory-event-store';
import { AggregateRepository } from './aggregate-repository';
import { CountingEventStore, counter, incremented, increments, replayed, reset } from './counter.fixture';
import { MemorySnapshotStore } from './memory-snapshot-store';
import { Snapshot, SnapshotStore } from './snapshot-store';

function setup(snapshotEvery = 10) {
  const memory = new MemoryEventStore();
  const store = new CountingEventStore(memory);
  const snapshots = new MemorySnapshotStore();
  const warnings: string[] = [];
  const logger = { warn: (message: string) => void warnings.push(message) };
  const repository = new AggregateRepository(store, { snapshots, snapshotEvery, logger });
  return { memory, store, snapshots, repository, warnings };
}

describe('AggregateRepository: load and append', () => {
  it('given no stream, when loaded, then the initial state at revision -1, not existing', async () => {
    const { repository } = setup();

    const loaded = await repository.load(counter, 'missing');

    expect(loaded).toEqual({ state: counter.initialState, revision: -1, exists: false });
  });

  it('given appends, when loaded, then every recorded event is folded and the revision is the last one', async () => {
    const { repository } = setup();
    await repository.append(counter, 'c1', [incremented(2), incremented(3, 'u-2')], 'no_stream');
    await repository.append(counter, 'c1', [incremented(5, 'u-3')], 1);

    const loaded = await repository.load(counter, 'c1');

    expect(loaded).toEqual({
      state: { value: 10, applied: 3, lastRevision: 2, lastUser: 'u-3' },
      revision: 2,
      exists: true,
    });
  });

  it('given a stream at revision 1, when appending expecting revision 0, then WrongExpectedVersionError', async () => {
    const { repository, memory } = setup();
    await repository.append(counter, 'c1', increments(2), 'no_stream');

    await expect(repository.append(counter, 'c1', increments(1), 0)).rejects.toMatchObject({
      constructor: WrongExpectedVersionError,
      expected: 0,
      actual: 1,
    });
    expect(await memory.readStream('counter-c1')).toHaveLength(2);
  });

  it('given a stream named by prefix and id, then its events are in `<prefix>-<id>`', async () => {
    const { repository, memory } = setup();

    await repository.append(counter, '7f3c', increments(1), 'no_stream');

    expect((await memory.readLastEvent('counter-7f3c'))?.revision).toBe(0);
  });
});

describe('AggregateRepository: snapshots', () => {
  /** A repository whose snapshot reads are counted. */
  function countingReads(memory: MemoryEventStore, snapshots: SnapshotStore) {
    let reads = 0;
    const counted: SnapshotStore = {
      read: (streamId) => (reads++, snapshots.read(streamId)),
      save: (snapshot) => snapshots.save(snapshot),
    };
    const repository = new AggregateRepository(memory, { snapshots: counted, snapshotEvery: 10 });
    return { repository, reads: () => reads };
  }

  it('given a stream this process saw shorter than snapshotEvery, when loaded, then no snapshot is read', async () => {
    const { repository, reads } = countingReads(new MemoryEventStore(), new MemorySnapshotStore());
    await repository.append(counter, 'c1', increments(3), 'no_stream');

    const loaded = await repository.load(counter, 'c1');

    expect(loaded).toMatchObject({ revision: 2, state: { value: 3 } });
    expect(reads()).toBe(0);
  });

  it('given a short stream that grew past snapshotEvery elsewhere, when loaded, then it is whole, and later loads read the snapshot', async () => {
    const { memory, snapshots } = setup(10);
    const { repository, reads } = countingReads(memory, snapshots);
    await repository.load(counter, 'c1'); // seen with no event: short
    const elsewhere = new AggregateRepository(memory, { snapshots, snapshotEvery: 10 });
    await elsewhere.append(counter, 'c1', increments(12), 'no_stream');
    const before = reads();

    expect(await repository.load(counter, 'c1')).toMatchObject({ revision: 11, state: { value: 12 } });
    expect(reads()).toBe(before); // still known as short: read from its start
    await repository.load(counter, 'c1');
    expect(reads()).toBe(before + 1);
  });

  it('given 9 events and snapshotEvery 10, when the 10th is appended, then a snapshot at revision 9 is stored', async () => {
    const { repository, snapshots } = setup(10);
    await repository.append(counter, 'c1', increments(9), 'no_stream');
    expect(await snapshots.read('counter-c1')).toBeUndefined();

    await repository.append(counter, 'c1', [reset(100)], 8);

    expect(await snapshots.read('counter-c1')).toEqual<Snapshot>({
      streamId: 'counter-c1',
      revision: 9,
      version: 1,
      state: { value: 100, applied: 10, lastRevision: 9, lastUser: null },
    });
  });

  it('given a batch that jumps over a multiple of N, then the snapshot is taken at the batch end', async () => {
    const { repository, snapshots } = setup(10);
    await repository.append(counter, 'c1', increments(7), 'no_stream');

    await repository.append(counter, 'c1', increments(6), 6);

    expect(await snapshots.read('counter-c1')).toMatchObject({ revision: 12, state: { value: 13 } });
  });

  it('given a snapshot, when loaded, then only the later events are read and the state equals a full replay', async () => {
    const { repository, store, memory } = setup(10);
    await repository.append(counter, 'c1', increments(10), 'no_stream');
    await repository.append(counter, 'c1', [incremented(4, 'u-9'), reset(1), incremented(2)], 9);
    store.forget();

    const loaded = await repository.load(counter, 'c1');

    expect(store.readCalls).toEqual([{ streamId: 'counter-c1', fromRevision: 10 }]);
    expect(store.eventsRead).toBe(3);
    expect(loaded).toEqual({ state: await replayed(memory, 'c1'), revision: 12, exists: true });
  });

  it('given a snapshot of an older snapshotVersion, when loaded, then it is ignored and replaced', async () => {
    const { repository, store, snapshots, memory } = setup(10);
    await repository.append(counter, 'c1', increments(12), 'no_stream');
    const counterV2 = { ...counter, snapshotVersion: 2 };
    store.forget();

    const loaded = await repository.load(counterV2, 'c1');

    expect(store.readCalls[0].fromRevision).toBe(0);
    expect(store.eventsRead).toBe(12);
    expect(loaded.state).toEqual(await replayed(memory, 'c1'));
    expect(await snapshots.read('counter-c1')).toMatchObject({ version: 2, revision: 11 });
  });

  it('given a newer snapshotVersion stored, when an older definition saves, then the newer one stays', async () => {
    const { repository, snapshots } = setup(10);
    await repository.append({ ...counter, snapshotVersion: 2 }, 'c1', increments(10), 'no_stream');

    await repository.append(counter, 'c1', increments(10), 9);

    expect(await snapshots.read('counter-c1')).toMatchObject({ version: 2, revision: 9 });
  });

  it('given 100,000 events, when loaded after its snapshot, then at most N events are read', async () => {
    const { repository, store, memory } = setup(100);
    for (let batch = 0; batch < 100; batch++) {
      await memory.appendToStream('counter-big', increments(1000), { expectedRevision: 'any' });
    }
    await repository.load(counter, 'big'); // a long tail is snapshotted on the way
    await repository.append(counter, 'big', increments(42), 99_999);
    store.forget();

    const loaded = await repository.load(counter, 'big');

    expect(store.eventsRead).toBeLessThanOrEqual(100);
    expect(loaded.revision).toBe(100_041);
    expect(loaded.state).toEqual({
      value: 100_042,
      applied: 100_042,
      lastRevision: 100_041,
      lastUser: 'u-1',
    });
  });

  it('given a failing snapshot store, when appending across the boundary and loading, then both succeed and warn', async () => {
    const failing: SnapshotStore = {
      read: () => Promise.reject(new Error('snapshot table gone')),
      save: () => Promise.reject(new Error('snapshot table gone')),
    };
    const memory = new MemoryEventStore();
    const warnings: string[] = [];
    const repository = new AggregateRepository(memory, {
      snapshots: failing,
      snapshotEvery: 5,
      logger: { warn: (message) => void warnings.push(message) },
    });

    const result = await repository.append(counter, 'c1', increments(5), 'no_stream');
    const loaded = await repository.load(counter, 'c1');

    expect(result.nextExpectedRevision).toBe(4);
    expect(loaded.state.value).toBe(5);
    expect(warnings).toEqual(
      expect.arrayContaining([expect.stringMatching(/not saved/), expect.stringMatching(/not read/)]),
    );
  });

  it('given a snapshot whose stream the event store does not hold, when loaded, then the stream is missing', async () => {
    const { repository, snapshots } = setup();
    await snapshots.save({ streamId: 'counter-gone', revision: 3, version: 1, state: { value: 9 } });

    expect(await repository.load(counter, 'gone')).toEqual({
      state: counter.initialState,
      revision: -1,
      exists: false,
    });
  });

  it('given an adapter that reports not-found when reading past the end, when loaded from an up-to-date snapshot, then the snapshot state', async () => {
    const { memory, snapshots } = setup(10);
    const strict = new CountingEventStore(memory);
    strict.readStream = async (streamId, options) => {
      const events = await memory.readStream(streamId, options);
      if (events.length === 0) throw new StreamNotFoundError(streamId);
      return events;
    };
    const repository = new AggregateRepository(strict, { snapshots, snapshotEvery: 10 });
    await repository.append(counter, 'c1', increments(10), 'no_stream');

    expect(await repository.load(counter, 'c1')).toMatchObject({
      revision: 9,
      exists: true,
      state: { value: 10 },
    });
  });
});
