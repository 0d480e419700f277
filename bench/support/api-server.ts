import { ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../../test/support/free-port';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFreshPostgres } from '@app/read-models/testing/test-databases';
import { Client } from 'pg';

/** The API as `npm start` runs it, in a child process: the load generator must not share its event loop. */
export interface ApiServer {
  url: string;
  adminToken: string;
  store: 'postgres' | 'pglite';
  /** The fresh PostgreSQL database the API runs on (none on PGlite). */
  databaseUrl?: string;
  /** The API process. */
  pid: number;
  stop(): Promise<void>;
}

export async function startApiServer(
  serverUrl: string | undefined,
  env: NodeJS.ProcessEnv = {},
  /** A database to run on instead of a fresh one, and to keep: created if missing, never dropped. */
  keptDatabase?: string,
): Promise<ApiServer> {
  const adminToken = randomBytes(16).toString('hex');
  const port = await freePort();
  const database = !serverUrl
    ? undefined
    : keptDatabase
      ? await keptPostgres(serverUrl, keptDatabase)
      : await createFreshPostgres(serverUrl, 'bench_api');
  const dataDir = database ? undefined : await mkdtemp(join(tmpdir(), 'bench-api-'));
  // BENCH_API_NODE_ARGS: extra node flags for the API process, e.g. `--cpu-prof` to profile it.
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '-r', '@swc-node/register', 'apps/api/src/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_TOKEN: adminToken,
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
      // A benchmark measures the engine, not the budget of one key: no limit unless it sets one.
      RATE_LIMIT_REQUESTS: env.RATE_LIMIT_REQUESTS ?? '0',
      DATABASE_URL: database?.url ?? '',
      DATA_DIR: dataDir ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, child);
  return {
    url,
    adminToken,
    store: database ? 'postgres' : 'pglite',
    databaseUrl: database?.url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
      await database?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The named database on the server (made when missing), which stop() leaves in place. */
async function keptPostgres(serverUrl: string, name: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => undefined };
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('The API did not become healthy within 60 s');
}

/**
 * An account (with `settings` when given, e.g. `{ purchase_order_payments_enabled: true }`), a user
 * with every permission and a key, through the operator API: the key.
 */
export async function bootstrapKey(server: ApiServer, settings?: object): Promise<string> {
  const post = async (path: string, body: object) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string; key?: string };
  };
  const account = await post('/admin/v1/accounts', { name: 'Bench', ...(settings ? { settings } : {}) });
  const user = await post(`/admin/v1/accounts/${account.id}/users`, {
    name: 'Bench',
    email: 'bench@example.test',
    permissions: 'all',
  });
  return (await post(`/admin/v1/users/${user.id}/api-keys`, { name: 'bench' })).key!;
}

/** A JSON call as the key's user (a fresh Idempotency-Key each), throwing on anything but 2xx. */
export type Api = (method: string, path: string, body?: object) => Promise<Record<string, unknown>>;

export function apiClient(url: string, key: string): Api {
  return async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: body && JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
}
