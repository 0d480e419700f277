import { RecordedEvent } from '@app/event-store';
import { Kysely, sql } from 'kysely';
import { Projector } from '../projector';
import { insertRows } from '../row-sets';
import { accountOf, domainEvent, prefixOf, recordIdOf } from './domain-events';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The streams of the records a client can sync (the change feed, GET /api/v3/changes), by their
 * prefix. Counters, keys, users and galleries are not records of the feed.
 */
export const CHANGE_FEED_STREAMS: readonly string[] = [
  'customer',
  'supplier',
  'contact',
  'location',
  'itemCategory',
  'item',
  'itemVariation',
  'variationAttribute',
  'estimate',
  'invoice',
  'salesOrder',
  'purchaseOrder',
  'stockTransfer',
];

export type ChangeKind = 'created' | 'updated' | 'deleted';

/** One row of `record_changes`: one write of one record, keyed by its last event's log position. */
export interface RecordChangeRow {
  account_id: string;
  commit_position: string;
  prepare_position: string;
  stream_prefix: string;
  record_id: string;
  revision: number;
  change: ChangeKind;
  event_types: string[];
  request_id: string | null;
  occurred_at: Date;
}

/**
 * `record_changes`: every create, update, action and delete of an account's records, in log order,
 * one row per write: the events one request appended to one record in a row (a stream's events
 * of one append are consecutive in the log) are one change, with every type. A write the runner
 * splits across two batches is joined to the row it began (found by `prepare`), and that row moves
 * to the write's last position, so the table is the same however the log was batched (verify).
 */
export const recordChangesProjector: Projector = {
  name: 'record_changes',
  version: 1,
  tables: ['record_changes'],
  writesOnly: true,
  // Every write's events are its: the feed's readers wait for it instead of every write.
  awaitedOnRead: true,
  accepts: (event) => CHANGE_FEED_STREAMS.includes(prefixOf(event.streamId)),
  async setup(db, schema) {
    await createTable(db, schema);
  },
  async prepare(db, events, schema, memo): Promise<Prepared> {
    const accounts = new Set(events.map((event) => accountOf(domainEvent(event))));
    return { last: await lastChanges(db, schema, accounts, memo), memo };
  },
  async apply(trx, events, schema, prepared) {
    // No prepare (a projector spec's apply alone): nothing committed to continue.
    const { last, memo } = (prepared ?? {}) as Partial<Prepared>;
    const { rows, replaced, after } = foldChanges(events, last);
    if (memo) remember(memo, after);
    for (const row of replaced) {
      await trx
        .withSchema(schema)
        .deleteFrom('record_changes')
        .where('account_id', '=', row.account_id)
        .where('commit_position', '=', row.commit_position)
        .where('prepare_position', '=', row.prepare_position)
        .execute();
    }
    // A plain insert (insertRows): a rebuild loads the rows by COPY, after the deletes before them.
    await insertRows(trx, schema, 'record_changes', CHANGE_COLUMNS, rows);
  },
};

const CHANGE_COLUMNS = {
  account_id: 'uuid',
  commit_position: 'numeric(20)',
  prepare_position: 'numeric(20)',
  stream_prefix: 'text',
  record_id: 'uuid',
  revision: 'integer',
  change: 'text',
  event_types: 'text[]',
  request_id: 'text',
  occurred_at: 'timestamptz',
} satisfies Record<keyof RecordChangeRow, string>;

async function createTable(db: Kysely<any>, schema: string): Promise<void> {
  await sql`create table ${sql.table(`${schema}.record_changes`)} (
      account_id uuid not null,
      commit_position numeric(20) not null,
      prepare_position numeric(20) not null,
      stream_prefix text not null,
      record_id uuid not null,
      revision integer not null,
      change text not null,
      event_types text[] not null,
      request_id text,
      occurred_at timestamptz not null,
      primary key (account_id, commit_position, prepare_position))`.execute(db);
  // A sync that starts from a time.
  await sql`create index record_changes_occurred_at_idx
    on ${sql.table(`${schema}.record_changes`)} (account_id, occurred_at)`.execute(db);
}

/** Each account's newest change before the batch, and the loop's memo (Projector.prepare). */
interface Prepared {
  last: Map<string, RecordChangeRow>;
  memo?: Map<string, unknown>;
}

/** Past this many accounts, the memo starts over (it is only a cache of the table). */
const MEMO_LIMIT = 20_000;

/**
 * Each account's newest change, which the batch's first write of that account may continue: from
 * the loop's memo of what it committed, else one query for the batch, an index probe per account
 * (the primary key, read backwards). Under load most batches are of accounts the previous one
 * wrote, and the read cost each a round trip, and its writes a round trip of their own after it.
 */
async function lastChanges(
  db: Kysely<any>,
  schema: string,
  accounts: Set<string>,
  memo?: Map<string, unknown>,
): Promise<Map<string, RecordChangeRow>> {
  if (memo && memo.size > MEMO_LIMIT) memo.clear();
  const last = new Map<string, RecordChangeRow>();
  const unknown: string[] = [];
  for (const account of accounts) {
    const known = memo?.get(account) as RecordChangeRow | undefined;
    if (known) last.set(account, known);
    else unknown.push(account);
  }
  if (unknown.length === 0) return last;
  const { rows } = await sql<RecordChangeRow>`select c.* from unnest(${unknown}::uuid[]) as a(id)
    cross join lateral (select * from ${sql.table(`${schema}.record_changes`)} r where r.account_id = a.id
      order by r.commit_position desc, r.prepare_position desc limit 1) c`.execute(db);
  for (const row of rows) last.set(row.account_id, { ...row, commit_position: String(row.commit_position) });
  return last;
}

/**
 * Each account's newest change after the batch, as the batch writes it (the loop empties the memo
 * when the batch does not commit). Copies: foldChanges never changes a committed row.
 */
function remember(memo: Map<string, unknown>, after: ReadonlyMap<string, RecordChangeRow>): void {
  for (const [account, row] of after) memo.set(account, { ...row });
}

/**
 * The batch's changes: an event continues its account's last change when it is the next event of
 * the same record from the same request; otherwise it starts one. Rows from the table that a batch
 * continues are `replaced` (deleted, then written again at their new last position); `after` is
 * each account's newest change once the batch is written.
 */
export function foldChanges(
  events: readonly RecordedEvent[],
  committed: ReadonlyMap<string, RecordChangeRow> = new Map(),
): { rows: RecordChangeRow[]; replaced: RecordChangeRow[]; after: Map<string, RecordChangeRow> } {
  const last = new Map(committed);
  const rows: RecordChangeRow[] = [];
  const replaced: RecordChangeRow[] = [];
  for (const event of events) {
    const account = accountOf(domainEvent(event));
    const previous = last.get(account);
    const requestId = event.metadata.request_id ?? null;
    const continues =
      previous !== undefined &&
      previous.stream_prefix === prefixOf(event.streamId) &&
      previous.record_id === recordIdOf(event) &&
      previous.request_id === requestId &&
      previous.revision === event.revision - 1;
    let row: RecordChangeRow;
    if (!continues) rows.push((row = startChange(event, account, requestId)));
    else if (previous === committed.get(account)) {
      replaced.push(previous); // moves to this write's last position
      rows.push((row = { ...previous }));
    } else row = previous;
    extendChange(row, event);
    last.set(account, row);
  }
  return { rows, replaced, after: last };
}

function startChange(event: RecordedEvent, account: string, requestId: string | null): RecordChangeRow {
  return {
    account_id: account,
    commit_position: '',
    prepare_position: '',
    stream_prefix: prefixOf(event.streamId),
    record_id: recordIdOf(event),
    revision: event.revision,
    change: event.revision === 0 ? 'created' : 'updated',
    event_types: [],
    request_id: requestId,
    occurred_at: event.recordedAt,
  };
}

function extendChange(row: RecordChangeRow, event: RecordedEvent): void {
  row.commit_position = String(event.position.commit);
  row.prepare_position = String(event.position.prepare);
  row.revision = event.revision;
  row.event_types = [...row.event_types, event.type];
  if (isDeletion(row.stream_prefix, event.type)) row.change = 'deleted';
}

/** `CustomerDeleted` ends a customer, `ItemVariationDeleted` a variation; `ZoneDeleted` is a change. */
function isDeletion(prefix: string, type: string): boolean {
  return type === `${prefix.charAt(0).toUpperCase()}${prefix.slice(1)}Deleted`;
}
