import { comparePositions, EventStore, Position } from '@app/event-store';
import { Kysely } from 'kysely';
import { Checkpoint, insertCheckpoint, loadCheckpoint } from './checkpoints';
import { ProjectionFailedError, WaitForTimeoutError } from './errors';
import { estimateLag } from './lag';
import { migrateReadModels } from './migrations';
import { assertValidProjectors, Projector } from './projector';
import { LoopState, ProjectorLoop, RunnerLogger } from './projector-loop';
import { ProgressWaiters } from './progress-waiters';
import { rebuildProjection, RebuildProgress } from './rebuild';

/* eslint-disable @typescript-eslint/no-explicit-any */

export interface ProjectionRunnerOptions {
  db: Kysely<any>;
  store: EventStore;
  projectors: readonly Projector[];
  /** Schema of the live read-model tables; default 'public'. */
  schema?: string;
  /** Most events per batch and transaction; default 2000. */
  batchSize?: number;
  logger?: RunnerLogger;
}

export interface ProjectorStatus {
  name: string;
  version: number;
  state: LoopState;
  /** The committed checkpoint; null before the first event. */
  position: Position | null;
  head: Position | null;
  /** Estimated events between position and head (see estimateLag). */
  lag: number;
  /** Why the loop stopped, when state is 'failed'. */
  error?: string;
  /** Present while a rebuild runs. */
  rebuild?: RebuildProgress;
}

export interface WaitForOptions {
  /** Default 5000. */
  timeoutMs?: number;
  /** Only these projectors; default all. */
  projectors?: readonly string[];
}

export interface RunnerRebuildOptions {
  onProgress?: (progress: RebuildProgress) => void | Promise<void>;
}

const consoleLogger: RunnerLogger = {
  info: (message) => console.info(message),
  error: (message, error) => console.error(message, error),
};

interface Entry {
  projector: Projector;
  loop: ProjectorLoop;
  rebuild?: { progress: RebuildProgress; done: Promise<void>; abort: AbortController };
}

/**
 * Runs projectors over the global log. One loop per projector rather than one loop feeding all:
 * each keeps its own checkpoint, so one that fails, lags or rebuilds holds up no other, and a
 * new projector catches up from zero while the rest stay live. The cost, each loop reading the
 * log itself, is small beside the writes.
 */
export class ProjectionRunner {
  private readonly entries = new Map<string, Entry>();
  private readonly waiters = new ProgressWaiters();
  private readonly schema: string;
  private readonly batchSize: number;
  private readonly logger: RunnerLogger;
  private migrated?: Promise<void>;
  private started = false;

  constructor(private readonly options: ProjectionRunnerOptions) {
    assertValidProjectors(options.projectors);
    this.schema = options.schema ?? 'public';
    this.batchSize = options.batchSize ?? 2000;
    this.logger = options.logger ?? consoleLogger;
    for (const projector of options.projectors) {
      const loop = new ProjectorLoop({
        db: options.db,
        store: options.store,
        projector,
        schema: this.schema,
        batchSize: this.batchSize,
        logger: this.logger,
        onChange: () => this.waiters.notify(),
      });
      this.entries.set(projector.name, { projector, loop });
    }
  }

  /**
   * Migrates, then starts every projector from its checkpoint. A new projector gets its tables
   * first; one whose stored version differs is rebuilt in the background (waitFor waits for it).
   */
  async start(): Promise<void> {
    await this.migrate();
    this.started = true;
    for (const entry of this.entries.values()) await this.startEntry(entry);
  }

  /** Stops every loop after its batch in flight, and abandons running rebuilds. */
  async stop(): Promise<void> {
    this.started = false;
    const entries = [...this.entries.values()];
    for (const entry of entries) entry.rebuild?.abort.abort();
    await Promise.all(entries.map((e) => e.rebuild?.done.catch(() => undefined)));
    await Promise.all(entries.map((e) => e.loop.stop()));
  }

  /** Resolves once every projector (or those named) has committed `position`: read-your-writes. */
  waitFor(position: Position, options: WaitForOptions = {}): Promise<void> {
    const timeoutMs = options.timeoutMs ?? 5000;
    const entries = options.projectors?.map((name) => this.entry(name)) ?? [...this.entries.values()];
    const behind = () => entries.filter((e) => !reached(e.loop.checkpoint, position));
    return this.waiters.until(
      () => {
        const lagging = behind();
        if (lagging.length === 0) return 'done';
        const failed = lagging.find((e) => e.loop.state === 'failed');
        return failed && new ProjectionFailedError(failed.projector.name, failed.loop.error);
      },
      timeoutMs,
      () =>
        new WaitForTimeoutError(
          position,
          timeoutMs,
          behind().map((e) => ({ name: e.projector.name, position: e.loop.checkpoint })),
        ),
    );
  }

  /** Position, lag and state of every projector, for metrics and the operator. */
  async status(): Promise<ProjectorStatus[]> {
    const head = await this.options.store.headPosition();
    return [...this.entries.values()].map(({ projector, loop, rebuild }) => ({
      name: projector.name,
      version: projector.version,
      state: loop.state,
      position: loop.checkpoint === 'start' ? null : loop.checkpoint,
      head: head ?? null,
      lag: estimateLag(head, loop.checkpoint),
      ...(loop.state === 'failed' ? { error: errorMessage(loop.error) } : {}),
      ...(rebuild ? { rebuild: { ...rebuild.progress } } : {}),
    }));
  }

  /**
   * Rebuilds one projector from position zero into fresh tables, swapped in at the end; its live
   * loop (if running here) keeps the old tables current until a brief pause before the swap.
   */
  async rebuild(name: string, options: RunnerRebuildOptions = {}): Promise<void> {
    const entry = this.entry(name);
    await this.migrate();
    if (entry.rebuild) throw new Error(`Projector ${name} is already being rebuilt`);
    await this.runRebuild(entry, options);
  }

  private async startEntry(entry: Entry): Promise<void> {
    const { db } = this.options;
    const { projector, loop } = entry;
    let stored = await loadCheckpoint(db, projector.name);
    if (!stored) {
      // The insert decides which of several starting runners creates the tables.
      await db.transaction().execute(async (trx) => {
        const created = await insertCheckpoint(trx, projector.name, projector.version);
        if (created) await projector.setup(trx, this.schema);
      });
      stored = await loadCheckpoint(db, projector.name);
    }
    loop.checkpoint = stored!.position;
    if (stored!.version === projector.version) return loop.start();
    this.logger.info(
      `Projector ${projector.name}: stored v${stored!.version}, code v${projector.version}: rebuilding`,
    );
    loop.state = 'paused';
    this.runRebuild(entry, {}).catch((error) => {
      if (!this.started) return; // abandoned by stop()
      loop.state = 'failed';
      loop.error = error;
      this.logger.error(`Projector ${projector.name}: rebuild failed`, error);
      this.waiters.notify();
    });
  }

  private async runRebuild(entry: Entry, options: RunnerRebuildOptions): Promise<void> {
    const { projector, loop } = entry;
    const abort = new AbortController();
    const progress: RebuildProgress = { done: 0, total: 0 };
    let paused = false;
    let swapped = false;
    const done = rebuildProjection({
      db: this.options.db,
      store: this.options.store,
      projector,
      schema: this.schema,
      batchSize: this.batchSize,
      signal: abort.signal,
      onProgress: (p) => {
        Object.assign(progress, p);
        return options.onProgress?.(p);
      },
      pauseLive: async () => {
        if (loop.state !== 'running') return;
        paused = true;
        await loop.stop('paused');
      },
    }).then((checkpoint) => {
      loop.checkpoint = checkpoint;
      swapped = true;
    });
    entry.rebuild = { progress, done, abort };
    try {
      await done;
    } finally {
      entry.rebuild = undefined;
      // After a swap the loop goes on from the new tables (a rebuild also cures a failed loop);
      // after a failure, a loop paused for the swap goes on with the old tables, still valid.
      if (this.started && (swapped ? loop.state !== 'running' : paused)) loop.start();
      this.waiters.notify();
    }
  }

  private migrate(): Promise<void> {
    const { db } = this.options;
    const prepare = async () => {
      await migrateReadModels(db);
      await db.schema.createSchema(this.schema).ifNotExists().execute();
    };
    this.migrated ??= prepare().catch((error) => {
      this.migrated = undefined;
      throw error;
    });
    return this.migrated;
  }

  private entry(name: string): Entry {
    const entry = this.entries.get(name);
    if (!entry)
      throw new Error(`No projector named ${name} (known: ${[...this.entries.keys()].join(', ') || 'none'})`);
    return entry;
  }
}

function reached(checkpoint: Checkpoint, position: Position): boolean {
  return checkpoint !== 'start' && comparePositions(checkpoint, position) >= 0;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
