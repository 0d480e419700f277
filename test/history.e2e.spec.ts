import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { HistoryFixtureModule } from './fixtures/history-fixture';
import { Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('event history e2e');

const WIDGETS = '/api/v3/history-widgets';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOBODY = '00000000-0000-4000-8000-000000000000';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read field by field
type Json = Record<string, any>;

describe.each(testDatabases())('event history on $name', (target) => {
  let t: TestApp;
  let auditor: Caller;

  beforeAll(async () => {
    t = await startTestApp(target, { imports: [HistoryFixtureModule] });
    auditor = await createCaller(t.app);
  });
  afterAll(() => t?.close());

  async function send(
    caller: Caller,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Json,
    headers: Record<string, string> = {},
  ) {
    return t.app.inject({ method, url, payload, headers: { ...caller.headers, ...headers } });
  }

  async function write(
    caller: Caller,
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Json,
    headers?: Record<string, string>,
  ): Promise<Json> {
    const res = await send(caller, method, url, payload, headers);
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json();
  }

  /** A widget renamed `renames` times: every answer, in revision order. */
  async function widgetWithRenames(caller: Caller, renames: number): Promise<Json[]> {
    const versions = [await write(caller, 'POST', WIDGETS, { name: 'v0' })];
    for (let i = 1; i <= renames; i++) {
      versions.push(await write(caller, 'PATCH', `${WIDGETS}/${versions[0].id}`, { name: `v${i}` }));
    }
    return versions;
  }

  const events = (caller: Caller, id: string, query = '') =>
    send(caller, 'GET', `${WIDGETS}/${id}/events${query}`);
  const asOf = (caller: Caller, id: string, revision: string | number) =>
    send(caller, 'GET', `${WIDGETS}/${id}?as_of_revision=${revision}`);

  function expectMissing(res: { statusCode: number; json(): Json }) {
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ type: 'not_found_error', code: 'resource_missing' });
  }

  it('lists a record’s events oldest first, each with who wrote it and in which request', async () => {
    const colleague = await createCaller(t.app, { accountId: auditor.accountId });
    const created = await write(
      auditor,
      'POST',
      WIDGETS,
      { name: 'Anvil' },
      { 'x-request-id': 'req-create-1' },
    );
    const renamed = await send(
      colleague,
      'PATCH',
      `${WIDGETS}/${created.id}`,
      { name: 'Big anvil' },
      { 'idempotency-key': 'rename-once', 'x-correlation-id': 'flow-7' },
    );

    const res = await events(auditor, created.id);

    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toMatchObject({
      object: 'list',
      url: `${WIDGETS}/${created.id}/events`,
      has_more: false,
      pagination: { page: 1, per_page: 20, total_pages: 1, total_records: 2 },
    });
    const [first, second] = list.data;
    expect(first).toEqual({
      object: 'event',
      id: expect.stringMatching(UUID),
      stream: `historyWidget-${created.id}`,
      revision: 0,
      type: 'WidgetCreated',
      data: {
        id: created.id,
        account_id: auditor.accountId,
        owner_user_id: auditor.userId,
        name: 'Anvil',
        created_at: created.created_at,
      },
      metadata: {
        account_id: auditor.accountId,
        user_id: auditor.userId,
        api_key_id: auditor.apiKeyId,
        request_id: 'req-create-1',
        idempotency_key: null,
        causation_id: 'req-create-1',
        correlation_id: 'req-create-1',
      },
      recorded_at: expect.any(String),
    });
    expect(new Date(first.recorded_at).toISOString()).toBe(first.recorded_at);
    expect(second).toMatchObject({
      revision: 1,
      type: 'WidgetRenamed',
      data: { name: 'Big anvil' },
      metadata: {
        account_id: auditor.accountId,
        user_id: colleague.userId,
        api_key_id: colleague.apiKeyId,
        request_id: renamed.headers['x-request-id'],
        idempotency_key: 'rename-once',
        correlation_id: 'flow-7',
      },
    });
    expect(second.recorded_at >= first.recorded_at).toBe(true);
  });

  it('pages through a long history', async () => {
    const [{ id }] = await widgetWithRenames(auditor, 4);
    const page = async (query: string) => (await events(auditor, id, query)).json();

    const pages = [await page('?limit=2'), await page('?limit=2&page=2'), await page('?limit=2&page=3')];

    expect(pages.map((p) => p.data.map((e: Json) => e.revision))).toEqual([[0, 1], [2, 3], [4]]);
    expect(pages.map((p) => p.has_more)).toEqual([true, true, false]);
    expect(pages[0].pagination).toEqual({ page: 1, per_page: 2, total_pages: 3, total_records: 5 });
    expect(await page('?limit=2&page=4')).toMatchObject({ data: [], has_more: false });
    expect((await page('?limit=2&include_total=false')).pagination).toEqual({ page: 1, per_page: 2 });
    expect((await events(auditor, id, '?limit=0')).json().error).toMatchObject({
      code: 'invalid_query_parameter',
      param: 'limit',
    });
  });

  it('answers as_of_revision with the record exactly as it was then, its ETag that revision', async () => {
    const versions = await widgetWithRenames(auditor, 3);
    const id = versions[0].id;

    for (const [revision, version] of versions.entries()) {
      const res = await asOf(auditor, id, revision);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(version);
      expect(res.headers.etag).toBe(`"${revision}"`);
    }
    expect((await send(auditor, 'GET', `${WIDGETS}/${id}`)).json()).toEqual(versions[3]);
  });

  it('answers 404 for a revision the record has not reached', async () => {
    const [{ id }] = await widgetWithRenames(auditor, 1);

    for (const revision of [2, 3, '9007199254740993', '0000000000000000000000000000009']) {
      expectMissing(await asOf(auditor, id, revision));
    }
  });

  it('refuses an as_of_revision that is not a non-negative integer with 422', async () => {
    const [{ id }] = await widgetWithRenames(auditor, 0);

    for (const query of ['-1', 'abc', '1.5', '', '1e2', '0&as_of_revision=0']) {
      const res = await asOf(auditor, id, query);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({
        type: 'invalid_request_error',
        code: 'invalid_query_parameter',
        param: 'as_of_revision',
      });
    }
  });

  it('refuses a query parameter the events route does not know, on every resource, before looking the record up', async () => {
    const [{ id }] = await widgetWithRenames(auditor, 0);
    const document = (await t.app.inject({ method: 'GET', url: '/api/v3/openapi.json' })).json();
    const routes = Object.keys(document.paths).filter((path) => path.endsWith('/events'));
    expect(routes.length).toBeGreaterThanOrEqual(10); // nine resources and the fixture's widgets

    for (const route of routes) {
      const url = route.replace(/\{[^}]+\}/g, NOBODY).replace(`${WIDGETS}/${NOBODY}`, `${WIDGETS}/${id}`);
      for (const query of ['?as_of_revision=1', '?sort=desc', '?page=1&pgae=2']) {
        const res = await send(auditor, 'GET', `${url}${query}`);
        expect({ route, query, status: res.statusCode, error: res.json().error }).toMatchObject({
          status: 422,
          error: { code: 'invalid_query_parameter' },
        });
      }
    }
    expect((await events(auditor, id, '?page=1&limit=5&include_total=false')).statusCode).toBe(200);
  });

  it('demands audit:read besides the read scope on both routes (403 insufficient_scope)', async () => {
    const [{ id }] = await widgetWithRenames(auditor, 0);
    const clerk = await createCaller(t.app, {
      accountId: auditor.accountId,
      scopes: ['contacts:read', 'contacts:write'],
    });
    const auditOnly = await createCaller(t.app, { accountId: auditor.accountId, scopes: ['audit:read'] });

    for (const res of [await events(clerk, id), await asOf(clerk, id, 0), await asOf(clerk, id, 'abc')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
      expect(res.json().error.message).toContain('audit:read');
    }
    expect((await send(clerk, 'GET', `${WIDGETS}/${id}`)).statusCode).toBe(200);
    expect((await events(auditOnly, id)).json().error).toMatchObject({ code: 'insufficient_scope' });
  });

  it('demands the resource’s permission on the events route (403 permission_denied)', async () => {
    const [{ id }] = await widgetWithRenames(auditor, 0);
    const outsider = await createCaller(t.app, { accountId: auditor.accountId, permissions: {} });

    expect((await events(outsider, id)).json().error).toMatchObject({ code: 'permission_denied' });
  });

  it('hides the history of records the caller cannot see: 404 on both routes', async () => {
    const [{ id }] = await widgetWithRenames(auditor, 1);
    const stranger = await createCaller(t.app);
    const unassigned = await createCaller(t.app, {
      accountId: auditor.accountId,
      permissions: { 'account_records.manage': true },
    });

    for (const caller of [stranger, unassigned]) {
      expectMissing(await events(caller, id));
      expectMissing(await asOf(caller, id, 0));
    }
    for (const unknown of [NOBODY, 'not-a-uuid', `${id}x`]) {
      expectMissing(await events(auditor, unknown));
      expectMissing(await asOf(auditor, unknown, 0));
    }
  });

  it('documents the events route in the OpenAPI document, under the resource’s own operation id', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v3/openapi.json' })).json();

    expect(document.paths['/api/v3/history-widgets/{id}/events'].get).toMatchObject({
      operationId: 'historyWidgets_events',
      security: [{ bearer: [] }],
    });
  });

  it('keeps the history of a deleted record readable while the record answers 404', async () => {
    const versions = await widgetWithRenames(auditor, 1);
    const id = versions[0].id;
    await write(auditor, 'DELETE', `${WIDGETS}/${id}`, undefined, { 'x-request-id': 'req-delete-1' });

    expectMissing(await send(auditor, 'GET', `${WIDGETS}/${id}`));
    const history = (await events(auditor, id)).json();
    expect(history.data.map((e: Json) => e.type)).toEqual([
      'WidgetCreated',
      'WidgetRenamed',
      'WidgetDeleted',
    ]);
    expect(history.data[2]).toMatchObject({
      revision: 2,
      metadata: { user_id: auditor.userId, request_id: 'req-delete-1' },
    });
    expect((await asOf(auditor, id, 1)).json()).toEqual(versions[1]);
    expectMissing(await asOf(auditor, id, 2));
    expectMissing(await events(await createCaller(t.app), id));
  });
});
