import { CompiledQuery } from 'kysely';
import { DatabaseError, Pool, PoolClient } from 'pg';
import { fastParameter } from './array-literal';
import { isConnectionFault, restateConnectionFault } from './connection-faults';
import { preparedName } from './prepared-statements';
import { sendTo } from './send-to';

/**
 * Statements sent together and answered in order: on a server, in one write and one round trip
 * (node-postgres's pipeline mode). The first error is thrown once every answer of the list is in.
 * Each statement is a transaction of its own unless the list opens and ends one, as a batch does:
 * then an error aborts it and its COMMIT ends it as a ROLLBACK, so nothing of it is kept. A list
 * sent `late` goes after the others sent with it (a read model nobody's write waits for).
 */
export type Pipeline = (statements: readonly CompiledQuery[], options?: { late?: boolean }) => Promise<void>;

interface Waiting {
  statements: readonly CompiledQuery[];
  late: boolean;
  settle(error?: unknown): void;
}

/**
 * A pipeline on `pool`, whose clients must have been made with `pipeline: true`. The lists sent in
 * one turn of the event loop go together: projector loops woken by one page of the log commit
 * their batches at about the same moment, and each batch costs its own write and round trip
 * otherwise. They stay separate transactions: one's failure aborts only its own, whose COMMIT
 * then ends it as a ROLLBACK before the next list's BEGIN. Each list is answered as soon as its
 * own statements are, and the late ones go last: a write waiting for its read models does not
 * wait for the statements of one that nobody's write waits for.
 */
export function pipelineOn(pool: Pool): Pipeline {
  let waiting: Waiting[] = [];
  return (statements, options) =>
    new Promise<void>((resolve, reject) => {
      if (waiting.length === 0)
        setImmediate(() => {
          const lists = [...waiting.filter((w) => !w.late), ...waiting.filter((w) => w.late)];
          waiting = [];
          void sendLists(pool, lists);
        });
      waiting.push({
        statements,
        late: options?.late ?? false,
        settle: (error) => (error === undefined ? resolve() : reject(error)),
      });
    });
}

/** Each list is answered with the first error among its own statements, once they are all answered. */
async function sendLists(pool: Pool, lists: readonly Waiting[]): Promise<void> {
  let client: PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    const fault = restateConnectionFault(error);
    for (const list of lists) list.settle(fault);
    return;
  }
  let broken: Error | undefined;
  try {
    // Each answer taken as it comes (none left unhandled while an earlier list is awaited).
    const answers = sendTogether(
      client,
      lists.flatMap((l) => l.statements),
    ).map((answer) => Promise.allSettled([answer]).then(([settled]) => settled));
    let offset = 0;
    for (const list of lists) {
      const own = await Promise.all(answers.slice(offset, (offset += list.statements.length)));
      const failed = own.find((s): s is PromiseRejectedResult => s.status === 'rejected');
      if (!failed) {
        list.settle();
        continue;
      }
      // A statement's own error (the server's answer) leaves the session usable; anything else,
      // a lost connection or a session terminated say, may not: that client is discarded.
      const reason = failed.reason as Error;
      if (!(reason instanceof DatabaseError) || isConnectionFault(reason)) broken = reason;
      list.settle(restateConnectionFault(reason));
    }
  } catch (error) {
    // Not sent at all (a promise settles once: lists already answered keep their answer).
    broken = error as Error;
    for (const list of lists) list.settle(restateConnectionFault(error));
  } finally {
    client.release(broken);
  }
}

/** One write for all of them: the socket is corked while they are queued (pg corks each alone). */
function sendTogether(client: PoolClient, statements: readonly CompiledQuery[]): Promise<unknown>[] {
  const socket = (
    client as unknown as {
      connection?: { stream?: NodeJS.WritableStream & { cork?(): void; uncork?(): void } };
    }
  ).connection?.stream;
  const parsed = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } })
    .connection?.parsedStatements;
  const named = new Set<string>();
  socket?.cork?.();
  try {
    return statements.map((s) => {
      const values = s.parameters.map(fastParameter);
      const name = preparedName(s.sql);
      // A name the session has not parsed yet goes once per write: were its Parse refused (in a
      // transaction an earlier statement aborted), a second use on the same write would find none.
      // sendTo, not pg's own promise, which kept every answer alive until a full GC (send-to.ts).
      if (!name || (named.has(name) && parsed?.[name] === undefined))
        return sendTo(client, [s.sql, values]) as Promise<unknown>;
      named.add(name);
      return sendTo(client, [{ name, text: s.sql, values }]) as Promise<unknown>;
    });
  } finally {
    socket?.uncork?.();
  }
}
