import { Inject, Injectable } from '@nestjs/common';
import { ProjectionRunner, ProjectorStatus, ReactorRunner } from '@app/read-models';
import { sql } from 'kysely';
import { ProjectionView, projectionView } from './projection-view';
import { Stores } from '@app/runtime';
import { STORES } from '../store/tokens';

/** A store's part of the report; `error` says why it counts as down. */
export interface StoreHealth {
  kind: string;
  ok: boolean;
  error?: string;
}

export interface HealthReport {
  status: 'ok' | 'unavailable';
  database: StoreHealth;
  event_store: StoreHealth;
  projectors: HealthProjector[];
  /** Reactors (docs/reactors.md), reported as projectors are. */
  reactors: HealthProjector[];
}

/** A projector's (or reactor's) line: why it failed (and on which event) or what it retries after. */
export type HealthProjector = Pick<
  ProjectionView,
  'name' | 'state' | 'position' | 'lag' | 'error' | 'failed_event'
>;

/** A store that takes longer than this to answer counts as down: a probe must not hang. */
const CHECK_TIMEOUT_MS = 3000;

const RUNNING_STATES = new Set(['running', 'paused']); // paused: briefly, while a rebuild swaps tables

type LoopStatus = { loops: ProjectorStatus[] } | { error: string };

/**
 * Ready when the database answers a trivial query, the event store tells its head (runner.status
 * asks it), and every projector and reactor follows the log: here, or in another process that holds
 * its lease (a projector worker, another API instance), whose checkpoint gives position and lag.
 */
@Injectable()
export class Health {
  constructor(
    @Inject(STORES) private readonly stores: Stores,
    private readonly runner: ProjectionRunner,
    private readonly reactors: ReactorRunner,
  ) {}

  async check(): Promise<HealthReport> {
    const late = { error: 'no answer in time' };
    const [databaseError, projectors, reactors] = await Promise.all([
      withinTime(this.databaseError(), 'no answer in time'),
      withinTime(loopStatus(this.runner), late),
      withinTime(loopStatus(this.reactors), late),
    ]);
    const views = [projectors, reactors].map((status) =>
      ('loops' in status ? status.loops : []).map(projectionView),
    );
    const running = views.flat().every(({ state }) => RUNNING_STATES.has(state) || state === 'standby');
    const storeError =
      'error' in projectors ? projectors.error : 'error' in reactors ? reactors.error : undefined;
    return {
      status: !databaseError && storeError === undefined && running ? 'ok' : 'unavailable',
      database: storeHealth(this.stores.database.kind, databaseError),
      event_store: storeHealth(this.stores.eventsKind, storeError),
      projectors: views[0].map(healthLine),
      reactors: views[1].map(healthLine),
    };
  }

  /** Why the database does not answer a trivial query; undefined when it does. */
  private async databaseError(): Promise<string | undefined> {
    try {
      await sql`select 1`.execute(this.stores.database.db);
      return undefined;
    } catch (error) {
      return errorText(error);
    }
  }
}

/** An error when the event store does not answer (runner.status asks it for its head). */
async function loopStatus(runner: ProjectionRunner): Promise<LoopStatus> {
  try {
    return { loops: await runner.status() };
  } catch (error) {
    return { error: errorText(error) };
  }
}

function healthLine({ name, state, position, lag, error, failed_event }: ProjectionView): HealthProjector {
  return {
    name,
    state,
    position,
    lag,
    ...(error !== undefined ? { error } : {}),
    ...(failed_event ? { failed_event } : {}),
  };
}

function storeHealth(kind: string, error: string | undefined): StoreHealth {
  return error === undefined ? { kind, ok: true } : { kind, ok: false, error };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function withinTime<T>(check: Promise<T>, failed: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(failed), CHECK_TIMEOUT_MS)));
  return Promise.race([check, late]).finally(() => clearTimeout(timer));
}
