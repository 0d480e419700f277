import { CompiledQuery, Kysely, sql } from 'kysely';
import {
  advanceStatement,
  CheckpointMovedError,
  checkpointMovedOr,
  insertCheckpoint,
  loadCheckpoint,
} from './checkpoints';
import { Database } from './database';
import { migrateReadModels } from './migrations';
import { Pipeline } from './pipeline';
import { recordWrites } from './recorded-writes';
import { streamEventsProjector } from './testing/stream-events-projector';
import { openFreshPostgres } from './testing/test-databases';

/* eslint-disable @typescript-eslint/no-explicit-any */

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const at = (n: number) => ({ commit: BigInt(n), prepare: BigInt(n) });

const serverUrl = process.env.DATABASE_URL;
(serverUrl ? describe : describe.skip)('a batch in one round trip (postgres pipeline)', () => {
  let database: Database;
  let db: Kysely<any>;
  let pipeline: Pipeline;
  const insert = (id: number) => sql`insert into widgets (id) values (${id})`.compile(db);
  const ids = async () =>
    (await sql<{ id: number }>`select id from widgets order by id`.execute(db)).rows.map((r) => r.id);

  beforeAll(async () => {
    database = await openFreshPostgres(serverUrl!);
    db = database.db;
    pipeline = database.pipeline!;
    await migrateReadModels(db);
    await sql`create table widgets (id integer primary key)`.execute(db);
    await insertCheckpoint(db, 'widgets', 1);
  });
  afterAll(() => database.close());

  it('given a batch whose checkpoint stands where it began, when pipelined, then its writes and the move commit together', async () => {
    const move = { projector: 'widgets', version: 1, from: 'start' as const, to: at(5) };
    await pipeline([BEGIN, advanceStatement(move).compile(db), insert(1), insert(2), COMMIT]);
    expect(await ids()).toEqual([1, 2]);
    expect((await loadCheckpoint(db, 'widgets'))!.position).toEqual(at(5));
  });

  it('given a batch whose checkpoint was moved meanwhile, when pipelined, then nothing of it is kept and it fails as a moved checkpoint', async () => {
    const stale = { projector: 'widgets', version: 1, from: at(3), to: at(9) };
    const failure = await pipeline([BEGIN, advanceStatement(stale).compile(db), insert(3), COMMIT]).catch(
      (e) => e,
    );
    expect(checkpointMovedOr(failure, 'widgets')).toBeInstanceOf(CheckpointMovedError);
    expect(await ids()).toEqual([1, 2]);
    expect((await loadCheckpoint(db, 'widgets'))!.position).toEqual(at(5));
  });

  it('given a write that fails mid-batch, then the batch is rolled back and the connections serve the next batches', async () => {
    const move = { projector: 'widgets', version: 1, from: at(5), to: at(7) };
    const failure = await pipeline([
      BEGIN,
      advanceStatement(move).compile(db),
      insert(4),
      insert(1),
      COMMIT,
    ]).catch((e) => e);
    expect(failure).toMatchObject({ code: '23505' }); // the repeated id, not the aborted statements after it
    expect(await ids()).toEqual([1, 2]);
    // more batches than the pipeline's connections: each one clean after the failure
    for (let n = 0; n < 6; n++) await pipeline([BEGIN, insert(10 + n), COMMIT]);
    expect(await ids()).toEqual([1, 2, 10, 11, 12, 13, 14, 15]);
  });

  it('given batches sent in the same turn, one failing mid-way, then they travel together and only that one is rolled back', async () => {
    await sql`create table batch_sessions (batch integer, pid integer)`.execute(db);
    const session = (batch: number) =>
      sql`insert into batch_sessions values (${batch}, pg_backend_pid())`.compile(db);
    const outcomes = await Promise.allSettled([
      pipeline([BEGIN, insert(20), session(1), COMMIT]),
      pipeline([BEGIN, insert(21), insert(20), insert(22), COMMIT]),
      pipeline([BEGIN, insert(23), session(3), COMMIT]),
      pipeline([insert(24), session(4)]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    expect((await ids()).filter((id) => id >= 20)).toEqual([20, 23, 24]);
    const sessions = await sql<{ pid: number }>`select distinct pid from batch_sessions`.execute(db);
    expect(sessions.rows).toHaveLength(1); // one connection, one write
  });

  it('given a late batch sent with others in the same turn, then it goes after them, and they are answered without waiting for it', async () => {
    await sql`create table arrivals (seq serial, label text)`.execute(db);
    const arrive = (label: string) => sql`insert into arrivals (label) values (${label})`.compile(db);
    const arrived = async () =>
      (await sql<{ label: string }>`select label from arrivals order by seq`.execute(db)).rows.map(
        (r) => r.label,
      );
    const LOCK = 31_031;
    await db.connection().execute(async (holder) => {
      await sql`select pg_advisory_lock(${LOCK})`.execute(holder);
      // The late batch is sent first, and then waits on the lock inside its transaction.
      const waitOnLock = sql`select pg_advisory_xact_lock(${LOCK})`.compile(db);
      let lateAnswered = false;
      const late = pipeline([BEGIN, arrive('late'), waitOnLock, COMMIT], { late: true }).then(() => {
        lateAnswered = true;
      });
      await pipeline([BEGIN, arrive('first'), COMMIT]);
      expect(lateAnswered).toBe(false);
      expect(await arrived()).toEqual(['first']);
      await sql`select pg_advisory_unlock(${LOCK})`.execute(holder);
      await late;
    });
    expect(await arrived()).toEqual(['first', 'late']);
  });
});

describe('the writes of a write-only projector, recorded', () => {
  it('given events, then its apply statements are compiled in order without a database', async () => {
    const events = [1, 2].map((revision) => ({
      id: `e${revision}`,
      streamId: 's-1',
      revision,
      type: 'Opened',
      data: { n: revision },
      metadata: {},
      position: at(revision),
      recordedAt: new Date(0),
    }));
    const [statement, ...rest] = await recordWrites(streamEventsProjector(), events, 'public');
    expect(rest).toEqual([]);
    expect(statement.sql).toMatch(/^\/\*prepared\*\/insert into "public"."stream_events"/);
    const rows = JSON.parse(statement.parameters[0] as string) as { stream_id: string }[];
    expect(rows.map((r) => r.stream_id)).toEqual(['s-1', 's-1']);
  });

  it('given a projector that reads, then recording refuses it', async () => {
    const reading = {
      ...streamEventsProjector(),
      async apply(trx: Kysely<any>) {
        await sql`select count(*) from stream_events`.execute(trx);
      },
    };
    await expect(recordWrites(reading, [], 'public')).rejects.toThrow(/read from the database/);
  });
});
