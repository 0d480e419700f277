import { CompiledQuery } from 'kysely';
import { DatabaseError, Pool, PoolClient } from 'pg';
import { isConnectionFault, restateConnectionFault } from './connection-faults';

/**
 * Statements sent together and answered in order: on a server, in one write and one round trip
 * (node-postgres's pipeline mode). The first error is thrown once every answer is in. Each
 * statement is a transaction of its own unless the list opens and ends one, as a batch does:
 * then an error aborts it and its COMMIT ends it as a ROLLBACK, so nothing of it is kept.
 */
export type Pipeline = (statements: readonly CompiledQuery[]) => Promise<void>;

/** A pipeline on `pool`, whose clients must have been made with `pipeline: true`. */
export function pipelineOn(pool: Pool): Pipeline {
  return async (statements) => {
    const client = await pool.connect().catch((error: unknown) => {
      throw restateConnectionFault(error);
    });
    let broken: Error | undefined;
    try {
      const answers = sendTogether(client, statements);
      const settled = await Promise.allSettled(answers);
      const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
      if (failed) {
        // A statement's own error (the server's answer) leaves the session usable; anything else,
        // a lost connection or a session terminated say, may not: that client is discarded.
        const reason = failed.reason as Error;
        if (!(reason instanceof DatabaseError) || isConnectionFault(reason)) broken = reason;
        throw restateConnectionFault(reason);
      }
    } finally {
      client.release(broken);
    }
  };
}

/** One write for all of them: the socket is corked while they are queued (pg corks each alone). */
function sendTogether(client: PoolClient, statements: readonly CompiledQuery[]): Promise<unknown>[] {
  const socket = (
    client as unknown as {
      connection?: { stream?: NodeJS.WritableStream & { cork?(): void; uncork?(): void } };
    }
  ).connection?.stream;
  socket?.cork?.();
  try {
    return statements.map((s) => client.query(s.sql, s.parameters as unknown[]));
  } finally {
    socket?.uncork?.();
  }
}
