import { RawBuilder, sql } from 'kysely';
import { PREPARED_MARK } from '@app/event-store';

/**
 * Statements a server connection prepares once, as named statements, and afterwards only binds and
 * executes. Two kinds, by their mark:
 * - PREPARED_MARK (`prepared` in the event store): the few fixed texts sent over and over (an
 *   append, the log's tail read, a checkpoint's move), whose parse was a fifth to a third of their
 *   server time. Always named.
 * - reusedPlan(): list pages, whose planning (lateral joins, a dozen candidate indexes on `items`)
 *   cost PostgreSQL about as much as running them (0.4 ms of 0.9 for a page, 1.5 of 2.8 for a
 *   location's). After five runs PostgreSQL keeps their generic plan when it costs no more than the
 *   custom ones. Their LIMIT and OFFSET must be literals: as parameters the generic plan is costed
 *   for a tenth of the rows and never chosen. At most MAX_REUSED_PLANS texts are named.
 * - genericPlan(): searches, whose generic plan PostgreSQL would never choose itself (LIKE's default
 *   selectivity makes its estimate ten times the custom plans') though it reads through the same
 *   trigram indexes at two thirds of the cost. Named as reused plans are, and sent only on sessions
 *   that always take a named statement's generic plan (Database.genericPlans).
 * - reusedWrite(): a projector's statements on a document's lines and list row, sent for every
 *   create (a 10-line estimate's quantities: 0.47 ms of planning beside 0.7 of running, the write
 *   waited for by its request). Their texts vary only with their batches' sizes. Named as reused
 *   plans are, at most MAX_REUSED_WRITES texts; only statements that return no rows (a plan whose
 *   table changed shape is then still valid: nothing of its result type can change).
 */
const REUSED_MARK = '/* reused plan */ ';
const GENERIC_MARK = '/* generic plan */ ';
const WRITE_MARK = '/* reused write */ ';

/**
 * At most this many reused-plan texts are named in a process (the first ones run), each prepared on
 * every connection that runs it: a kept item list plan holds about 0.3 MB of a server session
 * (CachedPlan, CachedPlanSource and CachedPlanQuery contexts), so at most about 5 MB a session.
 * The rest run unnamed, planned each time.
 */
export const MAX_REUSED_PLANS = 16;

/** As MAX_REUSED_PLANS, for reusedWrite() texts (the first ones run; a kept upsert plan is small). */
export const MAX_REUSED_WRITES = 16;

/** A guard on fixed texts: they are a handful, so more means a text that varies, left unnamed. */
const MAX_FIXED = 64;

const LIMITS = { fixed: MAX_FIXED, reused: MAX_REUSED_PLANS, write: MAX_REUSED_WRITES };
const names = new Map<string, string>();
const count = { fixed: 0, reused: 0, write: 0 };
let serial = 0;

/** `statement`, sent as a named prepared statement whose plan PostgreSQL may keep (see above). */
export function reusedPlan<T>(statement: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(REUSED_MARK)}${statement}`;
}

/** `statement`, a named prepared statement for sessions that always run its generic plan (see above). */
export function genericPlan<T>(statement: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(GENERIC_MARK)}${statement}`;
}

/** `statement` (a write returning nothing), a named prepared statement whose plan PostgreSQL may keep (see above). */
export function reusedWrite<T>(statement: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(WRITE_MARK)}${statement}`;
}

/** The name `text` is prepared under on a server connection, or undefined for an unnamed statement. */
export function preparedName(text: string): string | undefined {
  // The mark first: a look-up hashes the whole text, and most texts (a projector's writes, some
  // kilobytes for a document's lines) carry none.
  const kind = markOf(text);
  if (!kind) return undefined;
  const kept = names.get(text);
  if (kept !== undefined) return kept;
  if (count[kind] >= LIMITS[kind]) return undefined;
  count[kind]++;
  const name = `prepared_${++serial}`;
  names.set(text, name);
  return name;
}

/**
 * A named statement whose tables changed shape under it (a rebuild added a column) fails with
 * "cached plan must not change result type": its text gets a new name, and the caller runs it again.
 */
export function forgetPlan(text: string, error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  const kind = markOf(text);
  if (code !== '0A000' || !kind || !names.delete(text)) return false;
  count[kind]--;
  return true;
}

/**
 * Where a statement's text starts after its reusedPlan(), genericPlan() or reusedWrite() mark, or
 * a PREPARED_MARK put first (0 without).
 */
export function afterPlanMark(text: string): number {
  if (text.startsWith(REUSED_MARK)) return REUSED_MARK.length;
  if (text.startsWith(PREPARED_MARK)) return PREPARED_MARK.length;
  if (text.startsWith(GENERIC_MARK)) return GENERIC_MARK.length;
  return text.startsWith(WRITE_MARK) ? WRITE_MARK.length : 0;
}

/** PREPARED_MARK may follow SELECT (kysely's modifyFront), hence a look at the first characters. */
function markOf(text: string): keyof typeof count | undefined {
  if (text.startsWith(REUSED_MARK) || text.startsWith(GENERIC_MARK)) return 'reused';
  if (text.startsWith(WRITE_MARK)) return 'write';
  return text.lastIndexOf(PREPARED_MARK, 16) >= 0 ? 'fixed' : undefined;
}
