import { Inject, Injectable } from '@nestjs/common';
import { ProjectionRunner, ProjectorStatus } from '@app/read-models';
import { sql } from 'kysely';
import { ProjectionView, projectionView } from '../operator/projection-view';
import { Stores } from '../store/open-stores';
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
}

/** A projector's line: why it failed (and on which event) or what it retries after, when so. */
export type HealthProjector = Pick<
  ProjectionView,
  'name' | 'state' | 'position' | 'lag' | 'error' | 'failed_event'
>;

/** A store that takes longer than this to answer counts as down: a probe must not hang. */
const CHECK_TIMEOUT_MS = 3000;

const RUNNING_STATES = new Set(['running', 'paused']); // paused: briefly, while a rebuild swaps tables

/**
 * Ready when the database answers a trivial query, the event store tells its head (runner.status
 * asks it), and every projector follows the log: here, or in another process that holds its lease
 * (a projector worker, another API instance), whose checkpoint gives position and lag.
 */
@Injectable()
export class Health {
  constructor(
    @Inject(STORES) private readonly stores: Stores,
    private readonly runner: ProjectionRunner,
  ) {}

  async check(): Promise<HealthReport> {
    const [databaseError, status] = await Promise.all([
      withinTime(this.databaseError(), 'no answer in time'),
      withinTime(this.projectorStatus(), { error: 'no answer in time' }),
    ]);
    const projectors = 'projectors' in status ? status.projectors : undefined;
    const views = (projectors ?? []).map(projectionView);
    const running = views.every(({ state }) => RUNNING_STATES.has(state) || state === 'standby');
    return {
      status: !databaseError && projectors && running ? 'ok' : 'unavailable',
      database: storeHealth(this.stores.database.kind, databaseError),
      event_store: storeHealth(this.stores.eventsKind, 'error' in status ? status.error : undefined),
      projectors: views.map(({ name, state, position, lag, error, failed_event }) => ({
        name,
        state,
        position,
        lag,
        ...(error !== undefined ? { error } : {}),
        ...(failed_event ? { failed_event } : {}),
      })),
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

  /** An error when the event store does not answer (runner.status asks it for its head). */
  private async projectorStatus(): Promise<{ projectors: ProjectorStatus[] } | { error: string }> {
    try {
      return { projectors: await this.runner.status() };
    } catch (error) {
      return { error: errorText(error) };
    }
  }
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
