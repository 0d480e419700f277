import { EventMetadata, RecordedEvent } from '@app/event-store';
import { sql } from 'kysely';
import { Database } from '../database';
import { createTables, Projector } from '../projector';
import { recordBatch } from '../recorded-writes';
import { isRowSet } from '../row-sets';
import { TestDatabase } from './test-databases';

/** Shared by the projector specs: the account, and records A, B, C, D of the kind under test. */
export const ACCOUNT = uuid('a');
export const A = uuid('1');
export const B = uuid('2');
export const C = uuid('3');
export const D = uuid('4');

/** A readable test id: uuid('c1') is 00000000-0000-4000-8000-0000000000c1. */
export function uuid(suffix: string): string {
  return `00000000-0000-4000-8000-${suffix.padStart(12, '0')}`;
}

/** The instant `minute` minutes into 2030. */
export const at = (minute: number) => `2030-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;

export type LogEntry = [stream: string, type: string, data: object, metadata?: EventMetadata];

/**
 * Events as the store records them: revisions per stream, positions in the given order. Each event
 * carries `metadata` (none unless a projector reads it), with its entry's own on top.
 */
export function eventLog(entries: LogEntry[], metadata: EventMetadata = {}): RecordedEvent[] {
  const revisions = new Map<string, number>();
  return entries.map(([streamId, type, data, own], n) => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    return {
      id: `e${n}`,
      streamId,
      revision,
      type,
      data: data as never,
      metadata: own ? { ...metadata, ...own } : metadata,
      position: { commit: BigInt(n + 1), prepare: BigInt(n + 1) },
      recordedAt: new Date(),
    };
  });
}

/** Each event in a batch of its own. */
export const oneByOne = (events: RecordedEvent[]) => events.map((event) => [event]);

/** eventLog without metadata. */
export const log = (...entries: LogEntry[]) => eventLog(entries);
/** eventLog with the account in the metadata, as the document streams carry it. */
export const accountLog = (...entries: LogEntry[]) => eventLog(entries, { account_id: ACCOUNT });

/** The suite's database, opened before its tests and closed after them: call the getter inside a test. */
export function suiteDatabase(target: TestDatabase): () => Database {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database?.close());
  return () => database;
}

/**
 * A projector on one test database, opened before the suite's tests and closed after them. Each
 * test projects into a schema of its own, so tests never see each other's rows.
 */
export function projectorOn(target: TestDatabase, projector: Projector) {
  const database = suiteDatabase(target);
  const db = () => database().db;

  const apply = (schema: string, batch: RecordedEvent[]) =>
    db()
      .transaction()
      .execute((trx) => projector.apply(trx, batch, schema));
  /** Creates `schema` and the projector's tables (and indexes) in it, then applies each batch in its own transaction. */
  const project = async (schema: string, batches: RecordedEvent[][]): Promise<void> => {
    await sql`create schema ${sql.id(schema)}`.execute(db());
    await db()
      .transaction()
      .execute((trx) => createTables(trx, projector, schema));
    for (const batch of batches) await apply(schema, batch);
  };

  return {
    /** The suite's database (open from beforeAll on). */
    db,
    /** Its Database: its copyBatch, say. */
    database,
    /** Applies `batch` (one transaction) to the tables already in `schema`. */
    apply,
    project,
    /**
     * Projects `batches` into schema `<schema>_batched` and their events one by one into
     * `<schema>_one_by_one`, expects `read` to find the same in both, and returns it.
     */
    async projectedAlike<T>(
      read: (schema: string) => Promise<T>,
      batches: RecordedEvent[][],
      schema = 'alike',
    ): Promise<T> {
      await project(`${schema}_batched`, batches);
      await project(`${schema}_one_by_one`, oneByOne(batches.flat()));
      const batched = await read(`${schema}_batched`);
      expect(await read(`${schema}_one_by_one`)).toEqual(batched);
      return batched;
    },
    /**
     * Projects `batches` as a live loop writes them (prepare, then apply in a transaction) into
     * `<schema>_applied`, and as a rebuild does (recorded, insertRows rows by COPY: copyBatch) into
     * `<schema>_copied`; expects some rows to have gone by COPY and `read` to find the same in both.
     */
    async copiedAlike<T>(read: (schema: string) => Promise<T>, batches: RecordedEvent[][], schema = 'copy') {
      let copied = 0;
      for (const [target, write] of [
        [
          'applied',
          (batch: RecordedEvent[], prepared: unknown, at: string) =>
            db()
              .transaction()
              .execute((trx) => projector.apply(trx, batch, at, prepared)),
        ],
        [
          'copied',
          async (batch: RecordedEvent[], prepared: unknown, at: string) => {
            const entries = await recordBatch(projector, batch, at, prepared);
            copied += entries.filter(isRowSet).length;
            await database().copyBatch(entries);
          },
        ],
      ] as const) {
        const at = `${schema}_${target}`;
        await sql`create schema ${sql.id(at)}`.execute(db());
        await db()
          .transaction()
          .execute((trx) => createTables(trx, projector, at));
        for (const batch of batches) await write(batch, await projector.prepare?.(db(), batch, at), at);
      }
      expect(copied).toBeGreaterThan(0);
      const applied = await read(`${schema}_applied`);
      expect(await read(`${schema}_copied`)).toEqual(applied);
      return applied;
    },
    /**
     * The rows of `table` in `schema` (aliased `t`), ordered by `order` (SQL), with `extra` columns:
     * say 'a_date::text as a_date', as the drivers turn `date` into a Date in the process's zone.
     */
    async rows(schema: string, table: string, order: string, extra = '') {
      const { rows } = await sql<Record<string, unknown>>`select t.*${sql.raw(extra ? `, ${extra}` : '')}
        from ${sql.table(`${schema}.${table}`)} as t order by ${sql.raw(order)}`.execute(db());
      return rows;
    },
    /** The names of the indexes in `schema` (on `table` alone if named), in order. */
    async indexes(schema: string, table?: string): Promise<string[]> {
      const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
        where schemaname = ${schema} and ${table === undefined ? sql`true` : sql`tablename = ${table}`}
        order by indexname`.execute(db());
      return rows.map((index) => index.name);
    },
  };
}
