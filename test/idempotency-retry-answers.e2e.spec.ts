import { randomUUID } from 'node:crypto';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Database } from '@app/read-models';
import { freezingAppends } from '@app/read-models/testing/crashing-appends';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { sql } from 'kysely';
import { configFromEnv } from '@app/runtime';
import { createApp, CreateAppOptions } from '../apps/api/src/create-app';
import { ruleFor } from '../apps/api/src/idempotency/rebuild-rules';
import { apiOf, estimateBody, Json, ok, openShop, Reply, Shop } from './support/estimates';
import { ADMIN_TOKEN, Caller } from './support/operator';

postgresSkipNotice('idempotent retries answered as the first time e2e');

// A lease far longer than any test: a key is free at once only because its owner is known dead.
const config = configFromEnv({ LOG_LEVEL: 'silent', ADMIN_TOKEN, IDEMPOTENCY_LEASE_MS: '600000' });

/**
 * Item 4 of issue 27: a retry with the Idempotency-Key of a write whose process died after the
 * write landed answers what the first attempt would have (status, body as retrieved, ETag) with
 * `Idempotent-Replayed: true`, never 409 `idempotency_request_landed`; and right after the
 * restart, never 409 `idempotency_request_in_progress` (the dead process's key is free at once).
 */
describe.each(testDatabases())('Retries answered as the first time, on $name', (target) => {
  let database: Database;
  const apps: NestFastifyApplication[] = [];
  let shop: Shop;

  beforeAll(async () => {
    database = await target.open();
    shop = await openShop(await start());
  });
  afterEach(async () => {
    for (const app of apps.splice(1)) await app.close().catch(() => undefined);
  });
  afterAll(async () => {
    for (const app of apps.splice(0)) await app.close().catch(() => undefined);
    await database?.close();
  });

  async function start(options: CreateAppOptions = {}, settings = config): Promise<NestFastifyApplication> {
    const app = await createApp(settings, { database, ...options });
    apps.push(app);
    return app;
  }

  /**
   * Where a conversion's process dies: on PostgreSQL before the new document's append (the restart's
   * reactor creates it); on PGlite right after the source's append, for an append frozen inside its
   * step's transaction would hold the one connection that only a real kill frees.
   */
  const diesCreating = (source: string, document: string): [string, 'before' | 'after'] =>
    target.name === 'pglite' ? [source, 'after'] : [document, 'before'];

  const api = (app: NestFastifyApplication = apps[0]) => apiOf(app)(shop.owner);
  type Send = (app: NestFastifyApplication) => Promise<Reply>;

  async function keyState(key: string, owner: Caller = shop.owner): Promise<string[]> {
    const { rows } = await sql<{ state: string }>`
      select state from idempotency_keys where key = ${`${owner.userId}/${key}`}`.execute(database.db);
    return rows.map((r) => r.state);
  }

  /**
   * Given a process that sends the request and dies at `when` its first append to a stream starting
   * with `prefix` (its key in progress, no answer), when it is gone and another process starts,
   * then the retry, sent at once, is that process's answer.
   */
  async function retriedAfterDeath(
    key: string,
    send: Send,
    prefix: string,
    when: 'before' | 'after',
    owner: Caller = shop.owner,
    restartedWith = config,
  ): Promise<{ retry: Reply; restarted: NestFastifyApplication }> {
    const freezing = { frozen: Promise.resolve('') };
    const dying = await start({
      wrapEvents: (events) => {
        const wrapped = freezingAppends(events, (stream) => stream.startsWith(prefix), when);
        freezing.frozen = wrapped.frozen;
        return wrapped.store;
      },
    });
    void send(dying).catch(() => undefined); // never answered
    await freezing.frozen;
    expect(await keyState(key, owner)).toEqual(['in_progress']);
    await dying.close(); // its session ends as with kill -9
    const restarted = await start({}, restartedWith);
    return { retry: await send(restarted), restarted };
  }

  function expectReplayed(retry: Reply, status: number): Json {
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([status, 'true']);
    return retry.json();
  }

  /** The retry's body and ETag are the record's as retrieved, and a second retry answers the same. */
  async function expectAsRetrieved(app: NestFastifyApplication, retry: Reply, url: string, send: Send) {
    const retrieved = await api(app)('GET', url);
    expect([retry.json(), retry.headers.etag]).toEqual([retrieved.json(), retrieved.headers.etag]);
    const again = await send(app);
    expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([
      retry.statusCode,
      'true',
      retry.body,
    ]);
  }

  it('replays a create that landed, at once after the restart', async () => {
    const key = randomUUID();
    const name = `Landed ${key}`;
    const send: Send = (app) => api(app)('POST', '/api/v3/customers', { name }, { 'idempotency-key': key });
    const { retry, restarted } = await retriedAfterDeath(key, send, 'customer-', 'after');
    expect(expectReplayed(retry, 201)).toMatchObject({ object: 'customer', name });
    await expectAsRetrieved(restarted, retry, `/api/v3/customers/${retry.json().id}`, send);
    expect(await keyState(key)).toEqual(['done']);
  });

  it('rebuilds the answer of a landed create though the retry holds the only place in turn: its reads are part of it', async () => {
    const key = randomUUID();
    const name = `One place ${key}`;
    const send: Send = (app) => api(app)('POST', '/api/v3/customers', { name }, { 'idempotency-key': key });
    const onePlace = { ...config, maxConcurrentRequests: 1 };
    const { retry } = await retriedAfterDeath(key, send, 'customer-', 'after', shop.owner, onePlace);
    expect(expectReplayed(retry, 201)).toMatchObject({ object: 'customer', name });
  });

  it('runs a create that never wrote, at once after the restart', async () => {
    const key = randomUUID();
    const name = `Unwritten ${key}`;
    const send: Send = (app) => api(app)('POST', '/api/v3/customers', { name }, { 'idempotency-key': key });
    const { retry } = await retriedAfterDeath(key, send, 'customer-', 'before');
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([201, undefined]);
    const list = await ok(api()('GET', '/api/v3/customers?limit=100'));
    expect(list.data.filter((c: Json) => c.name === name)).toHaveLength(1);
  });

  it('runs a write whose process died after drawing a number, before its record: a number is not the write', async () => {
    // An order's invoicing draws the invoice's number before the order's own append.
    const order = await ok(api()('POST', '/api/v3/sales-orders', estimateBody(shop)), 201);
    const key = randomUUID();
    const send: Send = (app) =>
      api(app)('POST', `/api/v3/sales-orders/${order.id}/invoice`, {}, { 'idempotency-key': key });
    const { retry } = await retriedAfterDeath(key, send, 'counter-', 'after');
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect(await keyState(key)).toEqual(['done']);
  });

  it('replays a create whose process died after its numbered append: the number and the record landed together', async () => {
    const key = randomUUID();
    const body = estimateBody(shop);
    const send: Send = (app) => api(app)('POST', '/api/v3/invoices', body, { 'idempotency-key': key });
    const { retry, restarted } = await retriedAfterDeath(key, send, 'counter-', 'after');
    expect(expectReplayed(retry, 201)).toMatchObject({ object: 'invoice', customer_id: shop.customer.id });
    await expectAsRetrieved(restarted, retry, `/api/v3/invoices/${retry.json().id}`, send);
    expect(await keyState(key)).toEqual(['done']);
  });

  it('answers an estimate converted to an invoice with the invoice, 201, when the process died before creating it', async () => {
    const estimate = await ok(api()('POST', '/api/v3/estimates', estimateBody(shop)), 201);
    const key = randomUUID();
    const send: Send = (app) =>
      api(app)('POST', `/api/v3/estimates/${estimate.id}/convert-to-invoice`, {}, { 'idempotency-key': key });
    const { retry, restarted } = await retriedAfterDeath(key, send, ...diesCreating('estimate-', 'invoice-'));
    expect(expectReplayed(retry, 201)).toMatchObject({ object: 'invoice', customer_id: shop.customer.id });
    await expectAsRetrieved(restarted, retry, `/api/v3/invoices/${retry.json().id}`, send);
  });

  it('answers an estimate converted to a sales order with the order, 201', async () => {
    const estimate = await ok(api()('POST', '/api/v3/estimates', estimateBody(shop)), 201);
    const key = randomUUID();
    const send: Send = (app) =>
      api(app)(
        'POST',
        `/api/v3/estimates/${estimate.id}/convert-to-sales-order`,
        {},
        { 'idempotency-key': key },
      );
    const { retry, restarted } = await retriedAfterDeath(
      key,
      send,
      ...diesCreating('estimate-', 'salesOrder-'),
    );
    expect(expectReplayed(retry, 201)).toMatchObject({ object: 'sales_order' });
    await expectAsRetrieved(restarted, retry, `/api/v3/sales-orders/${retry.json().id}`, send);
  });

  it('answers the invoicing of a sales order with the new invoice, 201', async () => {
    const order = await ok(api()('POST', '/api/v3/sales-orders', estimateBody(shop)), 201);
    const key = randomUUID();
    const send: Send = (app) =>
      api(app)('POST', `/api/v3/sales-orders/${order.id}/invoice`, {}, { 'idempotency-key': key });
    const { retry, restarted } = await retriedAfterDeath(
      key,
      send,
      ...diesCreating('salesOrder-', 'invoice-'),
    );
    expect(expectReplayed(retry, 201)).toMatchObject({ object: 'invoice' });
    await expectAsRetrieved(restarted, retry, `/api/v3/invoices/${retry.json().id}`, send);
    const invoices = await ok(api(restarted)('GET', `/api/v3/sales-orders/${order.id}/invoices`));
    expect(invoices.data.map((i: Json) => i.id)).toEqual([retry.json().id]);
  });

  it('answers an action with its 200 and the record as the action left it, not as changed since', async () => {
    const customer = await ok(api()('POST', '/api/v3/customers', { name: `Archived ${randomUUID()}` }), 201);
    const url = `/api/v3/customers/${customer.id}`;
    const key = randomUUID();
    const send: Send = (app) => api(app)('POST', `${url}/archive`, {}, { 'idempotency-key': key });
    const { retry: first, restarted } = await retriedAfterDeath(key, send, 'customer-', 'after');
    const archived = expectReplayed(first, 200);
    expect(archived).toMatchObject({ id: customer.id, name: customer.name });
    await expectAsRetrieved(restarted, first, url, send);
  });

  it('replays a change as it was made, though the record changed after it', async () => {
    const customer = await ok(api()('POST', '/api/v3/customers', { name: `Before ${randomUUID()}` }), 201);
    const url = `/api/v3/customers/${customer.id}`;
    const key = randomUUID();
    const send: Send = (app) =>
      api(app)('PATCH', url, { name: 'Changed by the key' }, { 'idempotency-key': key });
    const freezing = { frozen: Promise.resolve('') };
    const dying = await start({
      wrapEvents: (events) => {
        const wrapped = freezingAppends(events, (stream) => stream === `customer-${customer.id}`, 'after');
        freezing.frozen = wrapped.frozen;
        return wrapped.store;
      },
    });
    void send(dying).catch(() => undefined);
    await freezing.frozen;
    await dying.close();
    const restarted = await start();
    const later = await api(restarted)('PATCH', url, { name: 'Changed later' });
    expect(later.statusCode).toBe(200);

    const retry = await send(restarted);
    expect(expectReplayed(retry, 200)).toMatchObject({ id: customer.id, name: 'Changed by the key' });
    const laterRevision = Number(String(later.headers.etag).replaceAll('"', ''));
    expect(retry.headers.etag).toBe(`"${laterRevision - 1}"`);
  });

  it('answers a payment with the ETag the write left, though a receipt was queued after the payment', async () => {
    const receipts = await openShop(apps[0], { settings: { automatic_payment_receipts: true } });
    const owner = apiOf(apps[0])(receipts.owner);
    const invoice = await ok(
      owner('POST', '/api/v3/invoices', {
        customer_id: receipts.customer.id,
        lines: [{ item_id: receipts.widget.id, quantity: 2 }],
      }),
      201,
    );
    const url = `/api/v3/invoices/${invoice.id}`;
    const key = randomUUID();
    const send: Send = (app) =>
      apiOf(app)(receipts.owner)(
        'POST',
        `${url}/payments`,
        { amount: 5, payment_date: '2030-01-10' },
        { 'idempotency-key': key },
      );
    const { retry, restarted } = await retriedAfterDeath(
      key,
      send,
      `invoice-${invoice.id}`,
      'after',
      receipts.owner,
    );
    expect(expectReplayed(retry, 201)).toMatchObject({
      object: 'payment',
      invoice_id: invoice.id,
      amount: '5.0000',
    });
    const events = (await ok(apiOf(restarted)(receipts.owner)('GET', `${url}/events`))).data;
    expect(events.map((e: Json) => e.type).slice(-2)).toEqual([
      'InvoicePaymentRecorded',
      'InvoicePaymentReceiptQueued',
    ]);
    // The first answer's ETag: the invoice's revision right after the write, its receipt included.
    const retrieved = await apiOf(restarted)(receipts.owner)('GET', url);
    expect(retry.headers.etag).toBe(retrieved.headers.etag);
    const again = await send(restarted);
    expect([again.statusCode, again.headers['idempotent-replayed'], again.headers.etag, again.body]).toEqual([
      201,
      'true',
      retry.headers.etag,
      retry.body,
    ]);
  });

  it('has a rebuild rule for every keyed write of the public API in the OpenAPI document', async () => {
    const document = (await apps[0].inject({ method: 'GET', url: '/api/v3/openapi.json' })).json();
    const missing: string[] = [];
    for (const [path, operations] of Object.entries<Json>(document.paths)) {
      if (!path.startsWith('/api/v3/') || path.endsWith('/preview')) continue;
      for (const method of Object.keys(operations).map((m) => m.toUpperCase())) {
        if (!['POST', 'PATCH', 'PUT'].includes(method)) continue;
        const url = path.replace(/\{[^}]+\}/g, randomUUID());
        if (!ruleFor(method, url)) missing.push(`${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
