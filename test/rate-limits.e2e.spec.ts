import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { testDatabases } from '@app/read-models/testing/test-databases';
import { configFromEnv } from '@app/runtime';
import { createApp } from '../apps/api/src/create-app';
import { freePort, listening } from './support/free-port';
import { admin, ADMIN_TOKEN, Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

/** Shared by the API instances of a test; the machine's Redis unless REDIS_URL names another. */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const LIMITS = { rateLimitRequests: 20, rateLimitWindowS: 60 };
const LIST = '/api/v3/locations';

type Inject = (
  headers: Record<string, string>,
  remoteAddress?: string,
) => ReturnType<NestFastifyApplication['inject']>;

function requester(app: NestFastifyApplication): Inject {
  return (headers, remoteAddress) => app.inject({ method: 'GET', url: LIST, headers, remoteAddress });
}

async function spend(send: () => ReturnType<Inject>, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await send()).statusCode);
  return statuses;
}

const twenty = Array(20).fill(200);

// One database kind is enough: the budgets live in the limiter's store, not in the database.
const [target] = testDatabases();

describe('rate limits per API key (RATE_LIMIT_REQUESTS=20, RATE_LIMIT_WINDOW_S=60)', () => {
  let t: TestApp;
  let get: Inject;
  beforeAll(async () => {
    t = await startTestApp(target, { config: LIMITS });
    get = requester(t.app);
  });
  afterAll(() => t?.close());

  it('answers the 21st request of a key in a minute 429 rate_limited, while another key gets 200', async () => {
    const [a, b] = [await createCaller(t.app), await createCaller(t.app)];
    expect(await spend(() => get(a.headers), 20)).toEqual(twenty);
    const refused = await get(a.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { type: 'rate_limit_error', code: 'rate_limited', message: expect.any(String) },
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit']).toBe(`"per-key";r=0;t=${retryAfter}`);
    expect((await get(b.headers)).statusCode).toBe(200);
  });

  it('says the policy and what is left of the budget on every answer', async () => {
    const caller = await createCaller(t.app);
    const first = await get(caller.headers);
    expect(first.headers['ratelimit-policy']).toBe('"per-key";q=20;w=60');
    expect(first.headers['ratelimit']).toMatch(/^"per-key";r=19;t=(60|59)$/);
    const second = await get(caller.headers);
    expect(second.headers['ratelimit']).toMatch(/^"per-key";r=18;t=\d+$/);
  });

  it("gives an account the operator's own budget, and none with 0", async () => {
    const small = await createCaller(t.app);
    await setRateLimit(t.app, small, 3);
    expect(await spend(() => get(small.headers), 4)).toEqual([200, 200, 200, 429]);
    const free = await createCaller(t.app);
    await setRateLimit(t.app, free, 0);
    expect(await spend(() => get(free.headers), 25)).toEqual(Array(25).fill(200));
    expect((await get(free.headers)).headers['ratelimit']).toBeUndefined();
  });

  it('limits requests without a usable key per client address', async () => {
    const address = '192.0.2.7';
    const badKey = { authorization: 'Bearer sk_test_not-a-key' };
    const answers = await spend(() => get(badKey, address), 21);
    expect(answers).toEqual([...Array(20).fill(401), 429]);
    const document = await t.app.inject({
      method: 'GET',
      url: '/api/v3/openapi.json',
      remoteAddress: address,
    });
    expect(document.statusCode).toBe(429);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/v3/openapi.json',
      remoteAddress: '192.0.2.8',
    });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers['ratelimit-policy']).toBe('"per-key";q=20;w=60');
  });
});

describe('rate limits shared through Redis', () => {
  let t: TestApp;
  const others: NestFastifyApplication[] = [];
  beforeAll(async () => {
    t = await startTestApp(target, { config: { ...LIMITS, redisUrl: REDIS_URL } });
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    await t?.close();
  });

  /** A second API instance on the same database, reading the first's projections. */
  async function secondInstance(redisUrl: string): Promise<NestFastifyApplication> {
    const config = configFromEnv({ LOG_LEVEL: 'silent', ADMIN_TOKEN });
    const app = await createApp(
      { ...config, ...LIMITS, redisUrl, projectors: 'external' },
      { database: t.database },
    );
    others.push(app);
    return app;
  }

  it('lets two API instances sharing REDIS_URL spend one budget of 20', async () => {
    const other = requester(await secondInstance(REDIS_URL));
    const caller = await createCaller(t.app);
    const here = requester(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await here(caller.headers)).statusCode, (await other(caller.headers)).statusCode);
    }
    expect(statuses).toEqual(twenty);
    expect((await here(caller.headers)).statusCode).toBe(429);
    expect((await other(caller.headers)).statusCode).toBe(429);
  });
});

describe('a Redis that goes away', () => {
  let redis: ChildProcess;
  let t: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    redis = await startRedis(port);
    t = await startTestApp(target, { config: { ...LIMITS, redisUrl: `redis://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    redis?.kill('SIGKILL');
    await t?.close();
  });

  it('costs no request: the limiter lets them through unlimited, and counts it', async () => {
    const caller = await createCaller(t.app);
    const get = requester(t.app);
    const counted = await get(caller.headers);
    expect(counted.headers['ratelimit']).toMatch(/^"per-key";r=19;/);
    redis.kill('SIGKILL');
    await once(redis, 'exit');
    const answers = await Promise.all(Array.from({ length: 25 }, () => get(caller.headers)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(25).fill(200));
    expect(answers.every((res) => res.headers['ratelimit'] === undefined)).toBe(true);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^rate_limit_store_errors_total 25$/m);
  });
});

async function setRateLimit(app: NestFastifyApplication, caller: Caller, limit: number): Promise<void> {
  const res = await admin(app, 'PATCH', `/admin/v1/accounts/${caller.accountId}`, {
    settings: { rate_limit_requests: limit },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().settings.rate_limit_requests).toBe(limit);
}

/** A Redis of this test's own, to stop when it likes. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await listening(port);
  return child;
}
