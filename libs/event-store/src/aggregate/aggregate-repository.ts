import { WrongExpectedVersionError, StreamNotFoundError } from '../errors';
import {
  AppendResult,
  EventData,
  EventStore,
  ExpectedRevision,
  RecordedEvent,
  StreamAppend,
} from '../event-store';
import { Position } from '../position';
import {
  AggregateDefinition,
  DomainEvent,
  Recorded,
  snapshotVersionOf,
  streamName,
} from './aggregate-definition';
import { crossesSnapshotBoundary } from './snapshot-policy';
import { SnapshotStore } from './snapshot-store';

export interface LoadedAggregate<State> {
  state: State;
  /** Revision of the stream's last event (the ETag); -1 when the stream has no event. */
  revision: number;
  exists: boolean;
}

export interface AggregateRepositoryOptions {
  /** Without a snapshot store every load replays the whole stream. */
  snapshots?: SnapshotStore;
  /** A snapshot each time a stream reaches a multiple of this many events; default 100. */
  snapshotEvery?: number;
  /** Default bound on execute()'s attempts (first try included); default 5. */
  maxAttempts?: number;
  /** Events per readStream call, bounding memory on a long replay; default 1000. */
  readPageSize?: number;
  logger?: { warn(message: string, error: unknown): void };
}

/** What `decide` returns: the events to append (possibly none), or the caller's own error value. */
export type Decision<Err> = EventData[] | Err;

export type ExecuteResult<Err> =
  | { ok: true; events: EventData[]; nextExpectedRevision: number; position: Position | undefined }
  | { ok: false; error: Err };

export interface ExecuteOptions<S = unknown> {
  /** The client's If-Match: a conflict is then surfaced, never retried. */
  expectedRevision?: number;
  maxAttempts?: number;
  /**
   * The stream's state as this process last wrote or read it: decided on without a read. The
   * append's expected revision still checks it, so a write made meanwhile elsewhere only costs a
   * read and a second decision. A refusal, an empty decision or a decide that throws stands only
   * once a read from the given revision finds nothing after it; else the command is decided again
   * on the stream (a decide with effects elsewhere then runs twice, as after a concurrent write). A
   * stream that does not hold the given revision is loaded whole: the state is a hint, never a
   * base. Ignored with `expectedRevision` (an If-Match is judged against the stream as read).
   */
  from?: LoadedAggregate<S>;
  /**
   * Appends to other streams that the last decision made (decided by `decide` on those streams as
   * it read them, each with the revision it read): written with this stream's events as one atomic
   * append (EventStore.appendToStreams), before them in the global log, or not at all. A conflict
   * on one of them reads and decides again, If-Match or not (an If-Match concerns this stream).
   */
  alongside?: () => StreamAppend[];
}

/**
 * Loads aggregates from their streams (the latest snapshot plus only the later events) and appends
 * to them. Snapshots are a cache: failing to read or write one never fails a load or a command.
 */
export class AggregateRepository {
  private readonly snapshots: SnapshotStore | undefined;
  private readonly snapshotEvery: number;
  private readonly maxAttempts: number;
  private readonly readPageSize: number;
  private readonly logger: { warn(message: string, error: unknown): void };
  /**
   * Streams last seen shorter than snapshotEvery, most recent last: none can have a snapshot
   * worth reading (their whole stream is at most that long), so their loads skip the snapshot
   * read, a round trip of every command on a document. A snapshot is only a cache: reading the
   * stream from its start is always right, whoever appended since.
   */
  private readonly shortStreams = new Set<string>();

  constructor(
    private readonly events: EventStore,
    options: AggregateRepositoryOptions = {},
  ) {
    this.snapshots = options.snapshots;
    this.snapshotEvery = atLeastOne('snapshotEvery', options.snapshotEvery ?? 100);
    this.maxAttempts = atLeastOne('maxAttempts', options.maxAttempts ?? 5);
    this.readPageSize = atLeastOne('readPageSize', options.readPageSize ?? 1000);
    this.logger = options.logger ?? console;
  }

  async load<S, E extends DomainEvent>(
    definition: AggregateDefinition<S, E>,
    id: string,
  ): Promise<LoadedAggregate<S>> {
    return this.loadStream(definition, streamName(definition, id));
  }

  /**
   * Appends with the caller's expectation, with `others` in the same atomic append when given; a
   * stream reaching a multiple of snapshotEvery gets a snapshot.
   */
  async append<S, E extends DomainEvent>(
    definition: AggregateDefinition<S, E>,
    id: string,
    events: EventData[],
    expectedRevision: ExpectedRevision,
    others: StreamAppend[] = [],
  ): Promise<AppendResult> {
    return this.appendAndSnapshot(
      definition,
      streamName(definition, id),
      events,
      expectedRevision,
      undefined,
      others,
    );
  }

  /**
   * Load, decide, append with the revision decided on. Without `expectedRevision`, a concurrent write
   * makes it catch up and decide again, up to maxAttempts; then the WrongExpectedVersionError is thrown.
   * With it (If-Match), a stream not at that revision throws WrongExpectedVersionError at once, nothing
   * appended. `decide` runs first even then, so its errors (e.g. a record outside the caller's account:
   * 404) win over a stale If-Match and do not reveal that the record exists.
   */
  async execute<S, E extends DomainEvent, Err>(
    definition: AggregateDefinition<S, E>,
    id: string,
    decide: (state: S, revision: number) => Decision<Err> | Promise<Decision<Err>>,
    options: ExecuteOptions<S> = {},
  ): Promise<ExecuteResult<Err>> {
    const streamId = streamName(definition, id);
    const ifMatch = options.expectedRevision;
    const maxAttempts = atLeastOne('maxAttempts', options.maxAttempts ?? this.maxAttempts);
    const given = ifMatch === undefined && options.from?.exists ? options.from : undefined;
    let loaded = given ?? (await this.loadStream(definition, streamId));
    // A given state is a hint until the stream confirms it (an append, or a read from its revision).
    let confirmed = given === undefined;
    for (let attempt = 1; ; attempt++) {
      let decision: Decision<Err>;
      try {
        decision = await decide(loaded.state, loaded.revision);
      } catch (error) {
        if (confirmed) throw error;
        const current = await this.confirm(definition, streamId, loaded);
        confirmed = true;
        if (current === loaded) throw error; // decided on the stream as it is: the throw stands
        loaded = current;
        attempt--;
        continue;
      }
      if (!confirmed && !(Array.isArray(decision) && decision.length > 0)) {
        // Only an append checks a given state: a refusal or a no-op on it stands only if the stream
        // has nothing after it, else the command is decided again on the stream.
        const current = await this.confirm(definition, streamId, loaded);
        confirmed = true;
        if (current !== loaded) {
          loaded = current;
          attempt--;
          continue;
        }
      }
      if (!Array.isArray(decision)) return { ok: false, error: decision as Err };
      if (ifMatch !== undefined && ifMatch !== loaded.revision) {
        throw new WrongExpectedVersionError(streamId, ifMatch, loaded.exists ? loaded.revision : 'no_stream');
      }
      if (decision.length === 0) {
        return { ok: true, events: [], nextExpectedRevision: loaded.revision, position: undefined };
      }
      const others = options.alongside?.() ?? [];
      try {
        const expected = toExpectedRevision(loaded.revision);
        const result = await this.appendAndSnapshot(definition, streamId, decision, expected, loaded, others);
        return { ok: true, events: decision, ...result };
      } catch (error) {
        const conflict = error instanceof WrongExpectedVersionError;
        const retry =
          conflict && (ifMatch === undefined || error.streamId !== streamId) && attempt < maxAttempts;
        if (!retry) throw error;
        loaded = confirmed
          ? await this.catchUp(definition, streamId, loaded)
          : await this.confirm(definition, streamId, loaded);
        confirmed = true;
      }
    }
  }

  /**
   * A given state brought up to its stream: read from its own revision on, so that one read both
   * checks that the stream holds that revision and brings what came after. The same object when
   * nothing came after; the whole stream loaded when the stream does not hold the revision (the
   * state was not from it).
   */
  private async confirm<S, E extends DomainEvent>(
    definition: AggregateDefinition<S, E>,
    streamId: string,
    given: LoadedAggregate<S>,
  ): Promise<LoadedAggregate<S>> {
    const page = await this.readPage(streamId, given.revision);
    if (page?.[0]?.revision !== given.revision) return this.loadStream(definition, streamId);
    // A page of one says nothing of what follows when pages hold one event.
    if (page.length === 1) return this.readPageSize > 1 ? given : this.catchUp(definition, streamId, given);
    const after = page.slice(1);
    const state = after.reduce((s, event) => definition.evolve(s, event as Recorded<E>), given.state);
    const current = { state, revision: after[after.length - 1].revision, exists: true };
    return page.length < this.readPageSize ? current : this.catchUp(definition, streamId, current);
  }

  private async loadStream<S, E extends DomainEvent>(
    definition: AggregateDefinition<S, E>,
    streamId: string,
  ): Promise<LoadedAggregate<S>> {
    const base = this.shortStreams.has(streamId)
      ? { state: definition.initialState, revision: -1, exists: false }
      : await this.fromSnapshot(definition, streamId);
    const loaded = await this.catchUp(definition, streamId, base);
    this.seen(streamId, loaded.revision);
    // A long tail (snapshots of an older version, or appends made elsewhere) is snapshotted on the way.
    if (loaded.revision - base.revision >= this.snapshotEvery)
      await this.saveSnapshot(definition, streamId, loaded);
    return loaded;
  }

  /** Notes how long a stream is (see shortStreams), keeping the 10,000 most recent. */
  private seen(streamId: string, revision: number): void {
    this.shortStreams.delete(streamId);
    if (revision >= this.snapshotEvery - 1) return;
    this.shortStreams.add(streamId);
    if (this.shortStreams.size > SHORT_STREAMS_KEPT)
      this.shortStreams.delete(this.shortStreams.values().next().value!);
  }

  private async appendAndSnapshot<S, E extends DomainEvent>(
    definition: AggregateDefinition<S, E>,
    streamId: string,
    events: EventData[],
    expectedRevision: ExpectedRevision,
    loaded: LoadedAggregate<S> | undefined,
    others: StreamAppend[] = [],
  ): Promise<AppendResult> {
    const result =
      others.length === 0
        ? await this.events.appendToStream(streamId, events, { expectedRevision })
        : await this.appendAlongside(others, { streamId, events, expectedRevision });
    this.seen(streamId, result.nextExpectedRevision);
    if (
      this.snapshots &&
      crossesSnapshotBoundary(events.length, result.nextExpectedRevision, this.snapshotEvery)
    ) {
      await this.snapshotAfterAppend(definition, streamId, loaded);
    }
    return result;
  }

  /** This stream's append last, after the others; their snapshots are left to their next load. */
  private async appendAlongside(others: StreamAppend[], own: StreamAppend): Promise<AppendResult> {
    const results = await this.events.appendToStreams([...others, own]);
    others.forEach((other, i) => this.seen(other.streamId, results[i].nextExpectedRevision));
    return results[results.length - 1];
  }

  /** Reads the appended events back rather than guessing their RecordedEvent fields (recordedAt, position). */
  private async snapshotAfterAppend<S, E extends DomainEvent>(
    definition: AggregateDefinition<S, E>,
    streamId: string,
    loaded: LoadedAggregate<S> | undefined,
  ): Promise<void> {
    try {
      const base = loaded ?? (await this.fromSnapshot(definition, streamId));
      await this.saveSnapshot(definition, streamId, await this.catchUp(definition, streamId, base));
    } catch (error) {
      this.logger.warn(`Snapshot of ${streamId} not taken`, error);
    }
  }

  private async fromSnapshot<S, E extends DomainEvent>(
    definition: AggregateDefinition<S, E>,
    streamId: string,
  ): Promise<LoadedAggregate<S>> {
    const initial = { state: definition.initialState, revision: -1, exists: false };
    if (!this.snapshots) return initial;
    try {
      const snapshot = await this.snapshots.read(streamId);
      if (snapshot?.version !== snapshotVersionOf(definition)) return initial;
      return { state: snapshot.state as S, revision: snapshot.revision, exists: true };
    } catch (error) {
      this.logger.warn(`Snapshot of ${streamId} not read; replaying the stream`, error);
      return initial;
    }
  }

  private async saveSnapshot<S, E extends DomainEvent>(
    definition: AggregateDefinition<S, E>,
    streamId: string,
    loaded: LoadedAggregate<S>,
  ): Promise<void> {
    if (!this.snapshots || !loaded.exists) return;
    const snapshot = {
      streamId,
      revision: loaded.revision,
      version: snapshotVersionOf(definition),
      state: loaded.state,
    };
    try {
      await this.snapshots.save(snapshot);
    } catch (error) {
      this.logger.warn(`Snapshot of ${streamId} at revision ${loaded.revision} not saved`, error);
    }
  }

  /** Folds the stream's events after `base.revision` into `base`, a page at a time. */
  private async catchUp<S, E extends DomainEvent>(
    definition: AggregateDefinition<S, E>,
    streamId: string,
    base: LoadedAggregate<S>,
  ): Promise<LoadedAggregate<S>> {
    let current = base;
    for (;;) {
      const page = await this.readPage(streamId, current.revision + 1);
      if (page === undefined)
        return current.exists ? this.confirmExists(definition, streamId, current) : current;
      if (page.length === 0) return current;
      const state = page.reduce((s, event) => definition.evolve(s, event as Recorded<E>), current.state);
      current = { state, revision: page[page.length - 1].revision, exists: true };
      if (page.length < this.readPageSize) return current;
    }
  }

  private async readPage(streamId: string, fromRevision: number): Promise<RecordedEvent[] | undefined> {
    try {
      return await this.events.readStream(streamId, { fromRevision, maxCount: this.readPageSize });
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
  }

  /**
   * An adapter may report "not found" for a read past the stream's end; only a stream with no event
   * at all is missing (then the snapshot belonged to a store that no longer holds the stream).
   */
  private async confirmExists<S, E extends DomainEvent>(
    definition: AggregateDefinition<S, E>,
    streamId: string,
    current: LoadedAggregate<S>,
  ): Promise<LoadedAggregate<S>> {
    if (await this.events.readLastEvent(streamId)) return current;
    return { state: definition.initialState, revision: -1, exists: false };
  }
}

const SHORT_STREAMS_KEPT = 10_000;

/** The expectation matching a loaded revision: -1 (no event yet) is 'no_stream'. */
export function toExpectedRevision(revision: number): ExpectedRevision {
  return revision < 0 ? 'no_stream' : revision;
}

function atLeastOne(name: string, value: number): number {
  if (!(value >= 1)) throw new RangeError(`${name} must be at least 1, got ${value}`);
  return value;
}
