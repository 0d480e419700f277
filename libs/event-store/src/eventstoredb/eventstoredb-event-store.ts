import {
  AllStreamResolvedEvent,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  ReadAllOptions as ClientReadAllOptions,
  ReadPosition,
  ReadStreamOptions as ClientReadStreamOptions,
  ResolvedEvent,
} from '@eventstore/db-client';
import { EmptyAppendError, StreamNotFoundError } from '../errors';
import {
  AllSubscription,
  AppendResult,
  EventData,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeToAllOptions,
} from '../event-store';
import { comparePositions, isAfter, Position } from '../position';
import { translateAppendError, translateReadError } from './client-errors';
import { toClientConnectionString } from './connection-string';
import {
  fromClientEvent,
  fromClientPosition,
  isUserEvent,
  toClientEvent,
  toReadPosition,
  userEventsFilter,
} from './event-conversion';
import { toClientExpectedRevision } from './expected-revision';
import { readableBatches } from './readable-batches';

/** $all is read in chunks of at least this many records, so runs of system events cost few round trips. */
const MIN_ALL_CHUNK = 100;

/**
 * The production store: EventStoreDB / KurrentDB through the gRPC client. Revisions, expected
 * revisions, idempotence (same event ids) and positions are the server's own; this class only
 * restates them in the port's terms and leaves system events out of the global log.
 */
export class EventStoreDbEventStore implements EventStore {
  constructor(private readonly client: EventStoreDBClient) {}

  /** `esdb://…` or `kurrentdb://…`; fails fast if the server cannot be read. */
  static async connect(connectionString: string): Promise<EventStoreDbEventStore> {
    const store = new EventStoreDbEventStore(
      EventStoreDBClient.connectionString(toClientConnectionString(connectionString)),
    );
    try {
      await store.readAllRaw({ fromPosition: END, direction: BACKWARDS, maxCount: 1 });
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const resolved = await this.readStreamRaw(streamId, {
      fromRevision: BigInt(options.fromRevision ?? 0),
      maxCount: options.maxCount,
      direction: FORWARDS,
    });
    return resolved.flatMap((r) => (r.event ? [fromClientEvent(r.event)] : []));
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | undefined> {
    try {
      const [last] = await this.readStreamRaw(streamId, {
        fromRevision: END,
        maxCount: 1,
        direction: BACKWARDS,
      });
      return last?.event ? fromClientEvent(last.event) : undefined;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
  }

  async appendToStream(
    streamId: string,
    events: EventData[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new EmptyAppendError(streamId);
    const result = await this.client
      .appendToStream(streamId, events.map(toClientEvent), {
        expectedRevision: toClientExpectedRevision(options.expectedRevision),
      })
      .catch((error: unknown) => {
        throw translateAppendError(error, streamId, options.expectedRevision);
      });
    const nextExpectedRevision = Number(result.nextExpectedRevision);
    // An idempotent retry (ids already in the stream) is answered without a position: look it up.
    const position =
      fromClientPosition(result.position) ?? (await this.positionOf(streamId, nextExpectedRevision));
    return { nextExpectedRevision, position };
  }

  async readAll({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> {
    const page: RecordedEvent[] = [];
    let cursor = after;
    while (page.length < maxCount) {
      // +1: ESDB's fromPosition is inclusive, and the record at the cursor was already seen.
      const chunkSize = Math.max(maxCount - page.length + 1, MIN_ALL_CHUNK);
      const chunk = await this.readAllRaw({ fromPosition: toReadPosition(cursor), maxCount: chunkSize });
      for (const { event } of chunk) {
        if (!event || !isAfter(event.position, cursor)) continue;
        if (isUserEvent(event) && page.length < maxCount) page.push(fromClientEvent(event));
      }
      if (chunk.length < chunkSize) break;
      const last = chunk[chunk.length - 1].event;
      if (!last || !isAfter(last.position, cursor)) break;
      cursor = last.position;
    }
    return page;
  }

  subscribeToAll({ after, maxBatchSize = 1000 }: SubscribeToAllOptions): AllSubscription {
    const subscription = this.client.subscribeToAll(
      { fromPosition: toReadPosition(after), filter: userEventsFilter() },
      { highWaterMark: maxBatchSize },
    );
    const abort = new AbortController();
    const raw = readableBatches<AllStreamResolvedEvent>(subscription, maxBatchSize, abort.signal);
    const close = async () => {
      if (abort.signal.aborted) return;
      abort.abort();
      // A subscription that never connected has nothing to cancel; closing must still succeed.
      await subscription.unsubscribe().catch(() => undefined);
      subscription.destroy();
    };

    async function* batches(): AsyncGenerator<RecordedEvent[]> {
      let cursor = after;
      try {
        for await (const resolved of raw) {
          // Never hand back the checkpoint's own event, nor anything the filter let through by mistake.
          const batch = resolved.flatMap(({ event }) =>
            event && isUserEvent(event) && isAfter(event.position, cursor) ? [fromClientEvent(event)] : [],
          );
          if (batch.length === 0) continue;
          cursor = batch[batch.length - 1].position;
          yield batch;
        }
      } finally {
        await close();
      }
    }

    const iterator = batches();
    return { [Symbol.asyncIterator]: () => iterator, close };
  }

  async headPosition(): Promise<Position | undefined> {
    let from: ReadPosition = END;
    for (;;) {
      const chunk = await this.readAllRaw({
        fromPosition: from,
        direction: BACKWARDS,
        maxCount: MIN_ALL_CHUNK,
      });
      const before = from;
      // Whether a backwards read includes the record at its start or not, it is never the answer twice.
      const newest = chunk.find(
        ({ event }) => event && isUserEvent(event) && isBefore(event.position, before),
      );
      if (newest?.event) return fromClientEvent(newest.event).position;
      const oldest = chunk[chunk.length - 1]?.event;
      if (chunk.length < MIN_ALL_CHUNK || !oldest || !isBefore(oldest.position, before)) return undefined;
      from = oldest.position;
    }
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private async positionOf(streamId: string, revision: number): Promise<Position> {
    const [event] = await this.readStream(streamId, { fromRevision: revision, maxCount: 1 });
    if (!event) throw new Error(`Stream ${streamId} has no revision ${revision} to take a position from`);
    return event.position;
  }

  private async readStreamRaw(streamId: string, options: ClientReadStreamOptions): Promise<ResolvedEvent[]> {
    try {
      return await collect<ResolvedEvent>(this.client.readStream(streamId, options));
    } catch (error) {
      throw translateReadError(error, streamId);
    }
  }

  private readAllRaw(options: ClientReadAllOptions): Promise<AllStreamResolvedEvent[]> {
    return collect(this.client.readAll(options));
  }
}

function isBefore(position: Position, bound: ReadPosition): boolean {
  return bound === END || (bound !== 'start' && comparePositions(position, bound) < 0);
}

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of stream) items.push(item);
  return items;
}
