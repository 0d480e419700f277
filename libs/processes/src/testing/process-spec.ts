import { randomUUID } from 'node:crypto';
import { EventStore, MemoryEventStore, RecordedEvent, StreamNotFoundError } from '@app/event-store';
import { UnfinishedStep } from '@app/read-models';
import { auditCrossRecordSteps } from '../audit/cross-record-audit';

/** What the process specs share: a store at a fixed instant, the records' events, the audit. */

/** When every event of a spec's store is recorded: the audit's clock is named from it. */
export const RECORDED_AT = new Date('2030-01-16T09:00:00.000Z');
export const GRACE_MS = 60_000;

/** An empty store whose events are all recorded at RECORDED_AT. */
export function processStore(): MemoryEventStore {
  return new MemoryEventStore(() => RECORDED_AT);
}

export const METADATA = { user_id: '0d9b6c1a-5e4f-4b3a-8c2d-1e0f9a8b7c6d', correlation_id: 'c-spec' };

/** Appends a record's events (as its deciders made them) to `streamId`; returns them as recorded. */
export async function given(
  store: EventStore,
  streamId: string,
  events: readonly { type: string; data: object }[],
): Promise<RecordedEvent[]> {
  const before = (await eventsOf(store, streamId)).length;
  await store.appendToStream(
    streamId,
    events.map(({ type, data }) => ({
      id: randomUUID(),
      type,
      data: JSON.parse(JSON.stringify(data)),
      metadata: METADATA,
    })),
    { expectedRevision: before === 0 ? 'no_stream' : before - 1 },
  );
  return (await eventsOf(store, streamId)).slice(before);
}

/** The last event of `streamId` once `events` are appended to it: the process's trigger. */
export async function trigger(
  store: EventStore,
  streamId: string,
  events: readonly { type: string; data: object }[],
): Promise<RecordedEvent> {
  return (await given(store, streamId, events)).at(-1)!;
}

/** The stream's events, none when it does not exist. */
export async function eventsOf(store: EventStore, streamId: string): Promise<RecordedEvent[]> {
  try {
    return await store.readStream(streamId);
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
}

/** The whole log, to show a repeat appended nothing anywhere. */
export function logOf(store: EventStore): Promise<RecordedEvent[]> {
  return store.readAll({ after: 'start', maxCount: 10_000 });
}

/** The audit as verify runs it, `ageMs` after the events were recorded. */
export function auditAfter(store: EventStore, ageMs = GRACE_MS + 1): Promise<UnfinishedStep[]> {
  return auditCrossRecordSteps(store, { now: new Date(RECORDED_AT.getTime() + ageMs), graceMs: GRACE_MS });
}
