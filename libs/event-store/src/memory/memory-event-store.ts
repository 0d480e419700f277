import { catchUpSubscription } from '../catch-up-subscription';
import { ChangeSignal } from '../change-signal';
import { EmptyAppendError, StreamNotFoundError, WrongExpectedVersionError } from '../errors';
import {
  AllSubscription,
  AppendResult,
  EventData,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeToAllOptions,
} from '../event-store';
import { checkAtomicAppend, meetsExpectation } from '../atomic-append';
import { Position } from '../position';
import { findAlreadyAppended } from '../idempotent-append';

/** The whole store in one process's memory, for unit tests. Same semantics as the real adapters. */
export class MemoryEventStore implements EventStore {
  private readonly log: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  private readonly signal = new ChangeSignal();

  constructor(private readonly now: () => Date = () => new Date()) {}

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const stream = this.streams.get(streamId);
    if (!stream) throw new StreamNotFoundError(streamId);
    const from = options.fromRevision ?? 0;
    return stream.slice(from, options.maxCount === undefined ? undefined : from + options.maxCount).map(copy);
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | undefined> {
    const stream = this.streams.get(streamId);
    return stream ? copy(stream[stream.length - 1]) : undefined;
  }

  async appendToStream(
    streamId: string,
    events: EventData[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new EmptyAppendError(streamId);
    const stream = this.streams.get(streamId) ?? [];
    const already = findAlreadyAppended(stream, events, options.expectedRevision);
    if (already) return already;
    const current = stream.length - 1;
    checkExpected(streamId, options.expectedRevision, current);
    const result = this.write(streamId, events);
    this.signal.notify();
    return result;
  }

  /** Checks and writes without awaiting anything: no other append can come in between. */
  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    checkAtomicAppend(appends);
    const current = (streamId: string) => (this.streams.get(streamId)?.length ?? 0) - 1;
    const found = appends.map((a) =>
      findAlreadyAppended(this.streams.get(a.streamId) ?? [], a.events, a.expectedRevision),
    );
    if (found.every((f) => f !== undefined)) return found;
    const taken = appends.find((_, i) => found[i] !== undefined);
    if (taken) {
      const actual = current(taken.streamId);
      throw new WrongExpectedVersionError(
        taken.streamId,
        taken.expectedRevision,
        actual < 0 ? 'no_stream' : actual,
      );
    }
    for (const a of appends) checkExpected(a.streamId, a.expectedRevision, current(a.streamId));
    const results = appends.map((a) => this.write(a.streamId, a.events));
    this.signal.notify();
    return results;
  }

  /** Writes without checks. */
  private write(streamId: string, events: EventData[]): AppendResult {
    const stream = this.streams.get(streamId) ?? [];
    const recordedAt = this.now();
    for (const event of events) {
      const index = BigInt(this.log.length);
      const recorded: RecordedEvent = {
        id: event.id,
        streamId,
        revision: stream.length,
        type: event.type,
        data: structuredClone(event.data),
        metadata: structuredClone(event.metadata ?? {}),
        position: { commit: index, prepare: index },
        recordedAt,
      };
      stream.push(recorded);
      this.log.push(recorded);
    }
    this.streams.set(streamId, stream);
    const last = stream[stream.length - 1];
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const from = options.after === 'start' ? 0 : Number(options.after.commit) + 1;
    return this.log.slice(from, from + options.maxCount).map(copy);
  }

  subscribeToAll(options: SubscribeToAllOptions): AllSubscription {
    return catchUpSubscription(
      {
        readPage: async (o) => {
          const asOf = this.signal.current;
          const events = await this.readAll(o);
          return { events, asOf, atHead: events.length < o.maxCount };
        },
        signal: this.signal,
        idleWaitMs: () => 1000,
      },
      options.after,
      options.maxBatchSize,
    );
  }

  async headPosition(): Promise<Position | undefined> {
    return this.log[this.log.length - 1]?.position;
  }

  async close(): Promise<void> {}
}

function checkExpected(streamId: string, expected: ExpectedRevision, current: number): void {
  const actual = current < 0 ? 'no_stream' : current;
  if (!meetsExpectation(expected, actual)) throw new WrongExpectedVersionError(streamId, expected, actual);
}

function copy(event: RecordedEvent): RecordedEvent {
  return { ...event, data: structuredClone(event.data), metadata: structuredClone(event.metadata) };
}
