import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { createLocation } from './support/catalog';
import {
  apiOf,
  colleagueOf,
  createItem,
  expectError,
  expectMissing,
  Json,
  NOBODY,
  ok,
  setAccountSettings,
  todayIn,
  UUID,
} from './support/estimates';
import { Caller } from './support/operator';
import {
  Buyer,
  openBuyer,
  PURCHASE_ORDER_DETAIL_KEYS,
  PURCHASE_ORDER_LINE_KEYS,
  PURCHASE_ORDER_SUMMARY_KEYS,
  PURCHASE_ORDERS,
  purchaseOrderBody,
} from './support/purchase-orders';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('purchase orders e2e');

describe.each(testDatabases())('purchase orders API on $name', (target) => {
  let t: TestApp;
  let buyer: Buyer;

  beforeAll(async () => {
    t = await startTestApp(target);
    buyer = await openBuyer(t.app);
  });
  afterAll(() => t?.close());

  const call = (caller: Caller = buyer.owner) => apiOf(t.app)(caller);
  const url = (id: string, suffix = '') => `${PURCHASE_ORDERS}/${id}${suffix}`;
  /** Ten bolts at 7.25 + 10 % tax: 79.7500. */
  const create = (over: Json = {}, b: Buyer = buyer, caller: Caller = b.owner) =>
    ok(call(caller)('POST', PURCHASE_ORDERS, purchaseOrderBody(b, over)), 201);
  const send = (id: string, body: Json = {}, caller?: Caller) => call(caller)('POST', url(id, '/send'), body);
  const receive = (id: string, lines: Json[], extra: Json = {}, caller?: Caller) =>
    call(caller)('POST', url(id, '/receive'), { lines, ...extra });
  const pay = (id: string, amount: unknown, caller?: Caller) =>
    call(caller)('POST', url(id, '/payments'), { amount, payment_date: '2030-01-20' });
  /** The item as retrieved; with `location`, as listed there (with its location_inventory). */
  const item = async (b: Buyer, id: string, location?: string): Promise<Json> => {
    if (location === undefined) return ok(call(b.owner)('GET', `/api/v3/items/${id}`));
    const list = await ok(call(b.owner)('GET', `/api/v3/items?location_id=${location}&limit=100`));
    return list.data.find((entry: Json) => entry.id === id);
  };
  const sentOrder = async (over: Json = {}, b: Buyer = buyer) => {
    const order = await create(over, b);
    return ok(send(order.id, {}, b.owner));
  };

  describe('create, retrieve and list', () => {
    it('creates a Not Sent order: 201, every specified field in order, cost and supplier defaults', async () => {
      const b = await openBuyer(t.app);
      const res = await call(b.owner)(
        'POST',
        PURCHASE_ORDERS,
        purchaseOrderBody(b, {
          lines: [
            { item_id: b.bolt.id, quantity: 10 },
            { name: 'Freight', unit_cost: 5, tax_rate: 0 },
          ],
          date_needed: '2099-01-31',
          custom_purchase_order_number: 'PO-A',
        }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.headers.etag).toBe('"0"');
      const order = res.json();
      expect(Object.keys(order)).toEqual(PURCHASE_ORDER_DETAIL_KEYS);
      expect(Object.keys(order.lines[0])).toEqual(PURCHASE_ORDER_LINE_KEYS);
      expect(order).toMatchObject({
        id: expect.stringMatching(UUID),
        object: 'purchase_order',
        purchase_order_number: 1,
        custom_purchase_order_number: 'PO-A',
        supplier_id: b.supplier.id,
        supplier_name: 'Parts Co',
        assigned_user_id: b.owner.userId,
        location_id: b.warehouse.id,
        status_id: 17,
        status: 'Not Sent',
        issue_date: todayIn('UTC'),
        date_sent: null,
        date_received: null,
        date_needed: '2099-01-31',
        date_fully_paid: null,
        payment_terms: 'Net 30',
        party: { account_number: 'S-1' },
        subtotal: '77.5000',
        tax: '7.2500',
        total: '84.7500',
        amount_paid: '0.0000',
        amount_due: '84.7500',
        can_edit: true,
        edit_block_reason: null,
        revision: '0',
      });
      expect(order.lines).toEqual([
        expect.objectContaining({
          object: 'purchase_order_line',
          line_type: 'inventory',
          item_id: b.bolt.id,
          quantity: 10,
          quantity_received: 0,
          unit_cost: '7.2500',
          tax_rate: '10.000',
          subtotal: '72.5000',
        }),
        expect.objectContaining({ line_type: 'service', name: 'Freight', unit_cost: '5.0000' }),
      ]);
      const fetched = await call(b.owner)('GET', url(order.id));
      expect(fetched.headers.etag).toBe('"0"');
      expect(fetched.json()).toEqual(order);
      expect((await create({}, b)).purchase_order_number).toBe(2);
    });

    it('refuses protected fields, inactive suppliers, items elsewhere and bad locations, consuming no number', async () => {
      const b = await openBuyer(t.app);
      for (const field of [
        'purchase_order_number',
        'status_id',
        'assigned_user_id',
        'amount_paid',
        'date_sent',
      ])
        expectError(
          await call(b.owner)('POST', PURCHASE_ORDERS, purchaseOrderBody(b, { [field]: 1 })),
          422,
          'unsupported_purchase_order_field',
          field,
        );
      expectError(
        await call(b.owner)('POST', PURCHASE_ORDERS, purchaseOrderBody(b, { supplier_id: NOBODY })),
        422,
        'validation_failed',
        'supplier_id',
      );
      const { supplier_id: _s, ...noSupplier } = purchaseOrderBody(b);
      expectError(
        await call(b.owner)('POST', PURCHASE_ORDERS, noSupplier),
        422,
        'validation_failed',
        'supplier_id',
      );
      expectError(
        await call(b.owner)('POST', PURCHASE_ORDERS, purchaseOrderBody(b, { location_id: NOBODY })),
        422,
        'validation_failed',
        'location_id',
      );
      const elsewhere = await createItem(t.app, b, { name: 'Elsewhere', cost: 1 });
      expectError(
        await call(b.owner)(
          'POST',
          PURCHASE_ORDERS,
          purchaseOrderBody(b, { lines: [{ item_id: elsewhere.id }] }),
        ),
        422,
        'validation_failed',
        'lines.0.item_id',
      );
      expectError(
        await call(b.owner)('POST', PURCHASE_ORDERS, purchaseOrderBody(b, { lines: [] })),
        422,
        'validation_failed',
      );
      await ok(call(b.owner)('POST', `/api/v3/suppliers/${b.supplier.id}/archive`));
      expectError(
        await call(b.owner)('POST', PURCHASE_ORDERS, purchaseOrderBody(b)),
        422,
        'validation_failed',
        'supplier_id',
      );
      await ok(call(b.owner)('POST', `/api/v3/suppliers/${b.supplier.id}/restore`));
      expect((await create({}, b)).purchase_order_number).toBe(1);
    });

    it('counts toward the account record limit', async () => {
      // Its customer, supplier, widget and bolt are four records.
      const b = await openBuyer(t.app, { settings: { record_limit: 5 } });
      await create({}, b);
      expectError(
        await call(b.owner)('POST', PURCHASE_ORDERS, purchaseOrderBody(b)),
        409,
        'account_record_limit_reached',
      );
    });

    it('lists visible orders newest first with every filter', async () => {
      const b = await openBuyer(t.app);
      const first = await create(
        { name: 'Spring stock', date_requested: '2030-03-01', issue_date: '2030-02-01' },
        b,
      );
      const second = await create({ custom_purchase_order_number: 'X-77', date_needed: '2030-04-01' }, b);
      await ok(send(second.id, {}, b.owner));
      const list = async (query = '') => ok(call(b.owner)('GET', `${PURCHASE_ORDERS}${query}`));
      const all = await list();
      expect(all).toMatchObject({ object: 'list', has_more: false, pagination: { total_records: 2 } });
      expect(all.data.map((o: Json) => o.id)).toEqual([second.id, first.id]);
      expect(Object.keys(all.data[0])).toEqual(PURCHASE_ORDER_SUMMARY_KEYS);
      expect(all.data[0]).toMatchObject({
        status_id: 18,
        status: 'Sent',
        date_sent: todayIn('UTC'),
        revision: '1',
      });
      const ids = async (query: string) => (await list(query)).data.map((o: Json) => o.id);
      expect(await ids('?status_id=17')).toEqual([first.id]);
      expect(await ids(`?supplier_id=${b.supplier.id}`)).toEqual([second.id, first.id]);
      expect(await ids(`?supplier_id=${NOBODY}`)).toEqual([]);
      expect(await ids(`?location_id=${b.warehouse.id}`)).toEqual([second.id, first.id]);
      expect(await ids('?q=spring')).toEqual([first.id]);
      expect(await ids('?q=x-77')).toEqual([second.id]);
      expect(await ids('?q=parts')).toEqual([second.id, first.id]);
      expect(await ids(`?q=${first.purchase_order_number}`)).toEqual([first.id]);
      expect(await ids('?issue_date_from=2030-01-01&issue_date_to=2030-02-01')).toEqual([first.id]);
      expect(await ids('?requested_date_from=2030-03-01&requested_date_to=2030-03-01')).toEqual([first.id]);
      expect(await ids('?needed_date_to=2030-04-01')).toEqual([second.id]);
      expect(await ids('?received_date_from=2000-01-01')).toEqual([]);
      expectError(
        await call(b.owner)('GET', `${PURCHASE_ORDERS}?customer_id=${NOBODY}`),
        422,
        'invalid_query_parameter',
      );
      expectError(
        await call(b.owner)('GET', `${PURCHASE_ORDERS}?needed_date_from=x`),
        422,
        'invalid_query_parameter',
      );
    });
  });

  describe('update and delete', () => {
    it('updates a Not Sent order; a new supplier or location needs lines; If-Match guards it', async () => {
      const b = await openBuyer(t.app);
      const other = await ok(
        call(b.owner)('POST', '/api/v3/suppliers', { name: 'Bolts Ltd', tax_rate: 0 }),
        201,
      );
      const order = await create({ lines: [{ item_id: b.bolt.id, quantity: 2, description: 'Mine' }] }, b);
      expectError(
        await call(b.owner)('PATCH', url(order.id), { supplier_id: other.id }),
        422,
        'validation_failed',
        'lines',
      );
      const lineId = order.lines[0].id;
      const changed = await ok(
        call(b.owner)(
          'PATCH',
          url(order.id),
          { supplier_id: other.id, lines: [{ id: lineId, item_id: b.bolt.id, quantity: 3 }] },
          { 'if-match': '"0"' },
        ),
      );
      expect(changed).toMatchObject({
        supplier_name: 'Bolts Ltd',
        revision: '1',
        lines: [{ id: lineId, quantity: 3, tax_rate: '0.000', description: null }],
        total: '21.7500',
      });
      expectError(
        await call(b.owner)('PATCH', url(order.id), { name: 'x' }, { 'if-match': '"0"' }),
        409,
        'mobile_mutation_conflict',
      );
      const depot = await createLocation(t.app, b.owner, { name: 'Depot' });
      expectError(
        await call(b.owner)('PATCH', url(order.id), { location_id: depot.id }),
        422,
        'validation_failed',
        'lines',
      );
      // The bolt is not kept at the depot.
      expectError(
        await call(b.owner)('PATCH', url(order.id), {
          location_id: depot.id,
          lines: [{ item_id: b.bolt.id }],
        }),
        422,
        'validation_failed',
        'lines.0.item_id',
      );
      const moved = await ok(
        call(b.owner)('PATCH', url(order.id), {
          location_id: depot.id,
          lines: [{ name: 'Labour', unit_cost: 40 }],
        }),
      );
      expect(moved).toMatchObject({ location_id: depot.id, lines: [{ line_type: 'service' }] });
      expectError(
        await call(b.owner)('PATCH', url(order.id), { status_id: 18 }),
        422,
        'unsupported_purchase_order_field',
        'status_id',
      );
      await ok(send(order.id, {}, b.owner));
      expectError(
        await call(b.owner)('PATCH', url(order.id), { name: 'late' }),
        409,
        'purchase_order_update_not_allowed',
      );
      expect((await ok(call(b.owner)('GET', url(order.id)))).edit_block_reason).toBe(
        'purchase_order_not_not_sent',
      );
    });

    it('deletes only a Not Sent order; then 404 everywhere but its history', async () => {
      const b = await openBuyer(t.app);
      const order = await create({}, b);
      expect(await ok(call(b.owner)('DELETE', url(order.id)))).toEqual({
        id: order.id,
        object: 'purchase_order',
        deleted: true,
      });
      expectMissing(await call(b.owner)('GET', url(order.id)));
      expectMissing(await call(b.owner)('DELETE', url(order.id)));
      expect((await ok(call(b.owner)('GET', PURCHASE_ORDERS))).data).toEqual([]);
      const events = await ok(call(b.owner)('GET', url(order.id, '/events')));
      expect(events.data.map((e: Json) => e.type)).toEqual(['PurchaseOrderCreated', 'PurchaseOrderDeleted']);
      const sent = await sentOrder({}, b);
      expectError(await call(b.owner)('DELETE', url(sent.id)), 409, 'purchase_order_delete_not_allowed');
    });
  });

  describe('send and receive', () => {
    it('sends with today by default; again keeps the date; received orders cannot be sent', async () => {
      const b = await openBuyer(t.app);
      const order = await create({}, b);
      expectError(
        await send(order.id, { date_sent: 'soon' }, b.owner),
        422,
        'validation_failed',
        'date_sent',
      );
      expectError(await send(order.id, { foo: 1 }, b.owner), 422, 'unsupported_purchase_order_field', 'foo');
      const sent = await ok(send(order.id, { date_sent: '2030-01-05' }, b.owner));
      expect(sent).toMatchObject({ status_id: 18, status: 'Sent', date_sent: '2030-01-05', revision: '1' });
      expect(await ok(send(order.id, { date_sent: '2031-01-01' }, b.owner))).toMatchObject({
        date_sent: '2030-01-05',
        revision: '2',
      });
      await ok(receive(order.id, [{ line_id: order.lines[0].id, quantity: 1 }], {}, b.owner));
      expectError(await send(order.id, {}, b.owner), 409, 'purchase_order_send_not_allowed');
    });

    it('receives in increments into on hand at the location, incoming falling to zero', async () => {
      const b = await openBuyer(t.app);
      const order = await create({}, b);
      const lineId = order.lines[0].id;
      expect(await item(b, b.bolt.id)).toMatchObject({ quantity: 0, quantity_incoming: 0 });
      expectError(
        await receive(order.id, [{ line_id: lineId, quantity: 1 }], {}, b.owner),
        409,
        'purchase_order_receive_not_allowed',
      );
      await ok(send(order.id, {}, b.owner));
      expect(await item(b, b.bolt.id, b.warehouse.id)).toMatchObject({
        quantity: 0,
        quantity_incoming: 10,
        location_inventory: { quantity: 0, quantity_incoming: 10 },
      });
      const partial = await ok(
        receive(order.id, [{ line_id: lineId, quantity: 4 }], { received_date: '2030-02-01' }, b.owner),
      );
      expect(partial).toMatchObject({
        status_id: 19,
        status: 'Partially Received',
        date_received: null,
        lines: [{ quantity_received: 4 }],
      });
      expect(await item(b, b.bolt.id, b.warehouse.id)).toMatchObject({
        quantity: 4,
        quantity_incoming: 6,
        location_inventory: { quantity: 4, quantity_incoming: 6 },
      });
      expectError(
        await receive(order.id, [{ line_id: lineId, quantity: 7 }], {}, b.owner),
        422,
        'validation_failed',
        'lines.0.quantity',
      );
      const done = await ok(
        receive(order.id, [{ line_id: lineId, quantity: 6 }], { received_date: '2030-02-03' }, b.owner),
      );
      expect(done).toMatchObject({
        status_id: 20,
        status: 'Received',
        date_received: '2030-02-03',
        lines: [{ quantity_received: 10 }],
      });
      expect(await item(b, b.bolt.id)).toMatchObject({ quantity: 10, quantity_incoming: 0 });
      // Received stock is on hand like any other: it can be adjusted away, never below zero.
      const adjust = (quantity: number) =>
        call(b.owner)('POST', `/api/v3/items/${b.bolt.id}/adjustments`, {
          location_id: b.warehouse.id,
          quantity,
        });
      expectError(await adjust(-11), 409, 'insufficient_stock');
      expect(await ok(adjust(-3), 201)).toMatchObject({ quantity: 7 });
      expectError(
        await receive(order.id, [{ line_id: lineId, quantity: 1 }], {}, b.owner),
        409,
        'purchase_order_receive_not_allowed',
      );
      const listed = (await ok(call(b.owner)('GET', `${PURCHASE_ORDERS}?received_date_from=2030-02-03`)))
        .data;
      expect(listed.map((o: Json) => o.id)).toEqual([order.id]);
    });

    it('refuses service lines, duplicates, unknown lines and empty receipts, all or nothing', async () => {
      const b = await openBuyer(t.app);
      const order = await sentOrder(
        {
          lines: [
            { item_id: b.bolt.id, quantity: 2 },
            { name: 'Freight', unit_cost: 5 },
          ],
        },
        b,
      );
      const [bolt, freight] = order.lines.map((line: Json) => line.id);
      const refused = async (lines: unknown, param: string) =>
        expectError(
          await call(b.owner)('POST', url(order.id, '/receive'), { lines }),
          422,
          'validation_failed',
          param,
        );
      await refused([{ line_id: freight, quantity: 1 }], 'lines.0.line_id');
      await refused(
        [
          { line_id: bolt, quantity: 1 },
          { line_id: bolt, quantity: 1 },
        ],
        'lines.1.line_id',
      );
      await refused([{ line_id: NOBODY, quantity: 1 }], 'lines.0.line_id');
      await refused([{ line_id: bolt, quantity: -1 }], 'lines.0.quantity');
      await refused([], 'lines');
      await refused(
        [
          { line_id: bolt, quantity: 1 },
          { line_id: freight, quantity: 1 },
        ],
        'lines.1.line_id',
      );
      expect((await ok(call(b.owner)('GET', url(order.id)))).lines[0].quantity_received).toBe(0);
      expect(await item(b, b.bolt.id)).toMatchObject({ quantity: 0, quantity_incoming: 2 });
    });

    it('receives a variation into its variation-location row', async () => {
      const b = await openBuyer(t.app);
      const shirt = await createItem(t.app, b, { name: 'Shirt', cost: 4, location_id: b.warehouse.id });
      const variations = `/api/v3/items/${shirt.id}/variations`;
      const variation = await ok(call(b.owner)('POST', variations, { variation_type: 'location_only' }), 201);
      const row = variation.locations.find((r: Json) => r.location_id === b.warehouse.id);
      const order = await sentOrder(
        {
          lines: [
            { item_id: shirt.id, item_variation_location_id: row.item_variation_location_id, quantity: 3 },
          ],
        },
        b,
      );
      expect(await ok(call(b.owner)('GET', `${variations}/${variation.id}`))).toMatchObject({
        quantity: 0,
        quantity_incoming: 3,
      });
      await ok(receive(order.id, [{ line_id: order.lines[0].id, quantity: 2 }], {}, b.owner));
      const fetched = await ok(call(b.owner)('GET', `${variations}/${variation.id}`));
      expect(fetched).toMatchObject({ quantity: 2, quantity_incoming: 1 });
      expect(fetched.locations.find((r: Json) => r.location_id === b.warehouse.id)).toMatchObject({
        quantity: 2,
      });
      expect(await item(b, shirt.id)).toMatchObject({ quantity: 2, quantity_incoming: 1 });
    });

    it('keeps a variation its Not Sent order names from deletion', async () => {
      const b = await openBuyer(t.app);
      const shirt = await createItem(t.app, b, { name: 'Shirt', cost: 4, location_id: b.warehouse.id });
      const variations = `/api/v3/items/${shirt.id}/variations`;
      const variation = await ok(call(b.owner)('POST', variations, { variation_type: 'location_only' }), 201);
      const [row] = variation.locations;
      await create(
        { lines: [{ item_id: shirt.id, item_variation_location_id: row.item_variation_location_id }] },
        b,
      );
      const refused = await call(b.owner)('DELETE', `${variations}/${variation.id}`);
      expectError(refused, 409, 'item_variation_delete_not_allowed');
      expect(refused.json().error.message).toContain('document lines (1)');
    });

    it('never receives more than ordered under parallel receipts (HTTP, Promise.all)', async () => {
      const b = await openBuyer(t.app);
      const order = await sentOrder({}, b);
      const lineId = order.lines[0].id;
      const replies = await Promise.all(
        Array.from({ length: 6 }, () => receive(order.id, [{ line_id: lineId, quantity: 4 }], {}, b.owner)),
      );
      const accepted = replies.filter((r) => r.statusCode === 200).length;
      expect(accepted).toBe(2);
      for (const r of replies.filter((reply) => reply.statusCode !== 200))
        expect([409, 422]).toContain(r.statusCode);
      const after = await ok(call(b.owner)('GET', url(order.id)));
      expect(after.lines[0].quantity_received).toBe(8);
      expect(await item(b, b.bolt.id)).toMatchObject({ quantity: 8, quantity_incoming: 2 });
    });
  });

  describe('payments', () => {
    it('pays up to the balance, dates full payment, deletes and lists newest first', async () => {
      const b = await openBuyer(t.app);
      const draft = await create({}, b);
      expect(await ok(call(b.owner)('GET', url(draft.id, '/payments')))).toMatchObject({
        object: 'list',
        data: [],
        pagination: { total_records: 0 },
      });
      expectError(await pay(draft.id, 1, b.owner), 409, 'purchase_order_payment_not_allowed');
      await ok(send(draft.id, {}, b.owner));
      expectError(await pay(draft.id, '79.76', b.owner), 422, 'validation_failed', 'amount');
      expectError(await pay(draft.id, 1.005, b.owner), 422, 'validation_failed', 'amount');
      expectError(await pay(draft.id, 0, b.owner), 422, 'validation_failed', 'amount');
      const first = await ok(pay(draft.id, '29.75', b.owner), 201);
      expect(first).toEqual({
        id: expect.stringMatching(UUID),
        object: 'payment',
        purchase_order_id: draft.id,
        amount: '29.7500',
        type: 'payment',
        reference: '',
        payment_date: '2030-01-20',
        card: null,
      });
      const second = await ok(
        call(b.owner)('POST', url(draft.id, '/payments'), {
          amount: 50,
          payment_date: '2030-01-25',
          reference: 'wire',
        }),
        201,
      );
      expect(await ok(call(b.owner)('GET', url(draft.id)))).toMatchObject({
        amount_paid: '79.7500',
        amount_due: '0.0000',
        date_fully_paid: '2030-01-25',
      });
      expectError(await pay(draft.id, 1, b.owner), 409, 'purchase_order_payment_not_allowed');
      const listed = await ok(call(b.owner)('GET', url(draft.id, '/payments')));
      expect(listed.data.map((p: Json) => p.id)).toEqual([second.id, first.id]);
      expect(await ok(call(b.owner)('DELETE', url(draft.id, `/payments/${second.id}`)))).toEqual({
        id: second.id,
        object: 'payment',
        purchase_order_id: draft.id,
        deleted: true,
      });
      expectMissing(await call(b.owner)('DELETE', url(draft.id, `/payments/${second.id}`)));
      expect(await ok(call(b.owner)('GET', url(draft.id)))).toMatchObject({
        amount_paid: '29.7500',
        amount_due: '50.0000',
        date_fully_paid: null,
      });
      const row = (await ok(call(b.owner)('GET', PURCHASE_ORDERS))).data[0];
      expect(row).toMatchObject({ amount_paid: '29.7500', amount_due: '50.0000', date_fully_paid: null });
    });

    it('replays a payment and a creation under the same Idempotency-Key; other data is 409', async () => {
      const b = await openBuyer(t.app);
      const order = await sentOrder({}, b);
      const key = { 'idempotency-key': `po-pay-${order.id}` };
      const body = { amount: 5, payment_date: '2030-01-20' };
      const first = await call(b.owner)('POST', url(order.id, '/payments'), body, key);
      const again = await call(b.owner)('POST', url(order.id, '/payments'), body, key);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expectError(
        await call(b.owner)('POST', url(order.id, '/payments'), { ...body, amount: 6 }, key),
        409,
        'idempotency_key_reused',
      );
      expect((await ok(call(b.owner)('GET', url(order.id)))).amount_paid).toBe('5.0000');
      const createKey = { 'idempotency-key': `po-create-${order.id}` };
      const created = await call(b.owner)('POST', PURCHASE_ORDERS, purchaseOrderBody(b), createKey);
      const replayed = await call(b.owner)('POST', PURCHASE_ORDERS, purchaseOrderBody(b), createKey);
      expect(replayed.statusCode).toBe(201);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(replayed.json().id).toBe(created.json().id);
    });

    it('needs purchase-order payments enabled', async () => {
      const b = await openBuyer(t.app, { settings: { purchase_order_payments_enabled: false } });
      const order = await sentOrder({}, b);
      expectError(await pay(order.id, 1, b.owner), 409, 'purchase_order_payment_not_allowed');
      await setAccountSettings(t.app, b.accountId, { purchase_order_payments_enabled: true });
      await ok(pay(order.id, 1, b.owner), 201);
    });

    it('never pays above the total under parallel payments (HTTP, Promise.all)', async () => {
      const b = await openBuyer(t.app);
      const order = await sentOrder({}, b);
      const replies = await Promise.all(Array.from({ length: 6 }, () => pay(order.id, '30.00', b.owner)));
      expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(2);
      const after = await ok(call(b.owner)('GET', url(order.id)));
      expect(after).toMatchObject({ amount_paid: '60.0000', amount_due: '19.7500' });
      expect((await ok(call(b.owner)('GET', url(order.id, '/payments')))).data).toHaveLength(2);
    });
  });

  describe('permissions', () => {
    it('needs purchase-order access and unit-cost view; modify falls back to inventory.modify', async () => {
      const b = await openBuyer(t.app);
      const order = await create({}, b);
      const noCosts = await colleagueOf(t.app, b, {
        permissions: { 'purchase_orders.access': true, 'purchase_orders.view_all': true },
      });
      expectError(await call(noCosts)('GET', url(order.id)), 403, 'permission_denied');
      const inventory = await colleagueOf(t.app, b, {
        permissions: { 'inventory.modify': true, 'unit_cost.view': true },
      });
      expect((await ok(call(inventory)('GET', url(order.id)))).id).toBe(order.id);
      await ok(call(inventory)('POST', PURCHASE_ORDERS, purchaseOrderBody(b)), 201);
      const denied = await colleagueOf(t.app, b, {
        permissions: { 'inventory.modify': true, 'unit_cost.view': true, 'purchase_orders.modify': false },
      });
      expectError(
        await call(denied)('POST', PURCHASE_ORDERS, purchaseOrderBody(b)),
        403,
        'permission_denied',
      );
      const own = await colleagueOf(t.app, b, {
        permissions: {
          'purchase_orders.access': true,
          'purchase_orders.modify': true,
          'unit_cost.view': true,
        },
      });
      expectMissing(await call(own)('GET', url(order.id)));
      const mine = await ok(call(own)('POST', PURCHASE_ORDERS, purchaseOrderBody(b)), 201);
      expect((await ok(call(own)('GET', PURCHASE_ORDERS))).data.map((o: Json) => o.id)).toEqual([mine.id]);
      const scoped = await colleagueOf(t.app, b, { scopes: ['purchase_orders:read'] });
      expectError(await send(order.id, {}, scoped), 403, 'insufficient_scope');
    });

    it('follows the location restriction for creation, receiving and payments', async () => {
      const b = await openBuyer(t.app);
      const depot = await createLocation(t.app, b.owner, { name: 'Depot' });
      const order = await sentOrder({}, b);
      const clerk = await colleagueOf(t.app, b, { location_id: depot.id });
      expectError(
        await call(clerk)('POST', PURCHASE_ORDERS, purchaseOrderBody(b)),
        422,
        'validation_failed',
        'location_id',
      );
      expectError(
        await receive(order.id, [{ line_id: order.lines[0].id, quantity: 1 }], {}, clerk),
        403,
        'permission_denied',
      );
      expectError(await pay(order.id, 1, clerk), 403, 'permission_denied');
    });
  });

  describe('history', () => {
    it('keeps send, receipts and payments in the order’s history; as_of_revision shows the past', async () => {
      const b = await openBuyer(t.app);
      const order = await sentOrder({}, b);
      await ok(receive(order.id, [{ line_id: order.lines[0].id, quantity: 3 }], {}, b.owner));
      await ok(pay(order.id, 10, b.owner), 201);
      const events = await ok(call(b.owner)('GET', url(order.id, '/events')));
      expect(events.data.map((e: Json) => [e.type, e.revision])).toEqual([
        ['PurchaseOrderCreated', 0],
        ['PurchaseOrderSent', 1],
        ['PurchaseOrderReceived', 2],
        ['PurchaseOrderPaymentRecorded', 3],
      ]);
      expect(events.data[2].metadata).toMatchObject({ user_id: b.owner.userId });
      const past = await call(b.owner)('GET', url(order.id, '?as_of_revision=1'));
      expect(past.statusCode).toBe(200);
      expect(past.json()).toMatchObject({ status_id: 18, revision: '1', lines: [{ quantity_received: 0 }] });
      expectMissing(await call(b.owner)('GET', url(order.id, '?as_of_revision=9')));
    });
  });

  describe('received stock moves on', () => {
    it('a transfer can send what a purchase order received, and no more', async () => {
      const b = await openBuyer(t.app);
      const order = await sentOrder({}, b);
      await ok(receive(order.id, [{ line_id: order.lines[0].id, quantity: 4 }], {}, b.owner));
      const depot = await createLocation(t.app, b.owner, { name: 'Depot' });
      const transfer = (quantity: number) =>
        ok(
          call(b.owner)('POST', '/api/v3/stock-transfers', {
            origin_location_id: b.warehouse.id,
            destination_location_id: depot.id,
            lines: [{ item_id: b.bolt.id, quantity }],
          }),
          201,
        );
      const tooMany = await transfer(5);
      expectError(
        await call(b.owner)('POST', `/api/v3/stock-transfers/${tooMany.id}/send`, {}),
        409,
        'insufficient_stock',
        'lines.0.quantity',
      );
      const four = await transfer(4);
      await ok(call(b.owner)('POST', `/api/v3/stock-transfers/${four.id}/send`, {}));
      expect(await item(b, b.bolt.id)).toMatchObject({ quantity: 0, quantity_incoming: 6, in_transit: 4 });
    });
  });
});
