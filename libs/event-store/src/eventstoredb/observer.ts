import { Position, formatPosition } from '../position';

/** Why an event of the log was left out: the engine did not write it. */
export type SkipReason = 'foreign_stream' | 'not_json_object';

export interface SkippedEvent {
  id: string;
  streamId: string;
  type: string;
  position: Position;
  reason: SkipReason;
  detail: string;
}

export interface Resubscription {
  /** The fault that ended the subscription (a client error, or the server ending the call). */
  error: unknown;
  /** 1 for the first retry after a delivery. */
  attempt: number;
  delayMs: number;
  /** Delivery resumes strictly after this position: the last event handed out. */
  after: Position | 'start';
}

/**
 * What the adapter reports without failing: the app counts it for /metrics and logs it. Plain
 * callbacks, so the adapter needs no framework.
 */
export interface EventStoreDbObserver {
  /** An event the engine did not write was skipped by a reader of the global log. */
  skipped?(event: SkippedEvent): void;
  /** The $all subscription met a transient fault and resubscribes after `delayMs`. */
  resubscribing?(retry: Resubscription): void;
}

export const consoleObserver: EventStoreDbObserver = {
  skipped: (event) =>
    console.warn(
      `EventStoreDB: skipped event ${event.id} (${event.type}) of stream ${event.streamId} at ` +
        `${formatPosition(event.position)}: ${event.detail}`,
    ),
  resubscribing: (retry) =>
    console.warn(
      `EventStoreDB: the $all subscription lost the server (${describe(retry.error)}); resubscribing after ` +
        `${retry.after === 'start' ? 'the start' : formatPosition(retry.after)} in ${retry.delayMs} ms ` +
        `(attempt ${retry.attempt})`,
    ),
};

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
