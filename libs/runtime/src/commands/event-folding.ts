import { randomUUID } from 'node:crypto';
import { EventData, EventMetadata } from '@app/event-store';
import {
  AggregateDefinition,
  DomainEvent,
  LoadedAggregate,
  Recorded,
  streamName,
} from '@app/event-store/aggregate';

/** A decided event as appended: a new id, the command's metadata. */
export function toEventData(event: DomainEvent, options: { metadata: EventMetadata }): EventData {
  return { id: randomUUID(), type: event.type, data: event.data, metadata: options.metadata };
}

/** The state after the appended events, folded here rather than read back from the store. */
export function fold<S, E extends DomainEvent>(
  definition: AggregateDefinition<S, E>,
  id: string,
  state: S,
  revision: number,
  events: E[],
  metadata: EventMetadata,
): S {
  const streamId = streamName(definition, id);
  const recordedAt = new Date();
  return events.reduce(
    (s, event, i) =>
      definition.evolve(s, {
        ...event,
        id: '',
        streamId,
        revision: revision + 1 + i,
        metadata,
        position: { commit: 0n, prepare: 0n },
        recordedAt,
      } as unknown as Recorded<E>),
    state,
  );
}

/**
 * A stream's state after a write, for the next command on it (RecentStates), folded from the events
 * as stored only when that command asks: most records written are not written again soon, and for
 * a document of many lines the copy through JSON and the fold cost about a tenth of its create's
 * CPU. The events are copied as text now, so what is folded later is what was appended.
 */
export function foldedWhenRead<S, E extends DomainEvent>(
  definition: AggregateDefinition<S, E>,
  id: string,
  state: S,
  revision: number,
  events: E[],
  metadata: EventMetadata,
): LoadedAggregate<S> {
  const stored = JSON.stringify(events.map((event) => event.data));
  let folded: { state: S } | undefined;
  return {
    get state(): S {
      folded ??= {
        state: fold(
          definition,
          id,
          state,
          revision,
          withData(events, JSON.parse(stored) as unknown[]),
          metadata,
        ),
      };
      return folded.state;
    },
    revision: revision + events.length,
    exists: true,
  };
}

function withData<E extends DomainEvent>(events: E[], data: unknown[]): E[] {
  return events.map((event, i) => ({ ...event, data: data[i] }));
}
