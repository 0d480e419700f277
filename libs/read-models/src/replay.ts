import { comparePositions, EventStore, Position, RecordedEvent } from '@app/event-store';
import { CompiledQuery, Kysely, Transaction } from 'kysely';
import { Checkpoint } from './checkpoints';
import { recordInSlices } from './batch-slices';
import { BatchEntry, CopyBatch } from './copy-batch';
import { estimateLag } from './lag';
import { Pipeline } from './pipeline';
import { createTables, Projector } from './projector';
import { asTransaction, recordBatch, recordWrites } from './recorded-writes';
import { RELAXED_COMMIT, relaxCommitDurability } from './relaxed-commit';
import { isRowSet } from './row-sets';

/* eslint-disable @typescript-eslint/no-explicit-any */

/* Replaying the log into a schema of one's own: what a rebuild and a verify share. */

export interface ReplayProgress {
  /** Events read from the log so far (handled or not). */
  done: number;
  /** done plus the estimated events left to the position the phase replays to. */
  total: number;
}

export interface ReplayOptions {
  db: Kysely<any>;
  store: EventStore;
  projector: Projector;
  /** The schema replayed into (`rebuild_<name>`, `verify_<name>`). */
  target: string;
  batchSize: number;
  /** A server's pipeline: a write-only projector's batch then goes in one round trip. */
  pipeline?: Pipeline;
  /** The database's copyBatch: a write-only projector's insertRows rows then go by COPY. */
  copyBatch?: CopyBatch;
  /** Events read so far, kept across phases for the progress reported. */
  counter: { done: number };
  onProgress?: (progress: ReplayProgress) => void | Promise<void>;
  signal?: AbortSignal;
}

/**
 * Drops and creates `target` with the projector's tables, empty; with their indexes too unless
 * `indexesLater` (a rebuild, which makes them once the tables are filled: createIndexes).
 */
export async function createFreshSchema(
  db: Kysely<any>,
  projector: Projector,
  target: string,
  { indexesLater = false } = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.schema.dropSchema(target).ifExists().cascade().execute();
    await trx.schema.createSchema(target).execute();
    if (indexesLater) await projector.setup(trx, target);
    else await createTables(trx, projector, target);
  });
}

/** The projector's indexes (Projector.indexes) on tables created without them, now filled. */
export async function createIndexes(db: Kysely<any>, projector: Projector, target: string): Promise<void> {
  if (projector.indexes) await db.transaction().execute((trx) => projector.indexes!(trx, target));
}

export async function dropSchema(db: Kysely<any>, target: string): Promise<void> {
  await db.schema.dropSchema(target).ifExists().cascade().execute();
}

/**
 * Applies the events after `from` up to `until` (never beyond) into the target, a batch per
 * transaction; the next page is read meanwhile, and a pipelined batch's statements are made while
 * the batch before it is still being written (see writeLater), so the server's write of one batch,
 * this process's parsing of the next page and its projecting of the one after overlap. Batches are
 * still written one after another, in the log's order. Returns where it stopped: `until`'s last
 * event, once every batch up to it has committed.
 */
export async function replayInto(
  options: ReplayOptions,
  from: Checkpoint,
  until: Position,
): Promise<Checkpoint> {
  const { db, store, projector, target, batchSize, signal, counter, pipeline, copyBatch } = options;
  if (from !== 'start' && comparePositions(from, until) >= 0) return from;
  const read = (after: Checkpoint) => {
    const page = store.readAll({ after, maxCount: batchSize });
    page.catch(() => undefined); // awaited below; avoid an unhandled rejection meanwhile
    return page;
  };
  let cursor: Checkpoint = from;
  let next = read(cursor);
  // The batch before, sent and not yet committed: its events and where it ends.
  let writing: { done: Promise<void>; events: number; last: Position } | undefined;
  const committed = async () => {
    if (!writing) return;
    await writing.done;
    cursor = writing.last;
    counter.done += writing.events;
    writing = undefined;
    await options.onProgress?.({ done: counter.done, total: counter.done + estimateLag(until, cursor) });
  };
  // A page's write made ready, the next page's read begun first. Its events are held no longer
  // than this (the write keeps what it sends), not while the batch before commits.
  const stage = async (page: RecordedEvent[]) => {
    const batch = upTo(page, until);
    if (batch.length === 0) return undefined;
    const last = batch[batch.length - 1].position;
    const more = batch.length === page.length && comparePositions(last, until) < 0;
    if (more) next = read(last);
    const write = await writeLater(db, projector, target, wantedBy(projector, batch), pipeline, copyBatch);
    return { write, events: batch.length, last, more };
  };
  try {
    for (;;) {
      signal?.throwIfAborted();
      const staged = await stage(await next);
      if (!staged) break;
      await committed(); // in order: a batch is sent once the one before it has committed
      const done = staged.write();
      done.catch(() => undefined); // awaited in committed()
      writing = { done, events: staged.events, last: staged.last };
      if (!staged.more) break;
    }
    await committed();
    return cursor;
  } catch (error) {
    await writing?.done.catch(() => undefined); // no write left in flight behind the caller's cleanup
    throw error;
  }
}

/** The events of `events` (in log order) at or before `until`. */
export function upTo(events: RecordedEvent[], until: Position): RecordedEvent[] {
  // A page wholly before `until` (all but the last of a replay) is known from its last event.
  if (events.length === 0 || comparePositions(events[events.length - 1].position, until) <= 0) return events;
  const end = events.findIndex((e) => comparePositions(e.position, until) > 0);
  return end < 0 ? events : events.slice(0, end);
}

/** The events apply wants: of a handled type, and accepted. */
export function wantedBy(projector: Projector, events: RecordedEvent[]): RecordedEvent[] {
  if (!projector.handles && !projector.accepts) return events; // all of them: no copy of the page
  const handles = projector.handles && new Set(projector.handles);
  return events.filter((e) => (!handles || handles.has(e.type)) && (projector.accepts?.(e) ?? true));
}

/**
 * prepare then apply, in a transaction of its own; or, given a transaction, inside it (a verify's
 * last events, applied in the snapshot it compares in). A write-only projector's transaction goes
 * through `pipeline` when given: its statements in one round trip, so the write does not wait in
 * turn for each answer while this process parses the next page of the log, read meanwhile.
 */
export async function applyInto(
  db: Kysely<any>,
  projector: Projector,
  target: string,
  events: RecordedEvent[],
  pipeline?: Pipeline,
): Promise<void> {
  const write = await writeLater(db, projector, target, events, pipeline);
  await write();
}

/**
 * applyInto in two steps: what can be done before the write is sent, then the write. A write-only
 * projector without prepare, given a pipeline, has its statements made in the first step (they
 * depend on the events alone, never on what the database holds): the caller makes them while the
 * batch before is still being written, and sends them once it has committed. Any other projector
 * reads or writes in turn, so all of its work waits for the second step.
 */
export async function writeLater(
  db: Kysely<any>,
  projector: Projector,
  target: string,
  events: RecordedEvent[],
  pipeline?: Pipeline,
  copyBatch?: CopyBatch,
): Promise<() => Promise<void>> {
  if (events.length === 0) return async () => undefined;
  if (copyBatch && projector.writesOnly && !db.isTransaction)
    return copiedLater(db, projector, target, events, copyBatch, pipeline);
  // A schema of one's own: a crash only means replaying again (relaxed-commit.ts).
  const sent = (writes: CompiledQuery[]) => pipeline!(asTransaction([RELAXED_COMMIT, ...writes]));
  if (pipeline && projector.writesOnly && !projector.prepare && !db.isTransaction) {
    const writes = await recordWrites(projector, events, target);
    return () => sent(writes);
  }
  return async () => {
    const prepared = await projector.prepare?.(db, events, target);
    if (db.isTransaction) return projector.apply(db as Transaction<any>, events, target, prepared);
    if (pipeline && projector.writesOnly)
      return sent(await recordWrites(projector, events, target, prepared));
    await db.transaction().execute(async (trx) => {
      await relaxCommitDurability(trx);
      await projector.apply(trx, events, target, prepared);
    });
  };
}

/**
 * writeLater for a write-only projector given copyBatch: its batch recorded with the rows it gives
 * insertRows as row sets, which copyBatch loads by COPY (made in the first step unless it must
 * prepare, as pipelined statements are). A batch without row sets still goes by the pipeline
 * where there is one: one round trip instead of one per statement.
 */
async function copiedLater(
  db: Kysely<any>,
  projector: Projector,
  target: string,
  events: RecordedEvent[],
  copyBatch: CopyBatch,
  pipeline?: Pipeline,
): Promise<() => Promise<void>> {
  const send = (entries: BatchEntry[]) =>
    pipeline && !entries.some(isRowSet)
      ? pipeline(asTransaction([RELAXED_COMMIT, ...(entries as CompiledQuery[])]))
      : copyBatch(entries);
  if (!projector.prepare) {
    const entries = await recordInSlices(projector, events, target, { binary: copyBatch.binary });
    return () => send(entries);
  }
  return async () =>
    send(await recordBatch(projector, events, target, await projector.prepare!(db, events, target)));
}
