/**
 * npm run bench — every benchmark in turn (store, API, estimates, invoices, order-to-cash,
 * purchasing, transfers, catalog, startup), each in its own process as its own
 * `npm run bench:<name>` runs it, on the database DATABASE_URL names (each makes its own there, or uses PGlite where it can).
 * Prints one JSON object: per benchmark its headline figures, each with its target and whether it
 * meets it, plus `all_met`. A benchmark that fails is reported with its exit code and the others go
 * on. BENCH_ONLY=store,invoices runs those only.
 */
import { spawn } from 'node:child_process';
import { log } from './support/measure';

type Comparison = 'at_least' | 'at_most';

interface Headline {
  /** A dotted path into the benchmark's JSON line. */
  key: string;
  target?: number;
  comparison?: Comparison;
}

/** The figures each benchmark is judged by (docs/performance.md; issue targets). */
const BENCHMARKS: Record<string, Headline[]> = {
  store: [
    { key: 'append_ratio', target: 0.9, comparison: 'at_least' },
    { key: 'rebuild_ratio', target: 0.7, comparison: 'at_least' },
    { key: 'pglite.rebuild_ratio', target: 0.7, comparison: 'at_least' },
    { key: 'rebuild_rss_peak_mb' },
  ],
  api: [{ key: 'create_ratio', target: 0.25, comparison: 'at_least' }, { key: 'list_ratio' }],
  estimates: [{ key: 'create10_ratio', target: 0.2, comparison: 'at_least' }],
  invoices: [{ key: 'create10_ratio' }, { key: 'hot_payment_ratio', target: 0.5, comparison: 'at_least' }],
  'order-to-cash': [
    { key: 'flow_ratio', target: 0.05, comparison: 'at_least' },
    { key: 'lag_p99_ms', target: 50, comparison: 'at_most' },
  ],
  purchasing: [{ key: 'flow_ratio', target: 0.05, comparison: 'at_least' }],
  transfers: [{ key: 'flow_ratio' }],
  catalog: [
    // Against the raw SQL of the page as the API shows it (its items, their category, stock and
    // photos, the total), checked equal to the API's page each run.
    { key: 'worst_variant_p99_ratio', target: 2, comparison: 'at_most' },
    // No target of its own: the same against the page's `items` rows alone (the first baseline).
    { key: 'worst_variant_items_only_p99_ratio' },
    // No target of its own: the same against a bare node:http + pg service's answer (the floor).
    { key: 'worst_variant_p99_ratio_to_bare_http' },
    // Issue 31: `q` searches by 16 clients at once over 100,000 items.
    { key: 'search_p99_ms', target: 50, comparison: 'at_most' },
  ],
  // Issue 31: the compiled API (`npm run build` first), ms from spawn to a healthy GET /health and
  // RSS at rest; PostgreSQL on an already migrated database.
  startup: [
    { key: 'postgres_start_ms', target: 500, comparison: 'at_most' },
    { key: 'postgres_rss_mb', target: 120, comparison: 'at_most' },
    { key: 'pglite_new_start_ms', target: 2000, comparison: 'at_most' },
    { key: 'pglite_existing_start_ms', target: 1000, comparison: 'at_most' },
    { key: 'pglite_rss_mb', target: 256, comparison: 'at_most' },
  ],
};

interface Judged {
  value: number | null;
  target?: number;
  comparison?: Comparison;
  met?: boolean;
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const report: Record<string, Record<string, Judged> | { failed: string }> = {};
  let allMet = true;
  for (const [name, headlines] of Object.entries(BENCHMARKS)) {
    if (only && !only.includes(name)) continue;
    log(`\n=== bench:${name}`);
    const { code, lastLine } = await runBenchmark(name);
    const figures = parseLine(lastLine);
    if (code !== 0 || !figures) {
      report[name] = { failed: code !== 0 ? `exit code ${code}` : 'no JSON line on stdout' };
      allMet = false;
      continue;
    }
    const judged: Record<string, Judged> = {};
    for (const headline of headlines) {
      judged[headline.key] = judge(headline, valueAt(figures, headline.key));
      if (judged[headline.key].met === false) allMet = false;
    }
    report[name] = judged;
  }
  console.log(JSON.stringify({ ...report, all_met: allMet }));
}

/** One benchmark as `npm run bench:<name>`: its log passes through to stderr, its stdout is kept. */
function runBenchmark(name: string): Promise<{ code: number; lastLine: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', `bench:${name}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = out.trim().split('\n');
      resolve({ code: code ?? 1, lastLine: lines.at(-1) ?? '' });
    });
  });
}

function parseLine(line: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(line);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function valueAt(figures: Record<string, unknown>, key: string): number | null {
  let at: unknown = figures;
  for (const part of key.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
  return typeof at === 'number' ? at : null;
}

export function judge({ target, comparison }: Headline, value: number | null): Judged {
  if (target === undefined || comparison === undefined) return { value };
  const met = value !== null && (comparison === 'at_least' ? value >= target : value <= target);
  return { value, target, comparison, met };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
