import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { ConventionsFixtureModule } from './fixtures/conventions.controller';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('validation e2e');

describe.each(testDatabases())('request validation on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { imports: [ConventionsFixtureModule] });
  });
  afterAll(() => t?.close());

  const postJson = (url: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });

  it('accepts a valid body as an instance of its DTO, nested lines included', async () => {
    const res = await postJson('/test/fixtures/widgets', { name: 'Bolt', lines: [{ quantity: 2 }] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ object: 'widget', name: 'Bolt', lines: [{ quantity: 2 }], is_dto: true });
  });

  it('names a nested field at fault with dots and indexes', async () => {
    const res = await postJson('/test/fixtures/widgets', {
      name: 'Bolt',
      lines: [{ quantity: 1 }, { quantity: -3 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'validation_failed',
        message: expect.any(String),
        param: 'lines.1.quantity',
      },
    });
  });

  it('names a missing required field', async () => {
    const res = await postJson('/test/fixtures/widgets', { lines: [] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', param: 'name' });
  });

  it("rejects an unknown field with the resource's unsupported code, even beside other errors", async () => {
    const res = await postJson('/test/fixtures/widgets', { name: 7, id: 'w_forged' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      type: 'invalid_request_error',
      code: 'unsupported_widget_field',
      param: 'id',
    });
  });

  it('rejects an unknown field inside a nested line', async () => {
    const res = await postJson('/test/fixtures/widgets', {
      name: 'Bolt',
      lines: [{ quantity: 1, price: '9' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'unsupported_widget_field', param: 'lines.0.price' });
  });

  it('rejects an unknown field with unsupported_field when the DTO names no code', async () => {
    const res = await postJson('/test/fixtures/notes', { text: 'hi', colour: 'red' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'unsupported_field', param: 'colour' });
  });

  it('rejects lines that are not objects', async () => {
    const res = await postJson('/test/fixtures/widgets', { name: 'Bolt', lines: [3] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', param: 'lines.0' });
  });

  it.each([
    ['an array', [{ name: 'Bolt' }]],
    ['a string', 'Bolt'],
    ['a number', 42],
    ['null', null],
    ['true', true],
  ])('answers a JSON body that is %s with 422, never 500', async (_, body) => {
    const res = await postJson('/test/fixtures/widgets', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ type: 'invalid_request_error', code: 'validation_failed' });
  });

  it('reads a missing body as an empty object', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/test/fixtures/notes' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ object: 'note', text: null });
  });

  it('reads an empty JSON body as an empty object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/fixtures/notes',
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('validates a query DTO, answering invalid_query_parameter', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/test/fixtures/search?q=bolt&minimum=3' });
    expect(ok.json()).toEqual({ q: 'bolt', minimum: 3 });
    const bad = await t.app.inject({ method: 'GET', url: '/test/fixtures/search?minimum=many' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toMatchObject({ code: 'invalid_query_parameter', param: 'minimum' });
    const unknown = await t.app.inject({ method: 'GET', url: '/test/fixtures/search?colour=red' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toMatchObject({ code: 'invalid_query_parameter', param: 'colour' });
  });

  it('refuses any query parameter on a route that reads none, before the body is validated', async () => {
    for (const query of ['dry_run=1', 'name=Bolt', '__proto__=x']) {
      const res = await postJson(`/test/fixtures/widgets?${query}`, { lines: [] }); // no name either
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'invalid_query_parameter', param: query.split('=')[0] });
    }
    expect((await postJson('/test/fixtures/widgets?', { name: 'Bolt', lines: [] })).statusCode).toBe(201);
  });
});

describe.each(testDatabases())('list envelope and If-Match on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { imports: [ConventionsFixtureModule] });
  });
  afterAll(() => t?.close());

  const list = (query: string) => t.app.inject({ method: 'GET', url: `/test/fixtures/widgets${query}` });

  it('pages with the defaults and totals', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      object: 'list',
      url: '/test/fixtures/widgets',
      has_more: true,
      pagination: { page: 1, per_page: 20, total_pages: 3, total_records: 45 },
    });
    expect(body.data).toHaveLength(20);
  });

  it('omits the totals with include_total=false and still tells has_more', async () => {
    const body = (await list('?page=3&limit=20&include_total=false')).json();
    expect(body.pagination).toEqual({ page: 3, per_page: 20 });
    expect(body.has_more).toBe(false);
    expect(body.data.map((w: { id: string }) => w.id)).toEqual(['w41', 'w42', 'w43', 'w44', 'w45']);
  });

  it('answers a bad include_total with 422 invalid_query_parameter', async () => {
    const res = await list('?include_total=yes');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'invalid_query_parameter', param: 'include_total' });
  });

  it('turns page 0 into page 1 and caps the limit at 100', async () => {
    const body = (await list('?page=0&limit=500')).json();
    expect(body.pagination).toMatchObject({ page: 1, per_page: 100 });
    expect(body.data).toHaveLength(45);
  });

  it('takes If-Match with or without quotes and the prefix, and sets the ETag', async () => {
    for (const value of ['"so_4"', 'so_4', '"4"', '4']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/test/fixtures/revisioned',
        headers: { 'if-match': value },
      });
      expect(res.json()).toEqual({ expected: 4 });
      expect(res.headers.etag).toBe('"so_5"');
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/test/fixtures/revisioned',
      headers: { 'if-match': 'latest' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_if_match');
  });
});
