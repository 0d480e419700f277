import {
  EventStore,
  formatPosition,
  isAfter,
  Position,
  RecordedEvent,
  StreamNotFoundError,
} from '@app/event-store';
import { InvoiceState } from '@app/domain';
import { UnfinishedStep } from '@app/read-models';

export type { UnfinishedStep };

/** What every process audit shares in one pass over the log. */
export interface AuditPass {
  store: EventStore;
  /** The last event audited. */
  until: Position;
  /** Whether a trigger is older than the grace period (a younger one may still be in flight). */
  due(trigger: RecordedEvent): boolean;
  /** The invoice just before `trigger` on its stream, read once for the processes that ask. */
  invoiceBefore(trigger: RecordedEvent): Promise<InvoiceState>;
}

/** One process's audit: sees every event of the log in global order, then names what stays open. */
export interface ProcessAudit {
  observe(event: RecordedEvent): void | Promise<void>;
  unfinished(): Found[] | Promise<Found[]>;
}

/** A finding, with where its trigger is in the log (to order findings across processes). */
export interface Found {
  step: UnfinishedStep;
  at: Position;
}

/**
 * The triggers of one process still waiting for their completion, by a key the completion names.
 * Holding only the trigger's coordinates, and dropping each as its completion is seen, keeps the
 * memory of a pass to the steps still open.
 */
export class OpenSteps {
  private readonly open = new Map<string, Found>();

  constructor(private readonly process: string) {}

  add(key: string, trigger: RecordedEvent, missing: string): void {
    if (this.open.has(key)) return;
    this.open.set(key, {
      step: { process: this.process, missing, trigger: coordinates(trigger) },
      at: trigger.position,
    });
  }

  close(key: string): void {
    this.open.delete(key);
  }

  list(): Found[] {
    return [...this.open.values()];
  }

  entries(): [string, Found][] {
    return [...this.open.entries()];
  }
}

function coordinates(event: RecordedEvent): UnfinishedStep['trigger'] {
  return {
    event_id: event.id,
    type: event.type,
    stream: event.streamId,
    revision: event.revision,
    position: formatPosition(event.position),
    recorded_at: event.recordedAt.toISOString(),
  };
}

/** A stream's events up to the end of the pass; none when the stream has none. */
export async function readUntil(pass: AuditPass, streamId: string): Promise<RecordedEvent[]> {
  try {
    const events = await pass.store.readStream(streamId);
    return events.filter((event) => !isAfter(event.position, pass.until));
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
}

/** The record id of a stream of `aggregate` (`<prefix>-<id>`), or undefined for another stream. */
export function idIn(aggregate: { streamPrefix: string }, streamId: string): string | undefined {
  const prefix = `${aggregate.streamPrefix}-`;
  return streamId.startsWith(prefix) ? streamId.slice(prefix.length) : undefined;
}

/**
 * A process whose later step creates a record named in its trigger (`no_stream`): done once that
 * stream's first event is in the log (always after the trigger: the step runs once it committed).
 */
export function creationAudit(
  process: string,
  triggerType: string,
  created: (trigger: RecordedEvent) => { stream: string; missing: string },
) {
  return (pass: AuditPass): ProcessAudit => {
    const open = new OpenSteps(process);
    return {
      observe(event) {
        if (event.revision === 0) open.close(event.streamId);
        if (event.type !== triggerType || !pass.due(event)) return;
        const { stream, missing } = created(event);
        open.add(stream, event, missing);
      },
      unfinished: () => open.list(),
    };
  };
}
