import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely } from 'kysely';
import { finished } from 'node:stream/promises';
import { DatabaseError, escapeIdentifier, Pool, PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { fastParameter } from './array-literal';
import { isConnectionFault, restateConnectionFault } from './connection-faults';
import { BINARY_HEADER, BINARY_TRAILER, copyBinaryTuples } from './copy-binary';
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
export type CopyBatch = ((entries: readonly BatchEntry[]) => Promise<void>) & {
  /** It takes row sets in COPY's binary format (withCopyData): a server's does. */
  binary?: boolean;
};

const copyInto = (set: RowSet, source: string) =>
  `copy ${escapeIdentifier(set.schema)}.${escapeIdentifier(set.table)} ` +
  `(${Object.keys(set.columns).map(escapeIdentifier).join(', ')}) from ${source}`;

/**
 * On a server: a client of `pool` for the batch, the rows streamed by pg-copy-streams. The pool's
 * sessions have synchronous_commit off (RELAXED_SESSION), so a batch of one row set (a rebuild's,
 * most often) is its COPY alone, a transaction of its own: one round trip instead of four.
 */
export function copyBatchOn(pool: Pool): CopyBatch {
  const copyBatch: CopyBatch = async (entries) => {
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
  copyBatch.binary = true;
  return copyBatch;
}

/** The session setting of copyBatchOn's pool (pg's `options`). */
export const RELAXED_SESSION = '-c synchronous_commit=off';

/**
 * The row set written to COPY's stream in one piece (no source stream to pipe from): binary when
 * made so (withCopyData) or when its rows have a binary form, else as text.
 */
async function copyIn(client: PoolClient, set: RowSet): Promise<void> {
  const binary = copyBinary(set);
  const stream = client.query(copyFrom(copyInto(set, binary ? `stdin ${BINARY}` : 'stdin')));
  if (!binary) stream.end(copyText(set));
  else {
    for (const chunk of binary) stream.write(chunk);
    stream.end();
  }
  await finished(stream);
}

const BINARY = 'with (format binary)';

/** The whole of a binary COPY's data (header, tuples, trailer), or undefined to copy as text. */
function copyBinary(set: RowSet): Buffer[] | undefined {
  const tuples = set.binary ?? (set.text === undefined ? copyBinaryTuples(set) : undefined);
  if (!tuples) return undefined;
  return [BINARY_HEADER, ...(Buffer.isBuffer(tuples) ? [tuples] : tuples), BINARY_TRAILER];
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
        if (!isRowSet(entry)) await trx.executeQuery(entry);
        else if (entry.binary)
          await pglite.query(copyInto(entry, `'/dev/blob' ${BINARY}`), [], {
            blob: new Blob(copyBinary(entry)!),
          });
        else await pglite.query(copyInto(entry, `'/dev/blob'`), [], { blob: new Blob([copyText(entry)]) });
      }
    });
}
