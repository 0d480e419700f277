import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  AllStreamResolvedEvent,
  AppendStreamState,
  AppendResult,
  AppendStreamRequest,
  ANY,
  BACKWARDS,
  END,
  EventData as ClientEventData,
  KurrentDBClient,
  NO_STREAM,
  NotLeaderError,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent as ClientRecordedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  SubscribeToAllOptions,
  MultiAppendResult,
  UnsupportedError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { Position } from '../position';

/** After `after` records the subscription fails with `error`, or ends; with 0, before the server confirms it unless `confirmed`. */
type Fault = { after: number; error?: unknown; confirmed?: boolean };

/**
 * A stand-in for the gRPC client over an in-memory log, close enough to EventStoreDB for the
 * adapter's fault cases: expected revisions, idempotence (proved by reading the stream for an
 * exact revision, by a forgettable id cache for `any` and `stream_exists`), inclusive $all reads,
 * live subscriptions. It raises the client's own error classes, and chosen faults on demand.
 * Subscriptions repeat the record at their start position, which a real server does not: the
 * adapter must drop it anyway.
 */
export class EsdbStandIn {
  readonly log: ClientRecordedEvent[] = [];
  private readonly streams = new Map<string, ClientRecordedEvent[]>();
  private readonly remembered = new Set<string>();
  private readonly live = new Set<(record: ClientRecordedEvent) => void>();

  /** Errors the next calls throw, in order, by kind of call. */
  readonly failNext = { append: [] as unknown[], readStream: [] as unknown[], readAll: [] as unknown[] };
  /** Errors the next appends throw after writing: the answer was lost on the way back. */
  readonly loseAnswer: unknown[] = [];
  /** One entry per subscription opened, in order: after `after` records it fails with `error`, or ends. */
  readonly subscriptionFaults: Fault[] = [];
  /** Where each subscription was opened from. */
  readonly subscribedFrom: (Position | 'start')[] = [];
  /** false: a server older than KurrentDB 25.1, which has no multiStreamAppend. */
  multiStreamAppends = true;
  /** Subscriptions opened and not yet cancelled. */
  open = 0;
  appends = 0;

  asClient(): KurrentDBClient {
    return this as unknown as KurrentDBClient;
  }

  /** The server restarted or evicted its cache: `any` retries are no longer recognised by it. */
  forgetIds(): void {
    this.remembered.clear();
  }

  /** A record as another writer, or the server, would put it in the log. */
  writeRaw(streamId: string, type: string, data: unknown, binary = false): void {
    this.write(streamId, [
      binary
        ? { id: randomUUID(), type, contentType: 'application/octet-stream', data: data as Uint8Array }
        : { id: randomUUID(), type, contentType: 'application/json', data: data as never },
    ] as ClientEventData[]);
  }

  async appendToStream(
    streamName: string,
    events: ClientEventData[],
    { streamState: expectedRevision = ANY }: { streamState?: AppendStreamState } = {},
  ): Promise<AppendResult> {
    this.appends += 1;
    const fault = this.failNext.append.shift();
    if (fault) throw fault;
    const stream = this.streams.get(streamName) ?? [];
    const current = stream.length - 1;
    const conflict = () =>
      new WrongExpectedVersionError(undefined, {
        streamName,
        expected: expectedRevision,
        current: current < 0 ? NO_STREAM : BigInt(current),
      });
    if (expectedRevision === ANY || expectedRevision === STREAM_EXISTS) {
      if (expectedRevision === STREAM_EXISTS && current < 0) throw conflict();
      if (this.remembered.has(events[0].id)) return this.idempotent(stream, events);
      return this.answer(this.write(streamName, events));
    }
    const expected = expectedRevision === NO_STREAM ? -1 : Number(expectedRevision);
    if (expected < current) {
      const same = events.every((e, i) => stream[expected + 1 + i]?.id === e.id);
      if (same) return { success: true, nextExpectedRevision: BigInt(expected + events.length) };
      throw conflict();
    }
    if (expected > current) throw conflict();
    return this.answer(this.write(streamName, events));
  }

  /**
   * All or nothing: every stream's expected state is checked before anything is written, and the
   * first that fails is the error. No idempotence of its own (the adapter reads first); the answer
   * carries revisions and one position, as the client's does.
   */
  async multiStreamAppend(requests: AppendStreamRequest[]): Promise<MultiAppendResult> {
    if (!this.multiStreamAppends) throw new UnsupportedError('multiStreamAppend', '25.1');
    this.appends += 1;
    const fault = this.failNext.append.shift();
    if (fault) throw fault;
    for (const { streamName, expectedState } of requests) {
      const current = (this.streams.get(streamName)?.length ?? 0) - 1;
      const ok =
        expectedState === ANY ||
        (expectedState === STREAM_EXISTS && current >= 0) ||
        (expectedState === NO_STREAM && current < 0) ||
        (typeof expectedState === 'bigint' && BigInt(current) === expectedState);
      if (!ok)
        throw new WrongExpectedVersionError(undefined, {
          streamName,
          expected: expectedState,
          current: current < 0 ? NO_STREAM : BigInt(current),
        });
    }
    const written = requests.map((r) => ({
      streamName: r.streamName,
      ...this.write(r.streamName, r.events as ClientEventData[]),
    }));
    const lost = this.loseAnswer.shift();
    if (lost) throw lost;
    return {
      position: written.at(-1)!.position!.commit,
      responses: written.map((w) => ({ streamName: w.streamName, revision: w.nextExpectedRevision })),
    };
  }

  private async answer(result: AppendResult): Promise<AppendResult> {
    const lost = this.loseAnswer.shift();
    if (lost) throw lost;
    return result;
  }

  readStream(
    streamName: string,
    options: ReadStreamOptions = {},
  ): AsyncIterable<{ event: ClientRecordedEvent }> {
    const fault = this.failNext.readStream.shift();
    const stream = this.streams.get(streamName);
    return (async function* () {
      if (fault) throw fault;
      if (!stream) throw new StreamNotFoundError(undefined, streamName);
      const backwards = options.direction === BACKWARDS;
      const from = options.fromRevision;
      let records = backwards ? [...stream].reverse() : stream;
      if (typeof from === 'bigint') {
        records = records.filter((r) => (backwards ? r.revision <= from : r.revision >= from));
      }
      for (const event of records.slice(0, Number(options.maxCount ?? Infinity))) yield { event };
    })();
  }

  readAll(options: ReadAllOptions = {}): AsyncIterable<AllStreamResolvedEvent> {
    const fault = this.failNext.readAll.shift();
    const log = this.log;
    return (async function* () {
      if (fault) throw fault;
      const backwards = options.direction === BACKWARDS;
      const from = options.fromPosition ?? (backwards ? END : START);
      let records = backwards ? [...log].reverse() : log;
      if (from !== START && from !== END) {
        // Inclusive, as the server is.
        records = records.filter((r) =>
          backwards ? r.position!.commit <= from.commit : r.position!.commit >= from.commit,
        );
      }
      for (const event of records.slice(0, Number(options.maxCount ?? Infinity)))
        yield { event } as AllStreamResolvedEvent;
    })();
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): PassThrough & { unsubscribe(): Promise<void> } {
    const from = options.fromPosition ?? START;
    this.subscribedFrom.push(from === START || from === END ? 'start' : { ...from });
    const fault = this.subscriptionFaults.shift();
    const regex = options.filter && 'regex' in options.filter ? new RegExp(options.filter.regex) : undefined;
    const stream = new PassThrough({ objectMode: true, highWaterMark: 10_000 });
    let sent = 0;
    let stopped = false;
    const send = (record: ClientRecordedEvent) => {
      if (stopped || (regex && !regex.test(record.type))) return;
      stream.write({ event: record });
      sent += 1;
      if (fault && sent >= fault.after) stop(fault);
    };
    const stop = (how: Fault) => {
      stopped = true;
      this.live.delete(send);
      // As the client does: the error is emitted (not destroyed with), so buffered records still arrive.
      setImmediate(() => (how.error ? stream.emit('error', how.error) : stream.end()));
    };
    let cancelled = false;
    const cancel = async () => {
      if (!cancelled) this.open -= 1;
      cancelled = stopped = true;
      this.live.delete(send);
    };
    this.open += 1;
    setImmediate(() => {
      if (fault && fault.after === 0 && !fault.confirmed) return stop(fault);
      stream.emit('confirmation');
      if (fault && fault.after === 0) return stop(fault);
      const past =
        from === START ? this.log : this.log.filter((r) => from !== END && r.position!.commit >= from.commit);
      for (const record of past) send(record);
      if (!stopped) this.live.add(send);
    });
    return Object.assign(stream, { unsubscribe: cancel });
  }

  async dispose(): Promise<void> {
    this.live.clear();
  }

  private idempotent(stream: ClientRecordedEvent[], events: ClientEventData[]): AppendResult {
    const start = stream.findIndex((r) => r.id === events[0].id);
    return { success: true, nextExpectedRevision: BigInt(start + events.length - 1) };
  }

  private write(streamName: string, events: ClientEventData[]): AppendResult {
    const stream = this.streams.get(streamName) ?? [];
    this.streams.set(streamName, stream);
    let last: ClientRecordedEvent | undefined;
    for (const event of events) {
      const commit = BigInt(this.log.length + 1) * 10n;
      last = {
        streamId: streamName,
        id: event.id,
        revision: BigInt(stream.length),
        type: event.type,
        data: event.data,
        metadata: event.metadata ?? {},
        isJson: event.contentType === 'application/json',
        created: new Date(),
        position: { commit, prepare: commit },
      } as ClientRecordedEvent;
      stream.push(last);
      this.log.push(last);
      this.remembered.add(event.id);
      for (const send of [...this.live]) send(last);
    }
    return { success: true, nextExpectedRevision: last!.revision, position: last!.position };
  }
}

/** The client's NotLeaderError as it builds it from the server's answer (which names the leader). */
export function notLeader(): NotLeaderError {
  const metadata = { getMap: () => ({ 'leader-endpoint-host': 'node-2', 'leader-endpoint-port': '2113' }) };
  return new NotLeaderError({
    code: 5,
    details: 'Leader info available',
    message: 'not leader',
    metadata,
  } as never);
}
