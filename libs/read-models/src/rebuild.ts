import { comparePositions, EventStore, RecordedEvent } from '@app/event-store';
import { Kysely, sql } from 'kysely';
import { Checkpoint, lockCheckpoint, writeCheckpoint } from './checkpoints';
import { estimateLag } from './lag';
import { Projector } from './projector';
import { relaxCommitDurability } from './relaxed-commit';

/* eslint-disable @typescript-eslint/no-explicit-any */

export interface RebuildProgress {
  /** Events read from the log so far (handled or not). */
  done: number;
  /** done plus the estimated events left to the head read when the phase began. */
  total: number;
}

export interface RebuildOptions {
  db: Kysely<any>;
  store: EventStore;
  projector: Projector;
  /** Schema of the live tables, which the rebuilt ones replace. */
  schema: string;
  batchSize: number;
  onProgress?: (progress: RebuildProgress) => void | Promise<void>;
  /**
   * Called once the fresh tables have caught up with the head: stop writing the live tables.
   * The rebuild then catches up the last events and swaps; the caller resumes from the result.
   */
  pauseLive?: () => Promise<void>;
  signal?: AbortSignal;
}

export const rebuildSchemaOf = (projector: Projector) => `rebuild_${projector.name}`;

/**
 * Projects the whole log into fresh tables in `rebuild_<name>` while the live tables keep
 * serving reads, then swaps them in with the checkpoint in one transaction.
 * Returns the checkpoint the swapped-in tables stand at.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<Checkpoint> {
  const { db, projector } = options;
  // A rebuild replays apply alone: a reactor's effects would be skipped, its steps left undone.
  if (projector.effects)
    throw new Error(`${projector.name} acts on the log (a reactor): it is never rebuilt`);
  const target = rebuildSchemaOf(projector);
  await createFreshSchema(db, projector, target);
  try {
    const counter = { done: 0 };
    let cursor = await catchUp(options, target, 'start', counter);
    await options.pauseLive?.();
    cursor = await catchUp(options, target, cursor, counter);
    options.signal?.throwIfAborted();
    await swap(options, target, cursor);
    return cursor;
  } catch (error) {
    await db.schema
      .dropSchema(target)
      .ifExists()
      .cascade()
      .execute()
      .catch(() => undefined);
    throw error;
  }
}

async function createFreshSchema(db: Kysely<any>, projector: Projector, target: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.schema.dropSchema(target).ifExists().cascade().execute();
    await trx.schema.createSchema(target).execute();
    await projector.setup(trx, target);
  });
}

/** Applies batches into `target` until the head read at the start; the next page is read meanwhile. */
async function catchUp(
  options: RebuildOptions,
  target: string,
  from: Checkpoint,
  counter: { done: number },
): Promise<Checkpoint> {
  const { db, store, projector, batchSize, signal } = options;
  const head = await store.headPosition();
  if (!head || (from !== 'start' && comparePositions(from, head) >= 0)) return from;
  const handles = projector.handles && new Set(projector.handles);
  const read = (after: Checkpoint) => {
    const page = store.readAll({ after, maxCount: batchSize });
    page.catch(() => undefined); // awaited below; avoid an unhandled rejection meanwhile
    return page;
  };
  let cursor: Checkpoint = from;
  let next = read(cursor);
  for (;;) {
    signal?.throwIfAborted();
    const batch = await next;
    if (batch.length === 0) return cursor;
    const last = batch[batch.length - 1].position;
    const more = comparePositions(last, head) < 0;
    if (more) next = read(last);
    const wanted = batch.filter((e) => (!handles || handles.has(e.type)) && (projector.accepts?.(e) ?? true));
    await applyInto(db, projector, target, wanted);
    cursor = last;
    counter.done += batch.length;
    await options.onProgress?.({ done: counter.done, total: counter.done + estimateLag(head, cursor) });
    if (!more) return cursor;
  }
}

async function applyInto(
  db: Kysely<any>,
  projector: Projector,
  target: string,
  events: RecordedEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const prepared = await projector.prepare?.(db, events, target);
  await db.transaction().execute(async (trx) => {
    await relaxCommitDurability(trx); // until the swap, a crash only means rebuilding again
    await projector.apply(trx, events, target, prepared);
  });
}

/** Old tables out, new ones in, checkpoint set: all or nothing, under the checkpoint's row lock. */
async function swap(options: RebuildOptions, target: string, at: Checkpoint): Promise<void> {
  const { db, projector, schema } = options;
  await db.transaction().execute(async (trx) => {
    await lockCheckpoint(trx, projector.name);
    for (const table of projector.tables) {
      await trx.schema.dropTable(`${schema}.${table}`).ifExists().execute();
      await sql`alter table ${sql.table(`${target}.${table}`)} set schema ${sql.id(schema)}`.execute(trx);
    }
    // Without cascade: an object setup made besides the listed tables fails the swap, not vanishes.
    await trx.schema.dropSchema(target).execute();
    await writeCheckpoint(trx, projector.name, projector.version, at);
  });
}
