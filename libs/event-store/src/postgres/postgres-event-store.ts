import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
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
import { alreadyAppendedAll, checkAtomicAppend, firstUnmet } from '../atomic-append';
import { findAlreadyAppended } from '../idempotent-append';
import { Position } from '../position';
import { LogTail, TailRead } from '../log-tail';
import { currentRevision, insertAtomic, insertBatch } from './append';
import { AppendQueue } from './append-queue';
import { CatchUpPacing } from './catch-up-pacing';
import { CommitNotifier } from './commit-notifier';
import { readGlobalLog, readGlobalLogAsJson, readTail, visibleHead } from './global-log';
import { EventStoreDb, EventValues, selectEventValues, toRecordedEvent, toRecordedEvents } from './rows';
import { setupEventStore } from './schema';

/**
 * What the adapter needs of libs/read-models' Database (declared here so that this library does
 * not depend on that one): a kysely handle on pg or PGlite, and LISTEN.
 */
export interface EventStoreDatabase {
  /** Its driver sends a statement marked ARRAY_ROWS_MARK with `rowMode: 'array'` (the read models' do). */
  db: EventStoreDb;
  /** PGlite: pages of the log are read as one JSON value each (readGlobalLogAsJson). */
  kind?: 'postgres' | 'pglite';
  listen(channel: string, onNotify: (payload: string) => void): Promise<StoreListening>;
}

/** A LISTEN in progress, and whether any other session listens on its channel. */
export interface StoreListening {
  stop(): Promise<void>;
  othersListening(): Promise<boolean>;
}

export interface PostgresEventStoreOptions {
  /** Create or upgrade the events table on open (default true). */
  setup?: boolean;
  /** The LISTEN/NOTIFY channel shared by every process on this database (default 'event_store'). */
  channel?: string;
  /** A caught-up subscriber's safety-net poll when nothing signals (default 1000 ms). */
  idlePollMs?: number;
}

/** Appends to a stream whose revision moved under an `any`/`stream_exists` writer are redone. */
const MAX_APPEND_ATTEMPTS = 50;

/** The PostgreSQL event store, on a server through pg or embedded through PGlite: one code path. */
export class PostgresEventStore implements EventStore {
  private readonly signal = new ChangeSignal();
  private readonly subscriptions = new Set<AllSubscription>();
  /** The log's last stretch, read once for every subscriber of this process (see LogTail). */
  private readonly tail = new LogTail((page) => this.readTailPage(page));
  private readonly instanceId = randomUUID();
  private notifier!: CommitNotifier;
  private readonly idlePollMs: number;
  private readonly appends: AppendQueue;
  private listening: StoreListening | undefined;

  private constructor(
    private readonly db: EventStoreDb,
    options: PostgresEventStoreOptions,
    private readonly pagesAsJson = false,
  ) {
    this.idlePollMs = options.idlePollMs ?? 1000;
    this.appends = new AppendQueue(db);
  }

  static async open(
    database: EventStoreDatabase,
    options: PostgresEventStoreOptions = {},
  ): Promise<PostgresEventStore> {
    if (options.setup !== false) await setupEventStore(database.db);
    const store = new PostgresEventStore(database.db, options, database.kind === 'pglite');
    const channel = options.channel ?? 'event_store';
    // Other processes' commits (or announcements); our own are signalled directly, without the round trip.
    const listening = await database.listen(channel, (payload) => {
      if (payload === store.instanceId) return;
      store.notifier.heardOther();
      store.changed();
    });
    store.listening = listening;
    store.notifier = new CommitNotifier(database.db, channel, store.instanceId, () =>
      listening.othersListening(),
    );
    store.notifier.announce();
    return store;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount === undefined ? sql`` : sql`limit ${options.maxCount}`;
    const { rows } = await sql<EventValues>`${selectEventValues} from events
      where stream_id = ${streamId} and revision >= ${options.fromRevision ?? 0}
      order by revision ${limit}`.execute(this.db);
    if (rows.length === 0 && (await currentRevision(this.db, streamId)) === 'no_stream') {
      throw new StreamNotFoundError(streamId);
    }
    return toRecordedEvents(rows);
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | undefined> {
    const { rows } = await sql<EventValues>`${selectEventValues} from events
      where stream_id = ${streamId} order by revision desc limit 1`.execute(this.db);
    return rows[0] && toRecordedEvent(rows[0]);
  }

  async appendToStream(
    streamId: string,
    events: EventData[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new EmptyAppendError(streamId);
    if (new Set(events.map((e) => e.id)).size !== events.length) {
      throw new Error(`Stream ${streamId}: the batch holds the same event id twice`);
    }
    const expected = options.expectedRevision;
    // The first attempt shares a statement with concurrent appends (see AppendQueue).
    let outcome = await this.appends.append({ streamId, events, expected });
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1) outcome = await insertBatch(this.db, streamId, events, expected);
      if (outcome.kind === 'appended') {
        this.changed();
        this.notifier.committed();
        return {
          nextExpectedRevision: outcome.revision,
          position: { commit: BigInt(outcome.transactionId), prepare: BigInt(outcome.position) },
        };
      }
      // Not written: either these events are already there (idempotent), or the stream is not as expected.
      const already = await this.alreadyAppended(streamId, events, expected);
      if (already) return already;
      const mayRetry =
        outcome.kind === 'retry' ||
        (outcome.kind === 'revision_taken' && (expected === 'any' || expected === 'stream_exists'));
      if (!mayRetry || attempt >= MAX_APPEND_ATTEMPTS) {
        throw new WrongExpectedVersionError(streamId, expected, await currentRevision(this.db, streamId));
      }
    }
  }

  /**
   * One statement, all or nothing (see insertAtomic). Not written: a retry of this very call
   * (idempotent), or a stream not as expected (named), or a concurrent writer took a revision of a
   * stream whose expectation still holds (`any`, `stream_exists`): then again.
   */
  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    checkAtomicAppend(appends);
    for (const { streamId, events } of appends) {
      if (new Set(events.map((e) => e.id)).size !== events.length) {
        throw new Error(`Stream ${streamId}: the batch holds the same event id twice`);
      }
    }
    const current = (streamId: string) => currentRevision(this.db, streamId);
    const grouped = appends.map((a) => ({
      streamId: a.streamId,
      events: a.events,
      expected: a.expectedRevision,
    }));
    for (let attempt = 1; ; attempt++) {
      const outcome = await insertAtomic(this.db, grouped);
      if (outcome.kind === 'appended') {
        this.changed();
        this.notifier.committed();
        return outcome.outcomes.map((o) => ({
          nextExpectedRevision: o.revision,
          position: { commit: BigInt(o.transactionId), prepare: BigInt(o.position) },
        }));
      }
      const found = await Promise.all(
        appends.map((a) => this.alreadyAppended(a.streamId, a.events, a.expectedRevision)),
      );
      const already = await alreadyAppendedAll(appends, found, current);
      if (already) return already;
      const unmet = await firstUnmet(appends, current);
      if (unmet) throw unmet;
      if (attempt >= MAX_APPEND_ATTEMPTS) {
        // Lost to other writers every time (deadlocks): a conflict, decided again by the caller.
        const { streamId, expectedRevision } = appends[0];
        throw new WrongExpectedVersionError(streamId, expectedRevision, await current(streamId));
      }
    }
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const read = this.pagesAsJson ? readGlobalLogAsJson : readGlobalLog;
    return read(this.db, options.after, options.maxCount);
  }

  subscribeToAll(options: SubscribeToAllOptions): AllSubscription {
    const pacing = new CatchUpPacing(this.idlePollMs);
    let eventsWaiting = false; // committed events beyond the cursor that the last page did not show
    const subscription = catchUpSubscription(
      {
        readPage: async (page) => {
          const read = await this.tail.page(page);
          if (read.events.length > 0) pacing.delivered();
          eventsWaiting = read.heldBack;
          return read;
        },
        signal: this.signal,
        idleWaitMs: () => pacing.nextWait(eventsWaiting),
      },
      options.after,
      options.maxBatchSize,
    );
    this.subscriptions.add(subscription);
    return {
      [Symbol.asyncIterator]: () => subscription[Symbol.asyncIterator](),
      close: async () => {
        this.subscriptions.delete(subscription);
        await subscription.close();
      },
    };
  }

  /** Events may have been committed: subscribers are woken, and the shared tail read at once. */
  private changed(): void {
    this.signal.notify();
    if (this.subscriptions.size > 0) this.tail.refresh();
  }

  async headPosition(): Promise<Position | undefined> {
    return visibleHead(this.db);
  }

  /** A page of the log's tail for subscribers, with the signal's version when the read began. */
  private async readTailPage(page: ReadAllOptions): Promise<TailRead> {
    const asOf = this.signal.current;
    const { events, heldBack } = await readTail(this.db, page.after, page.maxCount);
    return { events, heldBack, asOf, atHead: events.length < page.maxCount && !heldBack };
  }

  /** Stops subscriptions and LISTEN; the database itself belongs to the caller. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    this.subscriptions.clear();
    await this.notifier.close();
    await this.listening?.stop();
    this.listening = undefined;
  }

  /** The idempotent path: the stream already holds the batch (see idempotent-append.ts). */
  private async alreadyAppended(
    streamId: string,
    events: EventData[],
    expected: ExpectedRevision,
  ): Promise<AppendResult | undefined> {
    const first = await this.db
      .selectFrom('events')
      .select('revision')
      .where('stream_id', '=', streamId)
      .where('event_id', '=', events[0].id)
      .executeTakeFirst();
    if (!first) return undefined;
    const slice = await this.readStream(streamId, { fromRevision: first.revision, maxCount: events.length });
    const last = await this.readLastEvent(streamId);
    // The stream's last event rides along so that a partial match reports the real current revision.
    const tail = last && last.revision > slice[slice.length - 1].revision ? [...slice, last] : slice;
    return findAlreadyAppended(tail, events, expected);
  }
}
