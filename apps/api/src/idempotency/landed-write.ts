import { RecordState } from '@app/domain';
import { EventStore, RecordedEvent } from '@app/event-store';
import { AggregateDefinition, DomainEvent } from '@app/event-store/aggregate';
import { FastifyInstance } from 'fastify';
import { Actor } from '../auth/actor';
import { RecordHistory } from '../history';
import { KeyOwner } from './idempotency-store';
import { ReadAnswer, ReplayReads } from './replay-reads';

/** An event recorded this long before its key's claim still counts as the claim's (clock skew). */
const SKEW_MS = 5 * 60_000;

/** The statuses of a read that say the record cannot be read (by this user, or at all). */
const UNREADABLE = new Set([403, 404, 410]);

/** The body and headers of a rebuilt answer; its status is the route's (see rebuild-rules.ts). */
export interface RebuiltBody {
  body: unknown;
  headers: Record<string, string>;
}

export interface LandedWriteParts {
  server: FastifyInstance;
  actor: Actor;
  owner: KeyOwner;
  since: Date;
  params: Record<string, string>;
  streams: string[];
  events: EventStore;
  history: RecordHistory;
  reads: ReplayReads;
}

/**
 * A keyed write that landed while its answer was lost: what it wrote, read back from the log, and
 * the API's reads of the records it left, for the rules that rebuild its answer.
 */
export class LandedWrite {
  constructor(private readonly parts: LandedWriteParts) {}

  /** The path's parameter, lower-cased as the handlers take ids. */
  param(name: string): string {
    return (this.parts.params[name] ?? '').toLowerCase();
  }

  /** The id of the first written stream named `prefix-{id}`: the record the write created. */
  createdId(prefix: string): string | undefined {
    const stream = this.parts.streams.find((s) => s.startsWith(`${prefix}-`));
    return stream?.slice(prefix.length + 1);
  }

  /** The stream's events that carry the key, oldest first. */
  async keyedEvents(stream: string): Promise<RecordedEvent[]> {
    const from = this.parts.since.getTime() - SKEW_MS;
    const { userId, headerKey } = this.parts.owner;
    return (await this.parts.events.readStream(stream)).filter(
      (e) =>
        e.metadata.idempotency_key === headerKey &&
        e.metadata.user_id === userId &&
        e.recordedAt.getTime() >= from,
    );
  }

  /** The revision the keyed write left the stream at; undefined when it wrote nothing there. */
  async revisionOf(stream: string): Promise<number | undefined> {
    return (await this.keyedEvents(stream)).at(-1)?.revision;
  }

  /** The last keyed event of the stream of one of `types`. */
  async keyedEvent(stream: string, types: readonly string[]): Promise<RecordedEvent | undefined> {
    return (await this.keyedEvents(stream)).filter((e) => types.includes(e.type)).at(-1);
  }

  /** The record's state right after `revision`, folded from its events. */
  stateAt<R, E extends DomainEvent>(
    aggregate: AggregateDefinition<RecordState<R>, E>,
    id: string,
    revision: number,
  ): Promise<RecordState<R>> {
    return this.parts.history.stateAt(aggregate, id, revision);
  }

  /**
   * The record at `url` as the retrieve renders it right after `revision`: as it is when no later
   * write changed it (the ETag says so), else as it was then (`?as_of_revision`), so that a later
   * change does not leak into the replay. `revision` undefined: as it is (a record without history).
   */
  async retrieve(url: string, revision?: number): Promise<RebuiltBody | undefined> {
    const live = await this.get(url);
    if (live.status === 200 && (revision === undefined || revisionOfETag(live.headers.ETag) === revision))
      return live;
    if (revision === undefined) return undefined;
    const past = await this.get(`${url}?as_of_revision=${revision}`);
    return past.status === 200 ? past : undefined;
  }

  /**
   * The read's answer when it is 200 or says the record cannot be read (403, 404, 410); any other
   * status (503 from admission, a fault) throws: the answer is undecided, and a later retry reads
   * again instead of a permanent 409 being stored.
   */
  private async get(url: string): Promise<ReadAnswer> {
    const answer = await this.parts.reads.get(this.parts.server, url, this.parts.actor);
    if (answer.status !== 200 && !UNREADABLE.has(answer.status))
      throw new Error(`Rebuilding a landed write's answer: GET ${url} answered ${answer.status}`);
    return answer;
  }
}

/** `"so_7"` → 7. */
function revisionOfETag(etag: string | undefined): number | undefined {
  const digits = /(\d+)"?$/.exec(etag ?? '')?.[1];
  return digits === undefined ? undefined : Number(digits);
}
