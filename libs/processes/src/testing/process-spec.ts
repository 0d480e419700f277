import { randomUUID } from 'node:crypto';
import { USER_ID } from '@app/domain/testing/fixtures';
import {
  EventStore,
  MemoryEventStore,
  PostgresEventStore,
  RecordedEvent,
  StreamNotFoundError,
} from '@app/event-store';
import { Database, UnfinishedStep } from '@app/read-models';
import { resetDatabase } from '@app/read-models/testing/projection-setups';
import { openEmptyPglite } from '@app/read-models/testing/test-databases';
import { auditCrossRecordSteps } from '../audit/cross-record-audit';

/** What the process specs share: a real store, the records' events, the audit. */

/** The stores a process runs on in its spec: in memory, and PostgreSQL's on PGlite. */
export const STORES = ['memory', 'pglite'] as const;

/**
 * An empty store of `kind` for each test (in a describe block): the PGlite database is opened once
 * for the block (it takes seconds) and emptied between tests.
 */
export function storeFor(kind: (typeof STORES)[number]): () => EventStore {
  let database: Database | undefined;
  let store: EventStore;
  if (kind === 'pglite') {
    beforeAll(async () => {
      database = await openEmptyPglite();
    });
    afterAll(() => database?.close());
  }
  beforeEach(async () => {
    if (database === undefined) store = new MemoryEventStore();
    else {
      await resetDatabase(database.db);
      store = await PostgresEventStore.open(database);
    }
  });
  afterEach(() => store.close());
  return () => store;
}

export const METADATA = { user_id: USER_ID, correlation_id: 'c-spec' };

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

export const GRACE_MS = 60_000;

/** The audit as verify runs it, `ageMs` after `trigger` was recorded (by default, past the grace period). */
export function auditAfter(
  store: EventStore,
  trigger: RecordedEvent,
  ageMs = GRACE_MS + 1,
): Promise<UnfinishedStep[]> {
  const now = new Date(trigger.recordedAt.getTime() + ageMs);
  return auditCrossRecordSteps(store, { now, graceMs: GRACE_MS });
}
