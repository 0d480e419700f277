import { Position } from './position';

/** What an append expects the stream to be, checked atomically with the write. */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | number;

/** Who did it and why: recorded with every event, never interpreted by the store. */
export interface EventMetadata {
  account_id?: string | null;
  user_id?: string | null;
  api_key_id?: string | null;
  request_id?: string | null;
  idempotency_key?: string | null;
  causation_id?: string | null;
  correlation_id?: string | null;
  [key: string]: unknown;
}

export type JsonObject = { [key: string]: unknown };

/** An event to append. `id` is a UUID chosen by the caller: appending it again is idempotent (see appendToStream). */
export interface EventData<Type extends string = string, Data extends JsonObject = JsonObject> {
  id: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data extends JsonObject = JsonObject> {
  id: string;
  streamId: string;
  /** 0-based position in its stream, without gaps. */
  revision: number;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  /** Position in the global log; strictly increasing in the order subscribers see events. */
  position: Position;
  recordedAt: Date;
}

export interface AppendResult {
  /** Revision of the last event now in the stream (the new ETag). */
  nextExpectedRevision: number;
  /** Global position of the last appended event. */
  position: Position;
}

/** One stream's part of an atomic append to several streams (see EventStore.appendToStreams). */
export interface StreamAppend {
  streamId: string;
  events: EventData[];
  expectedRevision: ExpectedRevision;
}

export interface ReadStreamOptions {
  /** First revision to return (inclusive); default 0. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Return events strictly after this position; 'start' for the beginning. */
  after: Position | 'start';
  maxCount: number;
}

export interface SubscribeToAllOptions {
  after: Position | 'start';
  /** Upper bound on the events delivered in one batch. */
  maxBatchSize?: number;
}

/**
 * Catch-up, then live: yields batches of events in global order, each exactly once,
 * until closed. Iterating ends after close().
 */
export interface AllSubscription extends AsyncIterable<RecordedEvent[]> {
  close(): Promise<void>;
}

export interface EventStore {
  /** Events of one stream in revision order. Throws StreamNotFoundError if the stream has no event. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** The stream's last event, or undefined if the stream has none. */
  readLastEvent(streamId: string): Promise<RecordedEvent | undefined>;
  /**
   * Appends atomically. Throws WrongExpectedVersionError when the stream is not as expected.
   * Events whose ids the stream already holds (the whole batch, in order) are not written again:
   * the result names where they already are. A retry after a fault (StoreUnavailableError: the
   * first attempt may or may not have been written) must send the same event ids.
   *
   * How long this holds depends on the store. PostgreSQL and memory: always. EventStoreDB proves
   * it from the stream itself for `no_stream` and an exact revision, always; for `any` and
   * `stream_exists` the server only remembers recent ids (in memory: lost on a restart or a leader
   * change), so its adapter looks for the batch among the stream's last 64 events first. There, a
   * retry made after more than 64 later events to the same stream, and after the server forgot
   * the ids, is written again: retry with an exact revision where that matters.
   */
  appendToStream(
    streamId: string,
    events: EventData[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /**
   * Appends to several distinct streams as one: every stream's events are written, or none are.
   * Each stream's expectation is checked with the write; if one fails, nothing is written and
   * WrongExpectedVersionError names the first such stream (in the order given). In the global log
   * the events of one call are contiguous, in the order given. Results are one per append, in order.
   *
   * A retry with the same event ids is idempotent as for appendToStream, for the call as a whole:
   * if every stream already holds its batch (whole, in order), the earlier results are returned
   * and nothing is written; if only some of them do, it is not a retry of this call but a
   * conflict (WrongExpectedVersionError naming such a stream) and nothing is written.
   * EventStoreDB/KurrentDB: needs KurrentDB 25.1 or newer (multiStreamAppend).
   */
  appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]>;
  /** A page of the global log, in global order, never skipping an event that commits late. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options: SubscribeToAllOptions): AllSubscription;
  /** Position of the newest event subscribers can see, or undefined for an empty store. */
  headPosition(): Promise<Position | undefined>;
  close(): Promise<void>;
}
