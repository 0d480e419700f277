import { Inject, Injectable } from '@nestjs/common';
import { EventStore, Position, RecordedEvent } from '@app/event-store';
import { prefixOf, recordIdOf } from '@app/read-models/projectors/domain-events';
import { inAccountRange, logEvents, RecordWriter } from '@app/runtime';
import { Actor } from '../auth/actor';
import { ChangeCursor, signCursor } from '../changes/change-cursor';
import { CursorSecret } from '../changes/cursor-secret';
import { FeedRecord } from '../changes/feed-records';
import { readableKinds, recordInSight } from '../changes/feed-sight';
import { eventEntry, EventEntry } from '../history';
import { EVENT_STORE } from '../store/tokens';
import { AccountEventsQuery } from './account-events-query';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** One event of the account's log: as a record's `/events` shows it, with the record named. */
export interface AccountEvent extends EventEntry {
  record: { object: string; id: string };
}

export interface AccountEventPage {
  object: 'list';
  url: string;
  has_more: boolean;
  next_cursor: string;
  data: AccountEvent[];
}

/**
 * Log events one page reads at most: the store has no index by account, so a page of a small
 * account in a large log may come back short (even empty) with `has_more`, as the change feed's do.
 */
export const PAGE_SCAN = 2000;

/**
 * GET /api/v3/events: the account's events in log order, read from the event store's global log
 * itself (no read model: nothing to lag behind a write). Shown are the events of the records the
 * key may read (the change feed's kinds, their read scopes and the user's sight), each event's data
 * redacted as that record's `/events` does; accounts, users, keys, counters and galleries are the
 * operator's (npm run cli -- events export).
 */
@Injectable()
export class AccountLog {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly writer: RecordWriter,
    private readonly secret: CursorSecret,
  ) {}

  async page(actor: Actor, query: AccountEventsQuery, url: string): Promise<AccountEventPage> {
    const kinds = new Map(
      readableKinds(actor)
        .filter((kind) => !query.objects || query.objects.includes(kind.object))
        .map((kind) => [kind.streamPrefix, kind]),
    );
    const range = { accountId: actor.accountId, since: query.since, until: query.until };
    const sight = new Map<string, { record: any } | null>();
    const data: AccountEvent[] = [];
    let last: RecordedEvent | undefined;
    let scanned = 0;
    let more = false;
    const log = logEvents(this.store, query.cursor ? positionOf(query.cursor) : 'start');
    for await (const event of log) {
      if (data.length === query.limit || scanned === PAGE_SCAN) {
        more = true; // the log goes on past what this page examined
        break;
      }
      scanned++;
      last = event;
      const kind = kinds.get(prefixOf(event.streamId));
      if (!kind || !inAccountRange(event, range)) continue;
      if (query.types && !query.types.includes(event.type)) continue;
      const seen = await recordInSight(this.writer, actor, kind, recordIdOf(event), sight);
      if (seen) data.push(this.entry(actor, kind, event, seen.record));
    }
    await log.return(undefined);
    const cursor: ChangeCursor = last
      ? {
          accountId: actor.accountId,
          commit: String(last.position.commit),
          prepare: String(last.position.prepare),
        }
      : (query.cursor ?? { accountId: actor.accountId, commit: '0', prepare: '0' });
    return {
      object: 'list',
      url,
      has_more: more,
      next_cursor: signCursor(cursor, await this.secret.value()),
      data,
    };
  }

  private entry(actor: Actor, kind: FeedRecord, event: RecordedEvent, record: any): AccountEvent {
    const redact = kind.history(record).redact;
    return {
      ...eventEntry(event, redact ? redact(event.data, actor) : event.data),
      record: { object: kind.object, id: recordIdOf(event) },
    };
  }
}

/**
 * A cursor's position. Only an empty log gives 0/0 (no event examined), and a caller's key has
 * events of its own before it can ask, so a cursor always names an examined event.
 */
function positionOf(cursor: ChangeCursor): Position {
  return { commit: BigInt(cursor.commit), prepare: BigInt(cursor.prepare) };
}
