import { Position } from '@app/event-store';
import { sql } from 'kysely';
import { loadCheckpoint } from './checkpoints';
import { CopyBatch } from './copy-batch';
import { ProjectionRunnerOptions } from './projection-runner';
import { Projector } from './projector';
import { RebuildProgress } from './rebuild';
import { isRowSet } from './row-sets';
import {
  appendSampleEvents,
  countRows,
  readWholeLog,
  recordingLogger,
  rowsOf,
} from './testing/projection-fixtures';
import { projectionSetups, runnerSuite } from './testing/projection-setups';
import { streamEventsProjector } from './testing/stream-events-projector';
import { postgresSkipNotice } from './testing/test-databases';

postgresSkipNotice('projection rebuild');

describe.each(projectionSetups({ pipelined: true }))('projection rebuild ($name)', (kind) => {
  const suite = runnerSuite(kind);
  const logger = recordingLogger();
  const reference = streamEventsProjector({ name: 'reference_events' });
  const runner = (projectors: Projector[], options: Partial<ProjectionRunnerOptions> = {}) =>
    suite.projectionRunner(projectors, { logger, batchSize: 10, ...options });

  const head = async (): Promise<Position> => (await suite.store.headPosition())!;
  const tableOid = async (name: string) =>
    (await sql<{ oid: number }>`select ${`public.${name}`}::regclass::oid::int as oid`.execute(suite.db))
      .rows[0].oid;
  const schemaExists = async (name: string) =>
    (await sql`select 1 from pg_namespace where nspname = ${name}`.execute(suite.db)).rows.length === 1;

  it('rebuilds into fresh tables while the old ones serve reads, then swaps them in with the same rows', async () => {
    // given a live projector that has projected 120 events
    await appendSampleEvents(suite.store, 120);
    const live = runner([streamEventsProjector(), reference]);
    await live.start();
    await live.waitFor(await head());
    const oldTable = await tableOid('stream_events');

    // when it is rebuilt, while more events arrive and reads go on
    const seenDuringRebuild: { live: number; fresh: number }[] = [];
    const progress: RebuildProgress[] = [];
    let appendedDuring: Promise<Position> | undefined;
    await live.rebuild('stream_events', {
      onProgress: async (p) => {
        progress.push(p);
        seenDuringRebuild.push({
          live: await countRows(suite.db, 'stream_events'),
          fresh: await countRows(suite.db, 'stream_events', 'rebuild_stream_events'),
        });
        // written before the rebuild reads on, so it has to take them in
        appendedDuring ??= appendSampleEvents(suite.store, 15);
        await appendedDuring;
      },
    });
    const last = await appendedDuring!;
    await live.waitFor(last);

    // then reads of the old table kept working and the new one was filled apart from it
    expect(seenDuringRebuild[0].live).toBeGreaterThanOrEqual(120);
    expect(seenDuringRebuild[0].fresh).toBe(10);
    // and the new table replaced the old one, with exactly the rows of the uninterrupted projector
    expect(await tableOid('stream_events')).not.toBe(oldTable);
    expect(await schemaExists('rebuild_stream_events')).toBe(false);
    expect(await rowsOf(suite.db, 'stream_events')).toEqual(await rowsOf(suite.db, 'reference_events'));
    expect(await countRows(suite.db, 'stream_events')).toBe(135);
    // and progress counted up to the head
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ done: 135, total: 135 });
    expect((await live.status())[0]).toMatchObject({ state: 'running', lag: 0 });
  });

  it("loads a write-only projector's insertRows rows by COPY, into the rows live apply made", async () => {
    // given a live projector that has projected 30 events, batches of 10, its copy batches watched
    await appendSampleEvents(suite.store, 30);
    const copiedInto: string[] = [];
    const copyBatch: CopyBatch = (entries) => {
      copiedInto.push(...entries.filter(isRowSet).map((e) => `${e.schema}.${e.table}`));
      return suite.database.copyBatch(entries);
    };
    const live = runner([streamEventsProjector(), reference], { copyBatch });
    await live.start();
    await live.waitFor(await head());

    // when it is rebuilt
    await live.rebuild('stream_events');

    // then live apply inserted, the rebuild copied each batch's rows, and the rows are the same
    expect(copiedInto).toEqual(Array(3).fill('rebuild_stream_events.stream_events'));
    expect(await rowsOf(suite.db, 'stream_events')).toEqual(await rowsOf(suite.db, 'reference_events'));
    expect(await countRows(suite.db, 'stream_events')).toBe(30);
  });

  it('rebuilds automatically at start when the stored version differs from the code', async () => {
    // given version 1 has projected the log
    await appendSampleEvents(suite.store, 40);
    const v1 = runner([streamEventsProjector({ version: 1 })]);
    await v1.start();
    await v1.waitFor(await head());
    await v1.stop();

    // when version 2, which names a column differently, starts and events keep coming
    const v2 = runner([streamEventsProjector({ version: 2, typeColumn: 'event_type' })]);
    await v2.start();
    const last = await appendSampleEvents(suite.store, 6);
    await v2.waitFor(last);

    // then the table has version 2's shape, holding every event, and the checkpoint says version 2
    const rows = await rowsOf(suite.db, 'stream_events');
    expect(rows).toHaveLength(46);
    expect(rows[0]).toHaveProperty('event_type');
    expect(rows[0]).not.toHaveProperty('type');
    expect(rows.map((r) => r.event_type)).toEqual((await readWholeLog(suite.store)).map((e) => e.type));
    expect(await loadCheckpoint(suite.db, 'stream_events')).toMatchObject({ version: 2, position: last });
    expect(logger.infos.some((line) => line.includes('rebuilding'))).toBe(true);
  });

  it('rebuilds a projector no runner has started (the operator CLI), which a runner then continues', async () => {
    await appendSampleEvents(suite.store, 33);
    await runner([streamEventsProjector()]).rebuild('stream_events');
    expect(await countRows(suite.db, 'stream_events')).toBe(33);
    expect(await loadCheckpoint(suite.db, 'stream_events')).toMatchObject({
      version: 1,
      position: await head(),
    });

    const live = runner([streamEventsProjector(), reference]);
    await live.start();
    await live.waitFor(await appendSampleEvents(suite.store, 4));
    expect(await rowsOf(suite.db, 'stream_events')).toEqual(await rowsOf(suite.db, 'reference_events'));
  });

  it('when another runner swaps in rebuilt tables, a live runner goes on in them, applying nothing twice', async () => {
    // given a live runner
    await appendSampleEvents(suite.store, 50);
    const live = runner([streamEventsProjector(), reference]);
    await live.start();
    await live.waitFor(await head());

    // when another runner (another process, e.g. the CLI) rebuilds the projector
    await runner([streamEventsProjector()]).rebuild('stream_events');
    const last = await appendSampleEvents(suite.store, 12);
    await live.waitFor(last);

    // then the live runner projects into the new tables from where they stand, nothing twice
    expect(await rowsOf(suite.db, 'stream_events')).toEqual(await rowsOf(suite.db, 'reference_events'));
    expect(await countRows(suite.db, 'stream_events')).toBe(62);
  });

  it('keeps live tables in the configured schema, and swaps rebuilt ones into it', async () => {
    await appendSampleEvents(suite.store, 21);
    const live = runner([streamEventsProjector()], { schema: 'read_models' });
    await live.start();
    await live.waitFor(await head());
    await live.rebuild('stream_events');
    await live.waitFor(await appendSampleEvents(suite.store, 2));

    expect(await countRows(suite.db, 'stream_events', 'read_models')).toBe(23);
    expect(
      (
        await sql`select 1 from pg_tables where tablename = 'stream_events' and schemaname <> 'read_models'`.execute(
          suite.db,
        )
      ).rows,
    ).toEqual([]);
  });

  it("makes a projector's indexes with its new tables, but in a rebuild only once the tables are filled", async () => {
    await appendSampleEvents(suite.store, 30);
    const rowsWhenIndexed: number[] = [];
    const indexed: Projector = {
      ...streamEventsProjector(),
      async indexes(db, schema) {
        rowsWhenIndexed.push(await countRows(db, 'stream_events', schema));
        await sql`create index stream_events_type_idx on ${sql.table(`${schema}.stream_events`)} (type)`.execute(
          db,
        );
      },
    };
    const live = runner([indexed, reference]);
    await live.start();
    await live.waitFor(await head());

    await live.rebuild('stream_events');
    await live.waitFor(await appendSampleEvents(suite.store, 4));

    expect(rowsWhenIndexed).toEqual([0, 30]);
    const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes
      where schemaname = 'public' and tablename = 'stream_events' order by indexname`.execute(suite.db);
    expect(indexes.rows.map((r) => r.indexname)).toEqual(['stream_events_pkey', 'stream_events_type_idx']);
    expect(await rowsOf(suite.db, 'stream_events')).toEqual(await rowsOf(suite.db, 'reference_events'));
  });

  it('leaves the live tables and loop as they were when a rebuild fails', async () => {
    await appendSampleEvents(suite.store, 30);
    const culprit = (await readWholeLog(suite.store))[25];
    const failsOnlyInRebuild: Projector = {
      ...streamEventsProjector(),
      apply: (trx, events, schema) =>
        streamEventsProjector({ failOn: (e) => schema !== 'public' && e.id === culprit.id }).apply(
          trx,
          events,
          schema,
        ),
    };
    const live = runner([failsOnlyInRebuild, reference]);
    await live.start();
    await live.waitFor(await head());

    await expect(live.rebuild('stream_events')).rejects.toThrow(/fails on event/);

    expect(await schemaExists('rebuild_stream_events')).toBe(false);
    await live.waitFor(await appendSampleEvents(suite.store, 5));
    expect(await rowsOf(suite.db, 'stream_events')).toEqual(await rowsOf(suite.db, 'reference_events'));
  });
});
