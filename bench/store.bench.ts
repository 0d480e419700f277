/**
 * npm run bench:store — the event store and projection runner, each figure beside a baseline
 * measured in the same run on the same database (absolute times drift on shared machines).
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set. The last line is one JSON object.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { AggregateRepository, KyselySnapshotStore, visibleBound } from '@app/event-store';
import { ProjectionRunner } from '@app/read-models';
import { benchTargets, BenchTarget } from './support/stores';
import { concurrently, log, medianRound, round, timed } from './support/measure';
import { sampleBatch } from './support/events';
import { eventListProjector } from './support/list-projector';
import { peakRss } from './support/rss';

const WRITERS = 16;
const quick = process.env.BENCH_QUICK === '1';
/** Paired rounds of baseline and measure (STORE_ROUNDS overrides); the round of median ratio counts. */
const rounds = (full: number) => Number(process.env.STORE_ROUNDS ?? (quick ? 2 : full));
/** STORE_PHASES: the phases to run, e.g. `append` or `append,rebuild` (default all three). */
const phases = new Set((process.env.STORE_PHASES ?? 'append,rehydrate,rebuild').split(','));
/** STORE_TARGETS: `postgres` skips the PGlite phase (default both). */
const targets = new Set((process.env.STORE_TARGETS ?? 'pglite,postgres').split(','));

/**
 * Baseline and measure in `count` short rounds, the order swapped every round so that neither
 * always runs first (a warm cache, a neighbour starting up); each round's ratio is the baseline's
 * time over the measure's, and the round of median ratio counts (see medianRound): a noisy
 * neighbour during a round moves that round's ratio, not the figure.
 */
async function pairedRounds(
  label: string,
  count: number,
  baseline: () => Promise<unknown>,
  measure: () => Promise<unknown>,
): Promise<{ baseline: number; measure: number; ratio: number; ratios: number[] }> {
  const all: { baseline: number; measure: number; ratio: number }[] = [];
  // This process's CPU seconds for each side, printed beside the wall times: on a loaded machine
  // they move less, and on PGlite (one thread, in this process) they are all of the work.
  const cpu = { baseline: 0, measure: 0 };
  const run = async (side: 'baseline' | 'measure') => {
    const before = process.cpuUsage();
    const { seconds } = await timed(side === 'baseline' ? baseline : measure);
    const used = process.cpuUsage(before);
    cpu[side] = (used.user + used.system) / 1e6;
    return seconds;
  };
  for (let r = 0; r < count; r++) {
    let base: number, meas: number;
    if (r % 2 === 0) {
      base = await run('baseline');
      meas = await run('measure');
    } else {
      meas = await run('measure');
      base = await run('baseline');
    }
    all.push({ baseline: base, measure: meas, ratio: base / meas });
    log(
      `${label} round ${r + 1}: ratio ${round(base / meas, 3)} (${round(meas, 2)} s vs ${round(base, 2)} s;` +
        ` this process's CPU ${round(cpu.measure, 2)} s vs ${round(cpu.baseline, 2)} s)`,
    );
  }
  return { ...medianRound(all), ratios: all.map((a) => round(a.ratio, 3)) };
}

async function main(): Promise<void> {
  const results: Record<string, Record<string, unknown>> = {};
  for await (const target of benchTargets(targets)) {
    log(`\n== ${target.name}`);
    try {
      results[target.name] = {
        ...(phases.has('append') ? await appendFigures(target) : {}),
        ...(phases.has('rehydrate') ? await rehydrateFigures(target) : {}),
        ...(phases.has('rebuild') ? await rebuildFigures(target) : {}),
      };
    } finally {
      await target.store.close();
      await target.database.close();
    }
  }
  const headline: Record<string, unknown> = results.postgres ?? results.pglite;
  console.log(
    JSON.stringify({
      store: results.postgres ? 'postgres' : 'pglite',
      append_ratio: headline.append_ratio,
      rebuild_events_per_s: headline.rebuild_events_per_s,
      rebuild_ratio: headline.rebuild_ratio,
      rebuild_rss_peak_mb: headline.rebuild_rss_peak_mb,
      rehydrate_ms_10k: headline.rehydrate_ms_10k,
      ...results,
    }),
  );
}

/** 1-event and 10-event batches to new streams from 16 writers, against raw INSERTs of the same rows. */
async function appendFigures({ name, database, store }: BenchTarget) {
  const batches = quick ? 200 : name === 'postgres' ? 4000 : 1500;
  const sizes = (i: number) => (i % 2 === 0 ? 1 : 10);
  const events = Array.from({ length: batches }, (_, i) => sizes(i)).reduce((a, b) => a + b, 0);
  await sql`create table bench_raw_insert (stream_id text, revision int, event_id uuid, type text,
    data jsonb, metadata jsonb, recorded_at timestamptz default now())`.execute(database.db);

  const raw = () =>
    concurrently(WRITERS, batches, async (_, i) => {
      const rows = sampleBatch(sizes(i), i);
      const stream = randomUUID();
      await sql`insert into bench_raw_insert (stream_id, revision, event_id, type, data, metadata)
        select ${stream}, r - 1, id, type, data, metadata from unnest(
          ${rows.map((e) => e.id)}::uuid[], ${rows.map((e) => e.type)}::text[],
          ${rows.map((e) => JSON.stringify(e.data))}::jsonb[], ${rows.map((e) => JSON.stringify(e.metadata))}::jsonb[]
        ) with ordinality as t(id, type, data, metadata, r)`.execute(database.db);
    });
  const append = () =>
    concurrently(WRITERS, batches, async (_, i) => {
      await store.appendToStream(`bench-${randomUUID()}`, sampleBatch(sizes(i), i), {
        expectedRevision: 'no_stream',
      });
    });

  await timed(append); // warm: the first statements' plans, the pool's connections
  const median = await pairedRounds('append', rounds(7), raw, append);
  const rawRate = events / median.baseline;
  const appendRate = events / median.measure;
  log(`append: ${round(appendRate, 0)} events/s, raw insert: ${round(rawRate, 0)} events/s (median round)`);
  return {
    append_events_per_s: round(appendRate, 0),
    raw_insert_events_per_s: round(rawRate, 0),
    append_ratio: round(median.ratio, 3),
    append_ratios: median.ratios,
  };
}

/** Loading a 10,000-event stream by full replay and from its latest snapshot. */
async function rehydrateFigures({ database, store }: BenchTarget) {
  const snapshots = new KyselySnapshotStore(database.db);
  await snapshots.setup();
  const definition = {
    streamPrefix: 'benchCounter',
    initialState: { total: 0, count: 0 },
    evolve: (s: { total: number; count: number }, e: { data: Record<string, unknown> }) => ({
      total: s.total + Number(e.data.amount),
      count: s.count + 1,
    }),
  };
  const withSnapshots = new AggregateRepository(store, { snapshots, snapshotEvery: 100 });
  const replayOnly = new AggregateRepository(store);
  const id = randomUUID();
  for (let i = 0; i < 10_000; i += 500) {
    await withSnapshots.append(definition, id, sampleBatch(500, i), i === 0 ? 'no_stream' : i - 1);
  }
  const loads = 5;
  const average = async (repo: AggregateRepository) => {
    await repo.load(definition, id); // warm
    const { seconds } = await timed(async () => {
      for (let i = 0; i < loads; i++) await repo.load(definition, id);
    });
    return (seconds * 1000) / loads;
  };
  const without = await average(replayOnly);
  const withSnapshot = await average(withSnapshots);
  log(`rehydrate 10k: ${round(without)} ms replaying, ${round(withSnapshot)} ms from a snapshot`);
  return {
    rehydrate_ms_10k: { without_snapshot: round(without), with_snapshot: round(withSnapshot) },
    rehydrate_snapshot_speedup: round(without / withSnapshot, 1),
  };
}

/**
 * STORE_REBUILD_EVENTS: the rebuild's log on PostgreSQL (default 1,000,000), e.g. 10000000 to show
 * the rebuild's memory flat in the log's length. Such a log is generated by the server (appends
 * would take most of the run), the catch-up figure is left out and each side is measured once.
 */
const largeRebuild = Number(process.env.STORE_REBUILD_EVENTS ?? 0);

/**
 * Events through the projection runner into a list table, against a raw keyset SELECT of the
 * events; the process's peak RSS sampled during each rebuild. Select and rebuild alternate in
 * paired rounds and the median round counts, as for appends.
 */
async function rebuildFigures({ name, database, store }: BenchTarget) {
  const large = name === 'postgres' && largeRebuild > 0;
  const total = large ? largeRebuild : quick ? 20_000 : name === 'postgres' ? 1_000_000 : 100_000;
  const existing = await countRows(database, 'events');
  const seeded = await timed(() =>
    large ? generateEvents(database, total) : seedThroughStore(store, total),
  );
  const inLog = existing + total;
  log(`seeded ${total} events in ${round(seeded.seconds, 1)} s (${inLog} in the log)`);

  const batch = 5000;
  const runner = new ProjectionRunner({
    db: database.db,
    store,
    projectors: [eventListProjector],
    batchSize: batch,
    pipeline: database.pipeline, // as the API and the projector worker run it
    copyBatch: database.copyBatch,
    logger: { info: () => undefined, error: (m, e) => log(`${m} ${String(e)}`) },
  });
  let catchUpRate: number | undefined;
  if (!large) {
    const head = (await store.headPosition())!;
    const catchUp = await timed(async () => {
      await runner.start();
      await runner.waitFor(head, { timeoutMs: 3_600_000 });
    });
    catchUpRate = inLog / catchUp.seconds;
  }
  let peakMb = 0;
  let startMb = Infinity;
  const select = async () => {
    const selected = await rawSelect(database, batch);
    if (selected !== inLog) throw new Error(`raw select read ${selected} of ${inLog} events`);
  };
  const rebuild = async () => {
    const rebuilt = await peakRss(() => runner.rebuild(eventListProjector.name));
    peakMb = Math.max(peakMb, rebuilt.peakMb);
    startMb = Math.min(startMb, rebuilt.startMb);
  };
  const median = await pairedRounds(
    'rebuild',
    large ? 1 : rounds(name === 'postgres' ? 3 : 5),
    select,
    rebuild,
  );
  const rows = await countRows(database, 'bench_event_list');
  if (rows !== inLog) throw new Error(`rebuild wrote ${rows} rows for ${inLog} events`);
  await runner.stop();
  const selectRate = inLog / median.baseline;
  const rebuildRate = inLog / median.measure;
  log(
    `rebuild: ${round(rebuildRate, 0)} events/s in ${round(median.measure, 1)} s` +
      (catchUpRate ? ` (catch-up ${round(catchUpRate, 0)}/s)` : '') +
      `, raw select: ${round(selectRate, 0)} events/s; RSS ${round(startMb, 0)} MB before, peak ${round(peakMb, 0)} MB`,
  );
  return {
    rebuild_events: inLog,
    rebuild_seconds: round(median.measure, 1),
    rebuild_events_per_s: round(rebuildRate, 0),
    ...(catchUpRate ? { catch_up_events_per_s: round(catchUpRate, 0) } : {}),
    raw_select_events_per_s: round(selectRate, 0),
    rebuild_ratio: round(median.ratio, 3),
    rebuild_ratios: median.ratios,
    rebuild_rss_start_mb: round(startMb, 0),
    rebuild_rss_peak_mb: round(peakMb, 0),
  };
}

async function countRows({ db }: BenchTarget['database'], table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int8 as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0].n);
}

/** 100-event appends to new streams from 16 writers, through the store. */
async function seedThroughStore(store: BenchTarget['store'], total: number): Promise<void> {
  const perAppend = 100;
  await concurrently(WRITERS, total / perAppend, async (_, i) => {
    await store.appendToStream(`seed-${randomUUID()}`, sampleBatch(perAppend, i * perAppend), {
      expectedRevision: 'no_stream',
    });
  });
}

/**
 * Events like sampleEvent's, 100 to a stream, made by the server 100,000 to a transaction: each an
 * append through the events table's own trigger (the append lock), without the client's round trips.
 */
async function generateEvents({ db }: BenchTarget['database'], total: number): Promise<void> {
  const chunk = 100_000;
  for (let from = 0; from < total; from += chunk) {
    const to = Math.min(total, from + chunk) - 1;
    await sql`insert into events (stream_id, revision, event_id, type, data, metadata)
      select 'gen-' || (g / 100), g % 100, gen_random_uuid(),
        case when g % 3 = 0 then 'LineAdded' else 'QuantityAdjusted' end,
        jsonb_build_object('amount', ((g % 997) + 0.5)::text, 'sku', 'SKU-' || (g % 5000), 'note', 'bench'),
        jsonb_build_object('account_id', 'acct-1', 'user_id', 'user-1', 'request_id', gen_random_uuid())
      from generate_series(${from}::int8, ${to}::int8) g`.execute(db);
    if ((from / chunk) % 10 === 9) log(`generated ${to + 1} of ${total} events`);
  }
}

/** The same keyset pages the store reads: only finished transactions, in (xid, position) order. */
async function rawSelect({ db }: BenchTarget['database'], batch: number): Promise<number> {
  let after: { commit: string; prepare: string } | undefined;
  let rows = 0;
  for (;;) {
    const from = after
      ? sql`(e.transaction_id, e.position) > (${after.commit}::xid8, ${after.prepare}::int8)`
      : sql`true`;
    const page = await sql<{ commit: string; prepare: string }>`
      select e.transaction_id::text as commit, e.position::text as prepare, e.stream_id, e.revision,
             e.event_id, e.type, e.data, e.metadata, e.recorded_at
      from events e
      where e.transaction_id < ${visibleBound} and ${from}
      order by e.transaction_id, e.position limit ${batch}`.execute(db);
    rows += page.rows.length;
    if (page.rows.length < batch) return rows;
    after = page.rows[page.rows.length - 1];
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
