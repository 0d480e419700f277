import { sql } from 'kysely';
import { Client } from 'pg';
import { openDatabase, ProjectionRunner, projectors } from '@app/read-models';
import { createFreshPostgres, postgresSkipNotice } from '@app/read-models/testing/test-databases';
import { Caller, createCaller } from './support/operator';
import { TcpProxy } from './support/tcp-proxy';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('store faults e2e');

const serverUrl = process.env.DATABASE_URL;

/** The longest a request may take while the store is away (connect timeout 1 s, read-your-writes 3 s). */
const BOUNDED_MS = 6000;

interface Answer {
  status: number;
  ms: number;
  name: string;
  id?: string;
}

/**
 * The API on PostgreSQL through a TCP proxy this test owns, with 4 clients creating customers
 * while the database goes away: its sessions terminated, then every connection cut and refused
 * for a few seconds. The process stays up (an unheard 'error' event would end this jest worker),
 * answers 201 or 503 in bounded time, and heals by itself.
 */
(serverUrl ? describe : describe.skip)('the API through store faults (PostgreSQL)', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let admin: Client;
  let databaseName: string;
  let caller: Caller;
  const answers: Answer[] = [];
  let writing = false;
  let writers: Promise<void>[] = [];

  beforeAll(async () => {
    const fresh = await createFreshPostgres(serverUrl!, 'faults');
    databaseName = new URL(fresh.url).pathname.slice(1);
    proxy = await TcpProxy.for(fresh.url);
    const open = async () => {
      const database = await openDatabase({ url: proxy.route(fresh.url), connectTimeoutMs: 1000 });
      return {
        ...database,
        async close() {
          await database.close();
          await fresh.drop();
        },
      };
    };
    t = await startTestApp({ name: 'postgres', open }, { config: { readYourWritesTimeoutMs: 3000 } });
    admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    caller = await createCaller(t.app, { scopes: ['customers:read', 'customers:write'] });
  });
  afterAll(async () => {
    await stopWriters();
    await t?.close();
    await proxy?.close();
    await admin?.end();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: caller.headers });
  const healthStatus = async () => (await t.app.inject({ method: 'GET', url: '/health' })).statusCode;

  let serial = 0;
  async function create(): Promise<Answer> {
    const name = `Customer ${++serial}`;
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/customers',
      headers: { ...caller.headers, 'idempotency-key': `create-${serial}` },
      payload: { name },
    });
    const answer: Answer = { status: res.statusCode, ms: Date.now() - started, name };
    if (res.statusCode === 201) answer.id = res.json().id;
    if (res.statusCode === 503) {
      expect(res.json()).toEqual({
        error: { type: 'api_error', code: 'service_unavailable', message: expect.any(String) },
      });
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
    }
    return answer;
  }

  function startWriters(): void {
    writing = true;
    writers = Array.from({ length: 4 }, async () => {
      while (writing) answers.push(await create());
    });
  }

  async function stopWriters(): Promise<void> {
    writing = false;
    await Promise.all(writers);
    writers = [];
  }

  const created = () => answers.filter((a) => a.status === 201).length;

  /** Waits until `more` creates beyond the present ones were acknowledged. */
  async function createdMore(more: number, timeoutMs = 10_000): Promise<void> {
    const target = created() + more;
    await until(async () => created() >= target, timeoutMs);
  }

  /** The app's own sessions, on its own database only: other suites share the server. */
  async function terminateAppSessions(): Promise<number> {
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [databaseName],
    );
    return rowCount ?? 0;
  }

  function expectOnlyCreatedOrUnavailable(): void {
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(BOUNDED_MS);
  }

  it('loses requests, never the process, when its sessions are terminated under 4 writers', async () => {
    startWriters();
    await createdMore(20);
    for (let round = 0; round < 3; round++) {
      expect(await terminateAppSessions()).toBeGreaterThan(0);
      await createdMore(20);
    }
    await stopWriters();

    await until(async () => (await healthStatus()) === 200, 15_000);
    expectOnlyCreatedOrUnavailable();
  });

  it('answers 503 while the database is away, /health too, and heals when it returns', async () => {
    startWriters();
    await createdMore(5);
    proxy.cut();
    const cutAt = answers.length;
    await until(async () => (await healthStatus()) === 503, 10_000);
    const report = (await t.app.inject({ method: 'GET', url: '/health' })).json();
    expect(report).toMatchObject({
      status: 'unavailable',
      database: { kind: 'postgres', ok: false, error: expect.any(String) },
    });
    await until(async () => answers.slice(cutAt).filter((a) => a.status === 503).length >= 8, 10_000);
    // The fault itself: the database stays away for 3 s whatever the app does meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    proxy.restore();
    const restoredAt = Date.now();

    await until(async () => (await healthStatus()) === 200, 15_000);
    const healedMs = Date.now() - restoredAt;
    await createdMore(20, 15_000);
    await stopWriters();

    expect(healedMs).toBeLessThan(10_000);
    expectOnlyCreatedOrUnavailable();
    // No projector stopped for good: each retried, or lost its lease and took it again.
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).not.toMatch(/^projector_failed\{[^}]*\} 1/m);
  });

  it('leaves no Idempotency-Key in progress once the database is back', async () => {
    const inProgress = async () => {
      const { rows } = await sql<{ key: string }>`select key from idempotency_keys
          where state = 'in_progress'`.execute(t.database.db);
      return rows.map((r) => r.key);
    };
    // Named with what their requests were answered, should any stay.
    const answered = (key: string) =>
      answers.find((a) => a.name === `Customer ${key.slice('create-'.length)}`)?.status;
    await until(async () => (await inProgress()).length === 0, 15_000).catch(async () => {
      const left = (await inProgress()).map((key) => `${key}: ${answered(key)}`);
      throw new Error(`keys still in progress: ${left.join(', ')}`);
    });
  });

  it('keeps every acknowledged create, once, and lists a new one', async () => {
    const acknowledged = answers.filter((a) => a.status === 201);
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);
    for (const { id } of acknowledged) expect((await get(`/api/v3/customers/${id}`)).statusCode).toBe(200);
    const latest = await create();
    expect(latest.status).toBe(201);

    const listed = await listAll();
    const ids = listed.map((c) => c.id);
    const names = listed.map((c) => c.name);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(names).size).toBe(names.length); // no create happened twice
    for (const { id } of [...acknowledged, latest]) expect(ids).toContain(id);
  });

  it('holds read models equal to a rebuild from the log', async () => {
    const runner = t.app.get(ProjectionRunner);
    const snapshot = async (tables: readonly string[]) => {
      const rows: Record<string, unknown[]> = {};
      for (const table of tables) {
        const all = await sql`select * from ${sql.table(table)} as t order by t::text`.execute(t.database.db);
        rows[table] = all.rows;
      }
      return rows;
    };
    for (const projector of projectors) {
      const live = await snapshot(projector.tables);
      await runner.rebuild(projector.name);
      expect({ [projector.name]: await snapshot(projector.tables) }).toEqual({ [projector.name]: live });
    }
  });

  async function listAll(): Promise<{ id: string; name: string }[]> {
    const all: { id: string; name: string }[] = [];
    for (let page = 1; ; page++) {
      const res = await get(`/api/v3/customers?limit=100&page=${page}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { id: string; name: string }[];
      all.push(...data);
      if (data.length < 100) return all;
    }
  }
});

/** Polls `condition` every 20 ms until it holds; fails past `timeoutMs`. */
async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
