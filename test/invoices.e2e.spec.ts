import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import {
  apiOf,
  expectError,
  expectMissing,
  Json,
  NOBODY,
  ok,
  openShop,
  setAccountSettings,
  Shop,
  sorted,
  todayIn,
  UUID,
} from './support/estimates';
import {
  INVOICE_DETAIL_KEYS,
  INVOICE_SUMMARY_KEYS,
  INVOICES,
  invoiceBody,
  serviceLine,
} from './support/invoices';
import { Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('invoices e2e');

describe.each(testDatabases())('invoices API on $name', (target) => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await startTestApp(target);
    shop = await openShop(t.app);
  });
  afterAll(() => t?.close());

  const call = (caller: Caller = shop.owner) => apiOf(t.app)(caller);
  const url = (id: string, suffix = '') => `${INVOICES}/${id}${suffix}`;
  /** An invoice of the shop's customer: two widgets (25.00 + 10 % and 2 % tax = 28.0000), `over` on top. */
  const create = (over: Json = {}, s: Shop = shop) =>
    ok(call(s.owner)('POST', INVOICES, invoiceBody(s, over)), 201);
  const pay = (id: string, amount: number | string, over: Json = {}, caller?: Caller) =>
    call(caller)('POST', url(id, '/payments'), { amount, payment_date: '2030-01-10', ...over });
  const retrieve = (id: string) => ok(call()('GET', url(id)));
  const eventTypes = async (id: string): Promise<string[]> =>
    (await ok(call()('GET', url(id, '/events')))).data.map((e: Json) => e.type);

  describe('create and retrieve', () => {
    it('creates an unpaid invoice: 201, the detail with every specified field, revision "0" as ETag', async () => {
      const s = await openShop(t.app);
      const res = await call(s.owner)(
        'POST',
        INVOICES,
        invoiceBody(s, { shipping_address: 'Dock 4\nHarbour Road' }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.headers.etag).toBe('"0"');
      const invoice = res.json();
      expect(sorted(Object.keys(invoice))).toEqual(sorted([...INVOICE_DETAIL_KEYS, 'shipping_cost']));
      expect(invoice).toMatchObject({
        id: expect.stringMatching(UUID),
        object: 'invoice',
        invoice_number: 1,
        customer_id: s.customer.id,
        customer_name: 'Acme Corp',
        salesperson_id: s.owner.userId,
        status_id: 9,
        status: 'Unpaid',
        issue_date: todayIn('UTC'),
        date_sent: null,
        date_fully_paid: null,
        subtotal: '25.0000',
        tax: '2.5000',
        tax_2: '0.5000',
        total: '28.0000',
        amount_paid: '0.0000',
        amount_due: '28.0000',
        pre_discount_total: '28.0000',
        discount_total: '0.0000',
        can_edit: true,
        edit_block_reason: null,
        revision: '0',
        source_sales_order: null,
        fulfillment_authority: 'invoice',
        fulfillment_sales_order_id: null,
        packed_percent: 0,
        shipped_percent: 0,
        can_pack: true,
        pack_block_reason: null,
        tax_label: 'Tax',
        tax_2_label: null,
        party: {
          account_number: null,
          phone: null,
          email: null,
          billing_address: [],
          shipping_address: ['Dock 4', 'Harbour Road'],
        },
      });
      expect(invoice.lines).toEqual([
        expect.objectContaining({
          object: 'invoice_line',
          item_id: s.widget.id,
          line_type: 'inventory',
          quantity: 2,
          quantity_packed: 0,
          quantity_shipped: 0,
          unit_price: '12.5000',
          subtotal: '25.0000',
        }),
      ]);
      expect(await ok(call(s.owner)('GET', url(invoice.id)))).toEqual(invoice);
      const second = await create({}, s);
      expect(second.invoice_number).toBe(2);
    });

    it('refuses prospects, protected fields and more than 100 lines, consuming no number', async () => {
      const s = await openShop(t.app);
      const prospect = await ok(
        call(s.owner)('POST', '/api/v3/customers', { name: 'Lead', kind: 'prospect' }),
        201,
      );
      expectError(
        await call(s.owner)('POST', INVOICES, invoiceBody(s, { customer_id: prospect.id })),
        422,
        'validation_failed',
        'customer_id',
      );
      for (const field of ['invoice_number', 'amount_paid', 'status_id', 'payments'])
        expectError(
          await call(s.owner)('POST', INVOICES, invoiceBody(s, { [field]: 1 })),
          422,
          'unsupported_invoice_field',
          field,
        );
      const lines = Array.from({ length: 101 }, () => serviceLine(1));
      expectError(
        await call(s.owner)('POST', INVOICES, invoiceBody(s, { lines })),
        422,
        'validation_failed',
        'lines',
      );
      expect((await create({}, s)).invoice_number).toBe(1);
    });

    it('answers 404 for an absent id, another account’s invoice, or a malformed id', async () => {
      const other = await openShop(t.app);
      const theirs = await create({}, other);
      expectMissing(await call()('GET', url(theirs.id)));
      expectMissing(await call()('GET', url(NOBODY)));
      expectMissing(await call()('GET', url('not-a-uuid')));
    });
  });

  describe('PATCH', () => {
    it('changes an unpaid invoice without payments; refused once paid (409 invoice_update_not_allowed)', async () => {
      const invoice = await create();
      const res = await call()('PATCH', url(invoice.id), {
        name: 'March',
        lines: [{ id: invoice.lines[0].id, quantity: 4 }],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'March',
        subtotal: '50.0000',
        total: '56.0000',
        revision: '1',
      });
      await ok(pay(invoice.id, 10), 201);
      const after = await retrieve(invoice.id);
      expect(after).toMatchObject({ can_edit: false, edit_block_reason: 'invoice_not_unpaid' });
      expectError(
        await call()('PATCH', url(invoice.id), { name: 'April' }),
        409,
        'invoice_update_not_allowed',
      );
    });

    it('a stale If-Match changes nothing: 409 mobile_mutation_conflict', async () => {
      const invoice = await create();
      await ok(call()('PATCH', url(invoice.id), { name: 'One' }));
      expectError(
        await call()('PATCH', url(invoice.id), { name: 'Two' }, { 'if-match': '"0"' }),
        409,
        'mobile_mutation_conflict',
      );
      expect((await retrieve(invoice.id)).name).toBe('One');
    });
  });

  describe('payments and refunds', () => {
    it('moves the status 9 → 10 → 11 with the amounts and the date it was fully paid', async () => {
      const invoice = await create();
      const first = await ok(pay(invoice.id, '10.5', { reference: 'cheque 1' }), 201);
      expect(first).toEqual({
        id: expect.stringMatching(UUID),
        object: 'payment',
        invoice_id: invoice.id,
        amount: '10.5000',
        type: 'payment',
        reference: 'cheque 1',
        payment_date: '2030-01-10',
        card: null,
      });
      expect(await retrieve(invoice.id)).toMatchObject({
        status_id: 10,
        status: 'Partially Paid',
        amount_paid: '10.5000',
        amount_due: '17.5000',
      });
      await ok(pay(invoice.id, 17.5, { payment_date: '2030-01-12' }), 201);
      expect(await retrieve(invoice.id)).toMatchObject({
        status_id: 11,
        status: 'Paid in Full',
        amount_paid: '28.0000',
        amount_due: '0.0000',
        date_fully_paid: '2030-01-12',
      });
    });

    it('refuses what would pass the balance, five decimals, zero while due and a cancelled invoice', async () => {
      const invoice = await create();
      expectError(await pay(invoice.id, 28.0001), 422, 'validation_failed', 'amount');
      expectError(await pay(invoice.id, '1.00001'), 422, 'validation_failed', 'amount');
      expectError(await pay(invoice.id, 0), 422, 'validation_failed', 'amount');
      expectError(await pay(invoice.id, -1), 422, 'validation_failed', 'amount');
      expectError(
        await call()('POST', url(invoice.id, '/payments'), { amount: 1 }),
        422,
        'validation_failed',
        'payment_date',
      );
      expectError(await pay(invoice.id, 1, { card: {} }), 422, 'unsupported_invoice_field', 'card');
      const cancelled = await create();
      await ok(call()('POST', url(cancelled.id, '/cancel'), {}));
      expectError(await pay(cancelled.id, 1), 409, 'invoice_payment_not_allowed');
      expect(await eventTypes(invoice.id)).toEqual(['InvoiceCreated']);
    });

    it('accepts a zero payment only on a zero-balance invoice, which it pays in full', async () => {
      const invoice = await create({ lines: [serviceLine(0)] });
      expect(invoice.amount_due).toBe('0.0000');
      await ok(pay(invoice.id, 0), 201);
      expect(await retrieve(invoice.id)).toMatchObject({ status_id: 11, date_fully_paid: '2030-01-10' });
    });

    it('refunds up to the payments less refunds, two decimals, as negative payments; the legacy route per payment', async () => {
      const invoice = await create();
      const payment = await ok(pay(invoice.id, 20), 201);
      await ok(pay(invoice.id, 8, { payment_date: '2030-01-11' }), 201);
      const refunds = url(invoice.id, '/refunds');
      expectError(
        await call()('POST', refunds, { amount: 1.005, refund_date: '2030-01-13' }),
        422,
        'validation_failed',
        'amount',
      );
      expectError(
        await call()('POST', refunds, { amount: 28.01, refund_date: '2030-01-13' }),
        422,
        'validation_failed',
        'amount',
      );
      const refund = await ok(call()('POST', refunds, { amount: 3, refund_date: '2030-01-13' }), 201);
      expect(refund).toMatchObject({ amount: '-3.0000', type: 'refund', payment_date: '2030-01-13' });
      expect(await retrieve(invoice.id)).toMatchObject({
        status_id: 10,
        amount_paid: '25.0000',
        date_fully_paid: null,
      });
      const legacy = url(invoice.id, `/payments/${payment.id}/refunds`);
      expectError(
        await call()('POST', legacy, { amount: 20.01, refund_date: '2030-01-14' }),
        422,
        'validation_failed',
        'amount',
      );
      await ok(call()('POST', legacy, { amount: 20, refund_date: '2030-01-14' }), 201);
      expectError(
        await call()('POST', legacy, { amount: 0.01, refund_date: '2030-01-14' }),
        422,
        'validation_failed',
        'amount',
      );
      expectMissing(
        await call()('POST', url(invoice.id, `/payments/${NOBODY}/refunds`), {
          amount: 1,
          refund_date: '2030-01-14',
        }),
      );
      const listed = await ok(call()('GET', url(invoice.id, '/payments')));
      expect(listed.data.map((p: Json) => [p.payment_date, p.amount])).toEqual([
        ['2030-01-14', '-20.0000'],
        ['2030-01-13', '-3.0000'],
        ['2030-01-11', '8.0000'],
        ['2030-01-10', '20.0000'],
      ]);
      expect(listed.pagination).toMatchObject({ total_records: 4 });
      expect(await retrieve(invoice.id)).toMatchObject({
        status_id: 10,
        amount_paid: '5.0000',
        amount_due: '23.0000',
      });
    });

    it('16 parallel payers never take the invoice past its balance; every refusal is a clean 422', async () => {
      const invoice = await create();
      const answers = await Promise.all(Array.from({ length: 16 }, () => pay(invoice.id, 5)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s !== 201).every((s) => s === 422)).toBe(true);
      const after = await retrieve(invoice.id);
      expect(after).toMatchObject({ amount_paid: '25.0000', amount_due: '3.0000', status_id: 10 });
    });

    it('replays an identical payment under the same Idempotency-Key instead of paying twice', async () => {
      const invoice = await create();
      const headers = { 'idempotency-key': `pay-${invoice.id}` };
      const first = await call()(
        'POST',
        url(invoice.id, '/payments'),
        { amount: 5, payment_date: '2030-01-10' },
        headers,
      );
      const again = await call()(
        'POST',
        url(invoice.id, '/payments'),
        { amount: 5, payment_date: '2030-01-10' },
        headers,
      );
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect((await retrieve(invoice.id)).amount_paid).toBe('5.0000');
    });

    it('needs invoices.apply_payments and invoices.list; reading payments needs invoices.payment_list, not the apply right', async () => {
      const invoice = await create();
      const reader = await createCaller(t.app, {
        accountId: shop.accountId,
        permissions: { 'invoices.list': true, 'invoices.view_all': true },
      });
      expectError(await pay(invoice.id, 1, {}, reader), 403, 'permission_denied');
      expectError(await call(reader)('GET', url(invoice.id, '/payments')), 403, 'permission_denied');
      const bookkeeper = await createCaller(t.app, {
        accountId: shop.accountId,
        permissions: { 'invoices.list': true, 'invoices.view_all': true, 'invoices.payment_list': true },
      });
      expect((await call(bookkeeper)('GET', url(invoice.id, '/payments'))).statusCode).toBe(200);
    });
  });

  describe('payment receipts', () => {
    it('previews no recipients while automatic receipts are off, and is not cacheable', async () => {
      const invoice = await create();
      const res = await call()('GET', url(invoice.id, '/payment-receipt-preview'));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        object: 'invoice_payment_receipt_preview',
        invoice_id: invoice.id,
        enabled: false,
        recipients: [],
      });
    });

    it('goes to linked contacts flagged for e-mail, else the customer’s office e-mails; a positive payment queues one', async () => {
      const s = await openShop(t.app, { settings: { automatic_payment_receipts: true } });
      await ok(
        call(s.owner)('PATCH', `/api/v3/customers/${s.customer.id}`, {
          email: 'billing@acme.test',
        }),
      );
      const invoice = await create({}, s);
      const preview = () => ok(call(s.owner)('GET', url(invoice.id, '/payment-receipt-preview')));
      expect((await preview()).recipients).toEqual(['billing@acme.test']);
      await ok(
        call(s.owner)('POST', '/api/v3/contacts', {
          first_name: 'Ann',
          email_1: 'ann@acme.test',
          auto_add_email: true,
          account_record_ids: [s.customer.id],
        }),
        201,
      );
      expect(await preview()).toMatchObject({ enabled: true, recipients: ['ann@acme.test'] });
      await ok(
        call(s.owner)('POST', url(invoice.id, '/payments'), { amount: 5, payment_date: '2030-01-10' }),
        201,
      );
      const events = (await ok(call(s.owner)('GET', url(invoice.id, '/events')))).data;
      expect(events.map((e: Json) => e.type)).toEqual([
        'InvoiceCreated',
        'InvoicePaymentRecorded',
        'InvoicePaymentReceiptQueued',
      ]);
      expect(events[2].data).toMatchObject({ recipients: ['ann@acme.test'] });
    });
  });

  describe('dispatch and cancel', () => {
    it('sets date_sent once (named "Sent"); PATCH changes it; a never-dispatched invoice refuses PATCH', async () => {
      const invoice = await create();
      expectError(
        await call()('PATCH', url(invoice.id, '/dispatch'), { date_sent: '2030-02-01' }),
        409,
        'invoice_dispatch_date_edit_not_allowed',
      );
      const sent = await ok(call()('POST', url(invoice.id, '/dispatch'), {}));
      expect(sent).toMatchObject({ date_sent: todayIn('UTC'), status_id: 9, status: 'Sent' });
      const again = await ok(call()('POST', url(invoice.id, '/dispatch'), { date_sent: '2030-02-01' }));
      expect(again.date_sent).toBe(todayIn('UTC'));
      expect(
        (await ok(call()('PATCH', url(invoice.id, '/dispatch'), { date_sent: '2030-02-01' }))).date_sent,
      ).toBe('2030-02-01');
      expectError(
        await call()('PATCH', url(invoice.id, '/dispatch'), {}),
        422,
        'validation_failed',
        'date_sent',
      );
      expect(await eventTypes(invoice.id)).toEqual([
        'InvoiceCreated',
        'InvoiceDispatched',
        'InvoiceDispatchDateChanged',
      ]);
    });

    it('cancels an unpaid invoice (15), keeping its lines; repeating is safe; a cancelled invoice is not dispatched', async () => {
      const invoice = await create();
      const cancelled = await ok(call()('POST', url(invoice.id, '/cancel'), {}));
      expect(cancelled).toMatchObject({
        status_id: 15,
        status: 'Cancelled',
        can_edit: false,
        can_pack: false,
        pack_block_reason: 'invoice_cancelled',
      });
      expect(cancelled.lines).toHaveLength(1);
      expect((await ok(call()('POST', url(invoice.id, '/cancel'), {}))).revision).toBe('1');
      expectError(
        await call()('POST', url(invoice.id, '/dispatch'), {}),
        409,
        'invoice_dispatch_not_allowed',
      );
      expectError(
        await call()('PATCH', url(invoice.id, '/dispatch'), { date_sent: '2030-01-01' }),
        409,
        'invoice_dispatch_date_edit_not_allowed',
      );
    });

    it('refuses to cancel with payments or packing lists: 409 invoice_cancel_not_allowed', async () => {
      const paid = await create();
      await ok(pay(paid.id, 1), 201);
      expectError(await call()('POST', url(paid.id, '/cancel'), {}), 409, 'invoice_cancel_not_allowed');
      const packed = await create();
      await ok(
        call()('POST', url(packed.id, '/fulfillments'), { lines: [{ id: packed.lines[0].id, quantity: 1 }] }),
        201,
      );
      expectError(await call()('POST', url(packed.id, '/cancel'), {}), 409, 'invoice_cancel_not_allowed');
    });
  });

  describe('delete', () => {
    it('deletes an invoice without payments or packing lists; then it answers 404 but keeps its history', async () => {
      const invoice = await create();
      expect(await ok(call()('DELETE', url(invoice.id)))).toEqual({
        id: invoice.id,
        object: 'invoice',
        deleted: true,
      });
      expectMissing(await call()('GET', url(invoice.id)));
      expect(await eventTypes(invoice.id)).toEqual(['InvoiceCreated', 'InvoiceDeleted']);
      const paid = await create();
      await ok(pay(paid.id, 1), 201);
      expectError(await call()('DELETE', url(paid.id)), 409, 'invoice_delete_not_allowed');
    });

    it('needs the invoices:delete scope', async () => {
      const invoice = await create();
      const key = await createCaller(t.app, {
        accountId: shop.accountId,
        scopes: ['invoices:read', 'invoices:write'],
      });
      expectError(await call(key)('DELETE', url(invoice.id)), 403, 'insufficient_scope');
    });
  });

  describe('packing lists', () => {
    it('packs within what is left, numbers packing lists per account, ships them, lists them newest first', async () => {
      const s = await openShop(t.app);
      const invoice = await create({}, s);
      const lineId = invoice.lines[0].id;
      const fulfillments = url(invoice.id, '/fulfillments');
      const first = await ok(
        call(s.owner)('POST', fulfillments, { lines: [{ id: lineId, quantity: 1 }] }),
        201,
      );
      expect(first).toMatchObject({
        id: expect.stringMatching(UUID),
        invoice_id: invoice.id,
        packing_list_number: 1,
        status: 'packed',
        units_packed: 1,
        shipped_date: null,
        lines: [{ invoice_line_id: lineId, quantity: 1 }],
      });
      expectError(
        await call(s.owner)('POST', fulfillments, { lines: [{ id: lineId, quantity: 2 }] }),
        409,
        'invoice_pack_not_allowed',
      );
      const second = await ok(
        call(s.owner)('POST', fulfillments, { lines: [{ id: lineId, quantity: 1 }] }),
        201,
      );
      expect(second.packing_list_number).toBe(2);
      expectError(
        await call(s.owner)('POST', fulfillments, { lines: [{ id: lineId, quantity: 1 }] }),
        409,
        'invoice_line_already_packed',
      );
      expect(await retrieve(invoice.id).catch(() => null)).toBeNull(); // another account's invoice
      const detail = await ok(call(s.owner)('GET', url(invoice.id)));
      expect(detail).toMatchObject({
        packed_percent: 100,
        shipped_percent: 0,
        can_pack: false,
        pack_block_reason: 'invoice_fully_packed',
      });
      expect(detail.lines[0]).toMatchObject({ quantity_packed: 2, quantity_shipped: 0 });
      const ship = url(invoice.id, `/fulfillments/${first.id}/ship`);
      expectError(
        await call(s.owner)('POST', ship, {
          shipped_date: '2030-01-10',
          estimated_delivery_date: '2030-01-09',
        }),
        422,
        'validation_failed',
        'estimated_delivery_date',
      );
      expectError(
        await call(s.owner)('POST', ship, { tracking_url: 'ftp://x' }),
        422,
        'validation_failed',
        'tracking_url',
      );
      const shipped = await ok(
        call(s.owner)('POST', ship, {
          shipped_date: '2030-01-10',
          carrier: 'UPS',
          tracking_url: 'https://ups.test/1',
          estimated_delivery_date: '2030-01-12',
        }),
      );
      expect(shipped).toMatchObject({
        status: 'shipped',
        shipped_date: '2030-01-10',
        carrier: 'UPS',
        estimated_delivery_date: '2030-01-12',
      });
      expectError(await call(s.owner)('POST', ship, {}), 409, 'invoice_ship_not_allowed');
      expect((await ok(call(s.owner)('GET', url(invoice.id)))).shipped_percent).toBe(50);
      const listed = await ok(call(s.owner)('GET', fulfillments));
      expect(listed.data.map((f: Json) => f.packing_list_number)).toEqual([2, 1]);
      expect(await ok(call(s.owner)('GET', `${url(invoice.id)}/events`))).toMatchObject({
        data: [
          { type: 'InvoiceCreated' },
          { type: 'InvoicePacked' },
          { type: 'InvoicePacked' },
          { type: 'InvoiceShipped' },
        ],
      });
    });

    it('refuses bad pack bodies with the pack codes', async () => {
      const invoice = await create({
        lines: [{ item_id: shop.widget.id, quantity: 2 }, serviceLine(5)],
        discount_percent: 10,
      });
      const [inventory, service, discount] = invoice.lines.map((l: Json) => l.id);
      const pack = (body: Json) => call()('POST', url(invoice.id, '/fulfillments'), body);
      expectError(
        await pack({ lines: [{ id: inventory, quantity: 1 }], carrier: 'UPS' }),
        422,
        'unsupported_invoice_pack_field',
        'carrier',
      );
      expectError(
        await pack({ lines: [{ id: inventory, quantity: 1, note: 'x' }] }),
        422,
        'unsupported_invoice_pack_field',
        'lines.0.note',
      );
      expectError(await pack({ lines: [] }), 422, 'invalid_invoice_pack', 'lines');
      expectError(
        await pack({ lines: [{ id: inventory, quantity: 0 }] }),
        422,
        'invalid_invoice_pack',
        'lines.0.quantity',
      );
      expectError(
        await pack({
          lines: [
            { id: inventory, quantity: 1 },
            { id: inventory, quantity: 1 },
          ],
        }),
        422,
        'invalid_invoice_pack',
        'lines.1.id',
      );
      expectError(
        await pack({ lines: [{ id: service, quantity: 1 }] }),
        422,
        'invalid_invoice_pack',
        'lines.0.id',
      );
      expectError(
        await pack({ lines: [{ id: discount, quantity: 1 }] }),
        422,
        'invalid_invoice_pack',
        'lines.0.id',
      );
      expectError(
        await pack({ lines: [{ id: NOBODY, quantity: 1 }] }),
        422,
        'invalid_invoice_pack',
        'lines.0.id',
      );
    });

    it('a stale If-Match packs nothing and draws no packing-list number; more than the line is 422', async () => {
      const s = await openShop(t.app);
      const invoice = await create({}, s);
      const lines = [{ id: invoice.lines[0].id, quantity: 1 }];
      const fulfillments = url(invoice.id, '/fulfillments');
      expectError(
        await call(s.owner)('POST', fulfillments, { lines }, { 'if-match': '"7"' }),
        409,
        'mobile_mutation_conflict',
      );
      expectError(
        await call(s.owner)('POST', fulfillments, { lines: [{ id: invoice.lines[0].id, quantity: 3 }] }),
        422,
        'invalid_invoice_pack',
        'lines.0.quantity',
      );
      expect(
        (await ok(call(s.owner)('POST', fulfillments, { lines }, { 'if-match': '"0"' }), 201))
          .packing_list_number,
      ).toBe(1);
      const shipped = await ok(
        call(s.owner)(
          'POST',
          url(invoice.id, `/fulfillments/${(await ok(call(s.owner)('GET', fulfillments))).data[0].id}/ship`),
          { shipped_date: null },
        ),
      );
      expect(shipped.shipped_date).toBe(todayIn('UTC'));
    });

    it('parallel packs of one line never overpack it', async () => {
      const invoice = await create({ lines: [{ item_id: shop.widget.id, quantity: 3 }] });
      const lineId = invoice.lines[0].id;
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          call()('POST', url(invoice.id, '/fulfillments'), { lines: [{ id: lineId, quantity: 1 }] }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
      expect((await retrieve(invoice.id)).lines[0].quantity_packed).toBe(3);
    });

    it('packs service lines only with packing_list_service_items on, and nothing with packing lists off', async () => {
      const s = await openShop(t.app, { settings: { packing_list_service_items: true } });
      const invoice = await create({ lines: [serviceLine(5)] }, s);
      await ok(
        call(s.owner)('POST', url(invoice.id, '/fulfillments'), {
          lines: [{ id: invoice.lines[0].id, quantity: 1 }],
        }),
        201,
      );
      await setAccountSettings(t.app, s.accountId, { packing_lists_enabled: false });
      const other = await create({}, s);
      expect((await ok(call(s.owner)('GET', url(other.id)))).pack_block_reason).toBe(
        'packing_lists_disabled',
      );
      expectError(
        await call(s.owner)('POST', url(other.id, '/fulfillments'), {
          lines: [{ id: other.lines[0].id, quantity: 1 }],
        }),
        409,
        'invoice_pack_not_allowed',
      );
    });
  });

  describe('list', () => {
    it('lists visible invoices newest number first, compact, with every filter', async () => {
      const s = await openShop(t.app);
      const other = await ok(call(s.owner)('POST', '/api/v3/customers', { name: 'Globex' }), 201);
      const first = await create({ name: 'Spring order', issue_date: '2030-03-01' }, s);
      const second = await create(
        { customer_id: other.id, issue_date: '2030-04-01', custom_invoice_number: 'INV-77' },
        s,
      );
      const third = await create({ issue_date: '2030-05-01' }, s);
      await ok(
        call(s.owner)('POST', url(third.id, '/payments'), { amount: 28, payment_date: '2030-05-02' }),
        201,
      );
      const numbers = async (query = '') =>
        (await ok(call(s.owner)('GET', `${INVOICES}${query}`))).data.map((i: Json) => i.invoice_number);
      const page = await ok(call(s.owner)('GET', INVOICES));
      expect(sorted(Object.keys(page.data[0]))).toEqual(sorted([...INVOICE_SUMMARY_KEYS, 'shipping_cost']));
      expect(page.data[0]).toMatchObject({
        invoice_number: 3,
        status_id: 11,
        amount_paid: '28.0000',
        amount_due: '0.0000',
        shipped_percent: 0,
      });
      expect(page.pagination).toMatchObject({ total_records: 3 });
      expect(await numbers()).toEqual([3, 2, 1]);
      expect(await numbers(`?customer_id=${other.id}`)).toEqual([2]);
      expect(await numbers('?status_id=11')).toEqual([3]);
      expect(await numbers('?issue_date_from=2030-04-01&issue_date_to=2030-04-30')).toEqual([2]);
      expect(await numbers('?q=spring')).toEqual([1]);
      expect(await numbers('?q=inv-77')).toEqual([2]);
      expect(await numbers('?q=glob')).toEqual([2]);
      expect(await numbers(`?q=${first.invoice_number}`)).toEqual([1]);
      expect(await numbers('?limit=1&page=2')).toEqual([2]);
      expect(
        (await ok(call(s.owner)('GET', `${INVOICES}?include_total=false`))).pagination.total_records,
      ).toBeUndefined();
      expectError(
        await call(s.owner)('GET', `${INVOICES}?expiry_date_from=2030-01-01`),
        422,
        'invalid_query_parameter',
        'expiry_date_from',
      );
      expectError(
        await call(s.owner)('GET', `${INVOICES}?status_id=x`),
        422,
        'invalid_query_parameter',
        'status_id',
      );
      await ok(call(s.owner)('DELETE', url(second.id)));
      expect(await numbers()).toEqual([3, 1]);
    });

    it('shows a user without invoices.view_all only their own invoices', async () => {
      const s = await openShop(t.app);
      await create({}, s);
      const rep = await createCaller(t.app, {
        accountId: s.accountId,
        permissions: { 'invoices.list': true, 'invoices.modify': true, 'account_records.view_all': true },
      });
      const own = await ok(call(rep)('POST', INVOICES, invoiceBody(s)), 201);
      const listed = await ok(call(rep)('GET', INVOICES));
      expect(listed.data.map((i: Json) => i.id)).toEqual([own.id]);
    });

    it('keeps a customer with invoices from being deleted', async () => {
      const s = await openShop(t.app);
      await create({}, s);
      expect((await call(s.owner)('DELETE', `/api/v3/customers/${s.customer.id}`)).statusCode).toBe(409);
    });
  });

  describe('history', () => {
    it('shows the invoice as it was at any revision', async () => {
      const invoice = await create();
      await ok(pay(invoice.id, 28), 201);
      const then = await ok(call()('GET', `${url(invoice.id)}?as_of_revision=0`));
      expect(then).toMatchObject({ status_id: 9, amount_paid: '0.0000', revision: '0' });
      expect(await retrieve(invoice.id)).toMatchObject({ status_id: 11, revision: '1' });
    });
  });
});
