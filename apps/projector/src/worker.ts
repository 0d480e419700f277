import { rename, writeFile } from 'node:fs/promises';
import {
  analyticsViews,
  assertValidProjectors,
  Database,
  leasesFor,
  ProjectionRunner,
  Projector,
  ProjectorStatus,
  projectors as registry,
  Reactor,
  reactorProjector,
  ReactorRunner,
  RunnerLogger,
} from '@app/read-models';
import { ApiConfig } from '@app/runtime';
import { openStores, serviceReactors, Stores } from '@app/runtime';

export interface WorkerOptions {
  /** An open database to use instead of the configured one; its owner closes it. */
  database?: Database;
  /** Default: the registry's, as the API runs them. */
  projectors?: readonly Projector[];
  /** Default: the reactor registry's (docs/reactors.md). */
  reactors?: readonly Reactor[];
  logger?: RunnerLogger;
  /** Rewritten with the status after each check that reaches the stores: a liveness probe. */
  heartbeatFile?: string;
  /** Default 5000. */
  checkEveryMs?: number;
  /** At each check while some projector or reactor it leads is stopped on an error (an operator restarts it once fixed). */
  onFailure?: (failed: ProjectorStatus[]) => void;
}

export interface ProjectorWorker {
  runner: ProjectionRunner;
  reactors: ReactorRunner;
  stores: Stores;
  /** Lets the batches in flight commit, gives the leases up, closes the stores. */
  stop(): Promise<void>;
}

/**
 * The API's projectors and reactors in a process of their own (DESIGN.md), on the stores the API
 * uses. Several workers, and APIs running them in-process, share the work through per-projector
 * and per-reactor leases (PostgreSQL advisory locks): one leads each, the others stand by.
 */
export async function startProjectorWorker(
  config: ApiConfig,
  options: WorkerOptions = {},
): Promise<ProjectorWorker> {
  const stores = await openStores(config, options.database);
  const runner = new ProjectionRunner({
    db: stores.database.db,
    pipeline: stores.database.pipeline,
    copyBatch: stores.database.copyBatch,
    store: stores.events,
    projectors: options.projectors ?? registry,
    logger: options.logger,
    leases: leasesFor(stores.database),
    views: analyticsViews,
  });
  const chosen = options.reactors ?? serviceReactors(config);
  let reactors: ReactorRunner | undefined;
  try {
    // One checkpoint table and lease namespace: a reactor may not share a projector's name.
    assertValidProjectors([
      ...(options.projectors ?? registry),
      ...chosen.map((r) => reactorProjector(r, stores.events)),
    ]);
    reactors = new ReactorRunner({
      db: stores.database.db,
      pipeline: stores.database.pipeline,
      store: stores.events,
      reactors: chosen,
      logger: options.logger,
      leases: leasesFor(stores.database),
    });
    await runner.start();
    await reactors.start();
  } catch (error) {
    await reactors?.stop();
    await runner.stop();
    await stores.close();
    throw error;
  }
  const started = reactors;
  let checking: Promise<void> = Promise.resolve();
  const check = () =>
    (checking = checking.then(async () => {
      try {
        const status = [...(await runner.status()), ...(await started.status())];
        const failed = status.filter((s) => s.state === 'failed');
        if (failed.length > 0) options.onFailure?.(failed);
        // Alive with a projector failed: the others go on, and a restart of the process would only
        // meet the same event again. The file carries each projector's state for a closer probe.
        if (options.heartbeatFile)
          await writeAtomically(options.heartbeatFile, JSON.stringify(status, jsonBigInt));
      } catch (error) {
        // The event store does not answer, or the file cannot be written: no heartbeat this time.
        options.logger?.error('Projector worker: status check failed', error);
      }
    }));
  await check();
  const timer = setInterval(() => void check(), options.checkEveryMs ?? 5000);
  return {
    runner,
    reactors: started,
    stores,
    async stop() {
      clearInterval(timer);
      await checking;
      await started.stop();
      await runner.stop();
      await stores.close();
    },
  };
}

const jsonBigInt = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/** Written beside it, then renamed over it: a reader (the health check) never sees half a file. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, text);
  await rename(partial, file);
}
