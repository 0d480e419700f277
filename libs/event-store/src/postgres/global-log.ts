import { sql } from 'kysely';
import { RecordedEvent } from '../event-store';
import { Position } from '../position';
import { eventColumns, EventRow, EventStoreDb as Db, toRecordedEvent } from './rows';

/**
 * Only transactions below the snapshot's xmin have all finished, so only their events are
 * handed out: nothing can later commit in front of an event already delivered.
 */
const finished = sql<boolean>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;

export async function readGlobalLog(
  db: Db,
  after: Position | 'start',
  maxCount: number,
): Promise<RecordedEvent[]> {
  let query = db.selectFrom('events').select(eventColumns).where(finished);
  if (after !== 'start') {
    query = query.where(
      sql<boolean>`(transaction_id, position) > (${String(after.commit)}::xid8, ${String(after.prepare)}::bigint)`,
    );
  }
  const rows = await query.orderBy('transaction_id').orderBy('position').limit(maxCount).execute();
  return (rows as EventRow[]).map(toRecordedEvent);
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
   * somewhere on the server is still open. No notification comes when it ends, so the subscriber
   * polls quickly instead of sleeping.
   */
  heldBack: boolean;
}

/**
 * readGlobalLog and "is anything held back?" in one round trip: every finished event sorts before
 * every unfinished one (finished means a transaction id below xmin), so the first `maxCount`
 * committed events after the cursor are the page readGlobalLog returns, followed by held-back ones
 * only when the page is short; those are dropped and only tell that some are waiting.
 */
export async function readTail(db: Db, after: Position | 'start', maxCount: number): Promise<TailPage> {
  let query = db.selectFrom('events').select(eventColumns).select(finished.as('finished'));
  if (after !== 'start') {
    query = query.where(
      sql<boolean>`(transaction_id, position) > (${String(after.commit)}::xid8, ${String(after.prepare)}::bigint)`,
    );
  }
  const rows = await query.orderBy('transaction_id').orderBy('position').limit(maxCount).execute();
  const ready = rows.filter((row) => row.finished);
  return {
    events: (ready as EventRow[]).map(toRecordedEvent),
    heldBack: ready.length < rows.length,
  };
}
