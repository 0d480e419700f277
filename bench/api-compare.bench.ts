/**
 * npm run bench:api-compare — two code bases of the API side by side in one run: the checkout in
 * BASELINE_DIR (with its node_modules) against this one, each as `npm start` runs it on its own
 * fresh PostgreSQL database, their health and customer-create phases alternating (as in
 * bench:api), with each API process's CPU time per request read from /proc. For changes whose
 * effect is smaller than the drift between two runs on a shared machine.
 *
 *   git worktree add /tmp/baseline <commit> && ln -s "$PWD/node_modules" /tmp/baseline/
 *   BASELINE_DIR=/tmp/baseline DATABASE_URL=postgres://… npm run bench:api-compare
 */
import autocannon from 'autocannon';
import { load } from './support/load';
import { readFileSync } from 'node:fs';
import { ApiServer, bootstrapKey, startApiServer } from './support/api-server';
import { log, round } from './support/measure';

const ROUNDS = process.env.BENCH_QUICK === '1' ? 1 : 4;
const ROUND_S = 4;

interface Side {
  name: string;
  server: ApiServer;
  key: string;
  samples: Record<'health' | 'create', { rps: number[]; cpuUs: number[] }>;
}

async function main(): Promise<void> {
  const baselineDir = process.env.BASELINE_DIR;
  if (!baselineDir || !process.env.DATABASE_URL) throw new Error('Set BASELINE_DIR and DATABASE_URL');
  const sides: Side[] = [];
  try {
    for (const [name, dir] of [
      ['baseline', baselineDir],
      ['current', process.cwd()],
    ]) {
      sides.push(await startSide(name, dir));
    }
    for (let r = -1; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order)
        for (const phase of ['health', 'create'] as const) await measure(side, phase, r < 0);
    }
    const figures = Object.fromEntries(sides.map((s) => [s.name, summary(s)]));
    console.log(JSON.stringify(figures));
  } finally {
    await Promise.all(sides.map((s) => s.server.stop()));
  }
}

async function startSide(name: string, dir: string): Promise<Side> {
  const home = process.cwd();
  process.chdir(dir); // the API child process starts from the side's checkout
  try {
    const server = await startApiServer(process.env.DATABASE_URL);
    const key = await bootstrapKey(server);
    return { name, server, key, samples: { health: { rps: [], cpuUs: [] }, create: { rps: [], cpuUs: [] } } };
  } finally {
    process.chdir(home);
  }
}

let customers = 0;

async function measure(side: Side, phase: 'health' | 'create', warmUp: boolean): Promise<void> {
  const request: autocannon.Request =
    phase === 'health'
      ? { method: 'GET', path: '/health' }
      : {
          method: 'POST',
          path: '/api/v3/customers',
          headers: { authorization: `Bearer ${side.key}`, 'content-type': 'application/json' },
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ name: `Acme ${customers++}`, tax_rate: 8.875 }),
          }),
        };
  const before = cpuMs(side.server.pid);
  const label = `${side.name} ${phase}`;
  const figures = await load(side.server.url, label, request, 16, warmUp ? 2 : ROUND_S);
  if (warmUp) return;
  const cpuUs = ((cpuMs(side.server.pid) - before) / figures.requests) * 1000;
  log(`${label}: ${Math.round(cpuUs)} µs API CPU per request`);
  side.samples[phase].rps.push(figures.rps);
  side.samples[phase].cpuUs.push(cpuUs);
}

function summary({ samples }: Side) {
  const ratios = samples.create.rps.map((c, i) => round(c / samples.health.rps[i], 3));
  return {
    health_rps: round(median(samples.health.rps), 1),
    create_rps: round(median(samples.create.rps), 1),
    health_cpu_us: Math.round(median(samples.health.cpuUs)),
    create_cpu_us: Math.round(median(samples.create.cpuUs)),
    create_ratio: round(median(ratios), 3),
    ratios,
  };
}

/** utime + stime of a process, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
