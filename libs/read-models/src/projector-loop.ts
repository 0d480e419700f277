import { AllSubscription, comparePositions, EventStore, Position, RecordedEvent } from '@app/event-store';
import { CompiledQuery, Kysely } from 'kysely';
import {
  advanceCheckpoint,
  advanceStatement,
  Checkpoint,
  CheckpointMove,
  CheckpointMovedError,
  checkpointMovedOr,
  loadCheckpoint,
} from './checkpoints';
import { Pipeline } from './pipeline';
import { recordWrites } from './recorded-writes';
import { prefetch } from './prefetch';
import { Projector } from './projector';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** `standby`: another process leads this projector; the checkpoint is read from the database. */
export type LoopState = 'stopped' | 'running' | 'paused' | 'failed' | 'standby';

export interface RunnerLogger {
  info(message: string): void;
  error(message: string, error: unknown): void;
}

export interface LoopDeps {
  db: Kysely<any>;
  store: EventStore;
  projector: Projector;
  /** Schema of the live tables. */
  schema: string;
  batchSize: number;
  /** A server's pipeline: write-only projectors' batches go in one round trip. */
  pipeline?: Pipeline;
  logger: RunnerLogger;
  /** Called after every committed batch and every change of state. */
  onChange(): void;
}

/**
 * How long a checkpoint moved only by batches the projector ignores may stay unwritten: such a
 * batch changes no row, so it needs no transaction of its own (with many projectors, most batches
 * are such for most of them, and under load a short interval cost each of them a transaction
 * every few writes); readers in other processes see the move within this time. This process's
 * waitFor answers from the loop's progress, and a write elsewhere waits only for the projectors
 * that handle its events, which commit them with their batch.
 */
const IDLE_CHECKPOINT_FLUSH_MS = 250;

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');

/**
 * One projector's live loop: follows the store's subscription from the checkpoint and commits
 * each batch's writes together with the checkpoint's move, so a crash loses or repeats nothing.
 */
export class ProjectorLoop {
  state: LoopState = 'stopped';
  error?: unknown;
  private subscription?: AllSubscription;
  private stopping = false;
  private finished: Promise<void> = Promise.resolve();
  private readonly handles?: ReadonlySet<string>;
  /** Where this loop has read to: every event up to here is applied or ignored. */
  private progress: Checkpoint;
  /** Where the stored checkpoint stands (at or behind progress); only this loop or a swap moves it. */
  private stored: Checkpoint;
  private flushTimer?: NodeJS.Timeout;
  /** Checkpoint writes, one at a time (a batch's, or an idle flush's). */
  private writing: Promise<void> = Promise.resolve();
  /** Moves on each start, reload and committed batch of handled events (see `tablesVersion`). */
  private changes = 0;
  /** A batch of handled events is being committed: its rows may be visible before this loop knows. */
  private applying = false;

  constructor(
    private readonly deps: LoopDeps,
    checkpoint: Checkpoint = 'start',
  ) {
    this.handles = deps.projector.handles && new Set(deps.projector.handles);
    this.progress = checkpoint;
    this.stored = checkpoint;
  }

  /** How far the projector has come (what waitFor and status read). */
  get checkpoint(): Checkpoint {
    return this.progress;
  }

  /**
   * For a cache of the projector's tables in this process: a number that stays the same while the
   * tables hold what they held when it was read, as far as this loop can tell; undefined when it
   * cannot tell (the loop is not running here, or a batch is being committed).
   */
  get tablesVersion(): number | undefined {
    return this.state === 'running' && !this.applying ? this.changes : undefined;
  }

  /** Set from the stored checkpoint (a start, a swap, another process's progress). */
  set checkpoint(stored: Checkpoint) {
    this.progress = stored;
    this.stored = stored;
  }

  start(from: Checkpoint = this.checkpoint): void {
    if (this.state === 'running') return;
    this.checkpoint = from;
    this.changes++; // whatever happened to the tables while it was not running
    this.state = 'running';
    this.error = undefined;
    this.stopping = false;
    this.finished = this.run();
    this.deps.onChange();
  }

  /**
   * Ends the loop after the batch in flight commits. `paused` tells status a swap is under way;
   * `standby`, that another process now leads.
   */
  async stop(state: 'stopped' | 'paused' | 'standby' = 'stopped'): Promise<void> {
    this.stopping = true;
    await this.subscription?.close();
    await this.finished;
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.state !== 'failed') await this.exclusive(() => this.flush()).catch(() => undefined);
    if (this.state !== 'failed') this.state = state;
    this.deps.onChange();
  }

  private async run(): Promise<void> {
    try {
      while (!this.stopping) {
        try {
          await this.follow();
        } catch (error) {
          if (!(error instanceof CheckpointMovedError)) throw error;
          await this.reload();
        }
      }
    } catch (error) {
      this.state = 'failed';
      this.error = error;
      this.deps.logger.error(`Projector ${this.deps.projector.name} stopped on an error`, error);
      this.deps.onChange();
    }
  }

  /** Returns when stopping; throws what a batch throws. */
  private async follow(): Promise<void> {
    const subscription = this.deps.store.subscribeToAll({
      after: this.checkpoint,
      maxBatchSize: this.deps.batchSize,
    });
    this.subscription = subscription;
    try {
      for await (const batch of prefetch(subscription)) {
        if (this.stopping) return;
        await this.applyBatch(batch);
      }
    } finally {
      await subscription.close();
    }
  }

  private async applyBatch(batch: RecordedEvent[]): Promise<void> {
    if (batch.length === 0) return;
    const to = batch[batch.length - 1].position;
    const handled = this.handles ? batch.filter((e) => this.handles!.has(e.type)) : batch;
    if (handled.length === 0) {
      this.progress = to;
      this.deps.onChange();
      this.flushSoon();
      return;
    }
    await this.exclusive(() => this.commit(to, handled));
    this.deps.onChange();
  }

  /** The batch's writes and the checkpoint's move (from where it is stored) in one transaction. */
  private async commit(to: Position, events: RecordedEvent[]): Promise<void> {
    const { db, projector, schema } = this.deps;
    const move = { projector: projector.name, version: projector.version, from: this.stored, to };
    if (events.length === 0) {
      // The move alone is one statement, atomic by itself: one round trip instead of four.
      await advanceCheckpoint(db, move);
      this.checkpoint = to;
      return;
    }
    await projector.effects?.(events); // a reactor's steps: the checkpoint moves only after them
    this.applying = true;
    try {
      if (this.deps.pipeline && projector.writesOnly) await this.commitPipelined(move, events);
      else
        await db.transaction().execute(async (trx) => {
          await advanceCheckpoint(trx, move, { relaxCommit: true });
          await projector.apply(trx, events, schema);
        });
    } finally {
      this.changes++;
      this.applying = false;
    }
    this.checkpoint = to;
  }

  /** The same transaction as above, sent at once: BEGIN, the move, apply's writes, COMMIT. */
  private async commitPipelined(move: CheckpointMove, events: RecordedEvent[]): Promise<void> {
    const { db, projector, schema, pipeline } = this.deps;
    const writes = await recordWrites(projector, events, schema);
    try {
      await pipeline!([BEGIN, advanceStatement(move, { relaxCommit: true }).compile(db), ...writes, COMMIT]);
    } catch (error) {
      throw checkpointMovedOr(error, projector.name);
    }
  }

  private flushSoon(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      this.exclusive(() => this.flush()).catch((error: unknown) => {
        // A swap or another writer moved it: the next batch finds out and reloads.
        if (!(error instanceof CheckpointMovedError))
          this.deps.logger.error(`Projector ${this.deps.projector.name}: checkpoint not stored`, error);
      });
    }, IDLE_CHECKPOINT_FLUSH_MS);
    this.flushTimer.unref?.();
  }

  /** Stores how far the loop has come, when ignored batches moved it past the stored checkpoint. */
  private async flush(): Promise<void> {
    const progress = this.progress;
    if (progress === 'start' || samePlace(this.stored, progress)) return;
    await this.commit(progress, []);
  }

  private exclusive(work: () => Promise<void>): Promise<void> {
    const run = this.writing.then(work);
    this.writing = run.catch(() => undefined);
    return run;
  }

  /** After a swap by another process: carry on from the swapped-in checkpoint, if it is ours. */
  private async reload(): Promise<void> {
    const { db, projector } = this.deps;
    const stored = await loadCheckpoint(db, projector.name);
    if (!stored || stored.version !== projector.version) {
      throw new Error(
        `Projector ${projector.name} v${projector.version}: checkpoint now holds ${stored ? `v${stored.version}` : 'nothing'}`,
      );
    }
    this.deps.logger.info(
      `Projector ${projector.name}: checkpoint moved by another writer, resuming from it`,
    );
    this.checkpoint = stored.position;
    this.changes++; // the tables were swapped under this loop
    this.deps.onChange(); // the new checkpoint may be past what someone waits for
  }
}

function samePlace(a: Checkpoint, b: Checkpoint): boolean {
  return a === 'start' || b === 'start' ? a === b : comparePositions(a, b) === 0;
}
