import { RecordedEvent } from '@app/event-store';
import {
  CompiledQuery,
  DatabaseConnection,
  Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  QueryResult,
} from 'kysely';
import { BatchEntry } from './copy-batch';
import { Projector } from './projector';
import { handingRowsTo } from './row-sets';

/* eslint-disable @typescript-eslint/no-explicit-any */

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');

/** Statements as one transaction for a pipeline (pipeline.ts): BEGIN, them, COMMIT, sent at once. */
export function asTransaction(statements: CompiledQuery[]): CompiledQuery[] {
  return [BEGIN, ...statements, COMMIT];
}

/**
 * The statements a write-only projector's apply would run, compiled but not sent: a batch sends
 * them in its pipeline (pipeline.ts). Every statement answers no rows here, which is why only a
 * projector that never reads a result may be `writesOnly`; a plain SELECT is refused outright.
 */
export async function recordWrites(
  projector: Projector,
  events: RecordedEvent[],
  schema: string,
  prepared?: unknown,
): Promise<CompiledQuery[]> {
  const recorded: CompiledQuery[] = [];
  await recorderInto(recorded)
    .transaction()
    .execute((trx) => projector.apply(trx, events, schema, prepared));
  return recorded;
}

/**
 * recordWrites, but the rows apply gives insertRows are kept as row sets among the statements, in
 * order, instead of becoming INSERTs: a batch for copyBatch, which loads them by COPY.
 */
export async function recordBatch(
  projector: Projector,
  events: RecordedEvent[],
  schema: string,
  prepared?: unknown,
): Promise<BatchEntry[]> {
  const recorded: BatchEntry[] = [];
  await handingRowsTo(
    (rows) => recorded.push(rows),
    () =>
      recorderInto(recorded)
        .transaction()
        .execute((trx) => projector.apply(trx, events, schema, prepared)),
  );
  return recorded;
}

/** A kysely whose every statement lands in `recorded`, answering no rows. */
function recorderInto(recorded: BatchEntry[]): Kysely<any> {
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      if (/^\s*\(?\s*select\b/i.test(query.sql)) {
        throw new Error('A writesOnly projector read from the database: its batch cannot be pipelined');
      }
      recorded.push(query);
      return { rows: [] };
    },
    streamQuery() {
      throw new Error('A writesOnly projector cannot stream a query');
    },
  };
  const driver: Driver = {
    async init() {},
    async acquireConnection() {
      return connection;
    },
    async beginTransaction() {},
    async commitTransaction() {},
    async rollbackTransaction() {},
    async releaseConnection() {},
    async destroy() {},
  };
  return new Kysely<any>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}
