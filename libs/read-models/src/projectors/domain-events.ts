import { DomainEvents, DomainEventType } from '@app/domain';
import { RecordedEvent } from '@app/event-store';

/**
 * A recorded event typed by the domain's catalogue: a switch on `type` narrows `data` to what the
 * domain records for that type, so a change of an event's shape fails the build where it is folded.
 */
export type RecordedDomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: Omit<RecordedEvent, 'type' | 'data'> & { type: K; data: DomainEvents[K]['data'] };
}[T];

/**
 * The event as the domain declares it. Recorded data is never rewritten, so it is what the domain
 * decided: the cast only gives it its type (checked at compile time where it is folded).
 */
export function domainEvent(event: RecordedEvent): RecordedDomainEvent {
  return event as unknown as RecordedDomainEvent;
}

/** The event's account: the one its data records (a creation's), else its metadata's. */
export function accountOf(event: RecordedDomainEvent): string {
  const recorded = 'account_id' in event.data ? event.data.account_id : undefined;
  return (recorded ?? event.metadata.account_id) as string;
}

/** The record id of the event's stream `<prefix>-<uuid>`. */
export function recordIdOf(event: Pick<RecordedEvent, 'streamId'>): string {
  return event.streamId.slice(event.streamId.indexOf('-') + 1);
}

/** The prefix of the event's stream `<prefix>-<uuid>` (its aggregate's streamPrefix). */
export function prefixOf(streamId: string): string {
  return streamId.slice(0, streamId.indexOf('-'));
}
