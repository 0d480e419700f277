import { testDatabases } from '@app/read-models/testing/test-databases';
import { IdempotencyInterceptor } from '../apps/api/src/idempotency/idempotency.interceptor';
import { QueryFreeRoutesInterceptor } from '../apps/api/src/http/query-free-routes.interceptor';
import { ConventionsFixtureModule } from './fixtures/conventions.controller';
import { startTestApp, TestApp } from './support/test-app';

/**
 * The app's interceptors run on the routes where they act only: a list (a GET reading its query)
 * runs none, so Nest calls its handler without rxjs and AsyncResource.bind around it.
 */
describe.each(testDatabases())('route interceptors on $name', (target) => {
  let t: TestApp;
  let queryFree: jest.SpyInstance;
  let idempotency: jest.SpyInstance;
  beforeAll(async () => {
    queryFree = jest.spyOn(QueryFreeRoutesInterceptor.prototype, 'intercept');
    idempotency = jest.spyOn(IdempotencyInterceptor.prototype, 'intercept');
    t = await startTestApp(target, { imports: [ConventionsFixtureModule] });
  });
  afterAll(async () => {
    await t?.close();
    jest.restoreAllMocks();
  });
  beforeEach(() => jest.clearAllMocks());

  const calls = () => [queryFree.mock.calls.length, idempotency.mock.calls.length];

  it('runs none on a GET that reads its query (a list)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/test/fixtures/widgets?limit=2' })).statusCode).toBe(
      200,
    );
    expect(calls()).toEqual([0, 0]);
  });

  it('runs the query check alone on a GET that reads no query', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/test/fixtures/stale?x=1' })).statusCode).toBe(422);
    expect(calls()).toEqual([1, 0]);
  });

  it('runs both, the query check first, on a write that reads no query', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/fixtures/widgets?dry_run=1',
      payload: JSON.stringify({ name: 'Bolt', lines: [] }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.json().error).toMatchObject({ code: 'invalid_query_parameter', param: 'dry_run' });
    expect(calls()).toEqual([1, 0]); // refused before the idempotency interceptor
    const created = await t.app.inject({
      method: 'POST',
      url: '/test/fixtures/widgets',
      payload: JSON.stringify({ name: 'Bolt', lines: [] }),
      headers: { 'content-type': 'application/json' },
    });
    expect(created.statusCode).toBe(201);
    expect(calls()).toEqual([2, 1]);
  });

  it("runs each app's own on its routes, an app made later in the same process beside it", async () => {
    const again = await startTestApp(target, { imports: [ConventionsFixtureModule] });
    try {
      await again.app.inject({ method: 'GET', url: '/test/fixtures/widgets' });
      const refused = await again.app.inject({
        method: 'POST',
        url: '/test/fixtures/notes?x=1',
        payload: {},
      });
      expect(refused.json().error).toMatchObject({ code: 'invalid_query_parameter', param: 'x' });
      expect(calls()).toEqual([1, 0]);
      await t.app.inject({ method: 'GET', url: '/test/fixtures/widgets' });
      expect(
        (await t.app.inject({ method: 'POST', url: '/test/fixtures/notes', payload: {} })).statusCode,
      ).toBe(201);
      expect(calls()).toEqual([2, 1]);
      expect(idempotency.mock.contexts[0]).not.toBe(again.app.get(IdempotencyInterceptor));
      expect(idempotency.mock.contexts[0]).toBe(t.app.get(IdempotencyInterceptor));
    } finally {
      await again.close();
    }
  });
});
