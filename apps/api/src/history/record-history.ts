import { Inject, Injectable } from '@nestjs/common';
import { RecordState, isRecordId } from '@app/domain';
import { EventStore, RecordedEvent } from '@app/event-store';
import {
  AggregateDefinition,
  AggregateRepository,
  DomainEvent,
  Recorded,
  streamName,
} from '@app/event-store/aggregate';
import { FastifyReply } from 'fastify';
import { Actor } from '../auth/actor';
import { resourceMissing } from '@app/runtime';
import { setETag, withETag } from '../http/etag';
import { ListEnvelope, listEnvelope, PageRequest } from '@app/runtime';
import { EVENT_STORE } from '../store/tokens';
import { asOfRequested, parseAsOfRevision, requireAuditScope } from './as-of-revision';
import { eventEntry, EventEntry } from './event-entry';
import { HistoryDeclaration } from './history-declaration';

/** Events per read while folding a record's past, bounding memory on a long stream. */
const READ_PAGE = 500;

/**
 * The auditor's view of any declared record (EXTENSIONS.md §8): its events and its state after
 * any revision. Access is judged on the record's last state, deleted records included, so the
 * history of a deleted record stays readable to whoever could see it.
 */
@Injectable()
export class RecordHistory {
  constructor(
    private readonly repository: AggregateRepository,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** A page of the record's events, oldest first; 404 for a record the actor cannot see. */
  async events<R, E extends DomainEvent>(
    declaration: HistoryDeclaration<R, E>,
    id: string,
    actor: Actor,
    page: PageRequest,
    url: string,
  ): Promise<ListEnvelope<EventEntry>> {
    const { revision } = await this.lastVisible(declaration, id, actor);
    const total = revision + 1;
    const rows =
      page.offset < total
        ? await this.store.readStream(streamName(declaration.aggregate, id), {
            fromRevision: page.offset,
            maxCount: page.fetch,
          })
        : [];
    return listEnvelope({
      url,
      page: page.page,
      limit: page.limit,
      rows: rows.map((event) => eventEntry(event, declaration.redact?.(event.data, actor) ?? event.data)),
      total: page.includeTotal ? total : undefined,
    });
  }

  /**
   * The record's view as it was right after `revision`, folded from its events (no snapshot can
   * stand in for a past state). 404 when the stream never reached that revision, or the record was
   * not there then (not created yet, or deleted).
   */
  async asOf<R, E extends DomainEvent>(
    declaration: HistoryDeclaration<R, E>,
    id: string,
    revision: number,
    actor: Actor,
  ): Promise<object> {
    const last = await this.lastVisible(declaration, id, actor);
    if (revision > last.revision) throw resourceMissing();
    const state = await this.stateAt(declaration.aggregate, id, revision);
    if (state.status !== 'live') throw resourceMissing();
    return declaration.view(state.record, revision, actor);
  }

  /**
   * The retrieve endpoint's answer to `?as_of_revision=N`: `audit:read` demanded (403), N checked
   * (422), the past view with `ETag: N`. Call it when `asOfRequested(query)`.
   */
  async retrieveAsOf<R, E extends DomainEvent>(
    declaration: HistoryDeclaration<R, E>,
    id: string,
    query: Record<string, unknown> | undefined,
    actor: Actor,
    reply: FastifyReply,
  ): Promise<object> {
    requireAuditScope(actor);
    const revision = parseAsOfRevision(query);
    const view = await this.asOf(declaration, id, revision, actor);
    setETag(reply, revision, declaration.etagPrefix);
    return view;
  }

  /**
   * A retrieve endpoint's answer: the past view when the query asks for one (`retrieveAsOf`), else
   * the record as `current` reads it now, with its revision as the ETag.
   */
  async retrieve<R, E extends DomainEvent>(
    declaration: HistoryDeclaration<R, E>,
    request: { actor: Actor; id: string; query: Record<string, unknown>; reply: FastifyReply },
    current: () => Promise<{ body: unknown; revision: number }>,
  ): Promise<unknown> {
    const { actor, id, query, reply } = request;
    if (asOfRequested(query)) return this.retrieveAsOf(declaration, id, query, actor, reply);
    return withETag(reply, await current(), declaration.etagPrefix);
  }

  /** The record as its stream ends (live or deleted) and that revision, if the actor may see it. */
  async lastVisible<R, E extends DomainEvent>(
    declaration: HistoryDeclaration<R, E>,
    id: string,
    actor: Actor,
  ): Promise<{ record: R; revision: number }> {
    if (!isRecordId(id)) throw resourceMissing();
    const { state, revision } = await this.repository.load(declaration.aggregate, id);
    if (state.status === 'absent' || !declaration.visible(state.record, actor)) throw resourceMissing();
    return { record: state.record, revision };
  }

  /** The record's state right after `revision`, folded from its events. */
  async stateAt<R, E extends DomainEvent>(
    aggregate: AggregateDefinition<RecordState<R>, E>,
    id: string,
    revision: number,
  ): Promise<RecordState<R>> {
    return this.fold(aggregate, id, revision);
  }

  /** The record's states right after each of `revisions`, from one fold of its events. */
  async statesAt<R, E extends DomainEvent>(
    aggregate: AggregateDefinition<RecordState<R>, E>,
    id: string,
    revisions: readonly number[],
  ): Promise<Map<number, RecordState<R>>> {
    const wanted = new Set(revisions);
    const states = new Map<number, RecordState<R>>();
    const last = await this.fold(aggregate, id, Math.max(...revisions), (state, event) => {
      if (wanted.has(event.revision)) states.set(event.revision, state);
    });
    // Past the stream's end: the state it ended with, as a fold to there gives.
    for (const revision of wanted) if (!states.has(revision)) states.set(revision, last);
    return states;
  }

  /**
   * Folds the record's events up to `revision` (a page of the stream at a time), telling `each`
   * the state every event made; the last state.
   */
  async fold<R, E extends DomainEvent>(
    aggregate: AggregateDefinition<RecordState<R>, E>,
    id: string,
    revision: number,
    each?: (state: RecordState<R>, event: RecordedEvent) => void,
  ): Promise<RecordState<R>> {
    const streamId = streamName(aggregate, id);
    let state = aggregate.initialState;
    for (let from = 0; from <= revision;) {
      const maxCount = Math.min(READ_PAGE, revision + 1 - from);
      const events = await this.store.readStream(streamId, { fromRevision: from, maxCount });
      if (events.length === 0) break;
      for (const event of events) {
        state = aggregate.evolve(state, event as Recorded<E>);
        each?.(state, event);
      }
      from += events.length;
    }
    return state;
  }
}
