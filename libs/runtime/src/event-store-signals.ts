import { formatPosition } from '@app/event-store';
import type {
  EventStoreDbObserver,
  Resubscription,
  SkippedEvent,
  SkipReason,
} from '@app/event-store/eventstoredb';

/** Streams warned about, at most: past it, skips are still counted but no longer logged one by one. */
const MAX_WARNED_STREAMS = 1000;

/**
 * What the EventStoreDB adapter reports while it keeps going: events of the log it skipped (the
 * engine did not write them) and resubscriptions of $all after transient faults. Counted here for
 * /metrics, and logged as warnings (a skipped stream once, so another writer cannot flood the log).
 */
export class EventStoreSignals implements EventStoreDbObserver {
  readonly skips = new Map<SkipReason, number>();
  resubscriptions = 0;
  private readonly warned = new Set<string>();

  constructor(private readonly warn: (message: string) => void = (message) => console.warn(message)) {}

  skipped(event: SkippedEvent): void {
    this.skips.set(event.reason, (this.skips.get(event.reason) ?? 0) + 1);
    if (this.warned.has(event.streamId) || this.warned.size >= MAX_WARNED_STREAMS) return;
    this.warned.add(event.streamId);
    this.warn(
      `Event store: skipped event ${event.id} (${event.type}) of stream ${event.streamId} at ` +
        `${formatPosition(event.position)}: ${event.detail}. Later events of this stream are skipped silently ` +
        '(counted in eventstore_skipped_events_total).',
    );
  }

  resubscribing(retry: Resubscription): void {
    this.resubscriptions += 1;
    const reason =
      retry.error instanceof Error ? `${retry.error.name}: ${retry.error.message}` : String(retry.error);
    this.warn(
      `Event store: the $all subscription lost the server (${reason}); resubscribing after ` +
        `${retry.after === 'start' ? 'the start' : formatPosition(retry.after)} in ${retry.delayMs} ms ` +
        `(attempt ${retry.attempt})`,
    );
  }
}
