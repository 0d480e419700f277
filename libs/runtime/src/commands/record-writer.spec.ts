import { DomainError } from '@app/domain';
import { MemoryEventStore } from '@app/event-store';
import { AggregateRepository } from '@app/event-store/aggregate';
import {
  CountingEventStore,
  CounterEvent,
  CounterState,
  counter,
  incremented,
  replayed,
} from '@app/event-store/aggregate/counter.fixture';
import { RecordWriter } from './record-writer';
import { StateKeepingStore } from './state-keeping-store';

const metadata = { user_id: 'u-1' };

function setup(kept?: number) {
  const inner = new MemoryEventStore();
  const store = new CountingEventStore(inner);
  const keeping = new StateKeepingStore(store, kept);
  const writer = new RecordWriter(new AggregateRepository(keeping), async () => undefined, keeping.states);
  /** Another process (or a reactor) appending to the stream behind this writer's back. */
  const writeElsewhere = (by: number) =>
    inner.appendToStream('counter-c1', [incremented(by, 'elsewhere')], { expectedRevision: 'any' });
  return { inner, store, keeping, writer, writeElsewhere };
}

/** "Add `by`": decided on whatever state the writer gives, each state seen kept in `seen`. */
function add(by: number, seen: number[] = []) {
  return (state: CounterState): CounterEvent[] => {
    seen.push(state.value);
    return [{ type: 'Incremented', data: { by } }];
  };
}

describe('RecordWriter: the state a command decides on', () => {
  it('given a record this process created, when the next command comes, then it is decided without reading the stream', async () => {
    const { store, writer } = setup();
    await writer.write(counter, 'c1', add(1), { metadata, fresh: true });
    store.forget();
    const seen: number[] = [];

    const result = await writer.write(counter, 'c1', add(2, seen), { metadata });

    expect(seen).toEqual([1]);
    expect(store.readCalls).toEqual([]);
    expect(result).toMatchObject({ revision: 1, state: { value: 3 } });
  });

  it('given a record this process read, when a command comes, then it is decided on what was read', async () => {
    const { inner, store, writer } = setup();
    await inner.appendToStream('counter-c1', [incremented(5)], { expectedRevision: 'no_stream' });
    await writer.read(counter, 'c1');
    store.forget();

    await writer.write(counter, 'c1', add(1), { metadata });

    expect(store.readCalls).toEqual([]);
    expect(await replayed(inner, 'c1')).toMatchObject({ value: 6 });
  });

  it('given a write from elsewhere since, when a command comes, then its append is refused and it is decided again on the stream', async () => {
    const { inner, writer, writeElsewhere } = setup();
    await writer.write(counter, 'c1', add(1), { metadata, fresh: true });
    await writeElsewhere(100);
    const seen: number[] = [];

    const result = await writer.write(counter, 'c1', add(2, seen), { metadata });

    expect(seen).toEqual([1, 101]);
    expect(result).toMatchObject({ revision: 2, state: { value: 103 } });
    expect((await inner.readStream('counter-c1')).map((e) => e.data.by)).toEqual([1, 100, 2]);
  });

  it('given a process step appended to the stream through the state-keeping store, when a command comes, then it is decided once, on the stream', async () => {
    const { keeping, store, writer } = setup();
    await writer.write(counter, 'c1', add(1), { metadata, fresh: true });
    await keeping.appendToStream('counter-c1', [incremented(100, 'step')], { expectedRevision: 0 });
    store.forget();
    const seen: number[] = [];

    const result = await writer.write(counter, 'c1', add(2, seen), { metadata });

    expect(seen).toEqual([101]);
    expect(store.readCalls.map((call) => call.streamId)).toEqual(['counter-c1']);
    expect(result).toMatchObject({ revision: 2, state: { value: 103 } });
  });

  it('given a refusal on the kept state, when the stream says otherwise, then the command is decided again on the stream', async () => {
    const { writer, writeElsewhere } = setup();
    await writer.write(counter, 'c1', add(1), { metadata, fresh: true });
    await writeElsewhere(100);
    const seen: number[] = [];
    const atLeast50 = (state: CounterState) => {
      seen.push(state.value);
      if (state.value < 50) return new DomainError(409, 'invalid_request_error', 'too_low', 'Too low.');
      return add(1)(state);
    };

    const result = await writer.write(counter, 'c1', atLeast50, { metadata });

    expect(seen).toEqual([1, 101]);
    expect(result).toMatchObject({ revision: 2, state: { value: 102 } });
  });

  it('given commands queued on one record, when they are appended together, then each is answered with the record after its own events', async () => {
    const { inner, writer } = setup();
    await writer.write(counter, 'c1', add(1), { metadata, fresh: true });

    const answers = await Promise.all(
      [1, 2, 3, 4].map((by) => writer.write(counter, 'c1', add(by), { metadata })),
    );

    expect(answers.map(({ revision, state, events }) => [revision, state.value, events.length])).toEqual([
      [1, 2, 1],
      [2, 4, 1],
      [3, 7, 1],
      [4, 11, 1],
    ]);
    expect(await replayed(inner, 'c1')).toMatchObject({ value: 11, lastRevision: 4 });
  });

  it('given more records written than are kept, when the first is written again, then it is read from its stream', async () => {
    const { store, writer } = setup(2);
    for (const id of ['c1', 'c2', 'c3']) await writer.write(counter, id, add(1), { metadata, fresh: true });
    store.forget();

    await writer.write(counter, 'c3', add(1), { metadata });
    await writer.write(counter, 'c1', add(1), { metadata });

    expect(store.readCalls.map((call) => call.streamId)).toEqual(['counter-c1']);
  });
});
