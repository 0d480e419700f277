import { sql } from 'kysely';
import { RecordedEvent } from '../event-store';
import { Position } from '../position';
import { prepared } from './prepared';
import { APPEND_LOCK } from './schema';
import { EventStoreDb as Db, EventValues, selectEventValues, toRecordedEvents } from './rows';

/**
 * Events of transactions below this bound are final: every transaction under it that could still
 * commit events into this database has ended, so nothing can later commit in front of an event
 * handed out. The bound is the oldest transaction the statement's snapshot sees running, passing
 * over those that provably append nothing here: a transaction that holds its transaction id lock
 * without the append lock of this database (schema.ts) can never append here, since an append must
 * take that lock before its transaction has an id. So another database's transactions (a neighbour
 * on a shared server) and this one's that append nothing (projector batches, a verify, an analyst's)
 * hold no reader back. One read of pg_locks answers both questions at one instant; a transaction it
 * no longer shows may have appended and ended after the snapshot, so it bounds the read. The two
 * locks are matched by the holder's pid, never by virtualtransaction: pg_locks reads that from the
 * holder's PGPROC as it goes, and a commit resets it (before releasing any lock) while the scan
 * runs, so the two rows of one committing appender could show different values and it would pass
 * for non-appending, its events then skipped. A lock row without a pid (a prepared transaction)
 * is never taken for non-appending. Proof and costs: docs/event-store.md, "Global order".
 *
 * NON_APPENDING_SQL: the ids of transactions that one read of pg_locks shows can never append here.
 */
export const NON_APPENDING_SQL = `(
  WITH locks AS MATERIALIZED (
    SELECT locktype, database, classid, objid, objsubid, pid, transactionid, mode
    FROM pg_locks WHERE granted
  )
  SELECT own.transactionid FROM locks own
  WHERE own.locktype = 'transactionid' AND own.mode = 'ExclusiveLock' AND own.pid IS NOT NULL
    AND NOT EXISTS (
      SELECT 1 FROM locks appending
      WHERE appending.pid = own.pid
        AND appending.locktype = 'advisory' AND appending.classid = ${APPEND_LOCK}::oid
        AND appending.objid = 0 AND appending.objsubid = 2
        AND appending.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    )
)`;

/** The bound itself: the oldest running transaction not in NON_APPENDING_SQL, else the snapshot's xmax. */
export const VISIBLE_BOUND_SQL = `(
  SELECT coalesce(
    (SELECT min(running) FROM pg_snapshot_xip(snap.taken) AS running
     WHERE xid(running) NOT IN ${NON_APPENDING_SQL}),
    pg_snapshot_xmax(snap.taken))
  FROM (SELECT pg_current_snapshot() AS taken) AS snap
)`;

export const visibleBound = sql<string>`${sql.raw(VISIBLE_BOUND_SQL)}`;

const finished = sql<boolean>`transaction_id < ${visibleBound}`;

/** The events after `after` in the log's order, on its (transaction_id, position) index. */
const pastPosition = (after: Position) =>
  sql<boolean>`(transaction_id, position) > (${String(after.commit)}::xid8, ${String(after.prepare)}::bigint)`;

/**
 * The events after `after` in the log's order, on its (transaction_id, position) index, their rows
 * as arrays (ARRAY_ROWS_MARK), each event made by one object literal. A rebuild reads every event
 * of the log this way, and pg's row objects (its spread of an empty row, then a keyed store per
 * column, at one site every statement of the process shares) were the largest single cost in a
 * profile of bench:store's rebuild phase, more than parsing the values themselves.
 */
export async function readGlobalLog(
  db: Db,
  after: Position | 'start',
  maxCount: number,
): Promise<RecordedEvent[]> {
  const from = after === 'start' ? sql<boolean>`true` : pastPosition(after);
  const { rows } = await sql<EventValues>`${selectEventValues} from events where ${finished} and ${from}
    order by transaction_id, position limit ${maxCount}`.execute(db);
  return toRecordedEvents(rows);
}

/**
 * readGlobalLog with the page as one JSON value: an array per event, parsed by one JSON.parse.
 * PGlite parses a result in JavaScript field by field (its protocol and type parsers), which cost a
 * rebuild on it twice what its server-side reading did; one native parse of a page's text costs a
 * fraction of that. The events are the same: data and metadata are the jsonb's own JSON either way.
 */
export async function readGlobalLogAsJson(
  db: Db,
  after: Position | 'start',
  maxCount: number,
): Promise<RecordedEvent[]> {
  const from = after === 'start' ? sql<boolean>`true` : pastPosition(after);
  const { rows } = await sql<{ page: string | null }>`select json_agg(json_build_array(position::text,
      transaction_id::text, stream_id, revision, event_id, type, data, metadata,
      trunc(extract(epoch from recorded_at) * 1000)::int8) order by transaction_id, position)::text as page
    from (select * from events where ${finished} and ${from}
      order by transaction_id, position limit ${maxCount}) e`.execute(db);
  const page = rows[0]?.page;
  if (!page) return [];
  return toRecordedEvents(JSON.parse(page) as EventValues[]);
}

export async function visibleHead(db: Db): Promise<Position | undefined> {
  const row = await db
    .selectFrom('events')
    .select([sql<string>`transaction_id::text`.as('commit'), sql<string>`position::text`.as('prepare')])
    .where(finished)
    .orderBy('transaction_id', 'desc')
    .orderBy('position', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { commit: BigInt(row.commit), prepare: BigInt(row.prepare) };
}

/** A page of the log's tail as subscribers read it (see readTail). */
export interface TailPage {
  events: RecordedEvent[];
  /**
   * Committed events lie beyond the page that the rule above holds back: an older transaction
   * that may append is still open. No notification comes when it ends, so the subscriber
   * polls quickly instead of sleeping.
   */
  heldBack: boolean;
}

/**
 * readGlobalLog and "is anything held back?" in one round trip: every finished event sorts before
 * every unfinished one (finished means a transaction id below the bound), so the first `maxCount`
 * committed events after the cursor are the page readGlobalLog returns, followed by held-back ones
 * only when the page is short; those are dropped and only tell that some are waiting.
 */
export async function readTail(db: Db, after: Position | 'start', maxCount: number): Promise<TailPage> {
  const from = after === 'start' ? sql<boolean>`true` : pastPosition(after);
  // Marked prepared first: preparedName() looks for its mark at the text's start.
  const { rows } = await sql<TailValues>`${prepared}${selectEventValues}, ${finished} as finished
    from events where ${from} order by transaction_id, position limit ${maxCount}`.execute(db);
  const ready = rows.filter((row) => row[9]);
  return { events: toRecordedEvents(ready), heldBack: ready.length < rows.length };
}

/** A row of readTail: the event's values, then whether its transaction is finished. */
type TailValues = [...EventValues, boolean];
