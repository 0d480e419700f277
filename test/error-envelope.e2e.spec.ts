import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { ConventionsFixtureModule } from './fixtures/conventions.controller';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('error envelope e2e');

describe.each(testDatabases())('error envelope on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { imports: [ConventionsFixtureModule] });
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: string | Buffer, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('answers an unknown route with 404 route_missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { type: 'not_found_error', code: 'route_missing', message: expect.any(String) },
    });
  });

  it('answers a body that is not JSON with 400 malformed_json', async () => {
    const res = await post('/test/fixtures/widgets', '{"name": "a",');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ type: 'invalid_request_error', code: 'malformed_json' });
  });

  it('answers a body with a __proto__ key as malformed, not as a polluted object', async () => {
    const res = await post('/test/fixtures/widgets', '{"name": "a", "__proto__": {"admin": true}}');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('malformed_json');
  });

  it('answers a body over 1 MiB with 413 payload_too_large', async () => {
    const res = await post('/test/fixtures/widgets', JSON.stringify({ name: 'x'.repeat(1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ type: 'invalid_request_error', code: 'payload_too_large' });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
    'answers a %s body with 415 unsupported_media_type',
    async (contentType) => {
      const res = await post('/test/fixtures/widgets', 'name=a', contentType);
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toMatchObject({
        type: 'invalid_request_error',
        code: 'unsupported_media_type',
      });
    },
  );

  it('answers an unexpected error with 500 internal_error that leaks nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/fixtures/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toMatchObject({ type: 'api_error', code: 'internal_error' });
    expect(res.body).not.toMatch(/ECONNREFUSED|hunter2|5432|stack/);
  });

  it('answers an error shaped like a domain error with its own status, type and code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/fixtures/domain-error' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        type: 'conflict_error',
        code: 'widget_delete_not_allowed',
        message: 'This widget is on an invoice.',
      },
    });
  });

  it('answers a stale expected revision from the store with 409 mobile_mutation_conflict', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/fixtures/stale' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ type: 'conflict_error', code: 'mobile_mutation_conflict' });
    expect(res.body).not.toContain('widget-1');
  });

  it('answers a Nest HttpException in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/fixtures/nest-exception' });
    expect(res.statusCode).toBe(418);
    expect(res.json().error).toMatchObject({ type: 'invalid_request_error', message: 'I am a teapot' });
  });
});
