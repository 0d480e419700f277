import { createHook } from 'node:async_hooks';
import { request as httpRequest } from 'node:http';
import { AddressInfo } from 'node:net';
import { testDatabases } from '@app/read-models/testing/test-databases';
import { Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

/**
 * MAX_CONCURRENT_REQUESTS and MAX_WAITING_REQUESTS: `/api/v3` requests are worked on a few at a
 * time and the rest wait their turn. Here three at a time and one waiting (the number does not
 * move with the read models' lag here: request-admission-lag.e2e.spec.ts); a request sent with
 * `x-test-hold` is held once admitted, until the test lets it go. The same on either database:
 * PGlite only.
 */
describe('requests taking their turn (PGlite)', () => {
  let t: TestApp;
  let caller: Caller;
  let base: string;
  const held: Array<() => void> = [];
  const letGo = () => held.splice(0).forEach((release) => release());
  /** The `x-test-name` of every request that got past its turn. */
  const workedOn: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(testDatabases()[0], {
      config: { maxConcurrentRequests: 3, maxWaitingRequests: 1, readModelLagTargetMs: 0 },
      extendHttp: (fastify) =>
        fastify.addHook('preHandler', async (request) => {
          workedOn.push(String(request.headers['x-test-name'] ?? ''));
          if (request.headers['x-test-hold']) await new Promise<void>((resolve) => held.push(resolve));
        }),
    });
    caller = await createCaller(t.app);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    letGo();
    await t?.close();
  });

  const list = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/v3/customers', headers: { ...caller.headers, ...headers } });

  /** The admission's gauges, as /metrics tells them. */
  async function counts(): Promise<{ working: number; waiting: number }> {
    const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const gauge = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(body)?.[1]);
    return { working: gauge('http_requests_working'), waiting: gauge('http_requests_waiting') };
  }

  /** A request over a real socket, which the test ends from the client's side with `destroy()`. */
  function leavingRequest(headers: Record<string, string>) {
    const leaving = httpRequest(`${base}/api/v3/customers`, { headers: { ...caller.headers, ...headers } });
    leaving.on('error', () => undefined); // the socket the test destroys
    leaving.end();
    return leaving;
  }

  /** Holds three requests once admitted: every place taken. */
  async function holdThree(): Promise<Promise<{ statusCode: number }>[]> {
    const holding = [1, 2, 3].map(() => list({ 'x-test-hold': '1' }));
    await until({ working: 3, waiting: 0 });
    return holding;
  }

  async function until(expected: { working: number; waiting: number }): Promise<void> {
    for (let seen = await counts(); JSON.stringify(seen) !== JSON.stringify(expected); seen = await counts())
      await new Promise((resolve) => setImmediate(resolve));
  }

  it('works on three requests, lets the next wait, and answers one more 503 with Retry-After', async () => {
    const holding = await holdThree();
    let secondAnswered = false;
    const second = list().then((res) => ((secondAnswered = true), res));
    await until({ working: 3, waiting: 1 });

    const third = await list();
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBe('1');
    expect(third.json()).toEqual({
      error: {
        type: 'api_error',
        code: 'service_unavailable',
        message: 'The service is busy right now. Please retry in a moment.',
      },
    });
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect(secondAnswered).toBe(false);

    letGo();
    expect((await Promise.all(holding)).map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect((await second).statusCode).toBe(200);
    await until({ working: 0, waiting: 0 });
  });

  it('gives the place of a client that left while waiting to the next', async () => {
    const holding = await holdThree();
    const leaving = leavingRequest({ 'x-test-name': 'gone while waiting' });
    await until({ working: 3, waiting: 1 });
    leaving.destroy();
    await until({ working: 3, waiting: 0 });

    const next = list();
    await until({ working: 3, waiting: 1 });
    letGo();
    expect((await Promise.all(holding)).map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect((await next).statusCode).toBe(200);
    await until({ working: 0, waiting: 0 });
    expect(workedOn).not.toContain('gone while waiting');
  });

  it('frees the place of a client that left while its request was worked on', async () => {
    const leaving = leavingRequest({ 'x-test-hold': '1' });
    await until({ working: 1, waiting: 0 });
    leaving.destroy();
    await until({ working: 0, waiting: 0 });
    letGo();
    expect((await list()).statusCode).toBe(200);
  });
});

/** What a list request costs besides its work. */
describe('an admitted list request (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabases()[0], { config: { maxConcurrentRequests: 3 } });
  });
  afterAll(() => t?.close());

  it('makes no AsyncResource: none for its place (stream.finished did), none for interceptors', async () => {
    const caller = await createCaller(t.app);
    const made = async (url: string) => {
      const types: string[] = [];
      const hook = createHook({ init: (_id, type) => types.push(type) }).enable();
      try {
        expect((await t.app.inject({ method: 'GET', url, headers: caller.headers })).statusCode).toBe(200);
      } finally {
        hook.disable();
      }
      return types;
    };
    const ends = (types: string[]) => types.filter((type) => type === 'STREAM_END_OF_STREAM').length;
    const list = await made('/api/v3/customers');
    // /health takes no place: the HTTP layer's own stream.finished() calls are the rest.
    expect(ends(list)).toBe(ends(await made('/health')));
    expect(list).not.toContain('bound-anonymous-fn'); // Nest's AsyncResource.bind around interceptors
  });
});
