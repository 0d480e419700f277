import { randomUUID } from 'node:crypto';
import {
  AllSubscription,
  EventData,
  EventMetadata,
  EventStore,
  JsonObject,
  RecordedEvent,
} from '../event-store';
import { comparePositions, Position } from '../position';

/** The store under test, known only once the suite's beforeAll has opened it. */
export type StoreRef = () => EventStore;

/** A stream of its own for every test: the store may be shared with other tests and runs. */
export function newStreamId(kind = 'contract'): string {
  return `${kind}-${randomUUID()}`;
}

export function anEvent(type = 'Happened', data: JsonObject = {}, metadata?: EventMetadata): EventData {
  return { id: randomUUID(), type, data, ...(metadata ? { metadata } : {}) };
}

export function events(count: number, type = 'Happened'): EventData[] {
  return Array.from({ length: count }, (_, i) => anEvent(type, { n: i }));
}

/** Where the log ends before a test writes, so reads can start there on a shared store. */
export async function headBefore(store: EventStore): Promise<Position | 'start'> {
  return (await store.headPosition()) ?? 'start';
}

/**
 * Waits until the global log shows `position`. A store may make a commit visible a moment later
 * (PostgreSQL holds it back while an older transaction anywhere on the server is open).
 */
export async function untilVisible(store: EventStore, position: Position): Promise<void> {
  for (;;) {
    const head = await store.headPosition();
    if (head && comparePositions(head, position) >= 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Pages through the global log after `after`, keeping only the events `keep` accepts. */
export async function readAllAfter(
  store: EventStore,
  after: Position | 'start',
  keep: (event: RecordedEvent) => boolean,
  pageSize = 100,
): Promise<RecordedEvent[]> {
  const kept: RecordedEvent[] = [];
  let cursor = after;
  for (;;) {
    const page = await store.readAll({ after: cursor, maxCount: pageSize });
    if (page.length === 0) return kept;
    kept.push(...page.filter(keep));
    cursor = page[page.length - 1].position;
  }
}

export type BatchIterator = AsyncIterator<RecordedEvent[]>;

export function iterate(subscription: AllSubscription): BatchIterator {
  return subscription[Symbol.asyncIterator]();
}

/** Pulls batches until `count` events that `keep` accepts have arrived (the test times out otherwise). */
export async function pull(
  iterator: BatchIterator,
  count: number,
  keep: (event: RecordedEvent) => boolean,
): Promise<RecordedEvent[]> {
  const got: RecordedEvent[] = [];
  while (got.length < count) {
    const next = await iterator.next();
    if (next.done) throw new Error(`Subscription ended after ${got.length} of ${count} events`);
    got.push(...next.value.filter(keep));
  }
  return got;
}

export function inStreams(...streamIds: string[]): (event: RecordedEvent) => boolean {
  const set = new Set(streamIds);
  return (event) => set.has(event.streamId);
}

export const ids = (list: { id: string }[]): string[] => list.map((e) => e.id);
