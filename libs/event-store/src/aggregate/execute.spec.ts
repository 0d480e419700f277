import { WrongExpectedVersionError } from '../errors';
import { MemoryEventStore } from '../memory/memory-event-store';
import { AggregateRepository, ExecuteOptions } from './aggregate-repository';
import {
  CountingEventStore,
  CounterState,
  counter,
  incremented,
  increments,
  replayed,
} from './counter.fixture';
import { MemorySnapshotStore } from './memory-snapshot-store';

function setup() {
  const store = new MemoryEventStore();
  const snapshots = new MemorySnapshotStore();
  const repository = new AggregateRepository(store, { snapshots, snapshotEvery: 10 });
  /** Another writer, appending between our load and our append. */
  const concurrentWrite = () =>
    store.appendToStream('counter-c1', [incremented(100, 'other')], { expectedRevision: 'any' });
  /**
   * The counter at 1, then "double" executed with `options`, the other writer appending before each
   * decision; `seen`: the states it decided on.
   */
  const executeRaced = async (options: ExecuteOptions<CounterState>) => {
    await repository.append(counter, 'c1', [incremented(1)], 'no_stream');
    const seen: CounterState[] = [];
    const decide = double(seen);
    const raced = async (state: CounterState) => {
      await concurrentWrite();
      return decide(state);
    };
    return { seen, executing: repository.execute(counter, 'c1', raced, options) };
  };
  return { store, snapshots, repository, concurrentWrite, executeRaced };
}

/** A command: "double the counter", decided on the state it is given. */
function double(seen: CounterState[]) {
  return (state: CounterState) => {
    seen.push(state);
    return [incremented(state.value)];
  };
}

describe('AggregateRepository.execute', () => {
  it('given no stream, when executing, then the events start the stream at revision 0', async () => {
    const { repository } = setup();

    const result = await repository.execute(counter, 'c1', () => increments(1));

    expect(result).toMatchObject({ ok: true, nextExpectedRevision: 0 });
  });

  it('given a concurrent write after the load, when executing without If-Match, then it decides again on fresh state', async () => {
    const { store, repository, concurrentWrite } = setup();
    await repository.append(counter, 'c1', [incremented(1)], 'no_stream');
    const seen: CounterState[] = [];
    const decide = double(seen);

    const result = await repository.execute(counter, 'c1', async (state) => {
      if (seen.length === 0) await concurrentWrite();
      return decide(state);
    });

    expect(seen.map((s) => s.value)).toEqual([1, 101]);
    expect(result).toMatchObject({ ok: true, nextExpectedRevision: 2 });
    const stream = await store.readStream('counter-c1');
    expect(stream.map((e) => e.data.by)).toEqual([1, 100, 101]);
  });

  it('given a stale If-Match, when executing, then WrongExpectedVersionError and nothing appended', async () => {
    const { store, repository, concurrentWrite } = setup();
    await repository.append(counter, 'c1', [incremented(1)], 'no_stream');
    await concurrentWrite();

    await expect(
      repository.execute(counter, 'c1', double([]), { expectedRevision: 0 }),
    ).rejects.toMatchObject({
      constructor: WrongExpectedVersionError,
      expected: 0,
      actual: 1,
    });
    expect(await store.readStream('counter-c1')).toHaveLength(2);
  });

  it('given an If-Match that was current, when a concurrent write lands before the append, then no retry: the conflict surfaces', async () => {
    const { store, executeRaced } = setup();

    const { seen, executing } = await executeRaced({ expectedRevision: 0 });

    await expect(executing).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(seen).toHaveLength(1);
    expect((await store.readStream('counter-c1')).map((e) => e.data.by)).toEqual([1, 100]);
  });

  it('given a write before every append, when the attempts are used up, then the last conflict surfaces', async () => {
    const { store, executeRaced } = setup();

    const { seen, executing } = await executeRaced({ maxAttempts: 3 });

    await expect(executing).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(seen.map((s) => s.value)).toEqual([1, 101, 201]);
    expect((await store.readStream('counter-c1')).map((e) => e.data.by)).toEqual([1, 100, 100, 100]);
  });

  it('given decide returns an error, then it is returned and nothing is appended, even with a stale If-Match', async () => {
    const { store, repository, concurrentWrite } = setup();
    await repository.append(counter, 'c1', [incremented(1)], 'no_stream');
    await concurrentWrite();
    const notFound = { status: 404, code: 'not_found' };

    const result = await repository.execute(counter, 'c1', () => notFound, { expectedRevision: 0 });

    expect(result).toEqual({ ok: false, error: notFound });
    expect(await store.readStream('counter-c1')).toHaveLength(2);
  });

  it('given decide returns no events, then nothing is appended and the current revision is returned', async () => {
    const { store, repository } = setup();
    await repository.append(counter, 'c1', increments(3), 'no_stream');

    const result = await repository.execute(counter, 'c1', () => [], { expectedRevision: 2 });

    expect(result).toEqual({ ok: true, events: [], nextExpectedRevision: 2, position: undefined });
    expect(await store.readStream('counter-c1')).toHaveLength(3);
  });

  it('given an execute that crosses the snapshot boundary, then a snapshot of the state after it is stored', async () => {
    const { repository, snapshots } = setup();
    await repository.append(counter, 'c1', increments(9), 'no_stream');

    await repository.execute(counter, 'c1', double([]));

    expect(await snapshots.read('counter-c1')).toMatchObject({
      revision: 9,
      state: { value: 18, applied: 10 },
    });
  });
});

describe('AggregateRepository.execute from a given state (one this process wrote or read)', () => {
  async function written(repository: AggregateRepository) {
    await repository.append(counter, 'c1', [incremented(1)], 'no_stream');
    return repository.load(counter, 'c1');
  }

  /** The counter written at 1, and a second repository counting what it reads of the store. */
  async function writtenThenCounted() {
    const { store, repository } = setup();
    const current = await written(repository);
    const counting = new CountingEventStore(store);
    return { store, current, counting, reading: new AggregateRepository(counting) };
  }

  it('given the current state, when executing from it, then it decides on it without reading the stream', async () => {
    const { store, current, counting, reading } = await writtenThenCounted();
    const seen: CounterState[] = [];

    const result = await reading.execute(counter, 'c1', double(seen), { from: current });

    expect(result).toMatchObject({ ok: true, nextExpectedRevision: 1 });
    expect(seen).toEqual([current.state]);
    expect(counting.readCalls).toEqual([]);
    expect(await replayed(store, 'c1')).toMatchObject({ value: 2 });
  });

  it('given a stale state (a write from elsewhere since), when executing from it, then the append is refused and it decides again on the stream', async () => {
    const { store, repository, concurrentWrite } = setup();
    const stale = await written(repository);
    await concurrentWrite();
    const seen: CounterState[] = [];

    const result = await repository.execute(counter, 'c1', double(seen), { from: stale });

    expect(seen.map((s) => s.value)).toEqual([1, 101]);
    expect(result).toMatchObject({ ok: true, nextExpectedRevision: 2 });
    expect((await store.readStream('counter-c1')).map((e) => e.data.by)).toEqual([1, 100, 101]);
  });

  it.each([1000, 1])(
    'given a stale state (pages of %i events), when the command is refused on it, then the refusal is decided again on the stream',
    async (readPageSize) => {
      const { store, repository, concurrentWrite } = setup();
      const stale = await written(repository);
      await concurrentWrite();
      const paging = new AggregateRepository(store, { readPageSize });
      const seen: number[] = [];
      const atLeast = (floor: number) => (state: CounterState) => {
        seen.push(state.value);
        return state.value < floor ? { refused: state.value } : [incremented(1)];
      };

      const result = await paging.execute(counter, 'c1', atLeast(50), { from: stale });

      expect(seen).toEqual([1, 101]);
      expect(result).toMatchObject({ ok: true, nextExpectedRevision: 2 });
    },
  );

  it('given a stale state, when decide throws on it, then it is decided again on the stream', async () => {
    const { repository, concurrentWrite } = setup();
    const stale = await written(repository);
    await concurrentWrite();
    const seen: number[] = [];

    const result = await repository.execute(
      counter,
      'c1',
      (state) => {
        seen.push(state.value);
        if (state.value < 50) throw new Error('too low');
        return [incremented(1)];
      },
      { from: stale },
    );

    expect(seen).toEqual([1, 101]);
    expect(result).toMatchObject({ ok: true, nextExpectedRevision: 2 });
  });

  it('given the current state, when the command is refused on it, then the refusal stands once a read from its revision finds nothing after it', async () => {
    const { current, counting, reading } = await writtenThenCounted();
    const seen: number[] = [];
    const never = (state: CounterState) => (seen.push(state.value), { refused: state.value });

    const result = await reading.execute(counter, 'c1', never, { from: current });

    expect(result).toEqual({ ok: false, error: { refused: 1 } });
    expect(seen).toEqual([1]);
    expect(counting.readCalls).toEqual([{ streamId: 'counter-c1', fromRevision: 0 }]);
  });

  it('given the current state, when decide throws on it, then the throw stands, decided once', async () => {
    const { repository } = setup();
    const current = await written(repository);
    let decided = 0;

    const executing = repository.execute(
      counter,
      'c1',
      () => {
        decided++;
        throw new Error('no');
      },
      { from: current },
    );

    await expect(executing).rejects.toThrow('no');
    expect(decided).toBe(1);
  });

  it('given a state ahead of the stream (not from it at all), when executing from it, then the stream is loaded whole and decided on', async () => {
    const { store, repository } = setup();
    const current = await written(repository);
    const ahead = { state: { ...current.state, value: 40 }, revision: 5, exists: true };
    const seen: CounterState[] = [];

    const result = await repository.execute(counter, 'c1', double(seen), { from: ahead });

    expect(seen.map((s) => s.value)).toEqual([40, 1]);
    expect(result).toMatchObject({ ok: true, nextExpectedRevision: 1 });
    expect(await replayed(store, 'c1')).toMatchObject({ value: current.state.value * 2 });
  });

  it('given an If-Match, when a state is given too, then the stream is read and the If-Match judged against it', async () => {
    const { repository, concurrentWrite } = setup();
    const stale = await written(repository);
    await concurrentWrite();

    const result = await repository.execute(counter, 'c1', double([]), { from: stale, expectedRevision: 1 });

    expect(result).toMatchObject({ ok: true, nextExpectedRevision: 2 });
  });
});
