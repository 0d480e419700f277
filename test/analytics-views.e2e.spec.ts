import { ProjectionRunner } from '@app/read-models';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { sql } from 'kysely';
import { createLocation } from './support/catalog';
import { apiOf, Json, ok, openShop, plusDays, Shop, todayIn } from './support/estimates';
import { INVOICES, serviceLine } from './support/invoices';
import { openBuyer, PURCHASE_ORDERS, purchaseOrderBody } from './support/purchase-orders';
import { SALES_ORDERS, salesOrderBody } from './support/sales-orders';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('analytics views e2e');

const TIMEZONE = 'Pacific/Auckland';

/**
 * The `analytics` views (docs/analytics.md; issue 30 item 4): a known history seeded through the
 * API, each in an account of its own, and the view's rows against figures worked out by hand.
 */
describe.each(testDatabases())('analytics views on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  const call = (s: Shop) => apiOf(t.app)(s.owner);
  const shop = () => openShop(t.app, { timezone: TIMEZONE });

  /** The view's rows of one account as JSON (numbers as numbers, dates as YYYY-MM-DD), in `order`. */
  async function rows(view: string, accountId: string, order: string): Promise<Json[]> {
    const { rows: found } = await sql<{ row: Json }>`
      select to_jsonb(v) as row from ${sql.table(`analytics.${view}`)} v
      where account_id = ${accountId} order by ${sql.raw(order)}`.execute(t.database.db);
    return found.map((r) => r.row);
  }

  const invoice = (s: Shop, amount: number, over: Json = {}) =>
    ok(call(s)('POST', INVOICES, { customer_id: s.customer.id, lines: [serviceLine(amount)], ...over }), 201);
  const pay = (s: Shop, id: string, amount: number) =>
    ok(call(s)('POST', `${INVOICES}/${id}/payments`, { amount, payment_date: '2030-01-10' }), 201);

  it('analytics.version says which version of the views this is', async () => {
    const { rows: found } = await sql<{ version: number }>`select version from analytics.version`.execute(
      t.database.db,
    );
    expect(found).toEqual([{ version: 1 }]);
  });

  /** Two days of invoices: unpaid, partly paid, paid, cancelled. */
  async function salesHistory(s: Shop) {
    await invoice(s, 100, { issue_date: '2030-01-05' });
    await invoice(s, 25, { issue_date: '2030-01-05' });
    const part = await invoice(s, 50, { issue_date: '2030-01-05' });
    await pay(s, part.id, 20);
    const paid = await invoice(s, 80, { issue_date: '2030-01-06' });
    await pay(s, paid.id, 80);
    const cancelled = await invoice(s, 40, { issue_date: '2030-01-06' });
    await ok(call(s)('POST', `${INVOICES}/${cancelled.id}/cancel`, {}));
  }

  const SALES_BY_DAY = [
    {
      day: '2030-01-05',
      status_id: 9,
      status: 'unpaid',
      invoices: 2,
      subtotal: 125,
      tax: 0,
      total: 125,
      amount_paid: 0,
      amount_due: 125,
    },
    {
      day: '2030-01-05',
      status_id: 10,
      status: 'partially_paid',
      invoices: 1,
      subtotal: 50,
      tax: 0,
      total: 50,
      amount_paid: 20,
      amount_due: 30,
    },
    {
      day: '2030-01-06',
      status_id: 11,
      status: 'paid',
      invoices: 1,
      subtotal: 80,
      tax: 0,
      total: 80,
      amount_paid: 80,
      amount_due: 0,
    },
    {
      day: '2030-01-06',
      status_id: 15,
      status: 'cancelled',
      invoices: 1,
      subtotal: 40,
      tax: 0,
      total: 40,
      amount_paid: 0,
      amount_due: 40,
    },
  ];

  it('sales_by_day: invoices per issue day and status, with their totals', async () => {
    const s = await shop();
    await salesHistory(s);
    const found = await rows('sales_by_day', s.accountId, 'day, status_id');
    expect(found).toEqual(SALES_BY_DAY.map((r) => ({ account_id: s.accountId, timezone: TIMEZONE, ...r })));
  });

  it('keeps answering the same after a rebuild swaps the tables it reads', async () => {
    const s = await shop();
    await salesHistory(s);
    await t.app.get(ProjectionRunner).rebuild('invoice_lists');
    const found = await rows('sales_by_day', s.accountId, 'day, status_id');
    expect(found).toEqual(SALES_BY_DAY.map((r) => ({ account_id: s.accountId, timezone: TIMEZONE, ...r })));
  });

  it('receivables_ageing: open balances bucketed by days past the due date ("Net N" terms, else the issue day)', async () => {
    const s = await shop();
    const today = todayIn(TIMEZONE);
    const ago = (days: number) => plusDays(today, -days);
    const notDue = await invoice(s, 10, { issue_date: ago(10), payment_terms: 'Net 30' }); // due in 20 days
    const late15 = await invoice(s, 20, { issue_date: ago(45), payment_terms: 'Net 30' }); // 15 past due
    const late50 = await invoice(s, 30, { issue_date: ago(50), payment_terms: 'Due on receipt' }); // 50
    const late85 = await invoice(s, 40, { issue_date: ago(100), payment_terms: 'net 15' }); // 85
    const late170 = await invoice(s, 50, { issue_date: ago(200), payment_terms: 'Net 30' }); // 170
    await pay(s, late170.id, 15);
    const settled = await invoice(s, 60, { issue_date: ago(120) });
    await pay(s, settled.id, 60);

    const found = await rows('receivables_ageing', s.accountId, 'invoice_number');
    const zero = { not_due: 0, days_0_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0 };
    expect(
      found.map(({ invoice_id, due_date, as_of, days_past_due, bucket, balance, ...rest }) => ({
        invoice_id,
        due_date,
        as_of,
        days_past_due,
        bucket,
        balance,
        buckets: Object.fromEntries(Object.keys(zero).map((k) => [k, rest[k]])),
      })),
    ).toEqual([
      {
        invoice_id: notDue.id,
        due_date: plusDays(today, 20),
        as_of: today,
        days_past_due: -20,
        bucket: 'not_due',
        balance: 10,
        buckets: { ...zero, not_due: 10 },
      },
      {
        invoice_id: late15.id,
        due_date: ago(15),
        as_of: today,
        days_past_due: 15,
        bucket: '0-30',
        balance: 20,
        buckets: { ...zero, days_0_30: 20 },
      },
      {
        invoice_id: late50.id,
        due_date: ago(50),
        as_of: today,
        days_past_due: 50,
        bucket: '31-60',
        balance: 30,
        buckets: { ...zero, days_31_60: 30 },
      },
      {
        invoice_id: late85.id,
        due_date: ago(85),
        as_of: today,
        days_past_due: 85,
        bucket: '61-90',
        balance: 40,
        buckets: { ...zero, days_61_90: 40 },
      },
      {
        invoice_id: late170.id,
        due_date: ago(170),
        as_of: today,
        days_past_due: 170,
        bucket: '90+',
        balance: 35,
        buckets: { ...zero, days_over_90: 35 },
      },
    ]);
  });

  it('stock_valuation: on hand × unit cost per item, variation row and location (the variation’s cost first)', async () => {
    const s = await shop();
    const warehouse = await createLocation(t.app, s.owner, { name: 'Warehouse' });
    const store = await createLocation(t.app, s.owner, { name: 'Store' });
    const item = (body: Json) =>
      ok(
        call(s)('POST', '/api/v3/items', { inventory_type: 'quantity', category_id: s.category.id, ...body }),
        201,
      );
    const adjust = (id: string, body: Json) =>
      ok(call(s)('POST', `/api/v3/items/${id}/adjustments`, body), 201);
    const bolt = await item({ name: 'Bolt', cost: 7.25, location_id: warehouse.id });
    await adjust(bolt.id, { location_id: warehouse.id, quantity: 10 });
    await adjust(bolt.id, { location_id: store.id, quantity: 4 });
    await invoice(s, 0, { lines: [{ item_id: bolt.id, quantity: 3, tax_rate: 0, tax_2_rate: 0 }] });
    const shirt = await item({ name: 'Shirt', cost: 2, location_id: warehouse.id });
    const variation = await ok(
      call(s)('POST', `/api/v3/items/${shirt.id}/variations`, {
        variation_type: 'location_only',
        unit_cost_override: 3.5,
      }),
      201,
    );
    const row = variation.locations.find((r: Json) => r.location_id === warehouse.id);
    await adjust(shirt.id, {
      location_id: warehouse.id,
      item_variation_location_id: row.item_variation_location_id,
      quantity: 6,
    });

    const found = await rows('stock_valuation', s.accountId, 'item_number, location_name');
    const base = { account_id: s.accountId };
    expect(found).toEqual([
      {
        ...base,
        item_id: bolt.id,
        item_number: bolt.item_number,
        item_name: 'Bolt',
        variation_id: null,
        item_variation_location_id: null,
        location_id: store.id,
        location_name: 'Store',
        on_hand: 4,
        unit_cost: 7.25,
        value: 29,
      },
      // 10 adjusted in, 3 invoiced: 7 × 7.25.
      {
        ...base,
        item_id: bolt.id,
        item_number: bolt.item_number,
        item_name: 'Bolt',
        variation_id: null,
        item_variation_location_id: null,
        location_id: warehouse.id,
        location_name: 'Warehouse',
        on_hand: 7,
        unit_cost: 7.25,
        value: 50.75,
      },
      {
        ...base,
        item_id: shirt.id,
        item_number: shirt.item_number,
        item_name: 'Shirt',
        variation_id: variation.id,
        item_variation_location_id: row.item_variation_location_id,
        location_id: warehouse.id,
        location_name: 'Warehouse',
        on_hand: 6,
        unit_cost: 3.5,
        value: 21,
      },
    ]);
  });

  it('purchase_spend_by_supplier: sent orders per supplier and issue month; not sent ones left out', async () => {
    const b = await openBuyer(t.app, { timezone: TIMEZONE });
    const api = apiOf(t.app)(b.owner);
    const order = async (quantity: number, issue_date: string, send = true) => {
      const created = await ok(
        api(
          'POST',
          PURCHASE_ORDERS,
          purchaseOrderBody(b, { issue_date, lines: [{ item_id: b.bolt.id, quantity }] }),
        ),
        201,
      );
      return send ? ok(api('POST', `${PURCHASE_ORDERS}/${created.id}/send`, {})) : created;
    };
    await order(10, '2030-03-04'); // 72.50 + 10 % tax = 79.75
    const received = await order(4, '2030-03-20'); // 29.00 + 2.90 = 31.90
    await ok(
      api('POST', `${PURCHASE_ORDERS}/${received.id}/receive`, {
        lines: [{ line_id: received.lines[0].id, quantity: 4 }],
      }),
    );
    await ok(
      api('POST', `${PURCHASE_ORDERS}/${received.id}/payments`, { amount: 10, payment_date: '2030-03-25' }),
      201,
    );
    await order(100, '2030-04-02', false);
    await order(2, '2030-04-10'); // 14.50 + 1.45 = 15.95

    const found = await rows('purchase_spend_by_supplier', b.accountId, 'month');
    const base = { account_id: b.accountId, supplier_id: b.supplier.id, supplier_name: 'Parts Co' };
    expect(found).toEqual([
      {
        ...base,
        month: '2030-03-01',
        orders: 2,
        received_orders: 1,
        subtotal: 101.5,
        tax: 10.15,
        total: 111.65,
        amount_paid: 10,
        amount_due: 101.65,
      },
      {
        ...base,
        month: '2030-04-01',
        orders: 1,
        received_orders: 0,
        subtotal: 14.5,
        tax: 1.45,
        total: 15.95,
        amount_paid: 0,
        amount_due: 15.95,
      },
    ]);
  });

  it('order_fill: how much of each sales order is invoiced, packed and shipped, and when', async () => {
    const s = await shop();
    const api = call(s);
    const filled = await ok(
      api(
        'POST',
        SALES_ORDERS,
        salesOrderBody(s, { issue_date: '2030-05-01', lines: [{ item_id: s.widget.id, quantity: 4 }] }),
      ),
      201,
    );
    const untouched = await ok(
      api('POST', SALES_ORDERS, salesOrderBody(s, { issue_date: '2030-05-02' })),
      201,
    );
    const line = filled.lines[0].id;
    const invoiced = await ok(
      api('POST', `${SALES_ORDERS}/${filled.id}/invoice`, { lines: [{ id: line, quantity: 3 }] }),
      201,
    );
    const packed = await ok(
      api('POST', `${SALES_ORDERS}/${filled.id}/fulfillments`, { lines: [{ id: line, quantity: 2 }] }),
      201,
    );
    await ok(api('POST', `${SALES_ORDERS}/${filled.id}/fulfillments/${packed.id}/ship`, {}));
    const latest = await ok(api('GET', `${SALES_ORDERS}/${filled.id}`));

    const found = await rows('order_fill', s.accountId, 'sales_order_number');
    const today = todayIn(TIMEZONE);
    const days = (from: string) => (Date.parse(today) - Date.parse(from)) / 86_400_000;
    expect(found.map((r) => ({ ...r, last_changed_at: Date.parse(r.last_changed_at) }))).toEqual([
      expect.objectContaining({
        sales_order_id: filled.id,
        issue_date: '2030-05-01',
        age_days: days('2030-05-01'),
        // 3 of 4 invoiced, 2 of 4 packed and shipped.
        invoiced_percent: 75,
        packed_percent: 50,
        shipped_percent: 50,
        invoice_count: 1,
        first_invoiced_on: invoiced.issue_date,
        last_invoiced_on: invoiced.issue_date,
        last_changed_at: Date.parse(latest.updated_at),
      }),
      expect.objectContaining({
        sales_order_id: untouched.id,
        invoiced_percent: 0,
        packed_percent: 0,
        shipped_percent: 0,
        invoice_count: 0,
        first_invoiced_on: null,
        last_invoiced_on: null,
        last_changed_at: Date.parse(untouched.updated_at),
      }),
    ]);
  });

  it('inventory_movements: the stock ledger flattened, with names and the day in the account’s time zone', async () => {
    const s = await shop();
    const api = call(s);
    const store = await createLocation(t.app, s.owner, { name: 'Store' });
    const nut = await ok(
      api('POST', '/api/v3/items', {
        name: 'Nut',
        inventory_type: 'quantity',
        category_id: s.category.id,
        cost: 1,
        location_id: store.id,
      }),
      201,
    );
    await ok(
      api('POST', `/api/v3/items/${nut.id}/adjustments`, {
        location_id: store.id,
        quantity: 5,
        reason: 'Count',
      }),
      201,
    );
    const sold = await invoice(s, 0, {
      lines: [{ item_id: nut.id, quantity: 2, tax_rate: 0, tax_2_rate: 0 }],
    });
    await ok(api('GET', `/api/v3/items/${nut.id}/movements`)); // waits for the ledger

    const found = await rows('inventory_movements', s.accountId, 'commit_position, prepare_position, entry');
    const dayOf = (at: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: TIMEZONE,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date(at));
    for (const r of found) expect(r.day).toBe(dayOf(r.occurred_at));
    const base = {
      item_id: nut.id,
      item_number: nut.item_number,
      item_name: 'Nut',
      location_id: store.id,
      location_name: 'Store',
      user_id: s.owner.userId,
      user_name: 'Owner',
      api_key_id: s.owner.apiKeyId,
    };
    expect(found).toEqual([
      expect.objectContaining({
        ...base,
        source_type: 'adjustment',
        source_id: null,
        reason: 'Count',
        on_hand_change: 5,
        on_hand_after: 5,
        event_type: 'StockAdjusted',
      }),
      expect.objectContaining({
        ...base,
        source_type: 'invoice',
        source_id: sold.id,
        source_number: sold.invoice_number,
        on_hand_change: -2,
        on_hand_after: 3,
        event_type: 'InvoiceCreated',
      }),
    ]);
  });
});
