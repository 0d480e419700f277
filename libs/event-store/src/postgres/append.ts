import { sql } from 'kysely';
import { prepared } from './prepared';
import { EventStoreDb } from './rows';
import { EventData, ExpectedRevision } from '../event-store';

/** What the one INSERT statement reports: the rows it wrote, or why it wrote none. */
export type InsertOutcome =
  | { kind: 'appended'; revision: number; position: string; transactionId: string }
  | { kind: 'not_expected' }
  | { kind: 'revision_taken' }
  | { kind: 'event_id_taken' }
  | { kind: 'retry' };

/**
 * Appends the batch in ONE statement: the stream's current revision, the expected-revision check
 * and the insert are evaluated together by the database, with no read before it. A concurrent
 * writer that took the same revision first makes this one fail on the (stream_id, revision) key.
 * `executor` is the database or a transaction (tests hold one open to make commits land late).
 */
export async function insertBatch(
  executor: EventStoreDb,
  streamId: string,
  events: EventData[],
  expected: ExpectedRevision,
): Promise<InsertOutcome> {
  try {
    const { rows } = await sql<{
      revision: number;
      position_text: string;
      transaction_id_text: string;
    }>`${prepared}
      INSERT INTO events (stream_id, revision, event_id, type, data, metadata)
      SELECT ${streamId}, current.revision + batch.ord, batch.event_id, batch.type, batch.data, batch.metadata
      FROM (SELECT coalesce(max(revision), -1) AS revision FROM events WHERE stream_id = ${streamId}) AS current,
        unnest(
          ${events.map((e) => e.id)}::uuid[],
          ${events.map((e) => e.type)}::text[],
          ${events.map((e) => JSON.stringify(e.data))}::jsonb[],
          ${events.map((e) => JSON.stringify(e.metadata ?? {}))}::jsonb[]
        ) WITH ORDINALITY AS batch(event_id, type, data, metadata, ord)
      WHERE ${expectation(expected)}
      ORDER BY batch.ord
      RETURNING revision, position::text AS position_text, transaction_id::text AS transaction_id_text`.execute(
      executor,
    );
    if (rows.length === 0) return { kind: 'not_expected' };
    const last = rows.reduce((a, b) => (a.revision > b.revision ? a : b));
    return {
      kind: 'appended',
      revision: last.revision,
      position: last.position_text,
      transactionId: last.transaction_id_text,
    };
  } catch (error) {
    return classify(error);
  }
}

/** One append of a group: its stream (distinct within the group), its events, its expectation. */
export interface GroupedAppend {
  streamId: string;
  events: EventData[];
  expected: ExpectedRevision;
}

/**
 * Several appends to distinct streams in ONE statement, so they share one round trip and one
 * commit (one WAL flush). Each keeps its own check as in insertBatch: one whose stream is not as
 * expected writes nothing ('not_expected') while the others are written. Any error writes nothing
 * at all (the statement is atomic) and is thrown: the caller then makes each append on its own.
 */
export async function insertGroup(
  executor: EventStoreDb,
  appends: readonly GroupedAppend[],
): Promise<InsertOutcome[]> {
  const written = await insertStreams(executor, appends, false);
  return appends.map(({ streamId }): InsertOutcome => {
    const row = written.get(streamId);
    return row ? appended(row) : { kind: 'not_expected' };
  });
}

/** What an atomic append reports: every stream's last row, or why it wrote none. */
export type AtomicOutcome =
  | { kind: 'appended'; outcomes: Extract<InsertOutcome, { kind: 'appended' }>[] }
  | Exclude<InsertOutcome, { kind: 'appended' }>;

/**
 * Appends to distinct streams all or nothing, in ONE statement (so one transaction, whose first
 * write is the events insert: the append lock is taken as for any append). Every stream's
 * expectation is checked in the statement; if one fails, no row is inserted ('not_expected').
 * The events get positions in the order given, so one transaction's events are contiguous in the
 * global log, in that order.
 */
export async function insertAtomic(
  executor: EventStoreDb,
  appends: readonly GroupedAppend[],
): Promise<AtomicOutcome> {
  try {
    const written = await insertStreams(executor, appends, true);
    if (written.size === 0) return { kind: 'not_expected' };
    return { kind: 'appended', outcomes: appends.map(({ streamId }) => appended(written.get(streamId)!)) };
  } catch (error) {
    return classify(error) as Exclude<InsertOutcome, { kind: 'appended' }>;
  }
}

interface WrittenRow {
  stream_id: string;
  revision: number;
  position_text: string;
  transaction_id_text: string;
}

function appended(row: WrittenRow): Extract<InsertOutcome, { kind: 'appended' }> {
  return {
    kind: 'appended',
    revision: row.revision,
    position: row.position_text,
    transactionId: row.transaction_id_text,
  };
}

/**
 * The statement of insertGroup and insertAtomic: each append checks its stream's expectation;
 * `allOrNothing` makes one unmet expectation keep every row out. Returns each written stream's
 * last row.
 */
async function insertStreams(
  executor: EventStoreDb,
  appends: readonly GroupedAppend[],
  allOrNothing: boolean,
): Promise<Map<string, WrittenRow>> {
  const rows = appends.flatMap((a, i) => a.events.map((e, ord) => ({ i, ord: ord + 1, e })));
  // The statement itself is event_store_append (schema.ts, 0003): its plan kept, not made at every call.
  const { rows: written } = await sql<WrittenRow>`${prepared}
    SELECT stream_id, revision, position_text, transaction_id_text FROM event_store_append(
      ${appends.map((_, i) => i)}::int[],
      ${appends.map((a) => a.streamId)}::text[],
      ${appends.map((a) => (typeof a.expected === 'number' ? 'revision' : a.expected))}::text[],
      ${appends.map((a) => (typeof a.expected === 'number' ? a.expected : -2))}::int[],
      ${rows.map((r) => r.i)}::int[],
      ${rows.map((r) => r.ord)}::int[],
      ${rows.map((r) => r.e.id)}::uuid[],
      ${rows.map((r) => r.e.type)}::text[],
      ${rows.map((r) => JSON.stringify(r.e.data))}::jsonb[],
      ${rows.map((r) => JSON.stringify(r.e.metadata ?? {}))}::jsonb[],
      ${allOrNothing}::boolean
    )`.execute(executor);
  const last = new Map<string, WrittenRow>();
  for (const row of written) {
    const seen = last.get(row.stream_id);
    if (!seen || row.revision > seen.revision) last.set(row.stream_id, row);
  }
  return last;
}

function expectation(expected: ExpectedRevision) {
  switch (expected) {
    case 'any':
      return sql`true`;
    case 'no_stream':
      return sql`current.revision = -1`;
    case 'stream_exists':
      return sql`current.revision >= 0`;
    default:
      return sql`current.revision = ${expected}`;
  }
}

/** Same fields on pg and PGlite: both report the server's SQLSTATE and constraint name. */
function classify(error: unknown): InsertOutcome {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  if (code === '23505' && constraint === 'events_stream_revision_key') return { kind: 'revision_taken' };
  if (code === '23505' && constraint === 'events_stream_event_id_key') return { kind: 'event_id_taken' };
  // Two batches holding the same ids in different orders can deadlock on the unique keys.
  if (code === '40P01') return { kind: 'retry' };
  throw error;
}

export async function currentRevision(
  executor: EventStoreDb,
  streamId: string,
): Promise<number | 'no_stream'> {
  const { rows } = await sql<{ revision: number | null }>`
    SELECT max(revision) AS revision FROM events WHERE stream_id = ${streamId}`.execute(executor);
  return rows[0]?.revision ?? 'no_stream';
}
