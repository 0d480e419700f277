import { Connection, PoolClient, Query, QueryConfig } from 'pg';

/**
 * A named prepared statement whose rows' description (their columns' names and types) is asked of
 * the server once per connection, the first time it runs there, and reused afterwards.
 *
 * Why: pg sends Describe with every execution, and reads the RowDescription that answers it into a
 * result's columns and parsers (`Result.addFields`: an object of every column made key by key).
 * For an item list page (37 columns) that was about a seventh of the API's CPU per request,
 * as much as the list's own work. The same reasoning led pgx to skip it (jackc/pgx#2422).
 *
 * Safe because a named statement's result cannot change shape unnoticed: when its tables change so
 * that its columns would (a rebuild adds one, renames one), PostgreSQL refuses to run it ("cached
 * plan must not change result type") and forgetPlan() gives the text a new name, described afresh.
 * Relies on pg's Query and Result internals (pg 8): described-once.spec.ts runs it against them.
 */
export function describedOnce(client: PoolClient, config: QueryConfig & { name: string }): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const query = new DescribedOnceQuery(config, (error: Error | undefined, result: unknown) =>
      error ? reject(error) : resolve(result),
    );
    void client.query(query);
  });
}

/** A result's columns as pg read them from a RowDescription (Result.addFields). */
interface Description {
  fields: unknown[];
  _parsers: unknown[];
  _prebuiltEmptyResultObject: object;
}

/** pg's Query as this file uses it (lib/query.js). */
interface QueryInternals {
  name: string;
  callback?: unknown;
  _result: Description;
  _accumulateRows: unknown;
  hasBeenParsed(connection: Connection): boolean;
  prepare(connection: Connection): void;
  handleRowDescription(message: unknown): void;
}

/** Per connection (a server session), per statement name, what its rows look like. */
const descriptions = new WeakMap<Connection, Map<string, Description>>();

const base = Query.prototype as unknown as QueryInternals;
const noDescribe = { describe: { value: () => undefined } };

class DescribedOnceQuery extends Query {
  /** The connection this run asked to describe the statement on (undefined: it did not ask). */
  private describing?: Connection;

  prepare(connection: Connection): void {
    const self = this as unknown as QueryInternals;
    const known = self.hasBeenParsed(connection) ? descriptions.get(connection)?.get(self.name) : undefined;
    if (!known) {
      this.describing = connection;
      return base.prepare.call(this, connection);
    }
    // What handleRowDescription would have set, before the first row arrives.
    Object.assign(self._result, known);
    self._accumulateRows = self.callback || !this.listeners('row').length;
    // pg's own bind, execute and sync, without the Describe (the connection otherwise as it is).
    base.prepare.call(this, Object.create(connection, noDescribe) as Connection);
  }

  handleRowDescription(message: unknown): void {
    const self = this as unknown as QueryInternals;
    base.handleRowDescription.call(this, message);
    if (!this.describing) return;
    let named = descriptions.get(this.describing);
    if (!named) descriptions.set(this.describing, (named = new Map()));
    const { fields, _parsers, _prebuiltEmptyResultObject } = self._result;
    named.set(self.name, { fields, _parsers, _prebuiltEmptyResultObject });
  }
}
