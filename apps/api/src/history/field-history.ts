import { Inject, Injectable } from '@nestjs/common';
import { RecordState } from '@app/domain';
import { JsonObject, RecordedEvent } from '@app/event-store';
import { DomainEvent } from '@app/event-store/aggregate';
import { Database } from '@app/read-models';
import { ListEnvelope, listEnvelope } from '@app/runtime';
import { Actor } from '../auth/actor';
import { DATABASE } from '../store/tokens';
import { FieldChange, fieldChanges } from './field-changes';
import { HistoryDeclaration } from './history-declaration';
import { HistoryQuery } from './history-query';
import { eventEntry } from './event-entry';
import { RecordHistory } from './record-history';
import { namesById } from '../records/names-by-id';

/** One revision of GET …/{id}/history: who made it, when, and which fields it changed. */
export interface HistoryEntry {
  revision: number;
  occurred_at: string;
  event_types: string[];
  actor: {
    user_id: string | null;
    user_name: string | null;
    api_key_id: string | null;
    idempotency_key: string | null;
  };
  changes: FieldChange[];
}

/** Bookkeeping every revision moves: the entry names the revision and its time itself. */
const UNCOMPARED = ['revision', 'updated_at'];

/**
 * A record's field-level history, derived from its events on every request (never stored): the
 * stream is folded forward once, and each revision of the page is compared with the one before as
 * the actor's view renders them (costs hidden as in the record itself). Access is the events'.
 */
@Injectable()
export class FieldHistory {
  constructor(
    private readonly history: RecordHistory,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** A page of the record's revisions within the query's range, newest first. */
  async page<R, E extends DomainEvent>(
    declaration: HistoryDeclaration<R, E>,
    id: string,
    actor: Actor,
    query: HistoryQuery,
    url: string,
  ): Promise<ListEnvelope<HistoryEntry>> {
    const { revision: last } = await this.history.lastVisible(declaration, id, actor);
    const { page } = query;
    const newest = Math.min(query.revisionTo ?? last, last);
    const oldest = query.revisionFrom ?? 0;
    const top = newest - page.offset;
    const bottom = Math.max(oldest, top - page.fetch + 1);
    const rows = top >= bottom ? await this.entries(declaration, id, actor, { bottom, top }) : [];
    return listEnvelope({
      url,
      page: page.page,
      limit: page.limit,
      rows: rows.reverse(),
      total: page.includeTotal ? Math.max(0, newest - oldest + 1) : undefined,
    });
  }

  /** The entries of revisions `bottom` to `top`, oldest first, from one fold of the stream. */
  private async entries<R, E extends DomainEvent>(
    declaration: HistoryDeclaration<R, E>,
    id: string,
    actor: Actor,
    { bottom, top }: { bottom: number; top: number },
  ): Promise<HistoryEntry[]> {
    const found: { event: RecordedEvent; changes: FieldChange[] }[] = [];
    let before: object = {};
    await this.history.fold(declaration.aggregate, id, top, (state, event) => {
      // Views are rendered from the revision before the page only: the fold itself is cheap.
      if (event.revision < bottom - 1) return;
      const after = compared(declaration, state, event.revision, actor);
      if (event.revision >= bottom) found.push({ event, changes: fieldChanges(before, after) });
      before = after;
    });
    const names = await this.userNames(
      actor,
      found.map(({ event }) => eventEntry(event).metadata.user_id),
    );
    return found.map(({ event, changes }) => entryOf(event, changes, names));
  }

  /** The names of the account's users among `ids` (deleted users keep theirs). */
  private userNames(actor: Actor, ids: unknown[]): Promise<Map<string, string>> {
    const userIds = ids.filter((id): id is string => typeof id === 'string');
    return namesById(this.database, 'users', actor.accountId, userIds);
  }
}

/**
 * The JSON the history compares at one revision: the record's view as this actor may see it
 * (`redact` applied, as to its events), as a client would read it; `deleted: true` once deleted,
 * nothing before the record exists.
 */
function compared<R, E extends DomainEvent>(
  declaration: HistoryDeclaration<R, E>,
  state: RecordState<R>,
  revision: number,
  actor: Actor,
): object {
  if (state.status === 'absent') return {};
  const view = declaration.compared
    ? declaration.compared(state.record, revision, actor)
    : declaration.view(state.record, revision, actor);
  const json = JSON.parse(JSON.stringify(view)) as JsonObject;
  const shown = declaration.redact?.(json, actor) ?? json;
  for (const key of UNCOMPARED) delete shown[key];
  return state.status === 'deleted' ? { ...shown, deleted: true } : shown;
}

function entryOf(event: RecordedEvent, changes: FieldChange[], names: Map<string, string>): HistoryEntry {
  const { metadata } = eventEntry(event);
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const userId = text(metadata.user_id);
  return {
    revision: event.revision,
    occurred_at: event.recordedAt.toISOString(),
    event_types: [event.type],
    actor: {
      user_id: userId,
      user_name: userId === null ? null : (names.get(userId) ?? null),
      api_key_id: text(metadata.api_key_id),
      idempotency_key: text(metadata.idempotency_key),
    },
    changes,
  };
}
