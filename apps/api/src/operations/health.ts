import { Inject, Injectable } from '@nestjs/common';
import { formatPosition } from '@app/event-store';
import { ProjectionRunner, ProjectorStatus, ReactorRunner } from '@app/read-models';
import { sql } from 'kysely';
import { Stores } from '../store/open-stores';
import { STORES } from '../store/tokens';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  database: { kind: string; ok: boolean };
  event_store: { kind: string; ok: boolean };
  projectors: LoopReport[];
  /** Reactors (docs/reactors.md), reported as projectors are. */
  reactors: LoopReport[];
}

interface LoopReport {
  name: string;
  state: string;
  position: string | null;
  lag: number;
}

/** A store that takes longer than this to answer counts as down: a probe must not hang. */
const CHECK_TIMEOUT_MS = 3000;

const RUNNING_STATES = new Set(['running', 'paused']); // paused: briefly, while a rebuild swaps tables

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
    const [databaseOk, projectors, reactors] = await Promise.all([
      withinTime(this.databaseAnswers(), false),
      withinTime(statusOf(this.runner), undefined),
      withinTime(statusOf(this.reactors), undefined),
    ]);
    const eventStoreOk = projectors !== undefined && reactors !== undefined;
    const loops = [...(projectors ?? []), ...(reactors ?? [])];
    const running = loops
      .map(reportedState)
      .every((state) => RUNNING_STATES.has(state) || state === 'standby');
    return {
      status: databaseOk && eventStoreOk && running ? 'ok' : 'unavailable',
      database: { kind: this.stores.database.kind, ok: databaseOk },
      event_store: { kind: this.stores.eventsKind, ok: eventStoreOk },
      projectors: (projectors ?? []).map(report),
      reactors: (reactors ?? []).map(report),
    };
  }

  private async databaseAnswers(): Promise<boolean> {
    try {
      await sql`select 1`.execute(this.stores.database.db);
      return true;
    } catch {
      return false;
    }
  }
}

/** Undefined when the event store does not answer. */
async function statusOf(runner: ProjectionRunner): Promise<ProjectorStatus[] | undefined> {
  try {
    return await runner.status();
  } catch {
    return undefined;
  }
}

function report(status: ProjectorStatus): LoopReport {
  return {
    name: status.name,
    state: reportedState(status),
    position: status.position && formatPosition(status.position),
    lag: status.lag,
  };
}

/** `standby`: another process runs it; `no_leader`: no process does (the workers are down). */
function reportedState(status: ProjectorStatus): string {
  return status.state === 'standby' && !status.ledElsewhere ? 'no_leader' : status.state;
}

function withinTime<T>(check: Promise<T>, failed: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(failed), CHECK_TIMEOUT_MS)));
  return Promise.race([check, late]).finally(() => clearTimeout(timer));
}
