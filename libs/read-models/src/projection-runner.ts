import { comparePositions, EventStore, Position } from '@app/event-store';
import { Kysely } from 'kysely';
import {
  Checkpoint,
  clearFailure,
  insertCheckpoint,
  listCheckpoints,
  loadCheckpoint,
  recordFailure,
  StoredCheckpoint,
} from './checkpoints';
import { ProjectionFailedError, WaitForTimeoutError } from './errors';
import { estimateLag } from './lag';
import { leasedAmong, ProjectorLeases, soleLeases } from './leases';
import { migrateReadModels } from './migrations';
import { DependentViews } from './dependent-views';
import { assertValidProjectors, createTables, Projector } from './projector';
import { LoopState, ProjectorLoop, RunnerLogger } from './projector-loop';
import { CopyBatch } from './copy-batch';
import { Pipeline } from './pipeline';
import { ProjectorFailure } from './projector-failure';
import { ProgressWaiters } from './progress-waiters';
import { rebuildProjection, RebuildProgress } from './rebuild';
import { selectProjectors, verifyReadModels, VerifyOptions, VerifyReport } from './verify';

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
  /**
   * Which process runs each projector when several share the database; default this one alone.
   * A projector leased elsewhere stands by: waitFor and status read its checkpoint from the table.
   */
  leases?: ProjectorLeases;
  /** A server's pipeline (Database.pipeline): write-only projectors' batches in one round trip. */
  pipeline?: Pipeline;
  /** The database's copyBatch (Database.copyBatch): rebuilds load insertRows rows by COPY. */
  copyBatch?: CopyBatch;
  /** How often a standby projector's checkpoint is read while a waitFor waits on it; default 20 ms. */
  pollMs?: number;
  /** How often leases are retried and standby checkpoints read when nobody waits; default 1000 ms. */
  idlePollMs?: number;
  /** The store reads beside an open transaction of `db` (see VerifyOptions.readsBeside). */
  readsBeside?: boolean;
  /** Views over the projectors' tables (the analytics views): created at start, kept through swaps. */
  views?: DependentViews;
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
  /** Why the loop stopped, when state is 'failed' (or, while 'retrying', the fault it retries after). */
  error?: string;
  /** When 'failed': the error and the event apply threw on (also for a projector failed in another process). */
  failure?: ProjectorFailure;
  /** Present while a rebuild runs. */
  rebuild?: RebuildProgress;
  /** In standby: whether another process holds the lease (false: no process runs it). */
  ledElsewhere?: boolean;
}

export interface WaitForOptions {
  /** Default 5000. */
  timeoutMs?: number;
  /** Only these projectors; default all. */
  projectors?: readonly string[];
}

/** What a verify takes besides what the runner knows: the projectors named (default all). */
export type RunnerVerifyOptions = Omit<
  VerifyOptions,
  'db' | 'store' | 'projectors' | 'schema' | 'batchSize'
> & {
  names?: readonly string[];
};

export interface RunnerRebuildOptions {
  onProgress?: (progress: RebuildProgress) => void | Promise<void>;
}

const consoleLogger: RunnerLogger = {
  info: (message) => console.info(message),
  error: (message, error) => console.error(message, error),
};

/** Standby checkpoints are read this often when nobody waits on them; leases are retried as often. */
const IDLE_POLL_MS = 1000;

interface Entry {
  projector: Projector;
  loop: ProjectorLoop;
  /** This process holds the projector's lease: its loop (or rebuild) is the one writing. */
  leading: boolean;
  /** The loop winding down after its lease was lost. */
  demoted?: Promise<void>;
  /** The loop's failure is in its checkpoint row, where an operator's restart clears it. */
  failureRecorded?: boolean;
  /** Led elsewhere: the failure that process recorded. */
  remoteFailure?: ProjectorFailure;
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
  private readonly leases: ProjectorLeases;
  private readonly pollMs: number;
  private readonly idlePollMs: number;
  private failureBookkeeping: Promise<unknown> = Promise.resolve();
  private migrated?: Promise<void>;
  private started = false;
  private watching?: Promise<void>;
  private wake?: () => void;
  private pendingWaits = 0;
  private watchFailing = false;
  private readonly retryListeners: ((projector: string, error: unknown) => void)[] = [];

  constructor(private readonly options: ProjectionRunnerOptions) {
    assertValidProjectors(options.projectors);
    this.schema = options.schema ?? 'public';
    this.batchSize = options.batchSize ?? 2000;
    this.logger = options.logger ?? consoleLogger;
    this.leases = options.leases ?? soleLeases();
    this.pollMs = options.pollMs ?? 20;
    this.idlePollMs = options.idlePollMs ?? IDLE_POLL_MS;
    this.leases.onLost((names) => this.lost(names));
    for (const projector of options.projectors) {
      const loop = new ProjectorLoop({
        db: options.db,
        store: options.store,
        projector,
        schema: this.schema,
        batchSize: this.batchSize,
        pipeline: options.pipeline,
        logger: this.logger,
        onChange: () => this.waiters.notify(),
        onRetry: (error) => this.retryListeners.forEach((listener) => listener(projector.name, error)),
      });
      this.entries.set(projector.name, { projector, loop, leading: false });
    }
  }

  /**
   * Migrates, then starts every projector whose lease it gets from its checkpoint, and stands by
   * for the others, taking over when their lease comes free. A new projector gets its tables
   * first; one whose stored version differs is rebuilt in the background (waitFor waits for it).
   */
  async start(): Promise<void> {
    if (this.started) return;
    await this.migrate();
    this.started = true;
    // One read of the checkpoints finds the projectors registered already (every one, at most
    // starts): a read per projector was some 25 round trips before the API answered (issue 31).
    const registered = await this.storedCheckpoints();
    for (const entry of this.entries.values())
      if (!registered.has(entry.projector.name)) await this.register(entry);
    await this.ensureViews();
    await this.contend();
    this.watching = this.watch();
  }

  /** Stops every loop after its batch in flight, abandons running rebuilds, gives up the leases. */
  async stop(): Promise<void> {
    this.started = false;
    this.wake?.();
    await this.watching;
    const entries = [...this.entries.values()];
    for (const entry of entries) entry.rebuild?.abort.abort();
    await Promise.all(entries.map((e) => e.rebuild?.done.catch(() => undefined)));
    await Promise.all(entries.map((e) => e.loop.stop()));
    for (const entry of entries) entry.leading = false;
    await this.leases.releaseAll(); // only now: never two processes writing for long
  }

  projectorNames(): string[] {
    return [...this.entries.keys()];
  }

  /** `listener` hears of every retry after a transient fault (for metrics). */
  onRetry(listener: (projector: string, error: unknown) => void): void {
    this.retryListeners.push(listener);
  }

  /**
   * An operator's restart of a projector stopped on an error, once its cause is fixed: from its
   * checkpoint, without a rebuild. The recorded failure is cleared, and the process that leads the
   * projector (this one at once, another within a second) starts it again. False when it had not
   * failed.
   */
  async restart(name: string): Promise<boolean> {
    const entry = this.entry(name);
    await this.migrate();
    return this.inTurn(async () => {
      const cleared = await clearFailure(this.options.db, name);
      entry.remoteFailure = undefined;
      const failedHere = entry.leading && entry.loop.state === 'failed';
      if (failedHere) this.restartFailed(entry, 'restarted by an operator');
      return cleared || failedHere;
    });
  }

  /**
   * A restart and the recording of failures, one after the other: a failure recorded while a
   * restart cleared the row would stay there, naming a running projector as failed.
   */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.failureBookkeeping.then(work);
    this.failureBookkeeping = run.catch(() => undefined);
    return run;
  }

  /** The projectors whose tables events of these types can change (those that handle any of them). */
  projectorsHandling(types: readonly string[]): string[] {
    return [...this.entries.values()]
      .filter(({ projector }) => !projector.handles || projector.handles.some((type) => types.includes(type)))
      .map(({ projector }) => projector.name);
  }

  /**
   * What a write waits for (read-your-writes): the projectors events of these types can change
   * (all, without types), less those awaited on read.
   */
  projectorsForWrites(types?: readonly string[]): string[] {
    const names = new Set(types ? this.projectorsHandling(types) : this.entries.keys());
    return [...this.entries.values()]
      .filter(({ projector }) => names.has(projector.name) && !projector.awaitedOnRead)
      .map(({ projector }) => projector.name);
  }

  /**
   * For an in-process cache of a projector's tables: a number that stays the same only while they
   * hold what they held when it was read, because this process alone writes them and has written
   * nothing since; undefined when that cannot be told (the projector is led elsewhere, stands by,
   * rebuilds, or is committing a batch). A write waiting in waitFor for this projector therefore
   * finds the number changed once it answers.
   */
  tablesVersion(name: string): number | undefined {
    const { leading, loop } = this.entry(name);
    return leading ? loop.tablesVersion : undefined;
  }

  /** Whether this process runs the projector's loop (else it follows a checkpoint stored elsewhere). */
  leads(name: string): boolean {
    return this.entry(name).leading;
  }

  /** Resolves once every projector (or those named) has committed `position`: read-your-writes. */
  waitFor(position: Position, options: WaitForOptions = {}): Promise<void> {
    const timeoutMs = options.timeoutMs ?? 5000;
    const entries = options.projectors?.map((name) => this.entry(name)) ?? [...this.entries.values()];
    const behind = () => entries.filter((e) => !reached(e.loop.checkpoint, position));
    this.pendingWaits++; // standby checkpoints are read often while someone waits
    this.wake?.();
    const done = this.waiters.until(
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
    return done.finally(() => this.pendingWaits--);
  }

  /** Position, lag and state of every projector, for metrics and the operator. */
  async status(): Promise<ProjectorStatus[]> {
    const head = await this.options.store.headPosition();
    await this.refreshStandby();
    const standby = [...this.entries.values()].filter((e) => e.loop.state === 'standby');
    const leased = await leasedAmong(
      this.options.db,
      standby.map((e) => e.projector.name),
    );
    return [...this.entries.values()].map(({ projector, loop, rebuild, remoteFailure }) => {
      const failure =
        loop.state === 'failed' ? loop.failure : loop.state === 'standby' ? remoteFailure : undefined;
      return {
        name: projector.name,
        version: projector.version,
        state: failure ? 'failed' : loop.state,
        position: loop.checkpoint === 'start' ? null : loop.checkpoint,
        head: head ?? null,
        lag: estimateLag(head, loop.checkpoint),
        ...(failure ? { error: failure.error, failure } : {}),
        ...(loop.state === 'failed' && !failure ? { error: errorMessage(loop.error) } : {}),
        ...(loop.state === 'retrying' ? { error: errorMessage(loop.error) } : {}),
        ...(rebuild ? { rebuild: { ...rebuild.progress } } : {}),
        ...(loop.state === 'standby' ? { ledElsewhere: leased.has(projector.name) } : {}),
      };
    });
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

  /**
   * Compares the named projectors' tables (every one, without names) with a replay of the log up
   * to where they stand, while they keep running (verify/). Throws UnknownProjectorError first.
   */
  async verify(options: RunnerVerifyOptions = {}): Promise<VerifyReport> {
    const { names, ...rest } = options;
    const projectors = selectProjectors(this.options.projectors, names);
    await this.migrate();
    return verifyReadModels({
      ...rest,
      db: this.options.db,
      store: this.options.store,
      projectors,
      schema: this.schema,
      batchSize: this.batchSize,
      readsBeside: this.options.readsBeside,
    });
  }

  /** A projector new to the database gets its checkpoint and tables, whoever will lead it. */
  private async register({ projector }: Entry): Promise<void> {
    const { db } = this.options;
    if (await loadCheckpoint(db, projector.name)) return;
    // The insert decides which of several starting runners creates the tables.
    await db.transaction().execute(async (trx) => {
      const created = await insertCheckpoint(trx, projector.name, projector.version);
      if (created) await createTables(trx, projector, this.schema);
    });
  }

  /**
   * Tables that do not fit the views yet (a projector about to be rebuilt to a new version) leave
   * the views as they were: its rebuild's swap creates them.
   */
  private async ensureViews(): Promise<void> {
    const { views, db } = this.options;
    if (!views) return;
    await views.ensure(db, this.schema).catch((error) => {
      const warn = this.logger.warn ?? this.logger.error;
      warn.call(this.logger, 'Views over the read models not (re)created; a rebuild will', error);
    });
  }

  /** Leads each projector whose lease is free; for the others, reads where their leader stands. */
  private async contend(): Promise<void> {
    const idle = [...this.entries.values()].filter((e) => !e.leading);
    if (idle.length === 0) return;
    await Promise.all(idle.map((e) => e.demoted));
    const won = new Set(await this.leases.acquire(idle.map((e) => e.projector.name)));
    const stored = await this.storedCheckpoints();
    for (const entry of idle) {
      const checkpoint = stored.get(entry.projector.name);
      if (won.has(entry.projector.name)) this.lead(entry, checkpoint);
      else this.standBy(entry, checkpoint);
    }
  }

  private lead(entry: Entry, stored: StoredCheckpoint | undefined): void {
    const { projector, loop } = entry;
    if (!stored) throw new Error(`Projector ${projector.name} has no checkpoint`);
    if (loop.state === 'standby') this.logger.info(`Projector ${projector.name}: taking over from standby`);
    entry.leading = true;
    loop.checkpoint = stored.position;
    entry.remoteFailure = undefined;
    // A process that takes a projector up tries it again (after a deploy, the fix may be in).
    if (stored.failure) void clearFailure(this.options.db, projector.name).catch(() => undefined);
    if (stored.version === projector.version) return loop.start();
    this.logger.info(
      `Projector ${projector.name}: stored v${stored.version}, code v${projector.version}: rebuilding`,
    );
    loop.state = 'paused';
    this.runRebuild(entry, {}).catch((error) => {
      if (!this.started || !entry.leading) return; // abandoned by stop() or a lost lease
      loop.state = 'failed';
      loop.error = error;
      this.logger.error(`Projector ${projector.name}: rebuild failed`, error);
      this.waiters.notify();
    });
  }

  private standBy(entry: Entry, stored: StoredCheckpoint | undefined): void {
    entry.loop.state = 'standby';
    if (stored) entry.loop.checkpoint = stored.position;
    entry.remoteFailure = stored?.failure;
    this.waiters.notify();
  }

  /**
   * Records a led loop's failure in its checkpoint row, and restarts it once an operator cleared
   * it there. The rows are read only while such a failure is recorded: an idle, healthy process
   * sends nothing each second.
   */
  private superviseFailures(): Promise<void> {
    return this.inTurn(() => this.recordOrResume());
  }

  private async recordOrResume(): Promise<void> {
    const awaitingOperator = [...this.entries.values()].some(
      (e) => e.leading && e.loop.state === 'failed' && e.failureRecorded,
    );
    const stored = awaitingOperator ? await this.storedCheckpoints() : new Map<string, StoredCheckpoint>();
    for (const entry of this.entries.values()) {
      const { loop, projector } = entry;
      if (!entry.leading || loop.state !== 'failed') {
        entry.failureRecorded = false;
        continue;
      }
      if (!entry.failureRecorded) {
        await recordFailure(
          this.options.db,
          projector.name,
          loop.failure ?? { error: errorMessage(loop.error), failedAt: new Date().toISOString() },
        );
        entry.failureRecorded = true;
      } else if (!stored.get(projector.name)?.failure) {
        this.restartFailed(entry, 'restarted by an operator (its failure was cleared)');
      }
    }
  }

  private restartFailed(entry: Entry, why: string): void {
    entry.failureRecorded = false;
    this.logger.info(`Projector ${entry.projector.name}: ${why}, resuming from its checkpoint`);
    entry.loop.start();
  }

  /** The leader's connection ended: its locks are gone, so another process may lead by now. */
  private lost(names: string[]): void {
    for (const name of names) {
      const entry = this.entries.get(name);
      if (!entry?.leading) continue;
      entry.leading = false;
      this.logger.error(
        `Projector ${name}: lost its lease, standing by`,
        new Error('lease connection ended'),
      );
      entry.rebuild?.abort.abort();
      entry.demoted = entry.loop.stop('standby').finally(() => {
        entry.demoted = undefined;
        this.waiters.notify();
      });
    }
  }

  /**
   * While started: reads standby checkpoints (often while a waitFor waits, else every second)
   * and tries the free leases every second, so a standby takes over when its leader stops.
   */
  private async watch(): Promise<void> {
    let contended = Date.now();
    while (this.started) {
      await this.pause(this.pendingWaits > 0 ? this.pollMs : this.idlePollMs);
      if (!this.started) return;
      try {
        if (Date.now() - contended >= this.idlePollMs) {
          contended = Date.now();
          await this.contend();
          await this.superviseFailures();
        } else {
          await this.refreshStandby();
        }
        this.watchFailing = false;
      } catch (error) {
        if (!this.watchFailing) this.logger.error('Projections: cannot read leases or checkpoints', error);
        this.watchFailing = true;
      }
    }
  }

  /** Where the projectors led elsewhere stand, from their checkpoints. */
  private async refreshStandby(): Promise<void> {
    const standby = () => [...this.entries.values()].filter((e) => e.loop.state === 'standby');
    if (standby().length === 0) return;
    const stored = await this.storedCheckpoints();
    for (const entry of standby()) {
      const checkpoint = stored.get(entry.projector.name);
      if (checkpoint) entry.loop.checkpoint = checkpoint.position;
      entry.remoteFailure = checkpoint?.failure;
    }
    this.waiters.notify();
  }

  private async storedCheckpoints(): Promise<Map<string, StoredCheckpoint>> {
    return new Map((await listCheckpoints(this.options.db)).map((c) => [c.projector, c]));
  }

  /** Sleeps `ms`, or less when woken (a new waitFor, stop). */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
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
      pipeline: this.options.pipeline,
      copyBatch: this.options.copyBatch,
      signal: abort.signal,
      views: this.options.views && {
        views: this.options.views,
        failed: (error) =>
          this.logger.error(`Projector ${projector.name}: views not recreated after the swap`, error),
      },
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
      if (this.started && entry.leading && (swapped ? loop.state !== 'running' : paused)) loop.start();
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
