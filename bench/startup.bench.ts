/**
 * npm run bench:startup — how long the compiled API takes to answer `GET /health` with 200, and
 * how much memory it holds once at rest (issue 31 item 1). Builds nothing: it runs the command of
 * `npm run start:prod` in package.json (its environment variables, then `node` and its arguments,
 * with this process's Node), on the build in dist/ (`npm run build` first), STARTUP_RUNS times (5)
 * in each mode:
 *
 * - `postgres_new`: on a fresh, empty PostgreSQL database of the server DATABASE_URL names (a new one
 *   each start, created before the clock starts): migrations included.
 * - `postgres_existing`: again and again on the first of those, now migrated.
 * - `pglite_new`: PGlite in a new, empty DATA_DIR each start (initdb and migrations included).
 * - `pglite_existing`: again and again on the first of those DATA_DIRs.
 *
 * A new start and an existing one alternate, so that both see about the same neighbours. Without
 * DATABASE_URL the PostgreSQL modes are skipped (their figures are null).
 *
 * Each start: the clock runs from spawn to the first `GET /health` answering 200 (polled every
 * 10 ms), when the CPU the process has used so far is read too (/proc/<pid>/stat, user + system:
 * on a shared machine a steadier figure than the wall time), then the process rests STARTUP_REST_MS (10,000) and its RSS is read from
 * /proc/<pid>/status (VmRSS; VmHWM, the peak, beside it). It is then stopped with SIGTERM (SIGKILL
 * after 10 s, counted in `killed`). Every process started is stopped, on failure and Ctrl-C too,
 * and every database and folder made is removed.
 *
 * A table on stderr, then as the last line one JSON object: per mode the median (and each start's)
 * ms to healthy, CPU ms to healthy and RSS in MB, plus the headline figures `postgres_start_ms` (the existing
 * database's), `postgres_rss_mb`, `pglite_new_start_ms`, `pglite_existing_start_ms` and
 * `pglite_rss_mb` (the existing DATA_DIR's).
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createFreshPostgres } from '@app/read-models/testing/test-databases';
import { freePort } from '../test/support/free-port';
import { log, round } from './support/measure';

const ROOT = resolve(__dirname, '..');
const START = startProdCommand();
/** Clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const RUNS = positive('STARTUP_RUNS', 5);
const REST_MS = positive('STARTUP_REST_MS', 10_000, true);
const POLL_MS = 10;
const HEALTHY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

const MODES = ['postgres_new', 'postgres_existing', 'pglite_new', 'pglite_existing'] as const;
type Mode = (typeof MODES)[number];

interface Start {
  /** ms from spawn to the first 200 from GET /health. */
  healthyMs: number;
  /** CPU ms (user + system) the process had used by then. */
  cpuMs: number;
  /** VmRSS after the rest, MB. */
  rssMb: number;
  /** VmHWM (the peak RSS) after the rest, MB. */
  peakRssMb: number;
  /** ms from SIGTERM to exit. */
  stopMs: number;
  /** Whether it had to be killed with SIGKILL. */
  killed: boolean;
}

/** Every API process still running: stopped on any way out. */
const running = new Set<ChildProcess>();
/** Every database and folder made and not yet removed: removed on Ctrl-C too. */
const leftovers = new Set<() => Promise<void>>();

async function main(): Promise<void> {
  if (!existsSync(START.main)) {
    log(`${START.main} is missing: run \`npm run build\` first (this benchmark measures the compiled API).`);
    process.exit(2);
  }
  log(`node ${process.version}, ${RUNS} starts per mode, ${REST_MS} ms at rest before reading RSS`);
  log(`npm run start:prod: ${START.script}`);
  const starts: Record<Mode, Start[]> = {
    postgres_new: [],
    postgres_existing: [],
    pglite_new: [],
    pglite_existing: [],
  };
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) await postgresStarts(serverUrl, starts);
  else log('DATABASE_URL is not set: the PostgreSQL modes are skipped');
  await pgliteStarts(starts);

  printTable(starts);
  const modes = Object.fromEntries(MODES.map((mode) => [mode, summary(starts[mode])]));
  console.log(
    JSON.stringify({
      node: process.version,
      runs: RUNS,
      rest_ms: REST_MS,
      start_prod: START.script,
      postgres_start_ms: modes.postgres_existing.median_healthy_ms,
      postgres_cpu_ms: modes.postgres_existing.median_cpu_ms,
      postgres_rss_mb: modes.postgres_existing.median_rss_mb,
      postgres_new_start_ms: modes.postgres_new.median_healthy_ms,
      pglite_new_start_ms: modes.pglite_new.median_healthy_ms,
      pglite_existing_start_ms: modes.pglite_existing.median_healthy_ms,
      pglite_new_cpu_ms: modes.pglite_new.median_cpu_ms,
      pglite_existing_cpu_ms: modes.pglite_existing.median_cpu_ms,
      pglite_rss_mb: modes.pglite_existing.median_rss_mb,
      pglite_new_rss_mb: modes.pglite_new.median_rss_mb,
      modes,
    }),
  );
}

async function postgresStarts(serverUrl: string, starts: Record<Mode, Start[]>): Promise<void> {
  const databases: { url: string; drop(): Promise<void> }[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      const fresh = await createFreshPostgres(serverUrl, 'bench_startup');
      databases.push(fresh);
      leftovers.add(fresh.drop);
      await measure('postgres_new', run, { DATABASE_URL: fresh.url }, starts);
      await measure('postgres_existing', run, { DATABASE_URL: databases[0].url }, starts);
      if (databases.length > 1) await removed(databases.pop()!.drop);
    }
  } finally {
    for (const database of databases) await removed(database.drop);
  }
}

async function pgliteStarts(starts: Record<Mode, Start[]>): Promise<void> {
  const dirs: string[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      const dir = await mkdtemp(join(tmpdir(), 'bench-startup-'));
      dirs.push(dir);
      leftovers.add(removeDir(dir));
      await measure('pglite_new', run, { DATA_DIR: dir }, starts);
      await measure('pglite_existing', run, { DATA_DIR: dirs[0] }, starts);
      if (dirs.length > 1) await removed(removeDir(dirs.pop()!));
    }
  } finally {
    for (const dir of dirs) await removed(removeDir(dir));
  }
}

const dirRemovers = new Map<string, () => Promise<void>>();

/** The one remover of a folder (the same function each call, so `leftovers` can forget it). */
function removeDir(dir: string): () => Promise<void> {
  let remover = dirRemovers.get(dir);
  if (!remover) {
    remover = () => rm(dir, { recursive: true, force: true });
    dirRemovers.set(dir, remover);
  }
  return remover;
}

async function removed(remove: () => Promise<void>): Promise<void> {
  leftovers.delete(remove);
  await remove();
}

async function measure(
  mode: Mode,
  run: number,
  store: { DATABASE_URL?: string; DATA_DIR?: string },
  starts: Record<Mode, Start[]>,
): Promise<void> {
  const start = await startOnce(store);
  starts[mode].push(start);
  log(
    `${mode.padEnd(17)} #${run}: healthy after ${round(start.healthyMs, 0)} ms (CPU ${start.cpuMs} ms), RSS ${start.rssMb} MB ` +
      `(peak ${start.peakRssMb} MB), stopped in ${round(start.stopMs, 0)} ms${start.killed ? ' (SIGKILL)' : ''}`,
  );
}

/** One start of the compiled API on the given store: timed to healthy, rested, measured, stopped. */
async function startOnce(store: { DATABASE_URL?: string; DATA_DIR?: string }): Promise<Start> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_REQUESTS: '0',
    // Only the store this mode measures: none inherited from the shell.
    DATABASE_URL: store.DATABASE_URL ?? '',
    DATA_DIR: store.DATA_DIR ?? '',
    EVENTSTORE_CONNECTION_STRING: '',
    REDIS_URL: '',
    SQL_PORT: '',
    PROJECTORS: '',
    ADMIN_TOKEN: '',
    SMTP_URL: '',
    ...START.env,
  };
  const began = performance.now();
  const child = spawn(process.execPath, START.args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const output = tail(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));
  try {
    const healthyMs = await untilHealthy(port, child, began, output);
    const cpuMs = await cpuMsOf(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The API exited while at rest (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const { stopMs, killed } = await stop(child, exited);
    return {
      healthyMs,
      cpuMs,
      rssMb: statusMb(status, 'VmRSS'),
      peakRssMb: statusMb(status, 'VmHWM'),
      stopMs,
      killed,
    };
  } finally {
    if (running.has(child)) await stop(child, exited);
  }
}

async function untilHealthy(
  port: number,
  child: ChildProcess,
  began: number,
  output: () => string,
): Promise<number> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The API exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output()}`,
      );
    }
    if ((await healthStatus(port)) === 200) return performance.now() - began;
    if (performance.now() - began > HEALTHY_TIMEOUT_MS) {
      throw new Error(`The API was not healthy after ${HEALTHY_TIMEOUT_MS} ms:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** GET /health's status, or 0 when nothing answers yet (a new connection each, no agent). */
function healthStatus(port: number): Promise<number> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/health', agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

/** SIGTERM, then SIGKILL after STOP_TIMEOUT_MS; resolves once the process has exited. */
async function stop(
  child: ChildProcess,
  exited: Promise<void>,
): Promise<{ stopMs: number; killed: boolean }> {
  const began = performance.now();
  if (child.exitCode !== null || child.signalCode !== null) return { stopMs: 0, killed: false };
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), STOP_TIMEOUT_MS);
  });
  const killed = await Promise.race([exited.then(() => false), timedOut]);
  clearTimeout(timer);
  if (killed) {
    child.kill('SIGKILL');
    await exited;
  }
  return { stopMs: performance.now() - began, killed };
}

/** The last 4 KB the process wrote (stdout and stderr), for an error message; its pipes kept drained. */
function tail(child: ChildProcess): () => string {
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-4096);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text;
}

/** `npm run start:prod`'s command: `[NAME=value …] node [argument …]`, the last a .js file. */
function startProdCommand(): { script: string; env: Record<string, string>; args: string[]; main: string } {
  const manifest = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const script = manifest.scripts['start:prod'];
  const words = script.split(/\s+/).filter(Boolean);
  const env: Record<string, string> = {};
  while (words.length && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = words.shift()!.split('=');
    env[name] = value.join('=');
  }
  const main = words.at(-1);
  if (words.shift() !== 'node' || !main?.endsWith('.js')) {
    throw new Error(`npm run start:prod is not "[NAME=value …] node [argument …] file.js": ${script}`);
  }
  return { script, env, args: words, main: resolve(ROOT, main) };
}

/** The CPU (user + system) a process has used so far, in ms. */
async function cpuMsOf(pid: number): Promise<number> {
  // The fields after the command's name, which is in parentheses and may hold spaces.
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return round(((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS, 0);
}

function statusMb(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`No ${field} in /proc/<pid>/status`);
  return round(Number(match[1]) / 1024, 1);
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function oneDecimal(value: number | null): number | null {
  return value === null ? null : round(value, 1);
}

function summary(starts: Start[]) {
  const healthy = median(starts.map((start) => start.healthyMs));
  const cpu = median(starts.map((start) => start.cpuMs));
  const rss = median(starts.map((start) => start.rssMb));
  return {
    starts: starts.length,
    median_healthy_ms: healthy === null ? null : round(healthy, 0),
    median_cpu_ms: cpu === null ? null : round(cpu, 0),
    median_rss_mb: oneDecimal(rss),
    median_peak_rss_mb: oneDecimal(median(starts.map((start) => start.peakRssMb))),
    healthy_ms: starts.map((start) => round(start.healthyMs, 0)),
    cpu_ms: starts.map((start) => start.cpuMs),
    rss_mb: starts.map((start) => start.rssMb),
    killed: starts.filter((start) => start.killed).length,
  };
}

function printTable(starts: Record<Mode, Start[]>): void {
  log('');
  log(
    '| mode              | starts | ms to healthy (median, min-max) | CPU ms to healthy | RSS MB at rest (median) | peak RSS MB |',
  );
  log(
    '| ----------------- | ------ | ------------------------------- | ----------------- | ----------------------- | ----------- |',
  );
  for (const mode of MODES) {
    const list = starts[mode];
    if (list.length === 0) {
      log(
        `| ${mode.padEnd(17)} | ${'0'.padStart(6)} | ${'skipped'.padEnd(31)} | ${''.padEnd(17)} | ${''.padEnd(23)} | ${''.padEnd(11)} |`,
      );
      continue;
    }
    const ms = list.map((start) => start.healthyMs);
    const range = `${round(median(ms)!, 0)} (${round(Math.min(...ms), 0)}-${round(Math.max(...ms), 0)})`;
    const cpu = String(round(median(list.map((start) => start.cpuMs))!, 0));
    const rss = String(oneDecimal(median(list.map((start) => start.rssMb))));
    const peak = String(oneDecimal(median(list.map((start) => start.peakRssMb))));
    log(
      `| ${mode.padEnd(17)} | ${String(list.length).padStart(6)} | ${range.padEnd(31)} | ${cpu.padEnd(17)} | ${rss.padEnd(23)} | ${peak.padEnd(11)} |`,
    );
  }
}

function positive(name: string, fallback: number, zeroAllowed = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (zeroAllowed ? 0 : 1)) {
    throw new Error(`${name} must be an integer ≥ ${zeroAllowed ? 0 : 1}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** Stops every API process still running (SIGKILL: the way out cannot wait). */
function killRunning(): void {
  for (const child of running) child.kill('SIGKILL');
}

process.on('exit', killRunning);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killRunning();
    log(`${signal}: the API processes killed, removing what this run made`);
    void Promise.allSettled([...leftovers].map((remove) => remove())).then(() => process.exit(130));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
