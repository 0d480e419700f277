import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely } from 'kysely';
import { finished } from 'node:stream/promises';
import { DatabaseError, escapeIdentifier, Pool, PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { fastParameter } from './array-literal';
import { isConnectionFault, restateConnectionFault } from './connection-faults';
import { copyText } from './copy-text';
import { relaxCommitDurability } from './relaxed-commit';
import { isRowSet, RowSet } from './row-sets';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** A statement, or rows insertRows handed over instead of inserting them (row-sets.ts). */
export type BatchEntry = CompiledQuery | RowSet;

/**
 * A batch's statements and row sets run in order as one transaction, each row set loaded by COPY:
 * the server parses and inserts its rows for about a third of an INSERT's work. A replay into fresh
 * tables writes its write-only projectors' batches so (replay.ts). Its commit does not wait for the
 * WAL flush, as a projector batch's never does (relaxed-commit.ts).
 */
export type CopyBatch = (entries: readonly BatchEntry[]) => Promise<void>;

const copyInto = (set: RowSet, source: string) =>
  `copy ${escapeIdentifier(set.schema)}.${escapeIdentifier(set.table)} ` +
  `(${Object.keys(set.columns).map(escapeIdentifier).join(', ')}) from ${source}`;

/**
 * On a server: a client of `pool` for the batch, the rows streamed by pg-copy-streams. The pool's
 * sessions have synchronous_commit off (RELAXED_SESSION), so a batch of one row set (a rebuild's,
 * most often) is its COPY alone, a transaction of its own: one round trip instead of four.
 */
export function copyBatchOn(pool: Pool): CopyBatch {
  return async (entries) => {
    if (entries.length === 1 && isRowSet(entries[0]))
      return runOn(pool, (client) => copyIn(client, entries[0] as RowSet));
    return runOn(pool, async (client) => {
      await client.query('begin');
      for (const entry of entries) {
        if (isRowSet(entry)) await copyIn(client, entry);
        else await client.query(entry.sql, entry.parameters.map(fastParameter));
      }
      await client.query('commit');
    });
  };
}

/** The session setting of copyBatchOn's pool (pg's `options`). */
export const RELAXED_SESSION = '-c synchronous_commit=off';

/** The row set's text written to COPY's stream in one piece (no source stream to pipe from). */
async function copyIn(client: PoolClient, set: RowSet): Promise<void> {
  const stream = client.query(copyFrom(copyInto(set, 'stdin')));
  stream.end(copyText(set));
  await finished(stream);
}

async function runOn(pool: Pool, work: (client: PoolClient) => Promise<void>): Promise<void> {
  let client: PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw restateConnectionFault(error);
  }
  let broken: Error | undefined;
  try {
    await work(client);
  } catch (error) {
    // As in a pipeline: the server's own error leaves the session usable, anything else may not.
    if (!(error instanceof DatabaseError) || isConnectionFault(error)) broken = error as Error;
    else await client.query('rollback').catch((e: Error) => (broken = e));
    throw restateConnectionFault(error);
  } finally {
    client.release(broken);
  }
}

/**
 * On PGlite: in a transaction of `db`, whose one connection is the instance's one session, the
 * rows read from a Blob (`COPY ... FROM '/dev/blob'`, PGlite's device for COPY).
 */
export function copyBatchOnPglite(db: Kysely<any>, pglite: PGlite): CopyBatch {
  return (entries) =>
    db.transaction().execute(async (trx) => {
      await relaxCommitDurability(trx);
      for (const entry of entries) {
        if (isRowSet(entry))
          await pglite.query(copyInto(entry, `'/dev/blob'`), [], { blob: new Blob([copyText(entry)]) });
        else await trx.executeQuery(entry);
      }
    });
}
