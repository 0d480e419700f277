import {
  CompiledQuery,
  DatabaseConnection,
  Driver,
  PostgresDialect,
  PostgresPool,
  PostgresPoolClient,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { Pool } from 'pg';
import { isConnectionFault, restateConnectionFault } from './connection-faults';
import { forgetPlan, preparedName } from './prepared-statements';
import { sendTo } from './send-to';
import { asksArrayRows } from './array-rows';
import { describedOnce } from './described-once';

/**
 * kysely on node-postgres, with every connection fault (a refused or dropped connection, a session
 * terminated, a server shutting down) thrown as StoreUnavailableError: the boundary where callers,
 * the API's error filter first, learn that the store is away rather than that something broke.
 * Statement errors (a unique violation, a deadlock the caller retries) pass unchanged. A pooled
 * client that met a connection fault is discarded when released, never handed out again. A statement
 * marked `prepared` or reusedPlan() goes as a named prepared statement (prepared-statements.ts),
 * described once per connection (described-once.ts), and one marked arrayRows() returns its rows as
 * arrays (array-rows.ts).
 */
export class FaultMappingPostgresDialect extends PostgresDialect {
  constructor(pool: Pool) {
    super({ pool: discardingFaulted(pool) });
  }

  override createDriver(): Driver {
    return new FaultMappingDriver(super.createDriver());
  }
}

/** How an arrayRows() statement is sent: its rows as arrays, read with the session's parsers. */
const ARRAY_ROWS = { rowMode: 'array' };

/**
 * The pool as kysely uses it, but a client whose query met a connection fault goes back with that
 * error, which makes the pool drop it: the session may still look open (a 57P01 answer arrives
 * before its socket closes) and would otherwise be lent to the next query.
 */
function discardingFaulted(pool: Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let fault: Error | undefined;
      const send = (...args: unknown[]) => sendTo(client, args);
      const query = (...args: unknown[]) => {
        const [text, values] = args;
        const sendNamed = () => {
          if (typeof text !== 'string') return send(...args);
          const name = preparedName(text);
          const arrays = asksArrayRows(text);
          if (!name && !arrays) return send(...args);
          const config = { text, values: (values ?? []) as unknown[], ...(arrays ? ARRAY_ROWS : {}) };
          return name ? describedOnce(client, { name, ...config }) : send(config);
        };
        const result = sendNamed();
        if (!(result instanceof Promise)) return result; // a cursor
        return result.catch((error: unknown) => {
          if (isConnectionFault(error)) fault = error as Error;
          if (typeof text === 'string' && forgetPlan(text, error)) return sendNamed();
          throw error;
        });
      };
      return { query, release: () => client.release(fault) } as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

class MappedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return mapped(() => this.inner.executeQuery<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (error) {
      throw restateConnectionFault(error);
    }
  }
}

/** The driver's own connection (its release is private to it), behind the mapping one. */
const inner = (connection: DatabaseConnection) =>
  connection instanceof MappedConnection ? connection.inner : connection;

class FaultMappingDriver implements Driver {
  constructor(private readonly driver: Driver) {}

  init(): Promise<void> {
    return mapped(() => this.driver.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new MappedConnection(await mapped(() => this.driver.acquireConnection()));
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return mapped(() => this.driver.beginTransaction(inner(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return mapped(() => this.driver.commitTransaction(inner(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return mapped(() => this.driver.rollbackTransaction(inner(connection)));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.driver.releaseConnection(inner(connection));
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw restateConnectionFault(error);
  }
}
