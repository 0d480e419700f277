import { Writable } from 'node:stream';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { ConventionsFixtureModule } from './fixtures/conventions.controller';
import { Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('request log e2e');

/** The log lines written so far, parsed. */
function logSink() {
  const lines: Record<string, any>[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe.each(testDatabases())('request log on $name', (target) => {
  const sink = logSink();
  let t: TestApp;
  let caller: Caller;
  beforeAll(async () => {
    t = await startTestApp(target, {
      imports: [ConventionsFixtureModule],
      config: { logLevel: 'info' },
      logDestination: sink.stream,
    });
    caller = await createCaller(t.app);
  });
  afterAll(() => t?.close());

  /** The request's lines: its log line is written once the answer has gone, so after a turn of the loop. */
  const lineOf = async (requestId: string) => {
    await new Promise((resolve) => setImmediate(resolve));
    return sink.lines.filter((l) => l.request_id === requestId);
  };

  it('writes one line per request with its id, the caller, the status and the duration', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v3/customers?limit=1',
      headers: caller.headers,
    });
    expect(res.statusCode).toBe(200);
    const lines = await lineOf(res.headers['x-request-id'] as string);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/api/v3/customers?limit=1',
      status: 200,
      account_id: caller.accountId,
      user_id: caller.userId,
      api_key_id: caller.apiKeyId,
    });
    expect(lines[0].duration_ms).toEqual(expect.any(Number));
    expect(Date.parse(lines[0].time)).not.toBeNaN();
  });

  it('keeps a well-formed incoming X-Request-Id and logs a refusal at warn level without a caller', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v3/customers',
      headers: { authorization: 'Bearer nope', 'x-request-id': 'trace-42' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('trace-42');
    const [line] = await lineOf('trace-42');
    expect(line).toMatchObject({ level: 40, status: 401 });
    expect(line.account_id).toBeUndefined();
  });

  it('logs an unexpected error at error level with its stack, never in the answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/fixtures/crash', headers: caller.headers });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    const [line] = await lineOf(res.headers['x-request-id'] as string);
    expect(line).toMatchObject({ level: 50, msg: 'request errored', status: 500 });
    expect(line.err.stack).toContain('ECONNREFUSED');
  });

  it('does not log the health and metrics polls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(await lineOf(res.headers['x-request-id'] as string)).toHaveLength(0);
  });
});
