import { AllSubscription, comparePositions, EventStore, Position, RecordedEvent } from '@app/event-store';
import { Kysely } from 'kysely';
import {
  advanceCheckpoint,
  advanceStatement,
  Checkpoint,
  CheckpointMove,
  CheckpointMovedError,
  checkpointMovedOr,
  loadCheckpoint,
} from './checkpoints';
import { isTransientFault } from './connection-faults';
import { Pipeline } from './pipeline';
import { asTransaction, recordWrites } from './recorded-writes';
import { prefetch } from './prefetch';
import { Projector } from './projector';
import { failureOf, ProjectorEventError, ProjectorFailure, retryDelayMs } from './projector-failure';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * `standby`: another process leads this projector; the checkpoint is read from the database.
 * `retrying`: a transient fault (the store away, a lost race) stopped it; it resumes from its
 * checkpoint after a backoff. `failed`: it threw on an event, and stays stopped until restarted.
 */
export type LoopState = 'stopped' | 'running' | 'paused' | 'failed' | 'standby' | 'retrying';

export interface RunnerLogger {
  info(message: string): void;
  warn?(message: string, error: unknown): void;
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
  /** A transient fault stopped the loop: it retries after `delayMs` (for metrics). */
  onRetry?(error: unknown, attempt: number, delayMs: number): void;
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

/** A transient fault after following this long is a new fault: its retries start from the shortest wait. */
const BACKOFF_RESET_MS = 10_000;

/**
 * One projector's live loop: follows the store's subscription from the checkpoint and commits
 * each batch's writes together with the checkpoint's move, so a crash loses or repeats nothing.
 */
export class ProjectorLoop {
  state: LoopState = 'stopped';
  error?: unknown;
  /** What the operator is told while `failed`: the error and, when apply threw, the event. */
  failure?: ProjectorFailure;
  private subscription?: AllSubscription;
  private wakeFromBackoff?: () => void;
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
  /** The projector's memory of what this loop committed (Projector.prepare): a new one whenever the tables may differ. */
  private memo = new Map<string, unknown>();

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
    this.memo = new Map();
  }

  start(from: Checkpoint = this.checkpoint): void {
    if (this.state === 'running') return;
    this.checkpoint = from;
    this.changes++; // whatever happened to the tables while it was not running
    this.state = 'running';
    this.error = undefined;
    this.failure = undefined;
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
    this.wakeFromBackoff?.();
    this.deps.projector.interrupt?.();
    await this.subscription?.close();
    await this.finished;
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.state !== 'failed') await this.exclusive(() => this.flush()).catch(() => undefined);
    if (this.state !== 'failed') this.state = state;
    this.deps.onChange();
  }

  /**
   * Follows the log until stopped. A transient fault (the store away, a session terminated, a
   * serialization failure or deadlock) is retried from the stored checkpoint after a capped,
   * jittered backoff: the checkpoint moves in the same transaction as the writes, so a batch whose
   * commit was cut off is either wholly there (and the checkpoint says so) or wholly absent, and
   * nothing is applied twice. Anything else is deterministic and stops this loop alone.
   */
  private async run(): Promise<void> {
    let attempt = 0;
    let reload: 'moved' | 'retry' | undefined;
    let followingSince = 0;
    while (!this.stopping) {
      try {
        if (reload) await this.reload(reload);
        reload = undefined;
        if (this.state === 'retrying') this.resumed(attempt);
        followingSince = Date.now();
        await this.follow();
      } catch (error) {
        if (this.stopping) return;
        if (error instanceof CheckpointMovedError) {
          reload = 'moved';
        } else if (isTransientFault(error)) {
          reload = 'retry';
          // A fault after a good while of following starts the backoff over.
          if (followingSince > 0 && Date.now() - followingSince > BACKOFF_RESET_MS) attempt = 0;
          followingSince = 0;
          await this.backOff(error, ++attempt);
        } else {
          return this.fail(error);
        }
      }
    }
  }

  private async backOff(error: unknown, attempt: number): Promise<void> {
    const delayMs = retryDelayMs(attempt);
    const { logger, projector } = this.deps;
    const message = `Projector ${projector.name}: transient fault, retry ${attempt} from the checkpoint in ${delayMs} ms`;
    if (attempt === 1 || attempt % 10 === 0) (logger.warn ?? logger.error).call(logger, message, error);
    this.state = 'retrying';
    this.error = error;
    this.deps.onRetry?.(error, attempt, delayMs);
    this.deps.onChange();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, delayMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeFromBackoff = done;
    });
    this.wakeFromBackoff = undefined;
  }

  private resumed(attempts: number): void {
    this.state = 'running';
    this.error = undefined;
    this.deps.logger.info(`Projector ${this.deps.projector.name}: resumed after ${attempts} retries`);
    this.deps.onChange();
  }

  private fail(error: unknown): void {
    this.state = 'failed';
    this.error = error;
    this.failure = failureOf(error);
    this.deps.logger.error(`Projector ${this.deps.projector.name} stopped on an error`, error);
    this.deps.onChange();
  }

  /** Returns when stopping; throws what a batch throws. */
  private async follow(): Promise<void> {
    const subscription = this.deps.store.subscribeToAll({
      after: this.checkpoint,
      maxBatchSize: this.deps.batchSize,
    });
    this.subscription = subscription;
    try {
      // Read ahead only while catching up: a full batch says more is waiting.
      const full = (batch: RecordedEvent[]) => batch.length >= this.deps.batchSize;
      for await (const batch of prefetch(subscription, full)) {
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
    const { accepts } = this.deps.projector;
    const handled = batch.filter(
      (e) => (!this.handles || this.handles.has(e.type)) && (accepts?.(e) ?? true),
    );
    if (handled.length === 0) {
      this.progress = to;
      this.deps.onChange();
      this.flushSoon();
      return;
    }
    try {
      await this.exclusive(() => this.commit(to, handled));
    } catch (error) {
      if (isTransientFault(error) || error instanceof CheckpointMovedError) throw error;
      await this.commitOneByOne(to, handled, error);
    }
    this.deps.onChange();
  }

  /**
   * After a batch failed on its own terms: its events one transaction each, so that those before
   * the culprit are kept and the failure names the event apply throws on. (Batch boundaries are
   * arbitrary, so one event at a time gives the same tables.)
   */
  private async commitOneByOne(to: Position, events: RecordedEvent[], batchError: unknown): Promise<void> {
    if (events.length === 1) throw new ProjectorEventError(this.deps.projector.name, events[0], batchError);
    for (const event of events) {
      try {
        await this.exclusive(() => this.commit(event.position, [event]));
      } catch (error) {
        if (isTransientFault(error) || error instanceof CheckpointMovedError) throw error;
        throw new ProjectorEventError(this.deps.projector.name, event, error);
      }
    }
    // Each alone went through: the batch's ignored tail still moves the checkpoint.
    await this.exclusive(() => this.commit(to, []));
  }

  /** The batch's writes and the checkpoint's move (from where it is stored) in one transaction. */
  private async commit(to: Position, events: RecordedEvent[]): Promise<void> {
    const { db, projector, schema } = this.deps;
    const move = { projector: projector.name, version: projector.version, from: this.stored, to };
    if (events.length === 0) {
      await this.moveAlone(move);
      this.committed(to);
      return;
    }
    await projector.effects?.(events); // a reactor's steps: the checkpoint moves only after them
    this.applying = true;
    try {
      const prepared = await projector.prepare?.(db, events, schema, this.memo);
      if (this.deps.pipeline && projector.writesOnly) await this.commitPipelined(move, events, prepared);
      else
        await db.transaction().execute(async (trx) => {
          await advanceCheckpoint(trx, move, { relaxCommit: true });
          await projector.apply(trx, events, schema, prepared);
        });
    } catch (error) {
      this.memo = new Map(); // the batch may have changed it, and did not commit
      throw error;
    } finally {
      this.changes++;
      this.applying = false;
    }
    this.committed(to);
  }

  /**
   * This loop's own commit moved the checkpoint (the memo stays: it is what was committed). An idle
   * flush stores where the loop stood when it began: ignored batches taken meanwhile are further
   * on, and the loop, its subscription already past them, must not go back to it (a write waiting
   * for those batches would wait for the next event, or its timeout).
   */
  private committed(to: Position): void {
    this.stored = to;
    if (this.progress === 'start' || comparePositions(to, this.progress) > 0) this.progress = to;
  }

  /** The same transaction as above, sent at once: BEGIN, the move, apply's writes, COMMIT. */
  private async commitPipelined(
    move: CheckpointMove,
    events: RecordedEvent[],
    prepared: unknown,
  ): Promise<void> {
    const { db, projector, schema, pipeline } = this.deps;
    const writes = await recordWrites(projector, events, schema, prepared);
    try {
      const statements = asTransaction([
        advanceStatement(move, { relaxCommit: true }).compile(db),
        ...writes,
      ]);
      await pipeline!(statements, { late: projector.awaitedOnRead });
    } catch (error) {
      throw checkpointMovedOr(error, projector.name);
    }
  }

  /**
   * The move alone is one statement, atomic by itself: one round trip instead of four. On a server
   * it goes in the pipeline, after the batches of its turn: the idle flushes of the projectors that
   * ignored one page fire together, and went as as many round trips (about 80 a second under
   * load). Its commit is relaxed as a batch's is: a move lost in a crash is made again.
   */
  private async moveAlone(move: CheckpointMove): Promise<void> {
    const { db, pipeline } = this.deps;
    if (!pipeline) return advanceCheckpoint(db, move);
    try {
      await pipeline([advanceStatement(move, { relaxCommit: true }).compile(db)], { late: true });
    } catch (error) {
      throw checkpointMovedOr(error, move.projector);
    }
  }

  private flushSoon(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      this.exclusive(() => this.flush()).catch((error: unknown) => {
        // A swap or another writer moved it, or the store is away: the next batch finds out.
        if (!(error instanceof CheckpointMovedError) && !isTransientFault(error))
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

  /**
   * Carries on from the stored checkpoint, if it is ours: after a swap by another process, or a
   * transient fault (a batch whose commit was cut off may or may not have been committed).
   */
  private async reload(why: 'moved' | 'retry'): Promise<void> {
    const { db, projector } = this.deps;
    const stored = await loadCheckpoint(db, projector.name);
    if (!stored || stored.version !== projector.version) {
      throw new Error(
        `Projector ${projector.name} v${projector.version}: checkpoint now holds ${stored ? `v${stored.version}` : 'nothing'}`,
      );
    }
    if (why === 'moved')
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
