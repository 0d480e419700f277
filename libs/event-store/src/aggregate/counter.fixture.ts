import { randomUUID } from 'node:crypto';
import { EventData, EventStore, RecordedEvent } from '../event-store';
import { AggregateDefinition } from './aggregate-definition';

/** A toy aggregate for the repository's tests: it folds revisions and metadata too, to prove they arrive. */
export type CounterEvent =
  { type: 'Incremented'; data: { by: number } } | { type: 'Reset'; data: { to: number } };

export interface CounterState {
  value: number;
  applied: number;
  lastRevision: number;
  lastUser: string | null;
}

export const counter: AggregateDefinition<CounterState, CounterEvent> = {
  streamPrefix: 'counter',
  initialState: { value: 0, applied: 0, lastRevision: -1, lastUser: null },
  evolve(state, event) {
    const value = event.type === 'Incremented' ? state.value + event.data.by : event.data.to;
    const lastUser = (event.metadata.user_id as string | undefined) ?? null;
    return { value, applied: state.applied + 1, lastRevision: event.revision, lastUser };
  },
};

export function incremented(by: number, user = 'u-1'): EventData {
  return { id: randomUUID(), type: 'Incremented', data: { by }, metadata: { user_id: user } };
}

export function reset(to: number): EventData {
  return { id: randomUUID(), type: 'Reset', data: { to }, metadata: {} };
}

export function increments(count: number): EventData[] {
  return Array.from({ length: count }, () => incremented(1));
}

/** The state a full replay gives, straight from the store: what every load must equal. */
export async function replayed(store: EventStore, id: string): Promise<CounterState> {
  const events = await store.readStream(`counter-${id}`);
  return events.reduce((s, e) => counter.evolve(s, e as never), counter.initialState);
}

/** Delegates to a real store, counting what stream reads return. */
export class CountingEventStore implements EventStore {
  readCalls: { streamId: string; fromRevision: number }[] = [];
  eventsRead = 0;

  constructor(private readonly inner: EventStore) {}

  forget(): void {
    this.readCalls = [];
    this.eventsRead = 0;
  }

  async readStream(...args: Parameters<EventStore['readStream']>): Promise<RecordedEvent[]> {
    this.readCalls.push({ streamId: args[0], fromRevision: args[1]?.fromRevision ?? 0 });
    const events = await this.inner.readStream(...args);
    this.eventsRead += events.length;
    return events;
  }

  readLastEvent: EventStore['readLastEvent'] = (...a) => this.inner.readLastEvent(...a);
  appendToStream: EventStore['appendToStream'] = (...a) => this.inner.appendToStream(...a);
  appendToStreams: EventStore['appendToStreams'] = (...a) => this.inner.appendToStreams(...a);
  readAll: EventStore['readAll'] = (...a) => this.inner.readAll(...a);
  subscribeToAll: EventStore['subscribeToAll'] = (...a) => this.inner.subscribeToAll(...a);
  headPosition: EventStore['headPosition'] = () => this.inner.headPosition();
  close: EventStore['close'] = () => this.inner.close();
}
