import { formatPosition, Position } from '@app/event-store';
import { Checkpoint } from './checkpoints';

export interface LaggingProjector {
  name: string;
  position: Checkpoint;
}

/** waitFor gave up: some projectors had not reached the position in time. */
export class WaitForTimeoutError extends Error {
  constructor(
    readonly position: Position,
    readonly timeoutMs: number,
    readonly lagging: LaggingProjector[],
  ) {
    const behind = lagging.map(
      (l) => `${l.name} at ${l.position === 'start' ? 'start' : formatPosition(l.position)}`,
    );
    super(
      `Projections did not reach ${formatPosition(position)} within ${timeoutMs} ms: ${behind.join(', ')}`,
    );
    this.name = 'WaitForTimeoutError';
  }
}

/** waitFor cannot succeed: a projector it waits on has stopped on an error. */
export class ProjectionFailedError extends Error {
  constructor(
    readonly projector: string,
    cause: unknown,
  ) {
    super(`Projector ${projector} has stopped: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'ProjectionFailedError';
  }
}
