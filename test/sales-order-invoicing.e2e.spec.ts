import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import {
  apiOf,
  colleagueOf,
  ESTIMATES,
  estimateBody,
  expectError,
  expectMissing,
  Json,
  ok,
  openShop,
  Shop,
  todayIn,
} from './support/estimates';
import { INVOICES } from './support/invoices';
import { Caller } from './support/operator';
import { SALES_ORDERS, salesOrderBody } from './support/sales-orders';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('sales-order invoicing e2e');

/**
 * Invoicing a sales order (documents-api §4): decided on the order's stream, the invoice made by
 * the sales_order_invoicing step; the linked invoice's rules; cancelling it gives its quantities
 * back; the order's money from its linked invoices; its invoices; estimate → sales order.
 */
describe.each(testDatabases())('sales-order invoicing on $name', (target) => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await startTestApp(target);
    shop = await openShop(t.app);
  });
  afterAll(() => t?.close());

  const call = (caller: Caller = shop.owner) => apiOf(t.app)(caller);
  const order = (id: string, suffix = '') => `${SALES_ORDERS}/${id}${suffix}`;
  const invoice = (id: string, suffix = '') => `${INVOICES}/${id}${suffix}`;
  /** 3 widgets (12.50) and 1 h of labour (40.00), shipping 15.00, 10 % discount. */
  const createOrder = (over: Json = {}, s: Shop = shop) =>
    ok(
      call(s.owner)(
        'POST',
        SALES_ORDERS,
        salesOrderBody(s, {
          lines: [
            { item_id: s.widget.id, quantity: 3 },
            { name: 'Labour', unit_price: 40, tax_rate: 0, tax_2_rate: 0 },
          ],
          shipping_fee: 15,
          discount_percent: 10,
          ...over,
        }),
      ),
      201,
    );
  const invoiceOrder = (id: string, body: Json = {}, caller?: Caller, headers?: Record<string, string>) =>
    call(caller)('POST', order(id, '/invoice'), body, headers);
  const retrieve = (id: string) => ok(call()('GET', order(id)));
  const lineIds = (o: Json) => o.lines.filter((l: Json) => l.line_type !== 'discount').map((l: Json) => l.id);

  describe('invoicing', () => {
    it('{} invoices every remaining quantity: 201, the linked invoice with the order’s customer, terms, discount and shipping', async () => {
      const so = await createOrder({ payment_terms: 'Net 30', public_note: 'Thanks' });
      const res = await invoiceOrder(so.id);
      expect(res.statusCode).toBe(201);
      expect(res.headers.etag).toBe('"0"');
      const inv = res.json();
      expect(inv).toMatchObject({
        object: 'invoice',
        status_id: 9,
        customer_id: shop.customer.id,
        payment_terms: 'Net 30',
        public_note: 'Thanks',
        issue_date: todayIn('UTC'),
        shipping_fee: '15.0000',
        total: so.total,
        fulfillment_authority: 'sales_order',
        fulfillment_sales_order_id: so.id,
        source_sales_order: {
          id: so.id,
          sales_order_number: so.sales_order_number,
          packed_percent: 0,
          shipped_percent: 0,
        },
        can_edit: false,
        edit_block_reason: 'invoice_sales_order_linked',
        can_pack: false,
        pack_block_reason: 'packing_managed_by_sales_order',
      });
      expect(inv.lines.map((l: Json) => [l.line_type, l.quantity])).toEqual([
        ['inventory', 3],
        ['service', 1],
        ['discount', 1],
      ]);
      const after = await retrieve(so.id);
      expect(after).toMatchObject({ invoiced_percent: 100, invoice_count: 1, amount_due: so.total });
      expect(after.lines.map((l: Json) => l.quantity_invoiced)).toEqual([3, 1, 0]);
      expect(after.revision).toBe('so_1');
    });

    it('lines choose quantities; the rest follows with {}; shipping rides on the first invoice only', async () => {
      const so = await createOrder();
      const [widgets, labour] = lineIds(so);
      const first = await ok(invoiceOrder(so.id, { lines: [{ id: widgets, quantity: 1 }] }), 201);
      expect(first.shipping_fee).toBe('15.0000');
      expect(first.lines.map((l: Json) => [l.line_type, l.quantity])).toEqual([
        ['inventory', 1],
        ['discount', 1],
      ]);
      expect(await retrieve(so.id)).toMatchObject({ invoiced_percent: 25, invoice_count: 1 });
      const labourOnly = await ok(invoiceOrder(so.id, { lines: [{ id: labour, quantity: 1 }] }), 201);
      expect(labourOnly.shipping_fee).toBe('0.0000');
      expectError(
        await invoiceOrder(so.id, { lines: [{ id: labour, quantity: 1 }] }),
        409,
        'sales_order_line_already_invoiced',
      );
      const rest = await ok(invoiceOrder(so.id), 201);
      expect(rest.lines.map((l: Json) => [l.item_id ?? l.name, l.line_type, l.quantity])).toEqual([
        [shop.widget.id, 'inventory', 2],
        [expect.anything(), 'discount', 1],
      ]);
      expect(rest.invoice_number).toBe(labourOnly.invoice_number + 1);
      expect(await retrieve(so.id)).toMatchObject({ invoiced_percent: 100, invoice_count: 3 });
      expectError(await invoiceOrder(so.id), 409, 'sales_order_already_invoiced');
      expectError(
        await invoiceOrder(so.id, { lines: [{ id: widgets, quantity: 1 }] }),
        409,
        'sales_order_already_invoiced',
      );
    });

    it('refuses bad lines with 422 invalid_sales_order_invoice, naming the entry', async () => {
      const so = await createOrder();
      const [widgets] = lineIds(so);
      const discount = so.lines.find((l: Json) => l.line_type === 'discount').id;
      const cases: [Json, string][] = [
        [{ lines: [] }, 'lines'],
        [{ lines: [{ id: widgets, quantity: 4 }] }, 'lines.0.quantity'],
        [{ lines: [{ id: widgets, quantity: 0 }] }, 'lines.0.quantity'],
        [
          {
            lines: [
              { id: widgets, quantity: 1 },
              { id: widgets, quantity: 1 },
            ],
          },
          'lines.1.id',
        ],
        [{ lines: [{ id: discount, quantity: 1 }] }, 'lines.0.id'],
        [{ lines: [{ id: '00000000-0000-4000-8000-000000000000', quantity: 1 }] }, 'lines.0.id'],
        [{ shipping_fee: 1 }, 'shipping_fee'],
      ];
      for (const [body, param] of cases)
        expectError(await invoiceOrder(so.id, body), 422, 'invalid_sales_order_invoice', param);
      expect(await retrieve(so.id)).toMatchObject({
        invoiced_percent: 0,
        invoice_count: 0,
        revision: 'so_0',
      });
    });

    it('replays under the same Idempotency-Key; the key with another body is refused', async () => {
      const so = await createOrder();
      const headers = { 'idempotency-key': `invoice-${so.id}` };
      const first = await invoiceOrder(so.id, {}, undefined, headers);
      const again = await invoiceOrder(so.id, {}, undefined, headers);
      expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().id).toBe(first.json().id);
      const [widgets] = lineIds(so);
      const reused = await invoiceOrder(so.id, { lines: [{ id: widgets, quantity: 1 }] }, undefined, headers);
      expect(reused.statusCode).toBe(409);
      expect((await retrieve(so.id)).invoice_count).toBe(1);
    });

    it('takes If-Match with the so_ revision: a stale one is 409 mobile_mutation_conflict and invoices nothing', async () => {
      const so = await createOrder();
      expectError(
        await invoiceOrder(so.id, {}, undefined, { 'if-match': '"so_7"' }),
        409,
        'mobile_mutation_conflict',
      );
      await ok(invoiceOrder(so.id, {}, undefined, { 'if-match': '"so_0"' }), 201);
    });

    it('given a fully invoiced order, when invoiced again with a stale If-Match, then 409 mobile_mutation_conflict, not already_invoiced', async () => {
      const so = await createOrder();
      await ok(invoiceOrder(so.id), 201);
      expectError(
        await invoiceOrder(so.id, {}, undefined, { 'if-match': 'so_0' }),
        409,
        'mobile_mutation_conflict',
      );
      expectError(
        await invoiceOrder(so.id, {}, undefined, { 'if-match': 'so_1' }),
        409,
        'sales_order_already_invoiced',
      );
    });

    it('needs invoices.modify beside sales_orders.modify, and the sales_orders:invoice scope', async () => {
      const so = await createOrder();
      const ordersOnly = await colleagueOf(t.app, shop, {
        permissions: {
          'sales_orders.list': true,
          'sales_orders.view_all': true,
          'sales_orders.modify': true,
        },
      });
      expectError(await invoiceOrder(so.id, {}, ordersOnly), 403, 'permission_denied');
      const narrowKey = await colleagueOf(t.app, shop, {
        scopes: ['sales_orders:write', 'sales_orders:read'],
      });
      expectError(await invoiceOrder(so.id, {}, narrowKey), 403, 'insufficient_scope');
      expectMissing(await invoiceOrder('00000000-0000-4000-8000-000000000000'));
      expect((await retrieve(so.id)).invoice_count).toBe(0);
    });
  });

  describe('the linked invoice', () => {
    it('cannot be edited, packed, shipped or deleted; the order answers for its packing and shipping', async () => {
      const so = await createOrder();
      const inv = await ok(invoiceOrder(so.id), 201);
      expectError(await call()('PATCH', invoice(inv.id), { name: 'x' }), 409, 'invoice_update_not_allowed');
      const packed = await call()('POST', invoice(inv.id, '/fulfillments'), {
        lines: [{ id: inv.lines[0].id, quantity: 1 }],
      });
      expectError(packed, 409, 'invoice_fulfillment_managed_by_sales_order');
      expectError(
        await call()('POST', invoice(inv.id, '/fulfillments/00000000-0000-4000-8000-000000000000/ship'), {}),
        409,
        'invoice_fulfillment_managed_by_sales_order',
      );
      expectError(await call()('DELETE', invoice(inv.id)), 409, 'invoice_delete_not_allowed');

      const [widgets] = lineIds(so);
      const half = await ok(
        call()('POST', order(so.id, '/fulfillments'), { lines: [{ id: widgets, quantity: 1 }] }),
        201,
      );
      const partly = await ok(call()('GET', invoice(inv.id)));
      expect(partly).toMatchObject({ packed_percent: 33.33, source_sales_order: { packed_percent: 33.33 } });
      expect(partly.lines[0]).toMatchObject({ quantity_packed: 0, quantity_shipped: 0 });
      const rest = await ok(
        call()('POST', order(so.id, '/fulfillments'), { lines: [{ id: widgets, quantity: 2 }] }),
        201,
      );
      for (const f of [half, rest]) await ok(call()('POST', order(so.id, `/fulfillments/${f.id}/ship`), {}));
      const done = await ok(call()('GET', invoice(inv.id)));
      expect(done).toMatchObject({
        packed_percent: 100,
        shipped_percent: 100,
        source_sales_order: { packed_percent: 100, shipped_percent: 100 },
      });
      expect(done.lines.map((l: Json) => [l.quantity_packed, l.quantity_shipped])).toEqual([
        [3, 3],
        [0, 0],
        [0, 0],
      ]);
    });

    it('given an order partly then fully shipped, then invoice lists show the order’s shipped_percent as the detail does', async () => {
      const s = await openShop(t.app);
      const so = await createOrder({}, s);
      const inv = await ok(call(s.owner)('POST', order(so.id, '/invoice'), {}), 201);
      const [widgets] = lineIds(so);
      const shipOne = async (quantity: number) => {
        const packed = await ok(
          call(s.owner)('POST', order(so.id, '/fulfillments'), { lines: [{ id: widgets, quantity }] }),
          201,
        );
        await ok(call(s.owner)('POST', order(so.id, `/fulfillments/${packed.id}/ship`), {}));
      };
      const listed = async () => [
        (await ok(call(s.owner)('GET', INVOICES))).data.find((i: Json) => i.id === inv.id).shipped_percent,
        (await ok(call(s.owner)('GET', order(so.id, '/invoices')))).data[0].shipped_percent,
        (await ok(call(s.owner)('GET', invoice(inv.id)))).shipped_percent,
      ];
      expect(await listed()).toEqual([0, 0, 0]);
      await shipOne(1);
      expect(await listed()).toEqual([33, 33, 33]);
      await shipOne(2);
      expect(await listed()).toEqual([100, 100, 100]);
    });

    it('a payment on it shows on the order when the payment answers: amount paid, due and paid percent', async () => {
      const so = await createOrder();
      const inv = await ok(invoiceOrder(so.id), 201);
      await ok(
        call()('POST', invoice(inv.id, '/payments'), { amount: '10.00', payment_date: '2030-01-10' }),
        201,
      );
      const paid = await retrieve(so.id);
      const due = (Number(so.total) - 10).toFixed(4);
      expect(paid).toMatchObject({ amount_paid: '10.0000', amount_due: due });
      expect(paid.paid_percent).toBeCloseTo((10 * 100) / Number(so.total), 1);
      const listed = await ok(call()('GET', `${SALES_ORDERS}?q=${so.sales_order_number}`));
      expect(listed.data[0]).toMatchObject({ id: so.id, amount_paid: '10.0000', amount_due: due });
      await ok(
        call()('POST', invoice(inv.id, '/payments'), { amount: due, payment_date: '2030-01-11' }),
        201,
      );
      expect(await retrieve(so.id)).toMatchObject({
        amount_paid: so.total,
        amount_due: '0.0000',
        paid_percent: 100,
      });
    });

    it('cancelling it removes the link and gives its quantities back to the order, once', async () => {
      const so = await createOrder();
      const inv = await ok(invoiceOrder(so.id), 201);
      const cancelled = await ok(call()('POST', invoice(inv.id, '/cancel'), {}));
      expect(cancelled).toMatchObject({
        status_id: 15,
        fulfillment_authority: 'invoice',
        fulfillment_sales_order_id: null,
        source_sales_order: null,
      });
      const released = await retrieve(so.id);
      expect(released).toMatchObject({ invoiced_percent: 0, invoice_count: 0 });
      expect(released.lines.map((l: Json) => l.quantity_invoiced)).toEqual([0, 0, 0]);
      await ok(call()('POST', invoice(inv.id, '/cancel'), {}));
      expect((await retrieve(so.id)).revision).toBe(released.revision);
      const events = await ok(call()('GET', order(so.id, '/events')));
      expect(events.data.map((e: Json) => e.type)).toEqual([
        'SalesOrderCreated',
        'SalesOrderInvoiced',
        'SalesOrderInvoiceReleased',
      ]);
      const again = await ok(invoiceOrder(so.id), 201);
      expect(again.shipping_fee).toBe('15.0000');
      const listed = await ok(call()('GET', order(so.id, '/invoices')));
      expect(listed.data.map((i: Json) => i.id)).toEqual([again.id]);
    });
  });

  describe('reserved quantities', () => {
    it('an open order reserves its lines; invoicing moves them to the on-hand deduction; cancel and delete give them back', async () => {
      const s = await openShop(t.app);
      const item = () => ok(call(s.owner)('GET', `/api/v3/items/${s.widget.id}`));
      const so = await createOrder({}, s);
      expect(await item()).toMatchObject({ quantity: 0, quantity_reserved: 3 });
      const [widgets] = lineIds(so);
      const inv = await ok(
        call(s.owner)('POST', order(so.id, '/invoice'), { lines: [{ id: widgets, quantity: 1 }] }),
        201,
      );
      expect(await item()).toMatchObject({ quantity: -1, quantity_reserved: 2 });
      await ok(call(s.owner)('POST', invoice(inv.id, '/cancel'), {}));
      expect(await item()).toMatchObject({ quantity: 0, quantity_reserved: 3 });
      await ok(call(s.owner)('DELETE', order(so.id)));
      expect(await item()).toMatchObject({ quantity: 0, quantity_reserved: 0 });
    });
  });

  describe('GET /sales-orders/{id}/invoices', () => {
    it('lists the invoices made from the order, newest number first, paged', async () => {
      const so = await createOrder();
      const [widgets] = lineIds(so);
      const first = await ok(invoiceOrder(so.id, { lines: [{ id: widgets, quantity: 1 }] }), 201);
      const second = await ok(invoiceOrder(so.id), 201);
      const listed = await ok(call()('GET', order(so.id, '/invoices')));
      expect(listed.data.map((i: Json) => [i.id, i.object])).toEqual([
        [second.id, 'invoice'],
        [first.id, 'invoice'],
      ]);
      const page = await ok(call()('GET', order(so.id, '/invoices?limit=1&page=2')));
      expect(page.data.map((i: Json) => i.id)).toEqual([first.id]);
      expectError(await call()('GET', order(so.id, '/invoices?status_id=9')), 422, 'invalid_query_parameter');
    });

    it('needs both read scopes; applies both visibility rules', async () => {
      const so = await createOrder();
      await ok(invoiceOrder(so.id), 201);
      const ordersKey = await colleagueOf(t.app, shop, { scopes: ['sales_orders:read'] });
      expectError(await call(ordersKey)('GET', order(so.id, '/invoices')), 403, 'insufficient_scope');
      const ownInvoicesOnly = await colleagueOf(t.app, shop, {
        permissions: { 'sales_orders.list': true, 'sales_orders.view_all': true, 'invoices.list': true },
      });
      const seen = await ok(call(ownInvoicesOnly)('GET', order(so.id, '/invoices')));
      expect(seen.data).toEqual([]);
      const ownOrdersOnly = await colleagueOf(t.app, shop, {
        permissions: { 'sales_orders.list': true, 'invoices.list': true, 'invoices.view_all': true },
      });
      expectMissing(await call(ownOrdersOnly)('GET', order(so.id, '/invoices')));
      const other = await openShop(t.app);
      expectMissing(await call(other.owner)('GET', order(so.id, '/invoices')));
    });
  });

  describe('concurrency', () => {
    it('parallel invoicings of the same remainder: exactly one wins, the rest find nothing left', async () => {
      const so = await createOrder();
      const answers = await Promise.all(Array.from({ length: 8 }, () => invoiceOrder(so.id)));
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
      for (const refused of answers.filter((r) => r.statusCode !== 201))
        expectError(refused, 409, 'sales_order_already_invoiced');
      expect(await retrieve(so.id)).toMatchObject({ invoiced_percent: 100, invoice_count: 1 });
    });

    it('parallel invoicings of one unit each: exactly what remained is invoiced', async () => {
      const so = await createOrder({ lines: [{ item_id: shop.widget.id, quantity: 5 }] });
      const [widgets] = lineIds(so);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => invoiceOrder(so.id, { lines: [{ id: widgets, quantity: 1 }] })),
      );
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
      // The line was the order's last: once it is spent, nothing is left on the order.
      for (const refused of answers.filter((r) => r.statusCode !== 201))
        expectError(refused, 409, 'sales_order_already_invoiced');
      const after = await retrieve(so.id);
      expect(after).toMatchObject({ invoiced_percent: 100, invoice_count: 5 });
      const numbers = answers.filter((r) => r.statusCode === 201).map((r) => r.json().invoice_number);
      expect(new Set(numbers).size).toBe(5);
    });

    it('a payment on a linked invoice racing an invoicing of the rest: both land, the order adds up', async () => {
      const so = await createOrder();
      const [widgets] = lineIds(so);
      const first = await ok(invoiceOrder(so.id, { lines: [{ id: widgets, quantity: 1 }] }), 201);
      const [payment, rest] = await Promise.all([
        call()('POST', invoice(first.id, '/payments'), { amount: first.total, payment_date: '2030-01-10' }),
        invoiceOrder(so.id),
      ]);
      expect([payment.statusCode, rest.statusCode]).toEqual([201, 201]);
      const after = await retrieve(so.id);
      expect(after).toMatchObject({ invoiced_percent: 100, invoice_count: 2, amount_paid: first.total });
      expect(Number(after.amount_due)).toBeCloseTo(Number(so.total) - Number(first.total), 4);
    });
  });

  describe('estimate → sales order', () => {
    const convert = (id: string, body?: Json, caller?: Caller, headers?: Record<string, string>) =>
      call(caller)('POST', `${ESTIMATES}/${id}/convert-to-sales-order`, body, headers);

    it('closes the estimate into a new open sales order: 201, numbered, issued today, lines and prices kept', async () => {
      const estimate = await ok(call()('POST', ESTIMATES, estimateBody(shop, { discount_percent: 5 })), 201);
      const res = await convert(estimate.id, {}, undefined, { 'idempotency-key': `so-${estimate.id}` });
      expect(res.statusCode).toBe(201);
      expect(res.headers.etag).toBe('"so_0"');
      const so = res.json();
      expect(so).toMatchObject({
        object: 'sales_order',
        status_id: 29,
        customer_id: shop.customer.id,
        issue_date: todayIn('UTC'),
        total: estimate.total,
        discount_percent: '5.000',
        invoiced_percent: 0,
        revision: 'so_0',
      });
      expect(so.lines.map((l: Json) => [l.item_id, l.quantity, l.subtotal])).toEqual(
        estimate.lines.map((l: Json) => [l.item_id, l.quantity, l.subtotal]),
      );
      expect(await ok(call()('GET', `${ESTIMATES}/${estimate.id}`))).toMatchObject({ status_id: 6 });
      const replay = await convert(estimate.id, {}, undefined, { 'idempotency-key': `so-${estimate.id}` });
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json().id).toBe(so.id);
      expectError(await convert(estimate.id, {}), 409, 'estimate_sales_order_conversion_not_allowed');
    });

    it('takes no body, needs the sales-order permissions, and makes a prospect a customer', async () => {
      const prospect = await ok(call()('POST', '/api/v3/customers', { name: 'Lead', kind: 'prospect' }), 201);
      const estimate = await ok(
        call()('POST', ESTIMATES, estimateBody(shop, { customer_id: prospect.id })),
        201,
      );
      expectError(
        await convert(estimate.id, { issue_date: '2030-01-01' }),
        422,
        'unsupported_estimate_field',
      );
      const estimator = await colleagueOf(t.app, shop, {
        permissions: { 'estimates.list': true, 'estimates.view_all': true, 'estimates.modify': true },
      });
      expectError(await convert(estimate.id, {}, estimator), 403, 'permission_denied');
      const so = await ok(convert(estimate.id), 201);
      expect(so.customer_id).toBe(prospect.id);
      expect(await ok(call()('GET', `/api/v3/customers/${prospect.id}`))).toMatchObject({ kind: 'customer' });
      const invoiced = await ok(invoiceOrder(so.id), 201);
      expect(invoiced.total).toBe(so.total);
    });
  });
});
