import { RawBuilder, sql } from 'kysely';

/**
 * Statements whose plan PostgreSQL may keep: a list page runs the same few statements again and
 * again, and planning one (lateral joins, a dozen candidate indexes on `items`) cost it about as
 * much as executing it (0.4 ms of 0.9 for a page, 1.5 of 2.8 for a location's). Such a statement,
 * marked by reusedPlan(), is sent as a named prepared statement on its connection: parsed once,
 * and after five executions PostgreSQL keeps its generic plan when that costs no more than the
 * ones made for each execution's values (so only values it needs no custom plan for ride on it).
 * Its LIMIT and OFFSET must be literals: with them as parameters the generic plan is costed for a
 * tenth of the rows and never chosen.
 */
const MARK = '/* reused plan */ ';

/**
 * At most this many statement texts are named in a process (the first ones run), each prepared on
 * every connection that runs it: a kept plan of an item list page holds about 0.3 MB of a server
 * session's memory (CachedPlan, CachedPlanSource and CachedPlanQuery contexts), so at most about
 * 5 MB per session. The rest run unnamed, planned each time, as before.
 */
export const MAX_REUSED_PLANS = 16;

const names = new Map<string, string>();
let counter = 0;

/** `statement`, sent as a named prepared statement where the driver can (node-postgres). */
export function reusedPlan<T>(statement: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(MARK)}${statement}`;
}

/** Whether reusedPlan() marked the statement. */
export function isReused(text: string): boolean {
  return text.startsWith(MARK);
}

/** The query config node-postgres takes for a marked `text`: named, unless MAX_REUSED_PLANS texts have names. */
export function preparedQuery(
  text: string,
  values: unknown[],
): { name?: string; text: string; values: unknown[] } {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_REUSED_PLANS) {
    name = `reused_plan_${++counter}`;
    names.set(text, name);
  }
  return name === undefined ? { text, values } : { name, text, values };
}

/**
 * A named statement whose tables changed shape under it (a rebuild added a column) fails with
 * "cached plan must not change result type": its text is named afresh, and the caller runs it again.
 */
export function forgetPlan(text: string, error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code !== '0A000' || !names.has(text)) return false;
  names.delete(text);
  return true;
}
