import {
  AllStreamResolvedEvent,
  AppendResult as ClientAppendResult,
  BACKWARDS,
  END,
  KurrentDBClient,
  FORWARDS,
  ReadAllOptions as ClientReadAllOptions,
  ReadPosition,
  ReadStreamOptions as ClientReadStreamOptions,
  ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { EmptyAppendError, StreamNotFoundError, WrongExpectedVersionError } from '../errors';
import { findAlreadyAppended } from '../idempotent-append';
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
import { alreadyAppendedAll, checkAtomicAppend, meetsExpectation } from '../atomic-append';
import { comparePositions, isAfter, Position } from '../position';
import { BackoffOptions } from './backoff';
import {
  translateAllError,
  translateAppendError,
  translateMultiAppendError,
  translateReadError,
} from './client-errors';
import { checkConnectionOptions, toClientConnectionString } from './connection-string';
import { isEngineStream, sortLogRecord } from './engine-events';
import {
  fromClientEvent,
  fromClientPosition,
  toClientEvent,
  toMultiAppendEvent,
  toReadPosition,
  userEventsFilter,
} from './event-conversion';
import { toClientExpectedRevision } from './expected-revision';
import { consoleObserver, EventStoreDbObserver } from './observer';
import { resubscribingSubscription } from './resubscribing-subscription';

/** $all is read in chunks of at least this many records, so runs of system events cost few round trips. */
const MIN_ALL_CHUNK = 100;

/**
 * How far back an append expecting `any` or `stream_exists` looks for its own event ids before it
 * writes: the server proves a retry idempotent by itself only against an exact revision.
 */
const IDEMPOTENCE_TAIL = 64;

export interface EventStoreDbOptions {
  /** The streams the engine wrote; events of other streams are skipped in the global log. */
  ownsStream?: (streamId: string) => boolean;
  /** Told of skipped events and resubscriptions; default: a warning on the console. */
  observer?: EventStoreDbObserver;
  /** The $all subscription's wait between resubscriptions. */
  resubscribe?: BackoffOptions;
}

/**
 * The production store: EventStoreDB / KurrentDB through the gRPC client. Revisions, expected
 * revisions and positions are the server's own; this class restates them and the client's errors
 * in the port's terms, keeps the global log to the engine's own events, and keeps the $all
 * subscription alive across a cluster's ordinary faults.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly ownsStream: (streamId: string) => boolean;
  private readonly observer: EventStoreDbObserver;
  private readonly subscriptions = new Set<AllSubscription>();

  constructor(
    private readonly client: KurrentDBClient,
    private readonly options: EventStoreDbOptions = {},
  ) {
    this.ownsStream = options.ownsStream ?? isEngineStream;
    this.observer = options.observer ?? consoleObserver;
  }

  /**
   * `esdb://…` or `kurrentdb://…`. Refuses options that would weaken the adapter's guarantees, and
   * fails fast if the server cannot be reached or the user may not read $all.
   */
  static async connect(
    connectionString: string,
    options: EventStoreDbOptions = {},
  ): Promise<EventStoreDbEventStore> {
    const translated = toClientConnectionString(connectionString);
    checkConnectionOptions(translated);
    return EventStoreDbEventStore.open(KurrentDBClient.connectionString(translated), options);
  }

  /** On a client already made: fails fast if the server cannot be reached or the user may not read $all. */
  static async open(
    client: KurrentDBClient,
    options: EventStoreDbOptions = {},
  ): Promise<EventStoreDbEventStore> {
    const store = new EventStoreDbEventStore(client, options);
    try {
      await store.readAllRaw(
        { fromPosition: END, direction: BACKWARDS, maxCount: 1 },
        'reading $all at start-up',
      );
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
    return (await this.readTail(streamId, 1))[0];
  }

  /**
   * A retry with the same event ids is idempotent. With `no_stream` or an exact revision the server
   * proves it by reading the stream at that revision; with `any` or `stream_exists` it only
   * remembers recent ids, so the stream's tail is checked here first and the append is made at the
   * exact revision found (read again if another writer got there first).
   */
  async appendToStream(
    streamId: string,
    events: EventData[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new EmptyAppendError(streamId);
    const expected = options.expectedRevision;
    if (expected !== 'any' && expected !== 'stream_exists')
      return this.append(streamId, events, expected, expected);
    for (;;) {
      const tail = await this.readTail(streamId, IDEMPOTENCE_TAIL);
      const already = findAlreadyAppended(tail, events, expected);
      if (already) return already;
      const current = tail.length > 0 ? tail[tail.length - 1].revision : 'no_stream';
      if (expected === 'stream_exists' && current === 'no_stream') {
        throw new WrongExpectedVersionError(streamId, expected, 'no_stream');
      }
      try {
        return await this.append(streamId, events, current, expected);
      } catch (error) {
        // Another writer appended between the read and the append: `any` still holds, look again.
        if (!(error instanceof WrongExpectedVersionError)) throw error;
      }
    }
  }

  /**
   * KurrentDB 25.1 or newer (multiStreamAppend); an older server refuses it at use, naming the
   * version, while single appends go on working. As for appendToStream, each stream's tail is read
   * first for the call's own ids (the idempotent retry) and its current revision; the append is
   * made expecting the revisions found, so a stream expecting `any` or `stream_exists` that another
   * writer moved meanwhile is read again.
   */
  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    checkAtomicAppend(appends);
    for (;;) {
      const tails = await Promise.all(appends.map((a) => this.readTail(a.streamId, IDEMPOTENCE_TAIL)));
      const current = tails.map((tail) => tail.at(-1)?.revision ?? ('no_stream' as const));
      const found = await Promise.all(
        appends.map(
          async (a, i) =>
            findAlreadyAppended(tails[i], a.events, a.expectedRevision) ??
            (await this.atExpectedRevision(a, current[i])),
        ),
      );
      const already = await alreadyAppendedAll(appends, found, async (id) => current[indexOf(appends, id)]);
      if (already) return already;
      const unmet = appends.findIndex((a, i) => !meetsExpectation(a.expectedRevision, current[i]));
      if (unmet >= 0) {
        const { streamId, expectedRevision } = appends[unmet];
        throw new WrongExpectedVersionError(streamId, expectedRevision, current[unmet]);
      }
      try {
        return await this.multiAppend(appends, current);
      } catch (error) {
        // Another writer moved a stream between the read and the append: `any` may still hold, look again.
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        const moved = appends[indexOf(appends, error.streamId)];
        if (typeof moved?.expectedRevision === 'number' || moved?.expectedRevision === 'no_stream')
          throw error;
      }
    }
  }

  async readAll({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> {
    const page: RecordedEvent[] = [];
    let cursor = after;
    while (page.length < maxCount) {
      // +1: ESDB's fromPosition is inclusive, and the record at the cursor was already seen.
      const chunkSize = Math.max(maxCount - page.length + 1, MIN_ALL_CHUNK);
      const chunk = await this.readAllRaw(
        { fromPosition: toReadPosition(cursor), maxCount: chunkSize },
        'reading $all',
      );
      for (const { event } of chunk) {
        if (!event || !isAfter(event.position, cursor) || page.length >= maxCount) continue;
        const record = sortLogRecord(event, this.ownsStream);
        if (record.kind === 'event') page.push(record.event);
        if (record.kind === 'skipped') this.observer.skipped?.(record.skipped);
      }
      if (chunk.length < chunkSize) break;
      const last = chunk[chunk.length - 1].event;
      if (!last || !isAfter(last.position, cursor)) break;
      cursor = last.position;
    }
    return page;
  }

  subscribeToAll({ after, maxBatchSize = 1000 }: SubscribeToAllOptions): AllSubscription {
    const subscription = resubscribingSubscription({
      open: (from) =>
        this.client.subscribeToAll(
          { fromPosition: toReadPosition(from), filter: userEventsFilter() },
          { highWaterMark: maxBatchSize },
        ),
      after,
      maxBatchSize,
      accept: (record) => {
        const sorted = sortLogRecord(record, this.ownsStream);
        if (sorted.kind === 'skipped') this.observer.skipped?.(sorted.skipped);
        return sorted.kind === 'event' ? sorted.event : undefined;
      },
      backoff: this.options.resubscribe,
      observer: this.observer,
    });
    const open = this.subscriptions;
    open.add(subscription);
    // Forgotten once it ends, by close() or on its own (an error that stops it).
    async function* tracked(): AsyncGenerator<RecordedEvent[]> {
      try {
        yield* subscription;
      } finally {
        open.delete(subscription);
      }
    }
    const iterator = tracked();
    return {
      [Symbol.asyncIterator]: () => iterator,
      close: async () => {
        open.delete(subscription);
        await subscription.close();
      },
    };
  }

  async headPosition(): Promise<Position | undefined> {
    let from: ReadPosition = END;
    for (;;) {
      const chunk = await this.readAllRaw(
        { fromPosition: from, direction: BACKWARDS, maxCount: MIN_ALL_CHUNK },
        'reading the head of $all',
      );
      const before = from;
      // Whether a backwards read includes the record at its start or not, it is never the answer twice.
      // Only an event subscribers are handed out can be the head: a skipped one is never reached.
      const newest = chunk.find(
        ({ event }) =>
          event && isBefore(event.position, before) && sortLogRecord(event, this.ownsStream).kind === 'event',
      );
      if (newest?.event) return fromClientEvent(newest.event).position;
      const oldest = chunk[chunk.length - 1]?.event;
      if (chunk.length < MIN_ALL_CHUNK || !oldest || !isBefore(oldest.position, before)) return undefined;
      from = oldest.position;
    }
  }

  /** Ends the subscriptions still open first: against a disposed client they would resubscribe forever. */
  async close(): Promise<void> {
    const open = [...this.subscriptions];
    this.subscriptions.clear();
    await Promise.all(open.map((subscription) => subscription.close()));
    await this.client.dispose();
  }

  /** One append at an expectation the server checks; `expected` is the caller's, for errors. */
  private async append(
    streamId: string,
    events: EventData[],
    at: ExpectedRevision,
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    let result: ClientAppendResult;
    try {
      result = await this.client.appendToStream(streamId, events.map(toClientEvent), {
        streamState: toClientExpectedRevision(at),
      });
    } catch (error) {
      throw translateAppendError(error, streamId, expected);
    }
    // Only with throwOnAppendFailure=false (refused at connect) would a conflict come back as a result.
    if (!result.success) {
      throw new WrongExpectedVersionError(streamId, expected, Number(result.nextExpectedRevision));
    }
    const nextExpectedRevision = Number(result.nextExpectedRevision);
    // An idempotent retry (ids already in the stream) is answered without a position: look it up.
    const position =
      fromClientPosition(result.position) ?? (await this.positionOf(streamId, nextExpectedRevision));
    return { nextExpectedRevision, position };
  }

  /** All or nothing at the revisions found; `current[i]` is appends[i]'s stream's. */
  private async multiAppend(
    appends: StreamAppend[],
    current: (number | 'no_stream')[],
  ): Promise<AppendResult[]> {
    let revisions: bigint[];
    try {
      const result = await this.client.multiStreamAppend(
        appends.map((a, i) => ({
          streamName: a.streamId,
          events: a.events.map(toMultiAppendEvent),
          expectedState: toClientExpectedRevision(current[i]),
        })),
      );
      const byStream = new Map(result.responses.map((r) => [r.streamName, r.revision]));
      revisions = appends.map((a) => byStream.get(a.streamId)!);
    } catch (error) {
      throw translateMultiAppendError(
        error,
        (streamId) => appends[indexOf(appends, streamId)]?.expectedRevision,
      );
    }
    // The answer carries one position for the whole append: each stream's last event is read for its own.
    return Promise.all(
      appends.map(async (a, i) => {
        const nextExpectedRevision = Number(revisions[i]);
        return { nextExpectedRevision, position: await this.positionOf(a.streamId, nextExpectedRevision) };
      }),
    );
  }

  /**
   * An exact expectation's batch beyond the tail read (more than IDEMPOTENCE_TAIL later events):
   * read where it would be, as the server proves a single append's retry.
   */
  private async atExpectedRevision(
    append: StreamAppend,
    current: number | 'no_stream',
  ): Promise<AppendResult | undefined> {
    const expected = append.expectedRevision;
    if (expected === 'any' || expected === 'stream_exists' || current === 'no_stream') return undefined;
    const from = expected === 'no_stream' ? 0 : expected + 1;
    if (from > current || current - from < IDEMPOTENCE_TAIL) return undefined;
    const slice = await this.readStream(append.streamId, {
      fromRevision: from,
      maxCount: append.events.length,
    });
    const last = await this.readLastEvent(append.streamId);
    return findAlreadyAppended(last ? [...slice, last] : slice, append.events, expected);
  }

  /** The stream's last `count` events in revision order; none if it does not exist. */
  private async readTail(streamId: string, count: number): Promise<RecordedEvent[]> {
    try {
      const resolved = await this.readStreamRaw(streamId, {
        fromRevision: END,
        maxCount: count,
        direction: BACKWARDS,
      });
      return resolved.flatMap((r) => (r.event ? [fromClientEvent(r.event)] : [])).reverse();
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
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

  private async readAllRaw(options: ClientReadAllOptions, what: string): Promise<AllStreamResolvedEvent[]> {
    try {
      return await collect(this.client.readAll(options));
    } catch (error) {
      throw translateAllError(error, what);
    }
  }
}

function indexOf(appends: StreamAppend[], streamId: string): number {
  return appends.findIndex((a) => a.streamId === streamId);
}

function isBefore(position: Position, bound: ReadPosition): boolean {
  return bound === END || (bound !== 'start' && comparePositions(position, bound) < 0);
}

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of stream) items.push(item);
  return items;
}
