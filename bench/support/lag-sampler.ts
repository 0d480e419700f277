import { Client } from 'pg';
import { VISIBLE_BOUND_SQL } from '@app/event-store';
import { CHANGE_FEED_STREAMS, Projector } from '@app/read-models';
import { percentile, round } from './measure';

/**
 * Projector lag as the database shows it, sampled every `intervalMs` on the bench's own `pg`
 * connection. A sample reads every stored checkpoint and the finished events recorded since the
 * last sample (a short range scan of the log's index), and keeps, in this process, the events not
 * yet behind every checkpoint. From them it takes, for each projector (reactors left out), the
 * oldest event beyond its stored checkpoint of a type it handles (and, for one that declares
 * `accepts`, that it accepts: its test is repeated here in `ACCEPTS`), and how long ago it was
 * recorded by the database's clock: how long that read model has owed it. A sample is the worst
 * projector's age, 0 when none owes an event. Positions are transaction ids, not time, hence the
 * time measure.
 *
 * A projector stores its checkpoint past events it ignores only every 250 ms (a write saved per
 * batch), so stored checkpoints alone trail by up to that without any read model being stale: the
 * raw figure (any event beyond the slowest stored checkpoint) is reported beside it, with and
 * without the reactors.
 *
 * The first version asked all this of the database in one query per sample, scanning the events
 * after every checkpoint: 15 ms a sample at first, 60 ms by the end of a full run, so that the
 * sampler itself kept a PostgreSQL backend busy during the phase it sampled.
 */
export interface LagFigures {
  lag_p50_ms: number;
  lag_p99_ms: number;
  lag_max_ms: number;
  lag_stored_checkpoints_p99_ms: number;
  lag_with_reactors_p50_ms: number;
  lag_with_reactors_p99_ms: number;
  lag_samples: number;
  lag_sample_interval_ms: number | null;
  lag_sample_query_p99_ms: number;
  /** How often each projector owed the oldest event, when one did. */
  owing_projector: Record<string, number>;
  /** How often each checkpoint (reactors too) was the slowest, when behind. */
  slowest_checkpoint: Record<string, number>;
}

/** What a projector's `accepts` admits, for the projectors that declare one. */
const ACCEPTS: Record<string, (event: SampledEvent) => boolean> = {
  keyed_writes: (e) => e.keyed,
  record_changes: (e) => CHANGE_FEED_STREAMS.includes(e.streamPrefix),
};

interface SampledEvent {
  commit: bigint;
  prepare: bigint;
  type: string;
  streamPrefix: string;
  keyed: boolean;
  recordedMs: number;
}

type Place = { commit: bigint; prepare: bigint } | null;

const CHECKPOINTS_SQL = `
  select projector, commit_position::text as commit, prepare_position::text as prepare,
         extract(epoch from clock_timestamp()) * 1000 as now_ms
    from projection_checkpoint`;

/**
 * The limit keeps the plan an index range scan: without it, once the log passes a few MB,
 * PostgreSQL without statistics (autovacuum is off on the CI machines) estimated a third of the
 * log and read all of it with parallel workers, a core's worth of the database's time by the end
 * of a long run, which slowed what was sampled.
 */
const EVENTS_PAGE = 5000;

const EVENTS_SQL = `
  select transaction_id::text as commit, position::text as prepare, type,
         split_part(stream_id, '-', 1) as stream_prefix,
         metadata ? 'idempotency_key' as keyed, extract(epoch from recorded_at) * 1000 as recorded_ms
    from events
   where (transaction_id, position) > ($1::text::xid8, $2::bigint)
     and transaction_id < ${VISIBLE_BOUND_SQL}
   order by transaction_id, position
   limit ${EVENTS_PAGE}`;

export function lagSampler(
  db: Client,
  projectors: readonly Projector[],
  reactors: readonly string[],
  intervalMs: number,
) {
  const unknown = projectors.filter((p) => p.accepts && !ACCEPTS[p.name]);
  if (unknown.length > 0) throw new Error(`no sampler test for ${unknown[0].name}'s accepts (ACCEPTS)`);
  const handles = new Map(projectors.map((p) => [p.name, p.handles ? new Set(p.handles) : undefined]));
  const samples = {
    owed: [] as number[],
    stored: [] as number[],
    all: [] as number[],
    queryMs: [] as number[],
  };
  const owing = new Map<string, number>();
  const slowest = new Map<string, number>();
  let window: SampledEvent[] = [];
  let read: Place | undefined; // where the window ends
  let running = true;
  let sampledMs = 0;

  /** The finished events after `read`, page by page, onto the window. */
  async function readFresh(): Promise<void> {
    for (;;) {
      const from = read ?? { commit: 0n, prepare: 0n };
      const fresh = await db.query<{
        commit: string;
        prepare: string;
        type: string;
        stream_prefix: string;
        keyed: boolean;
        recorded_ms: string;
      }>(EVENTS_SQL, [String(from.commit), String(from.prepare)]);
      for (const row of fresh.rows)
        window.push({
          commit: BigInt(row.commit),
          prepare: BigInt(row.prepare),
          type: row.type,
          streamPrefix: row.stream_prefix,
          keyed: row.keyed,
          recordedMs: Number(row.recorded_ms),
        });
      if (window.length > 0) read = window[window.length - 1];
      if (fresh.rows.length < EVENTS_PAGE) return;
    }
  }

  async function sample(): Promise<void> {
    const { rows } = await db.query<{
      projector: string;
      commit: string | null;
      prepare: string | null;
      now_ms: string;
    }>(CHECKPOINTS_SQL);
    const nowMs = Number(rows[0]?.now_ms ?? 0);
    const places = rows.map((r) => ({ name: r.projector, place: placeOf(r.commit, r.prepare) }));
    const slowestPlace = places.reduce<Place>(
      (min, p) => (before(p.place, min) ? p.place : min),
      places[0]?.place ?? null,
    );
    if (read === undefined) read = slowestPlace;
    await readFresh();
    window = window.filter((e) => after(e, slowestPlace)); // behind every checkpoint: owed by none
    const ageOf = (e: SampledEvent | undefined) => (e ? Math.max(0, nowMs - e.recordedMs) : 0);

    let worst = { name: '', age: 0 };
    for (const { name, place } of places) {
      if (!handles.has(name)) continue; // a reactor
      const types = handles.get(name);
      const accepts = ACCEPTS[name];
      const age = ageOf(
        window.find((e) => after(e, place) && (!types || types.has(e.type)) && (!accepts || accepts(e))),
      );
      if (age > worst.age) worst = { name, age };
    }
    samples.owed.push(worst.age);
    if (worst.age > 0) owing.set(worst.name, (owing.get(worst.name) ?? 0) + 1);
    const projectorPlaces = places.filter((p) => handles.has(p.name));
    const slowestProjector = projectorPlaces.reduce(
      (min, p) => (before(p.place, min.place) ? p : min),
      projectorPlaces[0],
    );
    samples.stored.push(ageOf(window.find((e) => after(e, slowestProjector?.place ?? null))));
    const slowestAll = places.find((p) => p.place === slowestPlace);
    const allAge = ageOf(window.find((e) => after(e, slowestPlace)));
    samples.all.push(allAge);
    if (allAge > 0 && slowestAll) slowest.set(slowestAll.name, (slowest.get(slowestAll.name) ?? 0) + 1);
  }

  const done = (async () => {
    while (running) {
      const started = performance.now();
      await sample();
      const took = performance.now() - started;
      samples.queryMs.push(took);
      const wait = intervalMs - took;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sampledMs += performance.now() - started;
    }
  })();

  return {
    async stop(): Promise<LagFigures> {
      running = false;
      await done;
      const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
      const owed = sorted(samples.owed);
      const all = sorted(samples.all);
      const top = (counts: Map<string, number>) =>
        Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).slice(0, 5));
      return {
        lag_p50_ms: round(percentile(owed, 50), 1),
        lag_p99_ms: round(percentile(owed, 99), 1),
        lag_max_ms: round(owed[owed.length - 1] ?? 0, 1),
        lag_stored_checkpoints_p99_ms: round(percentile(sorted(samples.stored), 99), 1),
        lag_with_reactors_p50_ms: round(percentile(all, 50), 1),
        lag_with_reactors_p99_ms: round(percentile(all, 99), 1),
        lag_samples: owed.length,
        // The sampler waits intervalMs after each sample's start; a slow sample stretches it.
        lag_sample_interval_ms: owed.length > 0 ? round(sampledMs / owed.length, 1) : null,
        lag_sample_query_p99_ms: round(percentile(sorted(samples.queryMs), 99), 1),
        owing_projector: top(owing),
        slowest_checkpoint: top(slowest),
      };
    },
  };
}

function placeOf(commit: string | null, prepare: string | null): Place {
  return commit === null || prepare === null ? null : { commit: BigInt(commit), prepare: BigInt(prepare) };
}

/** Strictly after a place; everything is after 'start' (null). */
function after(e: { commit: bigint; prepare: bigint }, place: Place): boolean {
  return (
    place === null || e.commit > place.commit || (e.commit === place.commit && e.prepare > place.prepare)
  );
}

/** `a` stands before `b`: the start (null) before every place. */
function before(a: Place, b: Place): boolean {
  if (a === null) return b !== null;
  return b !== null && (a.commit < b.commit || (a.commit === b.commit && a.prepare < b.prepare));
}
