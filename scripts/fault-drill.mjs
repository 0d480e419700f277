#!/usr/bin/env node
/**
 * The operator's fault drill of docs/operations.md (Faults): the API as a process (`npm start`'s
 * command, on DATABASE_URL), 4 clients creating customers with Idempotency-Keys, and three faults
 * in turn: the API's sessions terminated, the server restarted, the server stopped for 10 s. Prints
 * one JSON object: the answers per fault, the slowest, /health during and how long after the
 * database's return it was 200 again, whether the process stayed up, and afterwards whether every
 * acknowledged create is readable and listed, once.
 *
 * Only against a PostgreSQL server of your own, which it may restart and stop: never a shared one.
 *   DRILL_SERVER_URL  postgres://… of that server (the drill creates and drops database fault_drill)
 *   DRILL_RESTART, DRILL_STOP, DRILL_START  shell commands (e.g. pg_ctl -D … -w restart -m fast);
 *                     without them only the terminated-sessions fault runs
 *   EXTERNAL=1        the projectors in a worker process (npm run start:projector), PROJECTORS=external
 *   DRILL_PORT        the API's port (default 3999)
 */
import { execSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';

const server = process.env.DRILL_SERVER_URL;
if (!server) throw new Error('Set DRILL_SERVER_URL to a PostgreSQL server of your own (see the header)');
const root = join(import.meta.dirname, '..');
const base = `http://127.0.0.1:${process.env.DRILL_PORT || 3999}`;
const database = 'fault_drill';
const databaseUrl = Object.assign(new URL(server), { pathname: `/${database}` }).toString();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function sqlOn(url, text, values) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

await sqlOn(server, `drop database if exists ${database} with (force)`);
await sqlOn(server, `create database ${database}`);
const external = process.env.EXTERNAL === '1';
const env = {
  ...process.env,
  NODE_OPTIONS: '',
  DATABASE_URL: databaseUrl,
  PORT: new URL(base).port,
  ADMIN_TOKEN: 'drill',
  LOG_LEVEL: 'error',
  ...(external ? { PROJECTORS: 'external' } : {}),
};
function run(main) {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', main], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const state = { child, exited: undefined, stderr: '' };
  child.on('exit', (code, signal) => (state.exited = { code, signal }));
  child.stderr.on('data', (chunk) => (state.stderr += chunk));
  return state;
}
const worker = external ? run('apps/projector/src/main.ts') : undefined;
const api = run('apps/api/src/main.ts');

async function call(method, path, body, headers = {}) {
  const started = Date.now();
  try {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body && JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    return { status: res.status, ms: Date.now() - started, json: text ? JSON.parse(text) : undefined };
  } catch (error) {
    return { status: error.cause?.code ?? error.name, ms: Date.now() - started };
  }
}

async function untilHealthy(limitMs) {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    if ((await call('GET', '/health')).status === 200) return Date.now() - start;
    if (api.exited) break;
    await sleep(100);
  }
  return null;
}

if ((await untilHealthy(60_000)) === null) throw new Error(`The API did not start: ${api.stderr}`);
const ADMIN = { authorization: 'Bearer drill' };
const account = (await call('POST', '/admin/v1/accounts', { name: 'Drill' }, ADMIN)).json.id;
const user = (
  await call(
    'POST',
    `/admin/v1/accounts/${account}/users`,
    { name: 'D', email: 'd@drill.test', permissions: 'all' },
    ADMIN,
  )
).json.id;
const key = (await call('POST', `/admin/v1/users/${user}/api-keys`, { name: 'drill' }, ADMIN)).json.key;
const AUTH = { authorization: `Bearer ${key}` };

let serial = 0;
let writing = false;
const answers = [];
function startWriters() {
  writing = true;
  return Array.from({ length: 4 }, async () => {
    while (writing) {
      const n = ++serial;
      const res = await call(
        'POST',
        '/api/v3/customers',
        { name: `C${n}` },
        { ...AUTH, 'idempotency-key': `drill-${n}` },
      );
      answers.push({ ...res, id: res.json?.id });
      if (res.status !== 201 && res.status !== 503) await sleep(10);
    }
  });
}
const healthSeen = [];
let polling = true;
const poller = (async () => {
  while (polling) {
    healthSeen.push({ at: Date.now(), status: (await call('GET', '/health')).status });
    await sleep(200);
  }
})();

const faults = {
  sessions_terminated: async () => {
    await sqlOn(
      server,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [database],
    );
  },
  ...(process.env.DRILL_RESTART && {
    restarted: async () => execSync(process.env.DRILL_RESTART, { stdio: 'ignore' }),
  }),
  ...(process.env.DRILL_STOP &&
    process.env.DRILL_START && {
      stopped_10s: async () => {
        execSync(process.env.DRILL_STOP, { stdio: 'ignore' });
        await sleep(10_000);
        execSync(process.env.DRILL_START, { stdio: 'ignore' });
      },
    }),
};
const results = {};
for (const [name, fault] of Object.entries(faults)) {
  const from = answers.length;
  const writers = startWriters();
  await sleep(3000);
  const faultAt = Date.now();
  await fault();
  const backAt = Date.now();
  const healthyAfterMs = await untilHealthy(60_000);
  await sleep(3000);
  writing = false;
  await Promise.all(writers);
  const mine = answers.slice(from);
  const counts = {};
  for (const a of mine) counts[a.status] = (counts[a.status] ?? 0) + 1;
  results[name] = {
    answers: counts,
    slowest_ms: Math.max(...mine.map((a) => a.ms)),
    slowest_not_201_ms: Math.max(0, ...mine.filter((a) => a.status !== 201).map((a) => a.ms)),
    health_during: [
      ...new Set(healthSeen.filter((h) => h.at >= faultAt && h.at <= backAt + 200).map((h) => h.status)),
    ],
    fault_ms: backAt - faultAt,
    healthy_again_ms_after_database_back: healthyAfterMs,
    api_up: !api.exited,
    ...(worker && { worker_up: !worker.exited }),
  };
}
polling = false;
await poller;

const acknowledged = answers.filter((a) => a.status === 201);
let unreadable = 0;
for (const a of acknowledged)
  if ((await call('GET', `/api/v3/customers/${a.id}`, undefined, AUTH)).status !== 200) unreadable++;
const latest = await call('POST', '/api/v3/customers', { name: 'Latest' }, AUTH);
const listed = [];
for (let page = 1; ; page++) {
  const res = await call('GET', `/api/v3/customers?limit=100&page=${page}`, undefined, AUTH);
  listed.push(...res.json.data);
  if (res.json.data.length < 100) break;
}
const ids = new Set(listed.map((c) => c.id));
const names = listed.map((c) => c.name);
const [{ n: inProgress }] = await sqlOn(
  databaseUrl,
  `select count(*)::int as n from idempotency_keys where state = 'in_progress'`,
);
console.log(
  JSON.stringify(
    {
      results,
      acknowledged: acknowledged.length,
      unreadable,
      not_listed: acknowledged.filter((a) => !ids.has(a.id)).length,
      listed_twice: names.length - new Set(names).size,
      latest: { status: latest.status, listed: ids.has(latest.json?.id) },
      idempotency_keys_in_progress: inProgress,
      api_up: !api.exited,
      unhandled_error: /Unhandled/.test(api.stderr + (worker?.stderr ?? '')),
      ...(worker && { worker_up: !worker.exited }),
    },
    null,
    2,
  ),
);
for (const { child, exited } of [api, worker].filter(Boolean)) {
  if (exited) continue;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
}
await sqlOn(server, `drop database if exists ${database} with (force)`);
