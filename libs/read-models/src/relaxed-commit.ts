import { CompiledQuery, sql, Transaction } from 'kysely';

/** The setting for the transaction it runs in (a pipelined one sends it as a statement of its own). */
export const RELAXED_COMMIT = CompiledQuery.raw('SET LOCAL synchronous_commit = off');

/**
 * Read models are derived data: a batch commits together with its checkpoint, so a crash can only
 * lose whole batches, which are projected again from the durable log. Their commits therefore need
 * not wait for the WAL flush (PostgreSQL's asynchronous commit keeps them consistent, never torn).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function relaxCommitDurability(trx: Transaction<any>): Promise<void> {
  await trx.executeQuery(RELAXED_COMMIT);
}

/** The same setting as a FROM item, for a statement the transaction runs anyway. */
export const relaxedCommitSetting = sql`(select set_config('synchronous_commit', 'off', true))`;
