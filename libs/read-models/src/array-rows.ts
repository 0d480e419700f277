import { RawBuilder, sql } from 'kysely';
import { ARRAY_ROWS_MARK } from '@app/event-store';
import { afterPlanMark } from './prepared-statements';

/**
 * Statements whose rows come back as arrays of their columns' values, in the order the statement
 * selects them (pg's and PGlite's `rowMode: 'array'`), marked by a comment at their start.
 *
 * Why: pg makes each row object by spreading an empty row of the result's columns, at one site
 * shared by every statement of the process; with dozens of row shapes that site is megamorphic,
 * and V8 then adds the columns one by one, growing the object's property store as it goes: 2.4 KB
 * of garbage for a 42-column row against 0.4 KB for the same row cloned at a site that sees few
 * shapes. An item list page's rows were a quarter of what its request allocated. The reader of
 * such a statement makes its own objects, each from one object literal (item-list-query.ts; the
 * event store's pages of the log, global-log.ts).
 */

/** `statement` with its rows as arrays (see above); put inside reusedPlan() and genericPlan(). */
export function arrayRows(statement: RawBuilder<unknown>): RawBuilder<unknown[]> {
  return sql<unknown[]>`${sql.raw(ARRAY_ROWS_MARK)}${statement}`;
}

/**
 * Whether the driver is to send `text` with `rowMode: 'array'`: the mark first, or right after a
 * plan's mark (not inside, e.g. in an EXPLAIN of the statement).
 */
export function asksArrayRows(text: string): boolean {
  return text.startsWith(ARRAY_ROWS_MARK, afterPlanMark(text));
}
