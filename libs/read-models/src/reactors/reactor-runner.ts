import { EventStore } from '@app/event-store';
import { Projector } from '../projector';
import { ProjectionRunner, ProjectionRunnerOptions } from '../projection-runner';
import { CompletedSteps } from './completed-steps';
import { Reactor } from './reactor';
import { runReactorStep } from './reactor-tools';

/**
 * A reactor as the projection runner runs it: no tables, its steps as the batch's effects (outside
 * the checkpoint's transaction), then the checkpoint's move alone. Its version never changes: a
 * reactor is never replayed from the start by a version bump. Triggers whose step a request here
 * completed (`completed`) are skipped as unhandled events are; one a request is still stepping is
 * waited for.
 */
export function reactorProjector(reactor: Reactor, store: EventStore, completed?: CompletedSteps): Projector {
  let stopping = new AbortController();
  return {
    name: reactor.name,
    version: 1,
    tables: [],
    handles: reactor.handles,
    accepts: completed && ((event) => !completed.take(reactor.name, event.streamId, event.revision)),
    writesOnly: true,
    setup: async () => undefined,
    apply: async () => undefined,
    async effects(events) {
      const { signal } = stopping;
      for (const event of events) {
        // A request of this process running this very step: its outcome first.
        if (await completed?.settled(reactor.name, event.streamId, event.revision)) continue;
        await runReactorStep(reactor, event, store, signal);
      }
    },
    interrupt() {
      stopping.abort();
      stopping = new AbortController(); // for the loop's next start
    },
  };
}

export interface ReactorRunnerOptions extends Omit<ProjectionRunnerOptions, 'projectors' | 'schema'> {
  reactors: readonly Reactor[];
  /** Steps this process's requests carry out themselves: the loops do not run them too. */
  completed?: CompletedSteps;
}

/**
 * Runs reactors with the projectors' machinery (one loop and checkpoint each, one leader per
 * reactor by lease, status and waitFor), apart from the read models' runner so that a write's
 * read-your-writes never waits for a reactor. Batches are small: a step is slow beside a row write,
 * and a checkpoint moved often repeats little after a crash.
 */
export class ReactorRunner extends ProjectionRunner {
  constructor(options: ReactorRunnerOptions) {
    const { reactors, completed, ...rest } = options;
    super({
      batchSize: 100,
      ...rest,
      projectors: reactors.map((reactor) => reactorProjector(reactor, options.store, completed)),
    });
  }
}
