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

/**
 * Whether committed events lie beyond `after`, visible to the rule above or not. Called when a
 * page came back empty: then they are held back by an older open transaction somewhere on the
 * server (or were released just after that page was read). No notification comes when such a
 * transaction ends, so the subscriber polls quickly instead of sleeping.
 */
export async function hasEventsAfter(db: Db, after: Position | 'start'): Promise<boolean> {
  const beyond =
    after === 'start'
      ? sql<boolean>`true`
      : sql<boolean>`(transaction_id, position) > (${String(after.commit)}::xid8, ${String(after.prepare)}::bigint)`;
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM events WHERE ${beyond}) AS found`.execute(db);
  return rows[0].found;
}
