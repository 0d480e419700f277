import { Decision, isDomainError } from '@app/domain';
import {
  AppendResult,
  EventMetadata,
  Position,
  StreamAppend,
  WrongExpectedVersionError,
} from '@app/event-store';
import {
  AggregateDefinition,
  AggregateRepository,
  DomainEvent,
  LoadedAggregate,
  streamName,
} from '@app/event-store/aggregate';
import { fold, foldedWhenRead, toEventData } from './event-folding';
import { ALONGSIDE_DECISIONS, GroupCommit } from './group-commit';
import { RecentStates } from './recent-states';

export { toEventData } from './event-folding';

export interface WriteOptions {
  /** Who and why, recorded with every event (EXTENSIONS.md §8). */
  metadata: EventMetadata;
  /** The client's If-Match: a stale one is 409 `mobile_mutation_conflict`, nothing appended. */
  ifMatch?: number;
  /**
   * The id was just drawn (a create): the stream cannot exist yet, so nothing is read; the append
   * expects no stream all the same.
   */
  fresh?: boolean;
  /**
   * The caller waits for the read models after a later write of its own (a reactor step run at
   * once, ReactorSteps.runNow): a wait here would be done again there.
   */
  readModelsAwaitedAfter?: boolean;
  /**
   * Appends to other records' streams that the decision made, appended with the record's events
   * as one atomic append (see ExecuteOptions.alongside), decided again up to ALONGSIDE_DECISIONS
   * times when one of them moved meanwhile. The process's StateKeepingStore forgets their streams.
   */
  alongside?: () => StreamAppend[];
}

/**
 * A create whose number is drawn in its own append (a `fresh` write's `numbered`): the counter's
 * record of the number and the record's creation land together or not at all, so a refused or
 * failed create consumes no number and a crash leaves neither a gap nor a duplicate.
 */
export interface NumberedCreate<E> {
  /** The decided creation's events with `number` written in. */
  numbered(events: E[], number: number): E[];
  /**
   * Draws the next number and appends `appends(number)` (the create's appends for that number,
   * the record's own last) atomically with the counter's record of it, the counter expected at
   * the revision the number was drawn at; draws again when the counter moved meanwhile. A
   * conflict on one of the create's own streams is thrown (the create is decided again). The
   * number drawn, and the results of the create's appends in their order.
   */
  draw(appends: (number: number) => StreamAppend[]): Promise<{ number: number; results: AppendResult[] }>;
}

export interface WriteResult<S, E> {
  /** The record after the write (the loaded state when nothing was appended). */
  state: S;
  /** Revision of the stream's last event: the response's `revision` and ETag. */
  revision: number;
  events: E[];
  position: Position | undefined;
}

export type DecideOn<S, E> = (state: S, revision: number) => Decision<E> | Promise<Decision<E>>;

/**
 * Every command's path to its stream: load, decide, append with the revision decided on (or the
 * client's If-Match), then wait until this process's read models reflect it. Commands on one
 * stream go through its group commit (GroupCommit): those queued behind one in flight are decided
 * in turn and appended together. A domain refusal is thrown as is; the error filter renders its
 * envelope.
 */
export class RecordWriter {
  /**
   * Commands on one stream run one group at a time in this process: a hot record (16 clients
   * paying one invoice) then decides each on the last one's result instead of retrying into
   * conflicts, and pays one append per group. Other processes still meet the expected-revision check.
   */
  private readonly groups: GroupCommit;
  /** States this process last wrote or read: the next command decides on them without a read. */
  private readonly recent: RecentStates;

  /**
   * `recent`: the states of a StateKeepingStore under `repository`, which forgets a stream's state
   * when anything else of this process appends to it; a writer of its own by default (the CLI).
   */
  constructor(
    private readonly repository: AggregateRepository,
    private readonly settle: (position: Position | undefined, eventTypes: string[]) => Promise<void>,
    recent: RecentStates = new RecentStates(),
  ) {
    this.recent = recent;
    this.groups = new GroupCommit(repository, recent);
  }

  async write<S, E extends DomainEvent>(
    definition: AggregateDefinition<S, E>,
    id: string,
    decide: DecideOn<S, E>,
    options: WriteOptions & { numbered?: NumberedCreate<E> },
  ): Promise<WriteResult<S, E>> {
    if (options.fresh) return this.create(definition, id, decide, options);
    const { metadata, ifMatch, alongside } = options;
    const committed = await this.groups.commit(definition, id, { decide, metadata, ifMatch, alongside });
    const { decidedOn, decidedAt, events, revision, position } = committed;
    const alongsideTypes = (events.length > 0 ? (alongside?.() ?? []) : []).flatMap((a) =>
      a.events.map((e) => e.type),
    );
    if (!options.readModelsAwaitedAfter)
      await this.settle(position, [...alongsideTypes, ...events.map((e) => e.type)]);
    return {
      state: fold(definition, id, decidedOn, decidedAt, events, metadata),
      revision,
      events,
      position,
    };
  }

  /**
   * A new stream: decided on the initial state, appended expecting none. With `alongside`, the
   * other streams' appends land with it or not at all; one of them moved meanwhile (another
   * writer) decides again, up to ALONGSIDE_DECISIONS. With `numbered`, the accepted creation is
   * numbered and appended by the number's draw, in the same atomic append as the counter's.
   */
  private async create<S, E extends DomainEvent>(
    definition: AggregateDefinition<S, E>,
    id: string,
    decide: DecideOn<S, E>,
    options: WriteOptions & { numbered?: NumberedCreate<E> },
  ): Promise<WriteResult<S, E>> {
    const { metadata, numbered } = options;
    const initial = definition.initialState;
    const streamId = streamName(definition, id);
    for (let attempt = 1; ; attempt++) {
      let events = await decide(initial, -1);
      if (isDomainError(events)) throw events;
      if (events.length === 0) return { state: initial, revision: -1, events, position: undefined };
      const others = options.alongside?.() ?? [];
      let appended: AppendResult;
      try {
        if (numbered) {
          const decided = events;
          const own = (number: number): StreamAppend => ({
            streamId,
            events: numbered.numbered(decided, number).map((event) => toEventData(event, options)),
            expectedRevision: 'no_stream',
          });
          const drawn = await numbered.draw((number) => [...others, own(number)]);
          events = numbered.numbered(decided, drawn.number);
          appended = drawn.results[drawn.results.length - 1];
        } else {
          const data = events.map((event) => toEventData(event, options));
          appended = await this.repository.append(definition, id, data, 'no_stream', others);
        }
      } catch (error) {
        const elsewhere = error instanceof WrongExpectedVersionError && error.streamId !== streamId;
        if (elsewhere && attempt < ALONGSIDE_DECISIONS) continue;
        throw error;
      }
      const { nextExpectedRevision, position } = appended;
      this.recent.wrote(streamId, foldedWhenRead(definition, id, initial, -1, events, metadata));
      const types = [...others.flatMap((a) => a.events.map((e) => e.type)), ...events.map((e) => e.type)];
      await this.settle(position, types);
      const state = fold(definition, id, initial, -1, events, metadata);
      return { state, revision: nextExpectedRevision, events, position };
    }
  }

  /** The record as its stream is now (always read: only a write can check a kept state). */
  async read<S, E extends DomainEvent>(
    definition: AggregateDefinition<S, E>,
    id: string,
  ): Promise<LoadedAggregate<S>> {
    const loaded = await this.repository.load(definition, id);
    this.recent.read(streamName(definition, id), loaded);
    return loaded;
  }
}
