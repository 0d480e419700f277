import { JsonObject, RecordedEvent } from '../event-store';

/** A domain event as the domain declares it: a discriminated union of `{ type, data }`. */
export interface DomainEvent {
  type: string;
  data: JsonObject;
}

/** Each member of a domain-event union, as the store recorded it (type and data stay correlated). */
export type Recorded<E extends DomainEvent> = E extends DomainEvent
  ? RecordedEvent<E['type'], E['data']>
  : never;

/**
 * How to fold one kind of stream into state: plain data and pure functions, no I/O.
 * `decide` is not here: handlers call it with the loaded state.
 * The state must survive a JSON round trip, since snapshots store it as JSON.
 */
export interface AggregateDefinition<State, E extends DomainEvent = DomainEvent> {
  /** Streams are named `<streamPrefix>-<id>`, e.g. `invoice-<uuid>`. */
  streamPrefix: string;
  /** State before the first event; never mutated (evolve returns new state). */
  initialState: State;
  evolve(state: State, event: Recorded<E>): State;
  /** Bump when state's shape or evolve's meaning changes: snapshots of other versions are ignored. Default 1. */
  snapshotVersion?: number;
}

export function streamName(definition: { streamPrefix: string }, id: string): string {
  return `${definition.streamPrefix}-${id}`;
}

export function snapshotVersionOf(definition: { snapshotVersion?: number }): number {
  return definition.snapshotVersion ?? 1;
}

/**
 * A stream's events folded into state (a reactor reading a record it reacts to); with `upTo`, only
 * those up to that revision: the record as it was at a past event.
 */
export function foldEvents<State, E extends DomainEvent>(
  definition: Pick<AggregateDefinition<State, E>, 'initialState' | 'evolve'>,
  events: readonly RecordedEvent[],
  upTo = Infinity,
): State {
  return events
    .filter((event) => event.revision <= upTo)
    .reduce((state, event) => definition.evolve(state, event as Recorded<E>), definition.initialState);
}
