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
  openShop,
  setAccountSettings,
  Shop,
  todayIn,
  UUID,
} from './support/estimates';
import { INVOICES, invoiceBody, serviceLine } from './support/invoices';
import { Caller } from './support/operator';
import {
  SALES_ORDER_DETAIL_KEYS,
  SALES_ORDER_SUMMARY_KEYS,
  SALES_ORDERS,
  salesOrderBody,
} from './support/sales-orders';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('sales orders e2e');

/** A salesperson who sees only their own sales orders. */
const SO_REP = {
  'sales_orders.list': true,
  'sales_orders.modify': true,
  'account_records.view_all': true,
};

describe.each(testDatabases())('sales orders API on $name', (target) => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await startTestApp(target);
    shop = await openShop(t.app);
  });
  afterAll(() => t?.close());

  const call = (caller: Caller = shop.owner) => apiOf(t.app)(caller);
  const url = (id: string, suffix = '') => `${SALES_ORDERS}/${id}${suffix}`;
  /** An order of the shop's customer: two widgets (25.00 + 10 % and 2 % tax = 28.0000), `over` on top. */
  const create = (over: Json = {}, s: Shop = shop, caller: Caller = s.owner) =>
    ok(call(caller)('POST', SALES_ORDERS, salesOrderBody(s, over)), 201);
  const pack = (id: string, lines: Json[], caller?: Caller, headers?: Record<string, string>) =>
    call(caller)('POST', url(id, '/fulfillments'), { lines }, headers);
  const eventTypes = async (id: string, caller?: Caller): Promise<string[]> =>
    (await ok(call(caller)('GET', url(id, '/events')))).data.map((e: Json) => e.type);

  describe('create and retrieve', () => {
    it('creates an open order: 201, every specified field in order, revision and ETag "so_0"', async () => {
      const s = await openShop(t.app);
      const res = await call(s.owner)(
        'POST',
        SALES_ORDERS,
        salesOrderBody(s, { expiry_date: '2099-01-01', packing_list_note: 'Fragile' }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.headers.etag).toBe('"so_0"');
      const order = res.json();
      expect(Object.keys(order)).toEqual(SALES_ORDER_DETAIL_KEYS);
      expect(order).toMatchObject({
        id: expect.stringMatching(UUID),
        object: 'sales_order',
        sales_order_number: 1,
        customer_id: s.customer.id,
        customer_name: 'Acme Corp',
        salesperson_id: s.owner.userId,
        location_id: null,
        status_id: 29,
        status: 'Open',
        issue_date: todayIn('UTC'),
        expiry_date: '2099-01-01',
        packing_list_note: 'Fragile',
        subtotal: '25.0000',
        total: '28.0000',
        amount_paid: '0.0000',
        amount_due: '28.0000',
        invoiced_percent: 0,
        paid_percent: 0,
        packed_percent: 0,
        shipped_percent: 0,
        invoice_count: 0,
        can_edit: true,
        edit_block_reason: null,
        can_pack: true,
        pack_block_reason: null,
        revision: 'so_0',
      });
      expect(order.lines).toEqual([
        expect.objectContaining({
          object: 'sales_order_line',
          item_id: s.widget.id,
          quantity: 2,
          quantity_invoiced: 0,
          quantity_packed: 0,
          quantity_shipped: 0,
          quantity_remaining_to_pack: 2,
        }),
      ]);
      const fetched = await call(s.owner)('GET', url(order.id));
      expect(fetched.headers.etag).toBe('"so_0"');
      expect(fetched.json()).toEqual(order);
      expect((await create({}, s)).sales_order_number).toBe(2);
    });

    it('refuses protected fields, archived customers and expiry before issue, consuming no number', async () => {
      const s = await openShop(t.app);
      for (const field of ['sales_order_number', 'status_id', 'salesperson_id', 'amount_paid'])
        expectError(
          await call(s.owner)('POST', SALES_ORDERS, salesOrderBody(s, { [field]: 1 })),
          422,
          'unsupported_sales_order_field',
          field,
        );
      const dormant = await ok(call(s.owner)('POST', '/api/v3/customers', { name: 'Dormant' }), 201);
      await ok(call(s.owner)('POST', `/api/v3/customers/${dormant.id}/archive`), 200);
      expectError(
        await call(s.owner)('POST', SALES_ORDERS, salesOrderBody(s, { customer_id: dormant.id })),
        422,
        'validation_failed',
        'customer_id',
      );
      expectError(
        await call(s.owner)(
          'POST',
          SALES_ORDERS,
          salesOrderBody(s, { issue_date: '2030-01-10', expiry_date: '2030-01-09' }),
        ),
        422,
        'validation_failed',
        'expiry_date',
      );
      expectError(
        await call(s.owner)('POST', SALES_ORDERS, { customer_id: s.customer.id }),
        422,
        'validation_failed',
        'lines',
      );
      expect((await create({}, s)).sales_order_number).toBe(1);
    });

    it('places the order at an active location the user may use; a restricted user at their own', async () => {
      const s = await openShop(t.app);
      const here = await createLocation(t.app, s.owner);
      const there = await createLocation(t.app, s.owner);
      expect((await create({ location_id: there.id }, s)).location_id).toBe(there.id);
      for (const location_id of [NOBODY, 'nowhere', 7])
        expectError(
          await call(s.owner)('POST', SALES_ORDERS, salesOrderBody(s, { location_id })),
          422,
          'validation_failed',
          'location_id',
        );
      const clerk = await colleagueOf(t.app, s, { location_id: here.id });
      const mine = salesOrderBody(s, { lines: [serviceLine(10)] });
      expect((await ok(call(clerk)('POST', SALES_ORDERS, mine), 201)).location_id).toBe(here.id);
      for (const location_id of [there.id, null])
        expectError(
          await call(clerk)('POST', SALES_ORDERS, { ...mine, location_id }),
          422,
          'validation_failed',
          'location_id',
        );
    });

    it('refuses creations beyond the record limit: 409 account_record_limit_reached', async () => {
      const s = await openShop(t.app);
      // The customer and the widget are two records already.
      await setAccountSettings(t.app, s.accountId, { record_limit: 3 });
      await create({}, s);
      expectError(
        await call(s.owner)('POST', SALES_ORDERS, salesOrderBody(s)),
        409,
        'account_record_limit_reached',
      );
    });

    it('without unit_cost.view hides costs; without sales_orders.modify shows why nothing can be done', async () => {
      const order = await create({ shipping_cost: 3 });
      const viewer = await colleagueOf(t.app, shop, {
        permissions: { 'sales_orders.list': true, 'sales_orders.view_all': true },
      });
      const seen = await ok(call(viewer)('GET', url(order.id)));
      expect(seen).not.toHaveProperty('shipping_cost');
      expect(seen.lines[0]).not.toHaveProperty('unit_cost');
      expect(seen).toMatchObject({
        can_edit: false,
        edit_block_reason: 'permission_denied',
        can_pack: false,
        pack_block_reason: 'permission_denied',
      });
      const listed = (await ok(call(viewer)('GET', SALES_ORDERS))).data;
      expect(listed[0]).not.toHaveProperty('shipping_cost');
      expectError(await call(viewer)('PATCH', url(order.id), { name: 'x' }), 403, 'permission_denied');
    });

    it('answers 404 for an absent id, another account’s order, or a malformed id', async () => {
      const other = await openShop(t.app);
      const theirs = await create({}, other);
      expectMissing(await call()('GET', url(theirs.id)));
      expectMissing(await call()('GET', url(NOBODY)));
      expectMissing(await call()('GET', url('not-an-id')));
    });

    it('a customer with sales orders cannot be deleted', async () => {
      const s = await openShop(t.app);
      await create({}, s);
      expect((await call(s.owner)('DELETE', `/api/v3/customers/${s.customer.id}`)).statusCode).toBe(409);
    });
  });

  describe('list', () => {
    it('lists compact orders newest first, with every filter of the specification', async () => {
      const s = await openShop(t.app);
      const depot = await createLocation(t.app, s.owner);
      const globex = await ok(call(s.owner)('POST', '/api/v3/customers', { name: 'Globex' }), 201);
      const first = await create({ name: 'Spring', issue_date: '2030-01-05', expiry_date: '2030-02-01' }, s);
      const second = await create(
        { customer_id: globex.id, purchase_order_number: 'PO-77', issue_date: '2030-01-10' },
        s,
      );
      const third = await create({ location_id: depot.id, issue_date: '2030-01-20' }, s);
      const numbers = async (query: string) =>
        (await ok(call(s.owner)('GET', `${SALES_ORDERS}${query}`))).data.map(
          (o: Json) => o.sales_order_number,
        );
      const listed = await ok(call(s.owner)('GET', SALES_ORDERS));
      expect(listed.data.map((o: Json) => o.id)).toEqual([third.id, second.id, first.id]);
      expect(Object.keys(listed.data[0])).toEqual(SALES_ORDER_SUMMARY_KEYS);
      expect(listed.data[2]).toMatchObject({
        total: '28.0000',
        amount_due: '28.0000',
        invoiced_percent: 0,
        packed_percent: 0,
        shipped_percent: 0,
        invoice_count: 0,
      });
      expect(await numbers('?q=globex')).toEqual([2]);
      expect(await numbers('?q=po-77')).toEqual([2]);
      expect(await numbers('?q=spring')).toEqual([1]);
      expect(await numbers('?q=3')).toEqual([3]);
      expect(await numbers(`?customer_id=${globex.id}`)).toEqual([2]);
      expect(await numbers('?status_id=29')).toEqual([3, 2, 1]);
      expect(await numbers('?status_id=30')).toEqual([]);
      expect(await numbers(`?location_id=${depot.id}`)).toEqual([3]);
      expect(await numbers('?issue_date_from=2030-01-06&issue_date_to=2030-01-19')).toEqual([2]);
      expect(await numbers('?expiry_date_from=2030-01-15&expiry_date_to=2030-02-01')).toEqual([1]);
      expect(await numbers('?limit=1&page=2')).toEqual([2]);
      expectError(
        await call(s.owner)('GET', `${SALES_ORDERS}?location_id=x`),
        422,
        'invalid_query_parameter',
      );
      expectError(await call(s.owner)('GET', `${SALES_ORDERS}?nope=1`), 422, 'invalid_query_parameter');
    });

    it('each entry carries the revision and block reasons the detail shows at that revision', async () => {
      const s = await openShop(t.app);
      const viewer = await colleagueOf(t.app, s, {
        permissions: { 'sales_orders.list': true, 'sales_orders.view_all': true },
      });
      const expectListedAsDetail = async (id: string, expected: Json) => {
        for (const caller of [s.owner, viewer]) {
          const detail = await call(caller)('GET', url(id));
          const entry = (await ok(call(caller)('GET', `${SALES_ORDERS}?limit=100`))).data.find(
            (o: Json) => o.id === id,
          );
          const reasons = ({ revision, edit_block_reason, pack_block_reason }: Json) => ({
            revision,
            edit_block_reason,
            pack_block_reason,
          });
          expect(reasons(entry)).toEqual(reasons(detail.json()));
          expect(`"${entry.revision}"`).toBe(detail.headers.etag);
          if (caller === s.owner) expect(reasons(entry)).toMatchObject(expected);
          // Without sales_orders.modify: permission_denied where nothing else blocks.
          else if (expected.edit_block_reason === null)
            expect(entry).toMatchObject({ edit_block_reason: 'permission_denied' });
        }
      };
      const order = await create({ lines: [{ item_id: s.widget.id, quantity: 2 }, serviceLine(10)] }, s);
      await expectListedAsDetail(order.id, {
        revision: 'so_0',
        edit_block_reason: null,
        pack_block_reason: null,
      });
      // Invoiced, then the invoice cancelled: lines are editable again.
      const invoice = await ok(call(s.owner)('POST', url(order.id, '/invoice'), {}), 201);
      await expectListedAsDetail(order.id, { edit_block_reason: 'sales_order_activity_started' });
      await ok(call(s.owner)('POST', `${INVOICES}/${invoice.id}/cancel`, {}));
      await expectListedAsDetail(order.id, { edit_block_reason: null, pack_block_reason: null });
      // Every widget packed: the service line is left only when the account packs service items.
      await ok(pack(order.id, [{ id: order.lines[0].id, quantity: 2 }], s.owner), 201);
      await expectListedAsDetail(order.id, {
        edit_block_reason: 'sales_order_activity_started',
        pack_block_reason: 'nothing_remaining_to_pack',
      });
      await setAccountSettings(t.app, s.accountId, { packing_list_service_items: true });
      await expectListedAsDetail(order.id, { pack_block_reason: null });
      await ok(pack(order.id, [{ id: order.lines[1].id, quantity: 1 }], s.owner), 201);
      await expectListedAsDetail(order.id, { pack_block_reason: 'nothing_remaining_to_pack' });
      await setAccountSettings(t.app, s.accountId, { packing_lists_enabled: false });
      await expectListedAsDetail(order.id, { pack_block_reason: 'packing_lists_disabled' });
    });

    it('without view_all a user sees only their own orders; assigned_user_id never widens that', async () => {
      const s = await openShop(t.app);
      const rep = await colleagueOf(t.app, s, { permissions: SO_REP });
      const manager = await colleagueOf(t.app, s, {
        permissions: { ...SO_REP, 'sales_orders.view_all': true },
      });
      const owners = await create({}, s);
      const reps = await create({ lines: [serviceLine(10)] }, s, rep);
      const ids = async (caller: Caller, query = '') =>
        (await ok(call(caller)('GET', `${SALES_ORDERS}${query}`))).data.map((o: Json) => o.id);
      expect(await ids(rep)).toEqual([reps.id]);
      expect(await ids(rep, `?assigned_user_id=${s.owner.userId}`)).toEqual([]);
      expect(await ids(manager)).toEqual([reps.id, owners.id]);
      expect(await ids(manager, `?assigned_user_id=${s.owner.userId}`)).toEqual([owners.id]);
      expectMissing(await call(rep)('GET', url(owners.id)));
      expect((await ok(call(manager)('GET', url(owners.id)))).id).toBe(owners.id);
      const reader = await colleagueOf(t.app, s, { permissions: { 'sales_orders.view_all': true } });
      expectError(await call(reader)('GET', SALES_ORDERS), 403, 'permission_denied');
    });
  });

  describe('update', () => {
    it('changes header fields and lines of an untouched order; ETag and revision move to so_1', async () => {
      const order = await create();
      const res = await call()(
        'PATCH',
        url(order.id),
        { name: 'Rush', lines: [{ item_id: shop.widget.id, quantity: 4 }] },
        { 'if-match': '"so_0"' },
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe('"so_1"');
      expect(res.json()).toMatchObject({ name: 'Rush', subtotal: '50.0000', revision: 'so_1' });
    });

    it("gives a kept inventory line whose entry omits description the item's current one", async () => {
      const s = await openShop(t.app);
      const order = await create({}, s);
      const [line] = order.lines;
      await ok(call(s.owner)('PATCH', `/api/v3/items/${s.widget.id}`, { description: 'A larger widget' }));
      const same = await ok(call(s.owner)('PATCH', url(order.id), { lines: [{ id: line.id, quantity: 3 }] }));
      expect(same.lines[0]).toMatchObject({
        id: line.id,
        quantity: 3,
        description: 'A larger widget',
      });
      const cleared = await ok(
        call(s.owner)('PATCH', url(order.id), { lines: [{ id: line.id, quantity: 3, description: '' }] }),
      );
      expect(cleared.lines[0].description).toBeFalsy();
    });

    it('refuses customer, location, salesperson and status: 422 unsupported_sales_order_field', async () => {
      const order = await create();
      for (const [field, value] of [
        ['customer_id', shop.customer.id],
        ['location_id', null],
        ['salesperson_id', shop.owner.userId],
        ['status_id', 30],
      ])
        expectError(
          await call()('PATCH', url(order.id), { [field as string]: value }),
          422,
          'unsupported_sales_order_field',
          field as string,
        );
    });

    it('a stale If-Match is 409 mobile_mutation_conflict, with or without so_ and quotes', async () => {
      const order = await create();
      await ok(call()('PATCH', url(order.id), { name: 'Once' }));
      for (const tag of ['"so_0"', 'so_0', '0', '"0"'])
        expectError(
          await call()('PATCH', url(order.id), { name: 'Twice' }, { 'if-match': tag }),
          409,
          'mobile_mutation_conflict',
        );
      expect((await ok(call()('PATCH', url(order.id), { name: 'Twice' }, { 'if-match': 'so_1' }))).name).toBe(
        'Twice',
      );
      expectError(
        await call()('PATCH', url(order.id), { name: 'x' }, { 'if-match': 'so_x' }),
        400,
        'invalid_if_match',
      );
    });

    it('given a packed order, when a write with a stale If-Match would be refused anyway, then 409 mobile_mutation_conflict comes first', async () => {
      const order = await create();
      await ok(pack(order.id, [{ id: order.lines[0].id, quantity: 1 }]), 201);
      const stale = { 'if-match': 'so_0' };
      expectError(await call()('DELETE', url(order.id), undefined, stale), 409, 'mobile_mutation_conflict');
      expectError(
        await call()('PATCH', url(order.id), { shipping_fee: 9 }, stale),
        409,
        'mobile_mutation_conflict',
      );
      expectError(
        await pack(order.id, [{ id: order.lines[0].id, quantity: 5 }], undefined, stale),
        409,
        'mobile_mutation_conflict',
      );
      // Visibility still comes first.
      expectMissing(await call()('DELETE', url(NOBODY), undefined, stale));
      expectError(
        await call()('DELETE', url(order.id), undefined, { 'if-match': 'so_1' }),
        409,
        'sales_order_delete_not_allowed',
      );
    });

    it('after a pack: header fields still change, lines and charges are 409 sales_order_update_not_allowed', async () => {
      const order = await create();
      await ok(pack(order.id, [{ id: order.lines[0].id, quantity: 1 }]), 201);
      const changed = await ok(call()('PATCH', url(order.id), { public_note: 'Call first' }));
      expect(changed).toMatchObject({
        public_note: 'Call first',
        can_edit: false,
        edit_block_reason: 'sales_order_activity_started',
      });
      for (const body of [
        { lines: [{ item_id: shop.widget.id, quantity: 5 }] },
        { shipping_fee: 5 },
        { discount_percent: 10 },
      ])
        expectError(await call()('PATCH', url(order.id), body), 409, 'sales_order_update_not_allowed');
    });
  });

  describe('delete', () => {
    it('deletes an untouched order; then it answers 404 but keeps its history', async () => {
      const order = await create();
      expect(await ok(call()('DELETE', url(order.id)))).toEqual({
        id: order.id,
        object: 'sales_order',
        deleted: true,
      });
      expectMissing(await call()('GET', url(order.id)));
      expectMissing(await call()('DELETE', url(order.id)));
      expect(await eventTypes(order.id)).toEqual(['SalesOrderCreated', 'SalesOrderDeleted']);
    });

    it('refuses an order with a packing list: 409 sales_order_delete_not_allowed; needs the delete permission', async () => {
      const order = await create();
      await ok(pack(order.id, [{ id: order.lines[0].id, quantity: 1 }]), 201);
      expectError(await call()('DELETE', url(order.id)), 409, 'sales_order_delete_not_allowed');
      const untouched = await create();
      const editor = await colleagueOf(t.app, shop, {
        permissions: { ...SO_REP, 'sales_orders.view_all': true },
      });
      expectError(await call(editor)('DELETE', url(untouched.id)), 403, 'permission_denied');
    });
  });

  describe('the location it names', () => {
    const deleteLocation = (s: Shop, id: string) => call(s.owner)('DELETE', `/api/v3/locations/${id}`);
    const expectKept = async (s: Shop, id: string) => {
      const refused = await deleteLocation(s, id);
      expectError(refused, 409, 'location_delete_not_allowed');
      expect(refused.json().error.message).toContain('sales orders (1)');
    };

    it('given an open order placed at a location, then the location cannot be deleted until the order is fully shipped', async () => {
      const s = await openShop(t.app);
      const placed = await createLocation(t.app, s.owner);
      const order = await create({ location_id: placed.id }, s);
      await expectKept(s, placed.id);
      const lineId = order.lines[0].id;
      const first = await ok(pack(order.id, [{ id: lineId, quantity: 2 }], s.owner), 201);
      await ok(call(s.owner)('POST', url(order.id, '/invoice'), {}), 201);
      // Packed and invoiced, but not shipped: the packing list still leaves from there.
      await expectKept(s, placed.id);
      await ok(call(s.owner)('POST', url(order.id, `/fulfillments/${first.id}/ship`), {}));
      expect((await ok(call(s.owner)('GET', url(order.id)))).shipped_percent).toBe(100);
      expect((await deleteLocation(s, placed.id)).statusCode).toBe(200);
    });

    it('given an open order with a line counted at a location, then that location is kept; a deleted order keeps nothing', async () => {
      const s = await openShop(t.app);
      const shelf = await createLocation(t.app, s.owner);
      const gadget = await createItem(t.app, s, { location_id: shelf.id });
      const order = await create({ lines: [{ item_id: gadget.id, quantity: 1 }] }, s);
      // The item moves away; its line stays counted (and reserved) where it was ordered.
      await ok(call(s.owner)('PATCH', `/api/v3/items/${gadget.id}`, { location_id: null }));
      await expectKept(s, shelf.id);
      await ok(call(s.owner)('DELETE', url(order.id)));
      expect((await deleteLocation(s, shelf.id)).statusCode).toBe(200);
    });
  });

  describe('packing lists and shipments', () => {
    it('packs within what is left, lists newest first, ships with today’s date by default', async () => {
      const s = await openShop(t.app);
      const order = await create({}, s);
      const lineId = order.lines[0].id;
      const fulfillments = url(order.id, '/fulfillments');
      const first = await ok(pack(order.id, [{ id: lineId, quantity: 1 }], s.owner), 201);
      expect(first).toEqual({
        id: expect.stringMatching(UUID),
        object: 'fulfillment',
        sales_order_id: order.id,
        packing_list_number: 1,
        status: 'packed',
        units_packed: 1,
        shipped_date: null,
        carrier: null,
        tracking_number: null,
        tracking_url: null,
        tracking_status: null,
        tracking_status_details: null,
        estimated_delivery_date: null,
        tracking_updated_at: null,
        lines: [{ sales_order_line_id: lineId, quantity: 1 }],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      // More than the line holds is invalid; more than is left of it, a conflict with earlier packs.
      expectError(
        await pack(order.id, [{ id: lineId, quantity: 3 }], s.owner),
        422,
        'invalid_sales_order_pack',
        'lines.0.quantity',
      );
      expectError(
        await pack(order.id, [{ id: lineId, quantity: 2 }], s.owner),
        409,
        'sales_order_pack_not_allowed',
      );
      const second = await ok(pack(order.id, [{ id: lineId, quantity: 1 }], s.owner), 201);
      expect(second.packing_list_number).toBe(2);
      expectError(
        await pack(order.id, [{ id: lineId, quantity: 1 }], s.owner),
        409,
        'sales_order_line_already_packed',
      );
      const detail = await ok(call(s.owner)('GET', url(order.id)));
      expect(detail).toMatchObject({
        packed_percent: 100,
        shipped_percent: 0,
        can_pack: false,
        pack_block_reason: 'nothing_remaining_to_pack',
      });
      expect(detail.lines[0]).toMatchObject({ quantity_packed: 2, quantity_remaining_to_pack: 0 });
      const ship = url(order.id, `/fulfillments/${first.id}/ship`);
      const shipped = await ok(call(s.owner)('POST', ship, { carrier: 'DHL', tracking_number: 'T1' }));
      expect(shipped).toMatchObject({
        status: 'shipped',
        shipped_date: todayIn('UTC'),
        carrier: 'DHL',
        tracking_number: 'T1',
      });
      expectError(await call(s.owner)('POST', ship, {}), 409, 'sales_order_ship_not_allowed');
      expectMissing(await call(s.owner)('POST', url(order.id, `/fulfillments/${NOBODY}/ship`), {}));
      expect((await ok(call(s.owner)('GET', url(order.id)))).shipped_percent).toBe(50);
      const listed = await ok(call(s.owner)('GET', fulfillments));
      expect(listed.data.map((f: Json) => f.packing_list_number)).toEqual([2, 1]);
      const paged = await ok(call(s.owner)('GET', `${fulfillments}?limit=1&page=2`));
      expect(paged.data.map((f: Json) => f.packing_list_number)).toEqual([1]);
      const row = (await ok(call(s.owner)('GET', SALES_ORDERS))).data[0];
      expect(row).toMatchObject({ packed_percent: 100, shipped_percent: 50 });
    });

    it('packs service lines only with the setting; refuses discount lines and unknown fields', async () => {
      const s = await openShop(t.app);
      const order = await create({ lines: [serviceLine(10)], discount_percent: 10 }, s);
      const [service, discount] = order.lines;
      expect(order.pack_block_reason).toBe('nothing_remaining_to_pack');
      expectError(
        await pack(order.id, [{ id: service.id, quantity: 1 }], s.owner),
        422,
        'invalid_sales_order_pack',
      );
      expectError(
        await pack(order.id, [{ id: discount.id, quantity: 1 }], s.owner),
        422,
        'invalid_sales_order_pack',
      );
      expectError(
        await call(s.owner)('POST', url(order.id, '/fulfillments'), { lines: [], carrier: 'x' }),
        422,
        'unsupported_sales_order_field',
        'carrier',
      );
      await setAccountSettings(t.app, s.accountId, { packing_list_service_items: true });
      expect((await ok(pack(order.id, [{ id: service.id, quantity: 1 }], s.owner), 201)).units_packed).toBe(
        1,
      );
    });

    it('with packing lists disabled: 409 sales_order_pack_not_allowed, pack_block_reason packing_lists_disabled', async () => {
      const s = await openShop(t.app, { settings: { packing_lists_enabled: false } });
      const order = await create({}, s);
      expect(order).toMatchObject({ can_pack: false, pack_block_reason: 'packing_lists_disabled' });
      expectError(
        await pack(order.id, [{ id: order.lines[0].id, quantity: 1 }], s.owner),
        409,
        'sales_order_pack_not_allowed',
      );
    });

    it('given a packed list, when packing lists are turned off, then shipping it is 409 sales_order_ship_not_allowed', async () => {
      const s = await openShop(t.app);
      const order = await create({}, s);
      const packed = await ok(pack(order.id, [{ id: order.lines[0].id, quantity: 1 }], s.owner), 201);
      await setAccountSettings(t.app, s.accountId, { packing_lists_enabled: false });
      const ship = url(order.id, `/fulfillments/${packed.id}/ship`);
      expectError(await call(s.owner)('POST', ship, {}), 409, 'sales_order_ship_not_allowed');
      await setAccountSettings(t.app, s.accountId, { packing_lists_enabled: true });
      expect(await ok(call(s.owner)('POST', ship, {}))).toMatchObject({ status: 'shipped' });
    });

    it('a restricted user packs only orders at their location: 403 permission_denied, location_restricted', async () => {
      const s = await openShop(t.app);
      const here = await createLocation(t.app, s.owner);
      const there = await createLocation(t.app, s.owner);
      const elsewhere = await create({ location_id: there.id }, s);
      const local = await create({ location_id: here.id }, s);
      const clerk = await colleagueOf(t.app, s, { location_id: here.id });
      expect((await ok(call(clerk)('GET', url(elsewhere.id)))).pack_block_reason).toBe('location_restricted');
      expectError(
        await pack(elsewhere.id, [{ id: elsewhere.lines[0].id, quantity: 1 }], clerk),
        403,
        'permission_denied',
      );
      await ok(pack(local.id, [{ id: local.lines[0].id, quantity: 1 }], clerk), 201);
    });

    it('given an order at another location, when a restricted user packs or ships it with a bad body, then 403 comes before 422 and 409', async () => {
      const s = await openShop(t.app);
      const here = await createLocation(t.app, s.owner);
      const there = await createLocation(t.app, s.owner);
      const elsewhere = await create({ location_id: there.id }, s);
      const packed = await ok(pack(elsewhere.id, [{ id: elsewhere.lines[0].id, quantity: 2 }], s.owner), 201);
      const clerk = await colleagueOf(t.app, s, { location_id: here.id });
      expectError(await pack(elsewhere.id, [], clerk), 403, 'permission_denied');
      expectError(
        await pack(elsewhere.id, [{ id: elsewhere.lines[0].id, quantity: 1 }], clerk),
        403,
        'permission_denied',
      );
      const ship = url(elsewhere.id, `/fulfillments/${packed.id}/ship`);
      expectError(await call(clerk)('POST', ship, { carrier: 'x'.repeat(61) }), 403, 'permission_denied');
      // A missing order stays 404 for everyone.
      expectMissing(await pack(NOBODY, [], clerk));
    });

    it('records the shipping notification with the customer’s recipients when the setting is on', async () => {
      const s = await openShop(t.app, { settings: { automatic_shipping_notifications: true } });
      await ok(call(s.owner)('PATCH', `/api/v3/customers/${s.customer.id}`, { email: 'ship@acme.test' }));
      const order = await create({}, s);
      const packed = await ok(pack(order.id, [{ id: order.lines[0].id, quantity: 2 }], s.owner), 201);
      await ok(call(s.owner)('POST', url(order.id, `/fulfillments/${packed.id}/ship`), {}));
      const events = (await ok(call(s.owner)('GET', url(order.id, '/events')))).data;
      expect(events.map((e: Json) => e.type)).toEqual([
        'SalesOrderCreated',
        'SalesOrderPacked',
        'SalesOrderShipped',
        'SalesOrderShippingNotificationQueued',
      ]);
      expect(events[3].data).toMatchObject({ fulfillment_id: packed.id, recipients: ['ship@acme.test'] });
    });

    it('packing-list numbers are shared with the invoices’ packing lists', async () => {
      const s = await openShop(t.app);
      const invoice = await ok(call(s.owner)('POST', INVOICES, invoiceBody(s)), 201);
      const invoicePack = await ok(
        call(s.owner)('POST', `${INVOICES}/${invoice.id}/fulfillments`, {
          lines: [{ id: invoice.lines[0].id, quantity: 1 }],
        }),
        201,
      );
      const order = await create({}, s);
      const orderPack = await ok(pack(order.id, [{ id: order.lines[0].id, quantity: 1 }], s.owner), 201);
      expect([invoicePack.packing_list_number, orderPack.packing_list_number]).toEqual([1, 2]);
    });

    it('concurrent packs of the same remaining quantity: exactly one succeeds, the others 409, never overpacked', async () => {
      const s = await openShop(t.app);
      const order = await create({}, s);
      const lines = [{ id: order.lines[0].id, quantity: 2 }];
      const answers = await Promise.all(Array.from({ length: 6 }, () => pack(order.id, lines, s.owner)));
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.statusCode === 409))
        expect(refused.json().error.code).toBe('sales_order_line_already_packed');
      const detail = await ok(call(s.owner)('GET', url(order.id)));
      expect(detail.lines[0].quantity_packed).toBe(2);
      expect((await ok(call(s.owner)('GET', url(order.id, '/fulfillments')))).data).toHaveLength(1);
    });
  });

  describe('idempotency', () => {
    it('replays an identical pack under the same Idempotency-Key; another body with it is 409', async () => {
      const order = await create();
      const headers = { 'idempotency-key': `pack-${order.id}` };
      const lines = [{ id: order.lines[0].id, quantity: 1 }];
      const first = await pack(order.id, lines, undefined, headers);
      const again = await pack(order.id, lines, undefined, headers);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expectError(
        await pack(order.id, [{ ...lines[0], quantity: 2 }], undefined, headers),
        409,
        'idempotency_key_reused',
      );
      expect((await ok(call()('GET', url(order.id)))).lines[0].quantity_packed).toBe(1);
    });
  });

  describe('history', () => {
    it('lists the order’s events and shows it as of a revision, with so_ revisions', async () => {
      const order = await create();
      await ok(call()('PATCH', url(order.id), { name: 'Renamed' }));
      expect(await eventTypes(order.id)).toEqual(['SalesOrderCreated', 'SalesOrderUpdated']);
      const past = await call()('GET', `${url(order.id)}?as_of_revision=0`);
      expect(past.statusCode).toBe(200);
      expect(past.headers.etag).toBe('"so_0"');
      expect(past.json()).toMatchObject({ name: null, revision: 'so_0' });
      expectMissing(await call()('GET', `${url(order.id)}?as_of_revision=5`));
    });
  });

  describe('OpenAPI', () => {
    it('given the document, then every sales-order write documents its body, success, errors and If-Match', async () => {
      const { paths } = (await t.app.inject({ method: 'GET', url: '/api/v3/openapi.json' })).json();
      const writes: [string, string, string][] = [
        ['/api/v3/sales-orders', 'post', '201'],
        ['/api/v3/sales-orders/{id}', 'patch', '200'],
        ['/api/v3/sales-orders/{id}', 'delete', '200'],
        ['/api/v3/sales-orders/{id}/fulfillments', 'post', '201'],
        ['/api/v3/sales-orders/{id}/fulfillments/{fulfillment_id}/ship', 'post', '200'],
        ['/api/v3/sales-orders/{id}/invoice', 'post', '201'],
        ['/api/v3/estimates/{id}/convert-to-sales-order', 'post', '201'],
      ];
      for (const [path, method, success] of writes) {
        const operation = paths[path]?.[method];
        expect({ path, method, documented: operation !== undefined }).toEqual({
          path,
          method,
          documented: true,
        });
        const statuses = Object.keys(operation.responses);
        expect({ path, method, statuses }).toEqual({
          path,
          method,
          statuses: expect.arrayContaining([success, '403', '409']),
        });
        if (method !== 'delete')
          expect({ path, body: operation.requestBody !== undefined }).toEqual({ path, body: true });
        const headers = (operation.parameters ?? [])
          .filter((p: Json) => p.in === 'header')
          .map((p: Json) => p.name);
        if (path !== '/api/v3/sales-orders')
          expect({ path, method, headers }).toEqual({
            path,
            method,
            headers: expect.arrayContaining(['If-Match']),
          });
      }
    });
  });

  describe('scopes', () => {
    it('a read-only key lists but cannot create, pack or delete: 403 insufficient_scope', async () => {
      const order = await create();
      const reader = await colleagueOf(t.app, shop, { scopes: ['sales_orders:read'] });
      await ok(call(reader)('GET', SALES_ORDERS));
      expectError(await call(reader)('POST', SALES_ORDERS, salesOrderBody(shop)), 403, 'insufficient_scope');
      expectError(
        await pack(order.id, [{ id: order.lines[0].id, quantity: 1 }], reader),
        403,
        'insufficient_scope',
      );
      expectError(await call(reader)('DELETE', url(order.id)), 403, 'insufficient_scope');
    });
  });
});
