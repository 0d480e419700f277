import { PoolClient } from 'pg';

/**
 * `client.query` with a callback, its promise made here. pg's own promise (no callback) keeps the
 * query and its rows alive until a full GC: each young-generation GC of the API copied and promoted
 * every result since the one before (about 15 % of what a list request allocates, 1.7 MB a
 * scavenge), which made its pauses several milliseconds long and the old generation fill.
 * A cursor (a submittable) is returned as it is.
 */
export function sendTo(client: PoolClient, args: unknown[]): unknown {
  const query = client.query as (...a: unknown[]) => unknown;
  if (typeof (args[0] as { submit?: unknown } | undefined)?.submit === 'function')
    return query.apply(client, args);
  return new Promise((resolve, reject) => {
    query.apply(client, [
      ...args,
      (error: Error | null, result: unknown) => (error ? reject(error) : resolve(result)),
    ]);
  });
}
