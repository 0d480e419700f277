/*
 * The API as a client generated from its OpenAPI document uses it: types made by openapi-typescript
 * (test/support/api-types.d.ts, `npm run openapi:types`), requests sent by openapi-fetch over a
 * listening server. The compiler checks every path, parameter, body and answer below against the
 * document; the response contract of the test app checks every answer at run time.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import { testDatabases } from '@app/read-models/testing/test-databases';
import type { paths } from './support/api-types';
import { ADMIN_TOKEN } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

const [PGLITE] = testDatabases();

/** Where `npm run openapi:types` writes the types this test's client is built on. */
const API_TYPES_PATH = join(__dirname, 'support', 'api-types.d.ts');

/**
 * The types scripts/openapi-types.ts makes of `document`. In a process of its own: openapi-typescript
 * loads ES modules, which jest's CommonJS runtime cannot.
 */
async function apiTypesOf(document: object): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-types-'));
  try {
    const [from, out] = [join(dir, 'openapi.json'), join(dir, 'api-types.d.ts')];
    writeFileSync(from, JSON.stringify(document));
    const script = join(__dirname, '..', 'scripts', 'openapi-types.ts');
    await promisify(execFile)(
      process.execPath,
      ['-r', '@swc-node/register', script, '--from', from, '--out', out],
      {
        cwd: join(__dirname, '..'),
        env: { ...process.env, NODE_OPTIONS: '' },
      },
    );
    return readFileSync(out, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a client generated from the OpenAPI document', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await startTestApp(PGLITE);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = await t.app.getUrl();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('uses the types of the document the app serves (npm run openapi:types writes them)', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v3/openapi.json' })).json();
    const checkedIn = readFileSync(API_TYPES_PATH, 'utf8');
    const current = await apiTypesOf(document);
    // A difference means the document changed: run `npm run openapi:types` and commit the file.
    expect(checkedIn === current).toBe(true);
  });

  it("drives a whole estimate's life: bootstrap, customer, item, preview, create, change, read, list, history, convert, delete", async () => {
    // The operator bootstraps an account, a user and a key (/admin/v1, the operator token).
    const operator = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    const account = await operator.POST('/admin/v1/accounts', {
      body: { name: 'Acme Ltd', timezone: 'Europe/London' },
    });
    expect(account.response.status).toBe(201);
    const user = await operator.POST('/admin/v1/accounts/{id}/users', {
      params: { path: { id: account.data!.id } },
      body: { name: 'Ann', email: 'ann@acme.test', permissions: 'all' },
    });
    const apiKey = await operator.POST('/admin/v1/users/{id}/api-keys', {
      params: { path: { id: user.data!.id } },
      body: { name: 'laptop' },
    });
    expect(apiKey.data).toMatchObject({ object: 'api_key', user_id: user.data!.id });
    const key: string = apiKey.data!.key!;
    expect(key).toMatch(/^sk_live_/);

    const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });

    // What the estimate sells: a customer, and an item of a category.
    const customer = await api.POST('/api/v3/customers', {
      params: { header: { 'Idempotency-Key': randomUUID() } },
      body: { name: 'Globex', tax_rate: 8.875 },
    });
    expect(customer.response.status).toBe(201);
    const customerId: string = customer.data!.id;
    expect(customer.data!.tax_rate).toBe('8.875');

    const category = await api.POST('/api/v3/item-categories', {
      body: { name: 'Services and parts', inventory_type: 'quantity' },
    });
    const item = await api.POST('/api/v3/items', {
      body: { name: 'Widget', inventory_type: 'quantity', category_id: category.data!.id, price: '25.5' },
    });
    expect(item.response.status).toBe(201);
    const itemId: string = item.data!.id;
    expect(item.data).toMatchObject({ object: 'item', price: '25.5000', quantity: 0 });

    // A preview calculates without saving: nothing is assigned yet.
    const lines = [
      { name: 'Design', unit_price: 120, quantity: 3 },
      { item_id: itemId, quantity: 2 },
    ];
    const preview = await api.POST('/api/v3/estimates/preview', {
      body: { customer_id: customerId, discount_percent: 5, lines },
    });
    expect(preview.response.status).toBe(200);
    expect(preview.data!.estimate).toMatchObject({ id: null, estimate_number: null, revision: null });
    const previewTotal = preview.data!.estimate.total;

    // Created as previewed: 201, the detail with its lines, the revision as ETag.
    const created = await api.POST('/api/v3/estimates', {
      body: { customer_id: customerId, discount_percent: 5, lines },
    });
    expect(created.response.status).toBe(201);
    const estimate = created.data!;
    expect(estimate.total).toBe(previewTotal);
    expect(estimate.revision).toBe('0');
    expect(created.response.headers.get('etag')).toBe('"0"');
    expect(estimate.lines!.map((line) => [line.line_type, line.object])).toEqual([
      ['service', 'estimate_line'],
      ['inventory', 'estimate_line'],
      ['discount', 'estimate_line'],
    ]);
    const estimateId = estimate.id!;

    // Changed on the revision the client read (If-Match): one line fewer, a name.
    const kept = estimate.lines!.find((line) => line.line_type === 'inventory')!;
    const updated = await api.PATCH('/api/v3/estimates/{id}', {
      params: { path: { id: estimateId }, header: { 'If-Match': `"${estimate.revision}"` } },
      body: { name: 'Spring order', lines: [{ id: kept.id!, quantity: 4 }] },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({ name: 'Spring order', revision: '1' });

    // A stale revision is refused with the error envelope, typed too.
    const stale = await api.PATCH('/api/v3/estimates/{id}', {
      params: { path: { id: estimateId }, header: { 'If-Match': '"0"' } },
      body: { name: 'Late' },
    });
    expect(stale.response.status).toBe(409);
    expect(stale.error!.error.code).toBe('mobile_mutation_conflict');

    // Read back, listed by customer, and its history.
    const retrieved = await api.GET('/api/v3/estimates/{id}', { params: { path: { id: estimateId } } });
    expect(retrieved.data).toEqual(updated.data);
    expect(retrieved.data!.lines!.filter((line) => line.line_type !== 'discount')).toHaveLength(1);

    const listed = await api.GET('/api/v3/estimates', {
      params: { query: { customer_id: customerId, include_total: true } },
    });
    expect(listed.data!.object).toBe('list');
    expect(listed.data!.data.map((entry) => entry.id)).toEqual([estimateId]);
    expect(listed.data!.data[0]).not.toHaveProperty('lines');
    expect(listed.data!.pagination.total_records).toBe(1);

    const events = await api.GET('/api/v3/estimates/{id}/events', { params: { path: { id: estimateId } } });
    expect(events.data!.data.map((event) => event.revision)).toEqual([0, 1]);
    expect(events.data!.data.every((event) => event.object === 'event')).toBe(true);

    // Converted into an invoice: the estimate is closed.
    const converted = await api.POST('/api/v3/estimates/{id}/convert-to-invoice', {
      params: { path: { id: estimateId } },
      body: {},
    });
    expect(converted.response.status).toBe(201);
    const closed = await api.GET('/api/v3/estimates/{id}', { params: { path: { id: estimateId } } });
    expect(closed.data).toMatchObject({ status_id: 6, status: 'Closed', can_edit: false });

    // Another estimate, deleted: the delete answer, then 404 with the error envelope.
    const other = await api.POST('/api/v3/estimates', {
      body: { customer_id: customerId, lines: [{ name: 'Maybe', unit_price: '10' }] },
    });
    const deleted = await api.DELETE('/api/v3/estimates/{id}', { params: { path: { id: other.data!.id! } } });
    expect(deleted.data).toEqual({ id: other.data!.id, object: 'estimate', deleted: true });
    const gone = await api.GET('/api/v3/estimates/{id}', { params: { path: { id: other.data!.id! } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error!.error).toMatchObject({ type: 'not_found_error', code: 'resource_missing' });
  });
});
