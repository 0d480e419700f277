import { randomUUID } from 'node:crypto';
import { Database } from '@app/read-models';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { sql } from 'kysely';
import { DATABASE } from '../apps/api/src/store/tokens';
import { createCategory, createLocation } from './support/catalog';
import { Caller, createCaller } from './support/operator';
import { as } from './support/party-rules';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('stock ledger e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ITEMS = '/api/v3/items';
const movements = (id: string, query = '') => `${ITEMS}/${id}/movements${query}`;

/**
 * The stock ledger through HTTP (issue 14 item 4): GET /items/{id}/movements. The ledger's sums
 * against inventory_quantities are the property test's (libs/read-models/src/projectors/stock-ledger).
 */
describe.each(testDatabases())('stock ledger on $name', (target) => {
  let t: TestApp;
  let owner: Caller;
  let tools: Json;
  let store: Json;
  let depot: Json;
  let customer: Json;

  beforeAll(async () => {
    t = await startTestApp(target);
    owner = await createCaller(t.app);
    tools = await createCategory(t.app, owner);
    store = await createLocation(t.app, owner, { name: 'Store' });
    depot = await createLocation(t.app, owner, { name: 'Depot' });
    customer = await ok(call()('POST', '/api/v3/customers', { name: 'Globex' }), 201);
  });
  afterAll(() => t?.close());

  const call = (caller: Caller = owner) => as(t.app, caller);

  async function ok(pending: Promise<{ statusCode: number; body: string; json(): Json }>, status = 200) {
    const res = await pending;
    if (res.statusCode !== status) throw new Error(`answered ${res.statusCode}, not ${status}: ${res.body}`);
    return res.json();
  }

  async function item(body: Json = {}): Promise<Json> {
    return ok(
      call()('POST', ITEMS, {
        name: `Item ${randomUUID().slice(0, 6)}`,
        inventory_type: 'quantity',
        category_id: tools.id,
        location_id: store.id,
        ...body,
      }),
      201,
    );
  }

  const adjust = (id: string, body: Json, headers: Record<string, string> = {}) =>
    ok(call()('POST', `${ITEMS}/${id}/adjustments`, body, headers), 201);

  function expectError(
    res: { statusCode: number; json(): Json },
    status: number,
    code: string,
    param?: string,
  ) {
    expect({ status: res.statusCode, ...res.json().error }).toMatchObject({
      status,
      code,
      ...(param ? { param } : {}),
    });
  }

  /** An item moved by an adjustment, a transfer sent and received, and an invoice. */
  async function history() {
    const drill = await item();
    const key = `count-${randomUUID()}`;
    await adjust(
      drill.id,
      { location_id: store.id, quantity: 5, reason: 'Opening count' },
      { 'idempotency-key': key },
    );
    const transfer = await ok(
      call()(
        'POST',
        '/api/v3/stock-transfers',
        {
          origin_location_id: store.id,
          destination_location_id: depot.id,
          lines: [{ item_id: drill.id, quantity: 2 }],
        },
        { 'idempotency-key': randomUUID() },
      ),
      201,
    );
    await ok(
      call()('POST', `/api/v3/stock-transfers/${transfer.id}/send`, {}, { 'idempotency-key': randomUUID() }),
    );
    await ok(
      call()(
        'POST',
        `/api/v3/stock-transfers/${transfer.id}/receive`,
        {},
        { 'idempotency-key': randomUUID() },
      ),
    );
    const invoice = await ok(
      call()('POST', '/api/v3/invoices', {
        customer_id: customer.id,
        lines: [{ item_id: drill.id, quantity: 1 }],
      }),
      201,
    );
    return { drill, transfer, invoice, key };
  }

  it('explains every quantity: newest first, with sources, events, user, key and the on-hand after each', async () => {
    const { drill, transfer, invoice, key } = await history();
    const page = await ok(call()('GET', movements(drill.id)));
    expect(page).toMatchObject({
      object: 'list',
      url: movements(drill.id),
      has_more: false,
      pagination: { page: 1, per_page: 20, total_records: 6, total_pages: 1 },
    });
    const line = invoice.lines.find((l: Json) => l.item_id === drill.id);
    const summary = page.data.map((m: Json) => [
      m.source.type,
      m.event.type,
      m.location_id,
      m.quantity,
      m.in_transit,
      m.quantity_after,
    ]);
    expect(summary).toEqual([
      ['invoice', 'InvoiceCreated', store.id, -1, 0, 2],
      ['stock_transfer', 'StockTransferReceived', depot.id, 0, -2, 2],
      ['stock_transfer', 'StockAdjusted', depot.id, 2, 0, 2],
      ['stock_transfer', 'StockTransferSent', depot.id, 0, 2, 0],
      ['stock_transfer', 'StockAdjusted', store.id, -2, 0, 3],
      ['adjustment', 'StockAdjusted', store.id, 5, 0, 5],
    ]);
    const [sold, , , , , counted] = page.data;
    expect(sold).toMatchObject({
      item_id: drill.id,
      variation_id: null,
      item_variation_location_id: null,
      quantity_reserved: 0,
      quantity_incoming: 0,
      quantity_estimates: 0,
      source: {
        type: 'invoice',
        id: invoice.id,
        number: invoice.invoice_number,
        line_id: line.id,
        reason: null,
      },
      event: { stream_id: `invoice-${invoice.id}`, revision: 0, type: 'InvoiceCreated' },
      user_id: owner.userId,
      idempotency_key: null,
    });
    expect(counted).toMatchObject({
      source: { type: 'adjustment', id: null, number: null, line_id: null, reason: 'Opening count' },
      event: { stream_id: `item-${drill.id}`, revision: 1, type: 'StockAdjusted' },
      user_id: owner.userId,
      idempotency_key: key,
    });
    expect(page.data[1].source).toMatchObject({ id: transfer.id, number: transfer.stock_transfer_number });
    expect(new Date(sold.created_at).getTime()).toBeGreaterThanOrEqual(
      new Date(counted.created_at).getTime(),
    );
    // The event named is the one the item's history serves.
    const events = await ok(call()('GET', `${ITEMS}/${drill.id}/events`));
    expect(events.data.map((e: Json) => e.id)).toContain(counted.event.id);
    // The sums are the item's quantities.
    const fetched = await ok(call()('GET', `${ITEMS}/${drill.id}`));
    const sum = (field: string) => page.data.reduce((s: number, m: Json) => s + m[field], 0);
    expect([sum('quantity'), sum('in_transit')]).toEqual([fetched.quantity, fetched.in_transit]);
  });

  it('filters by location, variation row and day, and pages', async () => {
    const { drill } = await history();
    const atDepot = await ok(call()('GET', movements(drill.id, `?location_id=${depot.id.toUpperCase()}`)));
    expect(atDepot.data.map((m: Json) => m.location_id)).toEqual([depot.id, depot.id, depot.id]);
    const all = await ok(call()('GET', movements(drill.id, `?date_from=2000-01-01&date_to=2999-12-31`)));
    expect(all.data).toHaveLength(6);
    expect((await ok(call()('GET', movements(drill.id, `?date_to=2000-01-01`)))).data).toEqual([]);
    expect((await ok(call()('GET', movements(drill.id, `?date_from=2999-01-01`)))).data).toEqual([]);
    // Days in the account's zone: a movement recorded now falls between yesterday and tomorrow (UTC).
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const around = `?date_from=${day(-1)}&date_to=${day(1)}`;
    expect((await ok(call()('GET', movements(drill.id, around)))).data).toHaveLength(6);

    const first = await ok(call()('GET', movements(drill.id, '?limit=4&include_total=false')));
    expect(first).toMatchObject({ has_more: true, pagination: { page: 1, per_page: 4 } });
    expect(first.pagination.total_records).toBeUndefined();
    const second = await ok(call()('GET', movements(drill.id, '?limit=4&page=2')));
    expect(second).toMatchObject({ has_more: false, pagination: { total_records: 6 } });
    expect([...first.data, ...second.data]).toEqual(all.data);

    // A first variation moves the item's own stock into its rows; a row filter shows that row only.
    const variation = await ok(
      call()('POST', `${ITEMS}/${drill.id}/variations`, { variation_type: 'location_only' }),
      201,
    );
    const row = variation.locations.find((r: Json) => r.location_id === store.id).item_variation_location_id;
    const moved = await ok(call()('GET', movements(drill.id, `?item_variation_location_id=${row}`)));
    expect(moved.data).toEqual([
      expect.objectContaining({
        variation_id: variation.id,
        item_variation_location_id: row,
        location_id: store.id,
        quantity: 3,
        quantity_after: 3,
        source: expect.objectContaining({
          type: 'adjustment',
          reason: 'Moved from the item to its first variation',
        }),
      }),
    ]);
    // The item's own row gives it up; what the invoice took stays counted there (docs/inventory.md).
    const own = (await ok(call()('GET', movements(drill.id, `?location_id=${store.id}`)))).data;
    expect(own.find((m: Json) => m.variation_id === null)).toMatchObject({
      quantity: -3,
      quantity_after: -1,
    });
  });

  it('shows what orders reserve and bring in; every row of the account sums to inventory_quantities', async () => {
    const { drill } = await history();
    const supplier = await ok(call()('POST', '/api/v3/suppliers', { name: 'Acme Tools' }), 201);
    const order = await ok(
      call()('POST', '/api/v3/sales-orders', {
        customer_id: customer.id,
        lines: [{ item_id: drill.id, quantity: 2 }],
      }),
      201,
    );
    const purchase = await ok(
      call()('POST', '/api/v3/purchase-orders', {
        supplier_id: supplier.id,
        location_id: store.id,
        lines: [{ item_id: drill.id, quantity: 4 }],
      }),
      201,
    );
    await ok(call()('POST', `/api/v3/purchase-orders/${purchase.id}/send`, {}));
    await ok(
      call()('POST', `/api/v3/purchase-orders/${purchase.id}/receive`, {
        lines: [{ line_id: purchase.lines[0].id, quantity: 3 }],
      }),
    );
    const [received, sent, reserved] = (await ok(call()('GET', movements(drill.id, '?limit=3')))).data;
    expect(reserved).toMatchObject({
      quantity_reserved: 2,
      source: {
        type: 'sales_order',
        id: order.id,
        number: order.sales_order_number,
        line_id: order.lines[0].id,
      },
    });
    expect(sent).toMatchObject({
      quantity_incoming: 4,
      quantity: 0,
      source: { type: 'purchase_order', id: purchase.id },
    });
    expect(received).toMatchObject({ quantity_incoming: -3, quantity: 3, quantity_after: 5 });
    // 5 at the store, 2 at the depot.
    expect(await ok(call()('GET', `${ITEMS}/${drill.id}`))).toMatchObject({
      quantity: 7,
      quantity_reserved: 2,
      quantity_incoming: 1,
    });

    // Everything this file's requests moved, reconciled row by row with inventory_quantities.
    const database = t.app.get<Database>(DATABASE);
    const { rows } = await sql`select q.row_key
      from inventory_quantities q
      full join (select row_key, sum(on_hand) as on_hand, sum(reserved) as reserved, sum(incoming) as incoming,
          sum(in_transit) as in_transit, sum(estimates) as estimates
        from stock_ledger group by row_key) l on l.row_key = q.row_key
      where (coalesce(q.on_hand, 0), coalesce(q.reserved, 0), coalesce(q.incoming, 0), coalesce(q.in_transit, 0),
          coalesce(q.estimates, 0))
        is distinct from (coalesce(l.on_hand, 0), coalesce(l.reserved, 0), coalesce(l.incoming, 0),
          coalesce(l.in_transit, 0), coalesce(l.estimates, 0))`.execute(database.db);
    expect(rows).toEqual([]);
    const { rows: counted } = await sql<{ n: string }>`select count(*) as n from stock_ledger`.execute(
      database.db,
    );
    expect(Number(counted[0].n)).toBeGreaterThan(9);
  });

  it('needs items:read and audit:read', async () => {
    const { drill } = await history();
    for (const scopes of [['items:read'], ['audit:read']]) {
      const caller = await createCaller(t.app, { accountId: owner.accountId, scopes });
      expectError(await call(caller)('GET', movements(drill.id)), 403, 'insufficient_scope');
    }
    const auditor = await createCaller(t.app, {
      accountId: owner.accountId,
      scopes: ['items:read', 'audit:read'],
    });
    expect((await ok(call(auditor)('GET', movements(drill.id)))).data).toHaveLength(6);
    // A user restricted to a location sees the movements there.
    const clerk = await createCaller(t.app, { accountId: owner.accountId, location_id: depot.id });
    const seen = (await ok(call(clerk)('GET', movements(drill.id)))).data;
    expect(seen.map((m: Json) => m.location_id)).toEqual([depot.id, depot.id, depot.id]);
  });

  it('is documented in OpenAPI with its filters and a complete response schema', async () => {
    const document = await ok(call()('GET', '/api/v3/openapi.json'));
    const operation = document.paths['/api/v3/items/{id}/movements'].get;
    expect(operation.parameters.map((p: Json) => p.name).sort()).toEqual(
      [
        'date_from',
        'date_to',
        'id',
        'include_total',
        'item_variation_location_id',
        'limit',
        'location_id',
        'page',
      ].sort(),
    );
    expect(operation.responses['200'].content['application/json'].schema.properties.data.items).toEqual({
      $ref: '#/components/schemas/StockMovement',
    });
    const schema = document.components.schemas.StockMovement;
    expect(Object.keys(schema.properties)).toHaveLength(16);
    expect(schema.required).toHaveLength(16);
  });

  it('answers 404 for an item it does not know, 422 for a bad filter', async () => {
    const { drill } = await history();
    expectError(await call()('GET', movements(randomUUID())), 404, 'resource_missing');
    expectError(await call()('GET', movements('not-an-id')), 404, 'resource_missing');
    const stranger = await createCaller(t.app);
    expectError(await call(stranger)('GET', movements(drill.id)), 404, 'resource_missing');
    for (const [query, param] of [
      ['?location_id=nope', 'location_id'],
      ['?item_variation_location_id=0', 'item_variation_location_id'],
      ['?item_variation_location_id=2147483648', 'item_variation_location_id'],
      ['?item_variation_location_id=1.5', 'item_variation_location_id'],
      ['?date_from=2030-02-30', 'date_from'],
      ['?date_to=tomorrow', 'date_to'],
      ['?date_from=2030-01-01&date_from=2030-01-02', 'date_from'],
      ['?limit=0', 'limit'],
      ['?status_id=1', 'status_id'],
    ])
      expectError(await call()('GET', movements(drill.id, query)), 422, 'invalid_query_parameter', param);
  });
});
