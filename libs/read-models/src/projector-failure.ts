import { formatPosition, RecordedEvent } from '@app/event-store';

/** Why a projector stopped, as the operator sees it (status, /health, the operator API, the CLI). */
export interface ProjectorFailure {
  error: string;
  /** The event its apply threw on, when one did (not when reading the log failed, say). */
  event?: { id: string; stream: string; type: string; position: string };
  failedAt: string;
}

/** A projector threw on this event: the same event will make it throw again until it is fixed. */
export class ProjectorEventError extends Error {
  constructor(
    readonly projector: string,
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(
      `Projector ${projector} failed on event ${event.id} (${event.type}, stream ${event.streamId}): ${
        cause instanceof Error ? cause.message : String(cause)
      }`,
    );
    this.name = 'ProjectorEventError';
  }
}

export function failureOf(error: unknown, at = new Date()): ProjectorFailure {
  const failure: ProjectorFailure = {
    error: error instanceof Error ? error.message : String(error),
    failedAt: at.toISOString(),
  };
  if (error instanceof ProjectorEventError) {
    const { id, streamId, type, position } = error.event;
    failure.event = { id, stream: streamId, type, position: formatPosition(position) };
  }
  return failure;
}

/** Waits before the n-th retry (1-based) after a transient fault: doubling from 100 ms to 5 s, half of it random. */
export function retryDelayMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5000;
