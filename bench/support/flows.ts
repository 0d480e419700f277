/**
 * Flow benchmarks through the HTTP app (order-to-cash, purchasing, transfers): client loops, a
 * baseline and the flows alternating in rounds, each step timed, and the table they print.
 *
 * Client style: both phases are `clients` async loops in the bench process, each sending one
 * request at a time with fetch, until the round's time is up (a loop then finishes the flow it is
 * in; the round's rate is divided by the time until the last loop stopped). autocannon cannot
 * express a flow (each call needs the previous answer's ids), and a baseline measured by autocannon
 * would not share the flow's client overhead (fetch, JSON parsing in this process) — so the
 * baseline uses the same loops.
 */
import { Api } from './api-server';
import { log, medianRound, percentile, round } from './measure';

export interface RoundFigures {
  /** Complete flows (or baseline calls) per second. */
  rate: number;
  done: number;
  failed: number;
  seconds: number;
}

export interface Round {
  baseline: RoundFigures;
  flow: RoundFigures;
  /** flow.rate ÷ baseline.rate */
  ratio: number;
}

export interface StepFigures {
  p50_ms: number;
  p99_ms: number;
}

/**
 * `clients` loops each running `work` one at a time until `seconds` have passed (the one under way
 * is finished). A failed call is counted (and logged once) and not retried; the loop goes on.
 */
export async function loops(
  label: string,
  clients: number,
  seconds: number,
  work: (client: number) => Promise<void>,
): Promise<RoundFigures> {
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let done = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        try {
          await work(client);
          done++;
        } catch (error) {
          failed++;
          firstFailure ??= (error as Error).message.slice(0, 300);
        }
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const figures = { rate: round(done / elapsed, 2), done, failed, seconds: round(elapsed, 2) };
  log(`${label}: ${JSON.stringify(figures)}${firstFailure ? ` first failure: ${firstFailure}` : ''}`);
  return figures;
}

/**
 * Each step of a flow timed (refused answers included: a refusal is an answer too) while
 * `measuring`; every failure recorded, warm-up included, then rethrown.
 */
export class FlowSteps<S extends string> {
  readonly failures: string[] = [];
  readonly times: Record<S, number[]>;
  measuring = false;

  constructor(readonly names: readonly S[]) {
    this.times = Object.fromEntries(names.map((name) => [name, []])) as unknown as Record<S, number[]>;
  }

  async step<T>(name: S, call: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await call();
    } catch (error) {
      this.failures.push(`${name}: ${(error as Error).message.slice(0, 300)}`);
      throw error;
    } finally {
      if (this.measuring) this.times[name].push(performance.now() - start);
    }
  }

  /** Each step's p50/p99 in ms over the measured rounds. */
  percentiles(): Record<S, StepFigures> {
    return Object.fromEntries(
      this.names.map((name) => {
        const sorted = [...this.times[name]].sort((a, b) => a - b);
        return [name, { p50_ms: round(percentile(sorted, 50), 1), p99_ms: round(percentile(sorted, 99), 1) }];
      }),
    ) as Record<S, StepFigures>;
  }
}

export interface RoundsOptions {
  clients: number;
  rounds: number;
  roundS: number;
  warmUpS: number;
  /** Labels of the two phases in the log, e.g. 'customers' and 'flows'. */
  baselineLabel: string;
  flowLabel: string;
  /** One baseline call, one complete flow. */
  baseline: (client: number) => Promise<void>;
  flow: (client: number) => Promise<void>;
  /** Its steps start being timed after the warm-up. */
  steps?: FlowSteps<string>;
  /** Started after the warm-ups, stopped after the last round (e.g. a lag sampler). */
  duringRounds?: () => { stop(): Promise<unknown> };
}

/**
 * A warm-up of each phase, then `rounds` rounds of the baseline then the flows (alternating, so that
 * on a shared machine both see about the same neighbours), and the median round by ratio.
 */
export async function alternatingRounds(options: RoundsOptions): Promise<{ rounds: Round[]; median: Round }> {
  const { clients, roundS, warmUpS } = options;
  await loops(`warm-up ${options.baselineLabel}`, clients, warmUpS, options.baseline);
  await loops(`warm-up ${options.flowLabel}`, clients, warmUpS, options.flow);
  if (options.steps) options.steps.measuring = true;
  const during = options.duringRounds?.();
  const rounds: Round[] = [];
  for (let r = 1; r <= options.rounds; r++) {
    const baseline = await loops(`round ${r} ${options.baselineLabel}`, clients, roundS, options.baseline);
    const flow = await loops(`round ${r} ${options.flowLabel}`, clients, roundS, options.flow);
    rounds.push({ baseline, flow, ratio: round(flow.rate / baseline.rate, 4) });
  }
  await during?.stop();
  return { rounds, median: medianRound(rounds) };
}

/** The baseline of the flow benchmarks: a customer with two tax rates and terms. */
export function customerBody(i: number) {
  return {
    name: `Acme ${i}`,
    email: `buyer${i}@acme.test`,
    billing_address: ['1 Main St', 'Springfield'],
    tax_rate: 8.875,
    tax_2_rate: 1.5,
    payment_terms: 'Net 30',
  };
}

/** Customer creates, numbered from a counter of their own, as the baseline phase's call. */
export function customerCreates(api: Api): () => Promise<void> {
  let n = 0;
  return async () => {
    await api('POST', '/api/v3/customers', customerBody(n++));
  };
}

/**
 * A flow's `count` inventory lines over `itemIds` in turn, starting at the flow's number `i`, with
 * quantities 1 to `maxQuantity` (so flows touch every item and differ in what they ask for).
 */
export function rotatingLines(itemIds: readonly string[], i: number, count: number, maxQuantity: number) {
  return Array.from({ length: count }, (_, line) => ({
    item_id: itemIds[(i + line) % itemIds.length],
    quantity: 1 + ((i + line) % maxQuantity),
  }));
}

/** The figures every flow benchmark's JSON line starts with. */
export function flowFigures(
  store: string,
  shape: { round_s: number; clients: number; lines: number },
  rounds: readonly Round[],
  median: Round,
  steps: Record<string, StepFigures>,
  target?: number,
) {
  return {
    store,
    ...shape,
    customer_create_rps: median.baseline.rate,
    flows_per_s: median.flow.rate,
    flow_ratio: median.ratio,
    ...(target === undefined ? {} : { flow_ratio_target: target }),
    rounds: roundsJson(rounds),
    steps,
  };
}

/** Prints the JSON line with `ok`; a failure (any string in `failures`) is logged and exits 1. */
export function reportFlows(line: Record<string, unknown>, failures: readonly (string | false)[]): void {
  const failed = failures.filter((f): f is string => typeof f === 'string');
  console.log(JSON.stringify({ ...line, ok: failed.length === 0 }));
  if (failed.length > 0) {
    console.error(`FAILED: ${failed.join('; ')}`);
    process.exitCode = 1;
  }
}

/** The rounds of a flow benchmark as they go in its JSON line. */
export function roundsJson(rounds: readonly Round[]) {
  return rounds.map((r) => ({ customer_rps: r.baseline.rate, flows_per_s: r.flow.rate, ratio: r.ratio }));
}

/** The median round's rates and each step's percentiles, as a table. */
export function printFlowTable(
  clients: number,
  labels: { baseline: string; flow: string },
  median: Round,
  steps: Record<string, StepFigures>,
): void {
  const rows = [
    ['phase', 'clients', 'per s', 'p50 ms', 'p99 ms', 'done'],
    [labels.baseline, String(clients), median.baseline.rate.toFixed(2), '', '', String(median.baseline.done)],
    [labels.flow, String(clients), median.flow.rate.toFixed(2), '', '', String(median.flow.done)],
    ...Object.entries(steps).map(([step, figures]) => [
      `  step: ${step}`,
      '',
      '',
      String(figures.p50_ms),
      String(figures.p99_ms),
      '',
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) {
    console.log(
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join('  '),
    );
  }
}
