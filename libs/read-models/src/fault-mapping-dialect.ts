import {
  CompiledQuery,
  DatabaseConnection,
  Driver,
  PostgresDialect,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { restateConnectionFault } from './connection-faults';

/**
 * kysely on node-postgres, with every connection fault (a refused or dropped connection, a session
 * terminated, a server shutting down) thrown as StoreUnavailableError: the boundary where callers,
 * the API's error filter first, learn that the store is away rather than that something broke.
 * Statement errors (a unique violation, a deadlock the caller retries) pass unchanged.
 */
export class FaultMappingPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new FaultMappingDriver(super.createDriver());
  }
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
