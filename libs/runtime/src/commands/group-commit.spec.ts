import { DomainError } from '@app/domain';
import {
  AppendResult,
  EventData,
  ExpectedRevision,
  MemoryEventStore,
  StreamAppend,
  WrongExpectedVersionError,
} from '@app/event-store';
import { AggregateRepository } from '@app/event-store/aggregate';
import { CounterEvent, CounterState, counter, incremented } from '@app/event-store/aggregate/counter.fixture';
import { Committed, GroupCommit, StreamCommand } from './group-commit';
import { RecentStates } from './recent-states';

/** An append as the store was asked for it: its stream, what it expected, whose events. */
interface AppendAsked {
  streams: string[];
  expected: ExpectedRevision;
  keys: unknown[];
}

/** The real in-memory store, noting every append it is asked for; `fault` fails the appends carrying its key. */
class AppendNotingStore extends MemoryEventStore {
  asked: AppendAsked[] = [];
  fault: { key: string; error: Error } | undefined;

  override async appendToStream(
    streamId: string,
    events: EventData[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    this.note([{ streamId, events, expectedRevision: options.expectedRevision }]);
    return super.appendToStream(streamId, events, options);
  }

  override async appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    this.note(appends);
    return super.appendToStreams(appends);
  }

  private note(appends: StreamAppend[]): void {
    const own = appends[appends.length - 1];
    this.asked.push({
      streams: appends.map((a) => a.streamId),
      expected: own.expectedRevision,
      keys: own.events.map((e) => e.metadata?.idempotency_key),
    });
    if (this.fault && this.asked.at(-1)!.keys.includes(this.fault.key)) throw this.fault.error;
  }
}

const STREAM = 'counter-c1';
type Command = StreamCommand<CounterState, CounterEvent>;

function setup() {
  const store = new AppendNotingStore();
  const groups = new GroupCommit(new AggregateRepository(store), new RecentStates());
  /** Commands sent at once: the first goes alone, the others queue behind it and form the next group. */
  const send = (...commands: Command[]) =>
    Promise.allSettled(commands.map((command) => groups.commit(counter, 'c1', command)));
  const stream = async () =>
    (await store.readStream(STREAM)).map((e) => ({
      revision: e.revision,
      by: (e.data as { by: number }).by,
      key: e.metadata.idempotency_key,
    }));
  return { store, groups, send, stream };
}

/** "Add `by`" under Idempotency-Key `key`, each (value, revision) it is decided on noted in `seen`. */
function add(by: number, key: string, seen: [number, number][] = [], more: Partial<Command> = {}): Command {
  return {
    decide: (state, revision) => {
      seen.push([state.value, revision]);
      return [{ type: 'Incremented', data: { by } }];
    },
    metadata: { user_id: 'u-1', idempotency_key: key },
    ...more,
  };
}

/** "Add `by`", refused once the value has reached `limit` (an invoice's balance). */
function addBelow(limit: number, by: number, key: string, seen: [number, number][] = []): Command {
  const adding = add(by, key, seen);
  return {
    ...adding,
    decide: (state, revision) =>
      state.value >= limit ? (seen.push([state.value, revision]), tooHigh) : adding.decide(state, revision),
  };
}

const tooHigh = new DomainError(422, 'invalid_request_error', 'too_high', 'Too high.');

function answered(result: PromiseSettledResult<Committed<CounterState, CounterEvent>>) {
  if (result.status === 'rejected') return { refused: result.reason as unknown };
  const { decidedOn, decidedAt, revision, events } = result.value;
  return { value: decidedOn.value, decidedAt, revision, events: events.length };
}

describe('GroupCommit: commands queued on one stream, decided in turn, appended at once', () => {
  it('given three commands queued behind one in flight, then they are decided in turn and appended in one append expecting the first one’s revision, each answered with its own revision', async () => {
    const { store, send, stream } = setup();
    await store.appendToStream(STREAM, [incremented(5)], { expectedRevision: 'no_stream' });
    store.asked = [];
    const seen: [number, number][] = [];

    const answers = await send(add(1, 'a', seen), add(2, 'b', seen), add(3, 'c', seen), add(4, 'd', seen));

    expect(store.asked).toEqual([
      { streams: [STREAM], expected: 0, keys: ['a'] },
      { streams: [STREAM], expected: 1, keys: ['b', 'c', 'd'] },
    ]);
    expect(seen).toEqual([
      [5, 0],
      [6, 1],
      [8, 2],
      [11, 3],
    ]);
    expect(answers.map(answered)).toEqual([
      { value: 5, decidedAt: 0, revision: 1, events: 1 },
      { value: 6, decidedAt: 1, revision: 2, events: 1 },
      { value: 8, decidedAt: 2, revision: 3, events: 1 },
      { value: 11, decidedAt: 3, revision: 4, events: 1 },
    ]);
    // Each request's key is on its own event, at the revision it was answered with (what a retry
    // whose answer was lost is rebuilt from).
    expect((await stream()).slice(1)).toEqual([
      { revision: 1, by: 1, key: 'a' },
      { revision: 2, by: 2, key: 'b' },
      { revision: 3, by: 3, key: 'c' },
      { revision: 4, by: 4, key: 'd' },
    ]);
  });

  it('given a command refused in the middle of a group, then only it is refused and the next is decided on the state without it', async () => {
    const { store, send, stream } = setup();
    const seen: [number, number][] = [];
    const throwing: Command = {
      ...add(100, 'x'),
      decide: () => {
        throw new Error('a lookup failed');
      },
    };

    const answers = await send(
      add(5, 'a'),
      add(1, 'b'),
      addBelow(6, 10, 'c', seen),
      throwing,
      addBelow(7, 1, 'd', seen),
    );

    expect(answers.map(answered)).toEqual([
      { value: 0, decidedAt: -1, revision: 0, events: 1 },
      { value: 5, decidedAt: 0, revision: 1, events: 1 },
      { refused: tooHigh },
      { refused: new Error('a lookup failed') },
      { value: 6, decidedAt: 1, revision: 2, events: 1 },
    ]);
    expect(seen).toEqual([
      [6, 1],
      [6, 1],
    ]);
    expect(store.asked.map((a) => a.keys)).toEqual([['a'], ['b', 'd']]);
    expect((await stream()).map((e) => e.key)).toEqual(['a', 'b', 'd']);
  });

  it('given a write from elsewhere while a group is decided, then its append is refused and the whole group is decided again on the stream, refusals included', async () => {
    const { store, send, stream } = setup();
    await send(add(1, 'a')); // this process now keeps the stream's state: the next group decides on it
    const seen: [number, number][] = [];
    let elsewhere = false;
    const writingElsewhere = add(2, 'b', seen, {});
    const b: Command = {
      ...writingElsewhere,
      decide: async (state, revision) => {
        if (!elsewhere) {
          elsewhere = true;
          await store.appendToStream(STREAM, [incremented(100, 'other process')], { expectedRevision: 1 });
        }
        return writingElsewhere.decide(state, revision);
      },
    };
    store.asked = [];

    const answers = await send(add(0, 'first'), b, addBelow(100, 3, 'c', seen), add(4, 'd', seen));

    expect(seen).toEqual([
      [1, 1],
      [3, 2],
      [6, 3],
      [101, 2],
      [103, 3],
      [103, 3],
    ]);
    expect(answers.slice(1).map(answered)).toEqual([
      { value: 101, decidedAt: 2, revision: 3, events: 1 },
      { refused: tooHigh },
      { value: 103, decidedAt: 3, revision: 4, events: 1 },
    ]);
    expect(store.asked.map(({ expected, keys }) => ({ expected, keys }))).toEqual([
      { expected: 0, keys: ['first'] },
      { expected: 1, keys: [undefined] }, // the other process
      { expected: 1, keys: ['b', 'c', 'd'] }, // refused: the stream is at 2
      { expected: 2, keys: ['b', 'd'] },
    ]);
    expect((await stream()).map((e) => e.by)).toEqual([1, 0, 100, 2, 4]);
  });

  it('given a stale If-Match in a group, then only that command is refused with a conflict', async () => {
    const { store, send } = setup();

    const answers = await send(
      add(1, 'a'),
      add(2, 'b', [], { ifMatch: 0 }),
      add(3, 'c', [], { ifMatch: 0 }), // b moved the stream to 1 first
      add(4, 'd', [], { ifMatch: 2 }),
    );

    expect(answers.map(answered)).toEqual([
      { value: 0, decidedAt: -1, revision: 0, events: 1 },
      { value: 1, decidedAt: 0, revision: 1, events: 1 },
      { refused: new WrongExpectedVersionError(STREAM, 0, 1) },
      { refused: new WrongExpectedVersionError(STREAM, 2, 1) },
    ]);
    expect(store.asked.map((a) => a.keys)).toEqual([['a'], ['b']]);
  });

  it('given a command whose decision moves another stream too, then its group ends with it and the next commands make the next group', async () => {
    const { store, send } = setup();
    const unit: StreamAppend = {
      streamId: 'counter-unit',
      events: [incremented(1)],
      expectedRevision: 'no_stream',
    };

    const answers = await send(
      add(1, 'a'),
      add(2, 'b'),
      add(3, 'c', [], { alongside: () => [unit] }),
      add(4, 'd'),
    );

    expect(store.asked.map(({ streams, keys }) => ({ streams, keys }))).toEqual([
      { streams: [STREAM], keys: ['a'] },
      { streams: ['counter-unit', STREAM], keys: ['b', 'c'] },
      { streams: [STREAM], keys: ['d'] },
    ]);
    expect(answers.map(answered).map((a) => ('revision' in a ? a.revision : a))).toEqual([0, 1, 2, 3]);
  });

  it('given an append that fails (a fault), then every command of its group fails with it, and the commands queued after still run', async () => {
    const { store, groups, send, stream } = setup();
    const fault = new Error('connection terminated');
    store.fault = { key: 'b', error: fault };

    const answers = await send(add(1, 'a'), add(2, 'b'), add(3, 'c'));
    const later = await groups.commit(counter, 'c1', add(4, 'd'));

    expect(answers.map(answered)).toEqual([
      { value: 0, decidedAt: -1, revision: 0, events: 1 },
      { refused: fault },
      { refused: fault },
    ]);
    expect(later).toMatchObject({ revision: 1 });
    expect((await stream()).map((e) => e.key)).toEqual(['a', 'd']);
  });
});
