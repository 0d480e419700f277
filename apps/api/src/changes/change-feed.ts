import { Inject, Injectable } from '@nestjs/common';
import { RecordState } from '@app/domain';
import { Database, RecordChangeRow, recordChangesProjector } from '@app/read-models';
import { stepEventId } from '@app/read-models/reactors/step-event-id';
import { RecordWriter } from '@app/runtime';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { isoTimestamp } from '../http/timestamps';
import { RecordHistory } from '../history';
import { VariationViews } from '../items/variations/variation-views';
import { ReadYourWrites } from '../store/read-your-writes';
import { DATABASE } from '../store/tokens';
import { ChangeCursor, signCursor } from './change-cursor';
import { ChangeQuery } from './change-query';
import { CursorSecret } from './cursor-secret';
import { FEED_RECORD_OF_PREFIX, FeedRecord } from './feed-records';
import { readableKinds, recordInSight } from './feed-sight';

/* eslint-disable @typescript-eslint/no-explicit-any */

export interface ChangeEntry {
  object: 'change';
  id: string;
  occurred_at: string;
  kind: RecordChangeRow['change'];
  record: { object: string; id: string; revision: number; [field: string]: unknown };
  event_types: string[];
}

export interface ChangePage {
  object: 'list';
  url: string;
  has_more: boolean;
  next_cursor: string;
  data: ChangeEntry[];
}

/**
 * The change feed (GET /api/v3/changes): the account's record changes in log order from the
 * `record_changes` read model, the kinds the key may read only (SQL), then each change whose record
 * the caller may see (judged as the record stands, as its history is). Writes do not wait for that
 * read model; a page waits until it has reached the log's head, so every answered write is in it.
 * A page examines `limit` changes at most, so a page the visibility filter emptied may still say
 * `has_more`.
 */
@Injectable()
export class ChangeFeed {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly writer: RecordWriter,
    private readonly history: RecordHistory,
    private readonly variations: VariationViews,
    private readonly secret: CursorSecret,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async page(actor: Actor, query: ChangeQuery, url: string): Promise<ChangePage> {
    const kinds = readableKinds(actor).filter(
      (kind) => !query.objects || query.objects.includes(kind.object),
    );
    await this.readYourWrites.current(recordChangesProjector.name); // writes do not wait for the feed
    const rows = kinds.length === 0 ? [] : await this.examine(actor, query, kinds);
    const examined = rows.slice(0, query.limit);
    const last = examined.at(-1);
    const cursor: ChangeCursor = last
      ? { accountId: actor.accountId, commit: last.commit_position, prepare: last.prepare_position }
      : (query.cursor ?? { accountId: actor.accountId, commit: '0', prepare: '0' });
    const sight = new Map<string, { record: any } | null>();
    const shown: RecordChangeRow[] = [];
    for (const row of examined) {
      const kind = FEED_RECORD_OF_PREFIX.get(row.stream_prefix)!;
      if (await recordInSight(this.writer, actor, kind, row.record_id, sight)) shown.push(row);
    }
    const states = query.expandRecord ? await this.statesOf(shown) : undefined;
    const data: ChangeEntry[] = [];
    for (const row of shown) {
      const kind = FEED_RECORD_OF_PREFIX.get(row.stream_prefix)!;
      const state = states?.get(streamKey(row))!.get(row.revision);
      data.push(await this.entry(actor, kind, row, state));
    }
    return {
      object: 'list',
      url,
      has_more: rows.length > query.limit,
      next_cursor: signCursor(cursor, await this.secret.value()),
      data,
    };
  }

  /** Up to limit + 1 changes after the cursor (or since the time), of the kinds asked for. */
  private async examine(
    actor: Actor,
    query: ChangeQuery,
    kinds: readonly FeedRecord[],
  ): Promise<RecordChangeRow[]> {
    let select = this.database.db
      .selectFrom('record_changes')
      .selectAll()
      .where('account_id', '=', actor.accountId)
      .where(
        'stream_prefix',
        'in',
        kinds.map((kind) => kind.streamPrefix),
      );
    if (query.cursor)
      select = select.where(
        sql<boolean>`(commit_position, prepare_position) > (${query.cursor.commit}::numeric, ${query.cursor.prepare}::numeric)`,
      );
    else if (query.since) select = select.where('occurred_at', '>=', query.since);
    const rows = (await select
      .orderBy('commit_position')
      .orderBy('prepare_position')
      .limit(query.limit + 1)
      .execute()) as RecordChangeRow[];
    return rows.map((row) => ({
      ...row,
      commit_position: String(row.commit_position),
      prepare_position: String(row.prepare_position),
    }));
  }

  /** Each record's states at the page's revisions of it: one fold per record and page. */
  private async statesOf(
    rows: readonly RecordChangeRow[],
  ): Promise<Map<string, Map<number, RecordState<any>>>> {
    const revisions = new Map<string, { row: RecordChangeRow; revisions: number[] }>();
    for (const row of rows) {
      const entry = revisions.get(streamKey(row)) ?? { row, revisions: [] };
      entry.revisions.push(row.revision);
      revisions.set(streamKey(row), entry);
    }
    const states = new Map<string, Map<number, RecordState<any>>>();
    for (const [key, { row, revisions: wanted }] of revisions) {
      const { aggregate } = FEED_RECORD_OF_PREFIX.get(row.stream_prefix)!;
      states.set(key, await this.history.statesAt(aggregate, row.record_id, wanted));
    }
    return states;
  }

  /** The entry of a change; with the record as of its revision when `state` (that state) is given. */
  private async entry(
    actor: Actor,
    kind: FeedRecord,
    row: RecordChangeRow,
    state: RecordState<any> | undefined,
  ): Promise<ChangeEntry> {
    const reference = { object: kind.object, id: row.record_id, revision: row.revision };
    return {
      object: 'change',
      id: stepEventId(`${row.stream_prefix}-${row.record_id}`, 'change', row.revision),
      occurred_at: isoTimestamp(row.occurred_at),
      kind: row.change,
      record: state ? { ...reference, ...(await this.recordAsOf(actor, kind, row, state)) } : reference,
      event_types: row.event_types,
    };
  }

  /**
   * The `?as_of_revision` answer, or `{id, object, deleted: true}` for a delete (webhooks too), from
   * the record's state at the revision when the caller folded it already.
   */
  async recordAsOf(
    actor: Actor,
    kind: FeedRecord,
    row: Pick<RecordChangeRow, 'record_id' | 'revision' | 'change'>,
    folded?: RecordState<any>,
  ): Promise<object> {
    if (row.change === 'deleted') return { id: row.record_id, object: kind.object, deleted: true };
    const state: RecordState<any> =
      folded ?? (await this.history.stateAt(kind.aggregate, row.record_id, row.revision));
    if (state.status !== 'live') return { id: row.record_id, object: kind.object, deleted: true };
    if (kind.object === 'item_variation') return this.variations.one(actor, state.record, row.revision);
    return kind.history(state.record).view(state.record, row.revision, actor);
  }
}

function streamKey(row: Pick<RecordChangeRow, 'stream_prefix' | 'record_id'>): string {
  return `${row.stream_prefix}-${row.record_id}`;
}
