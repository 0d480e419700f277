import { formatPosition, Position } from '@app/event-store';
import { ProjectorStatus } from '@app/read-models';

/** A projector as the operator API and /health show it: snake_case, positions as `commit/prepare`. */
export interface ProjectionView {
  object: 'projection';
  name: string;
  version: number;
  /** running, retrying (a transient fault, retried with backoff), failed, standby, no_leader, paused, stopped */
  state: string;
  position: string | null;
  head: string | null;
  lag: number;
  /** Why it is failed (or retrying). */
  error?: string;
  /** The event a failed projector threw on: id, stream, type, position. */
  failed_event?: { id: string; stream: string; type: string; position: string };
  failed_at?: string;
}

export function projectionView(status: ProjectorStatus): ProjectionView {
  const view: ProjectionView = {
    object: 'projection',
    name: status.name,
    version: status.version,
    state: reportedState(status),
    position: positionText(status.position),
    head: positionText(status.head),
    lag: status.lag,
  };
  if (status.error !== undefined) view.error = status.error;
  if (status.failure?.event) view.failed_event = status.failure.event;
  if (status.failure) view.failed_at = status.failure.failedAt;
  return view;
}

/** `standby`: another process runs it; `no_leader`: no process does (the workers are down). */
export function reportedState(status: ProjectorStatus): string {
  return status.state === 'standby' && !status.ledElsewhere ? 'no_leader' : status.state;
}

function positionText(position: Position | null): string | null {
  return position && formatPosition(position);
}
