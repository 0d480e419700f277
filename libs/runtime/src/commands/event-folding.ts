import { randomUUID } from 'node:crypto';
import { EventData, EventMetadata } from '@app/event-store';
import { AggregateDefinition, DomainEvent, Recorded, streamName } from '@app/event-store/aggregate';

/** A decided event as appended: a new id, the command's metadata. */
export function toEventData(event: DomainEvent, options: { metadata: EventMetadata }): EventData {
  return { id: randomUUID(), type: event.type, data: event.data, metadata: options.metadata };
}

/** The events as a read gives them back: their data through JSON, as stored. */
export function asStored<E extends DomainEvent>(events: E[]): E[] {
  return events.map((event) => ({ ...event, data: JSON.parse(JSON.stringify(event.data)) as unknown }));
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
