import { EventStore } from '@app/event-store';
import { Kysely, sql } from 'kysely';
import { Checkpoint, lockCheckpoint, writeCheckpoint } from './checkpoints';
import { CopyBatch } from './copy-batch';
import { DependentViews } from './dependent-views';
import { Pipeline } from './pipeline';
import { Projector } from './projector';
import { createFreshSchema, createIndexes, dropSchema, replayInto, ReplayProgress } from './replay';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Events read so far, and that plus those left to the head read when the phase began. */
export type RebuildProgress = ReplayProgress;

export interface RebuildOptions {
  db: Kysely<any>;
  store: EventStore;
  projector: Projector;
  /** Schema of the live tables, which the rebuilt ones replace. */
  schema: string;
  batchSize: number;
  /** A server's pipeline: a write-only projector's batches then go in one round trip each. */
  pipeline?: Pipeline;
  /** The database's copyBatch: a write-only projector's insertRows rows then load by COPY. */
  copyBatch?: CopyBatch;
  onProgress?: (progress: RebuildProgress) => void | Promise<void>;
  /**
   * Called once the fresh tables have caught up with the head: stop writing the live tables.
   * The rebuild then catches up the last events and swaps; the caller resumes from the result.
   */
  pauseLive?: () => Promise<void>;
  signal?: AbortSignal;
  /** Views over the tables, dropped and created again in the swap; `failed` hears why they were not. */
  views?: { views: DependentViews; failed(error: unknown): void };
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
  await createFreshSchema(db, projector, target, { indexesLater: true });
  try {
    const counter = { done: 0 };
    let cursor = await catchUp(options, target, 'start', counter);
    // Before the pause: the live loop keeps going while they are built over the bulk of the rows.
    await createIndexes(db, projector, target);
    await options.pauseLive?.();
    cursor = await catchUp(options, target, cursor, counter);
    options.signal?.throwIfAborted();
    await swap(options, target, cursor);
    return cursor;
  } catch (error) {
    await dropSchema(db, target).catch(() => undefined);
    throw error;
  }
}

/** Replays into `target` up to the head read now (nothing when the log is empty). */
async function catchUp(
  options: RebuildOptions,
  target: string,
  from: Checkpoint,
  counter: { done: number },
): Promise<Checkpoint> {
  const head = await options.store.headPosition();
  if (!head) return from;
  return replayInto({ ...options, target, counter }, from, head);
}

/** Old tables out, new ones in, checkpoint set: all or nothing, under the checkpoint's row lock. */
async function swap(options: RebuildOptions, target: string, at: Checkpoint): Promise<void> {
  const { db, projector, schema } = options;
  await db.transaction().execute(async (trx) => {
    await lockCheckpoint(trx, projector.name);
    await options.views?.views.drop(trx);
    for (const table of projector.tables) {
      await trx.schema.dropTable(`${schema}.${table}`).ifExists().execute();
      await sql`alter table ${sql.table(`${target}.${table}`)} set schema ${sql.id(schema)}`.execute(trx);
    }
    // Without cascade: an object setup made besides the listed tables fails the swap, not vanishes.
    await trx.schema.dropSchema(target).execute();
    const { views } = options;
    if (views) await views.views.create(trx, schema).catch(views.failed);
    await writeCheckpoint(trx, projector.name, projector.version, at);
  });
}
