import { AllSubscription, EventStore, RecordedEvent } from '@app/event-store';
import { Kysely } from 'kysely';
import { advanceCheckpoint, Checkpoint, CheckpointMovedError, loadCheckpoint } from './checkpoints';
import { prefetch } from './prefetch';
import { Projector } from './projector';
import { relaxCommitDurability } from './relaxed-commit';

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
  logger: RunnerLogger;
  /** Called after every committed batch and every change of state. */
  onChange(): void;
}

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

  constructor(
    private readonly deps: LoopDeps,
    /** Where the stored checkpoint stands; only this loop or a swap moves it. */
    public checkpoint: Checkpoint = 'start',
  ) {
    this.handles = deps.projector.handles && new Set(deps.projector.handles);
  }

  start(from: Checkpoint = this.checkpoint): void {
    if (this.state === 'running') return;
    this.checkpoint = from;
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
    const { db, projector, schema } = this.deps;
    const to = batch[batch.length - 1].position;
    const handled = this.handles ? batch.filter((e) => this.handles!.has(e.type)) : batch;
    await db.transaction().execute(async (trx) => {
      await relaxCommitDurability(trx);
      await advanceCheckpoint(trx, {
        projector: projector.name,
        version: projector.version,
        from: this.checkpoint,
        to,
      });
      if (handled.length > 0) await projector.apply(trx, handled, schema);
    });
    this.checkpoint = to;
    this.deps.onChange();
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
    this.deps.onChange(); // the new checkpoint may be past what someone waits for
  }
}
