import { Decision, isDomainError } from '@app/domain';
import {
  EventData,
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
import { foldedWhenRead, toEventData } from './event-folding';
import { RecentStates } from './recent-states';

/** Most commands decided into one append; the rest wait for the next. */
const MAX_GROUP = 64;

/**
 * Decisions of a group whose append moves other records too, when those keep moving (invoices
 * racing for a unit, transfers for an item's stock): each winner costs the others one more.
 */
export const ALONGSIDE_DECISIONS = 20;

/** One command on a stream, as the record writer hands it over. */
export interface StreamCommand<S, E> {
  decide: (state: S, revision: number) => Decision<E> | Promise<Decision<E>>;
  /** Recorded with each of the command's own events: its user, its Idempotency-Key. */
  metadata: EventMetadata;
  /** The client's If-Match, judged against the state the command is decided on. */
  ifMatch?: number;
  /** Appends to other streams its decision made (RecordWriter's WriteOptions.alongside). */
  alongside?: () => StreamAppend[];
}

/** What one command of a group got: its own events and the revision after them. */
export interface Committed<S, E> {
  /** The state and revision the command was decided on (the one its predecessors left). */
  decidedOn: S;
  decidedAt: number;
  events: E[];
  /** Revision of the command's own last event (`decidedAt` when it appended nothing). */
  revision: number;
  /** The group's append (at or after the command's own events); none when it appended nothing. */
  position: Position | undefined;
}

interface Waiting {
  command: StreamCommand<unknown, DomainEvent>;
  resolve(committed: Committed<unknown, DomainEvent>): void;
  reject(error: unknown): void;
}

/** A command's outcome in one decision of its group. */
type Turn = { error: unknown } | { decidedOn: unknown; decidedAt: number; events: DomainEvent[] };

/** One decision of a group: each command's turn, and the one append they make together. */
interface GroupDecision {
  turns: Turn[];
  events: EventData[];
  others: StreamAppend[];
  after: LoadedAggregate<unknown>;
}

/**
 * Group commit per stream: commands on one stream run one group at a time in this process, and
 * the commands that queued while a group was in flight make the next group. Its commands are
 * decided one after another, each on the state the ones before it leave, and their events go in
 * ONE append that expects the revision the first was decided on: a hot record (16 clients paying
 * one invoice) pays one round trip and one WAL flush per group instead of one per command. Each
 * command is answered on its own: its events, the revision after them; a refusal (or a stale
 * If-Match, or a throw) fails only that command, the next ones deciding on the state without it.
 * The group is decided as one command by AggregateRepository.execute: a conflict (a write
 * elsewhere) decides the whole group again on the stream as it is; a state this process kept
 * (RecentStates) is a hint the append checks. Each event carries its own command's metadata, so
 * Idempotency-Keys are recorded per request as before. A command whose decision also moves other
 * streams (`alongside`) ends its group: the commands after it would decide on those streams before
 * its append lands.
 */
export class GroupCommit {
  private readonly queues = new Map<string, Waiting[]>();

  constructor(
    private readonly repository: AggregateRepository,
    private readonly recent: RecentStates,
    private readonly maxGroup = MAX_GROUP,
  ) {}

  commit<S, E extends DomainEvent>(
    definition: AggregateDefinition<S, E>,
    id: string,
    command: StreamCommand<S, E>,
  ): Promise<Committed<S, E>> {
    const streamId = streamName(definition, id);
    return new Promise((resolve, reject) => {
      const waiting = { command, resolve, reject } as unknown as Waiting;
      const queue = this.queues.get(streamId);
      if (queue) {
        queue.push(waiting);
        return;
      }
      this.queues.set(streamId, [waiting]);
      void this.drain(definition as AggregateDefinition<unknown, DomainEvent>, id, streamId);
    });
  }

  /** Groups of the stream's queue, one at a time, until none is left. */
  private async drain(
    definition: AggregateDefinition<unknown, DomainEvent>,
    id: string,
    streamId: string,
  ): Promise<void> {
    const queue = this.queues.get(streamId)!;
    while (queue.length > 0) {
      const group = queue.splice(0, this.maxGroup);
      const undecided = await this.run(definition, id, streamId, group);
      queue.unshift(...undecided);
    }
    this.queues.delete(streamId);
  }

  /** Decides and appends the group, answers each command decided; gives back those that were not. */
  private async run(
    definition: AggregateDefinition<unknown, DomainEvent>,
    id: string,
    streamId: string,
    group: Waiting[],
  ): Promise<Waiting[]> {
    let decided: GroupDecision | undefined;
    const from = this.recent.get(streamId);
    this.recent.forget(streamId); // until the group's outcome is known
    try {
      const executed = await this.repository.execute(
        definition,
        id,
        async (state, revision) => {
          decided = await decideInTurn(definition, id, group, { state, revision, exists: revision >= 0 });
          return decided.events;
        },
        {
          from,
          alongside: () => decided?.others ?? [],
          maxAttempts: group.some((w) => w.command.alongside) ? ALONGSIDE_DECISIONS : undefined,
        },
      );
      const { turns, events, after } = decided!;
      if (events.length > 0) this.recent.wrote(streamId, after);
      const position = executed.ok ? executed.position : undefined;
      turns.forEach((turn, i) => answer(group[i], turn, position));
      return group.slice(turns.length);
    } catch (error) {
      // The append failed (or the read before it): every command decided in it fails as it would alone.
      const failed = decided?.turns.length || group.length;
      for (const waiting of group.slice(0, failed)) waiting.reject(error);
      return group.slice(failed);
    }
  }
}

/**
 * The group's commands decided in order from `start`, each on the state the accepted ones before
 * it leave (folded from their events as stored), until one moves other streams too.
 */
async function decideInTurn(
  definition: AggregateDefinition<unknown, DomainEvent>,
  id: string,
  group: Waiting[],
  start: LoadedAggregate<unknown>,
): Promise<GroupDecision> {
  const decision: GroupDecision = { turns: [], events: [], others: [], after: start };
  for (const { command } of group) {
    const { state, revision } = decision.after;
    const turn = await decideOne(command, state, revision, streamName(definition, id));
    decision.turns.push(turn);
    if (!('events' in turn) || turn.events.length === 0) continue;
    decision.events.push(...turn.events.map((event) => toEventData(event, command)));
    decision.after = foldedWhenRead(definition, id, state, revision, turn.events, command.metadata);
    decision.others = command.alongside?.() ?? [];
    if (decision.others.length > 0) break;
  }
  return decision;
}

/** One command's turn: its events, or what refuses it (a domain error, a stale If-Match, a throw). */
async function decideOne(
  command: StreamCommand<unknown, DomainEvent>,
  state: unknown,
  revision: number,
  streamId: string,
): Promise<Turn> {
  try {
    const decision = await command.decide(state, revision);
    if (isDomainError(decision)) return { error: decision };
    // After `decide`, so that its errors (a record outside the caller's account: 404) win.
    if (command.ifMatch !== undefined && command.ifMatch !== revision)
      return {
        error: new WrongExpectedVersionError(
          streamId,
          command.ifMatch,
          revision < 0 ? 'no_stream' : revision,
        ),
      };
    return { decidedOn: state, decidedAt: revision, events: decision };
  } catch (error) {
    return { error };
  }
}

function answer(waiting: Waiting, turn: Turn, position: Position | undefined): void {
  if ('error' in turn) return waiting.reject(turn.error);
  const { decidedOn, decidedAt, events } = turn;
  const revision = decidedAt + events.length;
  waiting.resolve({
    decidedOn,
    decidedAt,
    events,
    revision,
    position: events.length > 0 ? position : undefined,
  });
}
