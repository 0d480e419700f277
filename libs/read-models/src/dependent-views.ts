import { Kysely, Transaction } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Views over projectors' tables (the `analytics` schema). PostgreSQL binds a view to the tables it
 * read when created, so a rebuild's swap, which drops a projector's tables for new ones, drops the
 * views first and creates them again on the new tables, in the swap's transaction: readers of a
 * view never see it missing or reading old tables.
 */
export interface DependentViews {
  /** At a runner's start, once every projector has its tables: creates them unless already current. */
  ensure(db: Kysely<any>, schema: string): Promise<void>;
  /** In a swap's transaction, before the tables are dropped. */
  drop(trx: Transaction<any>): Promise<void>;
  /**
   * In a swap's transaction, after the new tables are in `schema`. May fail (another projector's
   * tables are still of the version before, waiting for their own rebuild): the swap goes on and
   * the views come back with that rebuild's swap.
   */
  create(trx: Transaction<any>, schema: string): Promise<void>;
}
