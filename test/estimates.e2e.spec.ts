import { randomUUID } from 'node:crypto';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import {
  apiOf,
  CLERK,
  colleagueOf,
  createCustomer,
  createItem,
  ESTIMATE_SUMMARY_KEYS,
  ESTIMATES,
  estimateBody,
  expectError,
  expectMissing,
  Json,
  LINE_KEYS,
  NOBODY,
  ok,
  openShop,
  plusDays,
  REP,
  setAccountSettings,
  Shop,
  ShopOptions,
  sorted,
  todayIn,
  UUID,
} from './support/estimates';
import { Caller, CallerOptions, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('estimates e2e');

describe.each(testDatabases())('estimates API on $name', (target) => {
  let t: TestApp;
  /** The shared account; tests that count or list use a fresh one. */
  let shop: Shop;

  beforeAll(async () => {
    t = await startTestApp(target);
    shop = await openShop(t.app);
  });
  afterAll(() => t?.close());

  const call = (caller: Caller = shop.owner) => apiOf(t.app)(caller);
  const url = (id: string, suffix = '') => `${ESTIMATES}/${id}${suffix}`;
  const freshShop = (options: ShopOptions = {}) => openShop(t.app, options);
  const colleague = (options: CallerOptions = {}, s: Shop = shop) => colleagueOf(t.app, s, options);
  /** Creates as `caller` (the shop's owner by default): the shop's customer and two widgets, `over` on top. */
  const create = (over: Json = {}, s: Shop = shop, caller: Caller = s.owner) =>
    ok(call(caller)('POST', ESTIMATES, estimateBody(s, over)), 201);
  const listed = async (caller: Caller, query = ''): Promise<Json> =>
    ok(call(caller)('GET', `${ESTIMATES}${query}`));
  const numbers = async (caller: Caller, query = ''): Promise<number[]> =>
    (await listed(caller, query)).data.map((e: Json) => e.estimate_number);
  const eventTypes = async (caller: Caller, id: string): Promise<string[]> =>
    (await ok(call(caller)('GET', url(id, '/events')))).data.map((e: Json) => e.type);

  describe('create and retrieve', () => {
    it('creates an open estimate of the key’s user: 201, the detail with its lines, revision "0" as ETag', async () => {
      const s = await freshShop();
      const res = await call(s.owner)('POST', ESTIMATES, estimateBody(s));
      expect(res.statusCode).toBe(201);
      expect(res.headers.etag).toBe('"0"');
      const estimate = res.json();
      expect(sorted(Object.keys(estimate))).toEqual(
        sorted([...ESTIMATE_SUMMARY_KEYS, 'shipping_cost', 'lines']),
      );
      expect(estimate).toMatchObject({
        id: expect.stringMatching(UUID),
        object: 'estimate',
        estimate_number: 1,
        custom_estimate_number: null,
        name: null,
        customer_id: s.customer.id,
        customer_name: 'Acme Corp',
        customer_kind: 'customer',
        salesperson_id: s.owner.userId,
        status_id: 5,
        status: 'Open',
        date_sent: null,
        purchase_order_number: '',
        attention: null,
        shipping_address: null,
        public_note: null,
        payment_terms: null,
        subtotal: '25.0000',
        shipping_fee: '0.0000',
        shipping_cost: '0.0000',
        tax: '2.5000',
        tax_2: '0.5000',
        total: '28.0000',
        discount_percent: '0.000',
        pre_discount_subtotal: '25.0000',
        discount: '0.0000',
        can_edit: true,
        edit_block_reason: null,
        revision: '0',
        custom_field_values: [],
      });
      expect(new Date(estimate.created_at).toISOString()).toBe(estimate.created_at);
      expect(estimate.updated_at).toBe(estimate.created_at);
      expect(estimate.lines).toHaveLength(1);
      const [line] = estimate.lines;
      expect(sorted(Object.keys(line))).toEqual(sorted([...LINE_KEYS, 'unit_cost', 'total_cost']));
      expect(line).toMatchObject({
        id: expect.stringMatching(UUID),
        object: 'estimate_line',
        item_id: s.widget.id,
        item_variation_location_id: null,
        line_type: 'inventory',
        name: 'Widget',
        description: 'A small widget',
        quantity: 2,
        sku: 'W-1',
        variation_values: {},
        variation_number: null,
        location_name: null,
        thumbnail_url: null,
        position: 0,
        unit_price: '12.5000',
        unit_cost: '7.2500',
        total_cost: '14.5000',
        discount_percent: '0.000',
        tax_rate: '10.000',
        tax_2_rate: '2.000',
        discounted_unit_price: null,
        subtotal: '25.0000',
        tax: '2.5000',
        tax_2: '0.5000',
        total: '28.0000',
      });

      const fetched = await call(s.owner)('GET', url(estimate.id));
      expect(fetched.statusCode).toBe(200);
      expect(fetched.headers.etag).toBe('"0"');
      expect(fetched.json()).toEqual(estimate);
    });

    it('keeps every optional field given', async () => {
      const body = {
        name: 'Roof repair',
        custom_estimate_number: 'Q-2030-0007-ABCDEFGHIJKL', // 24 characters
        purchase_order_number: 'PO-99',
        attention: 'Jane Roe',
        shipping_address: '1 Main St\nSpringfield',
        public_note: 'Valid while stocks last',
        payment_terms: 'Net 45',
        issue_date: '2030-01-10',
        expiry_date: '2030-01-31',
        shipping_fee: 5,
        shipping_cost: 3.5,
      };
      const estimate = await create(body);
      expect(estimate).toMatchObject({
        ...body,
        shipping_fee: '5.0000',
        shipping_cost: '3.5000',
        subtotal: '25.0000',
        total: '33.0000',
      });
      expect((await ok(call()('GET', url(estimate.id)))).attention).toBe('Jane Roe');
    });

    it('defaults payment_terms to the account’s', async () => {
      const s = await freshShop({ settings: { default_payment_terms: 'Net 15' } });
      expect((await create({}, s)).payment_terms).toBe('Net 15');
    });

    it('refuses invalid values with 422 validation_failed naming the field', async () => {
      const lines = [{ item_id: shop.widget.id }];
      const cases: [Json, string][] = [
        [{ lines }, 'customer_id'],
        [{ customer_id: shop.customer.id }, 'lines'],
        [{ customer_id: shop.customer.id, lines: [] }, 'lines'],
        [estimateBody(shop, { custom_estimate_number: 'x'.repeat(25) }), 'custom_estimate_number'],
        [estimateBody(shop, { shipping_fee: -1 }), 'shipping_fee'],
        [estimateBody(shop, { shipping_fee: 1.00001 }), 'shipping_fee'],
        [estimateBody(shop, { shipping_cost: -0.5 }), 'shipping_cost'],
        [estimateBody(shop, { discount_percent: 100.5 }), 'discount_percent'],
        [estimateBody(shop, { discount_percent: -1 }), 'discount_percent'],
        [estimateBody(shop, { issue_date: '2030-02-31' }), 'issue_date'],
        [estimateBody(shop, { expiry_date: 'next week' }), 'expiry_date'],
      ];
      for (const [body, param] of cases) {
        expectError(await call()('POST', ESTIMATES, body), 422, 'validation_failed', param);
      }
    });
  });

  describe('numbers', () => {
    it('numbers estimates 1, 2, 3 per account; a refused create consumes none', async () => {
      const s = await freshShop();
      expect((await create({}, s)).estimate_number).toBe(1);
      expectError(await call(s.owner)('POST', ESTIMATES, { lines: [] }), 422, 'validation_failed');
      expectError(
        await call(s.owner)('POST', ESTIMATES, estimateBody(s, { estimate_number: 7 })),
        422,
        'unsupported_estimate_field',
        'estimate_number',
      );
      expectError(
        await call(s.owner)('POST', ESTIMATES, estimateBody(s, { lines: [{ item_id: NOBODY }] })),
        422,
        'validation_failed',
        'lines.0.item_id',
      );
      expect((await create({}, s)).estimate_number).toBe(2);
      expect((await create({}, s)).estimate_number).toBe(3);
      const other = await freshShop();
      expect((await create({}, other)).estimate_number).toBe(1);
    });

    it('gives concurrent creates distinct consecutive numbers', async () => {
      const s = await freshShop();
      const created = await Promise.all(Array.from({ length: 6 }, () => create({}, s)));
      expect(created.map((e) => e.estimate_number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    });
  });

  describe('dates', () => {
    it('defaults issue_date to today in the account’s time zone, expiry_date 30 days later', async () => {
      // 25 hours apart: at any moment at least one of them is not on UTC's day.
      for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        const s = await freshShop({ timezone });
        const before = todayIn(timezone);
        const estimate = await create({}, s);
        const after = todayIn(timezone);
        expect([before, after]).toContain(estimate.issue_date);
        expect(estimate.expiry_date).toBe(plusDays(estimate.issue_date, 30));
      }
    });

    it('dates the expiry by the account’s estimate_expiry_days, as it is at the time', async () => {
      expect((await create({ issue_date: '2030-01-10' })).expiry_date).toBe('2030-02-09');
      const s = await freshShop();
      await setAccountSettings(t.app, s.accountId, { estimate_expiry_days: 7 });
      expect((await create({ issue_date: '2030-01-10' }, s)).expiry_date).toBe('2030-01-17');
      await setAccountSettings(t.app, s.accountId, { estimate_expiry_days: 0 });
      expect((await create({ issue_date: '2030-01-10' }, s)).expiry_date).toBe('2030-01-10');
    });

    it('keeps explicit dates; an expiry before the issue date is 422', async () => {
      const same = await create({ issue_date: '2030-03-01', expiry_date: '2030-03-01' });
      expect(same).toMatchObject({ issue_date: '2030-03-01', expiry_date: '2030-03-01' });
      expectError(
        await call()(
          'POST',
          ESTIMATES,
          estimateBody(shop, { issue_date: '2030-03-01', expiry_date: '2030-02-28' }),
        ),
        422,
        'validation_failed',
        'expiry_date',
      );
      expectError(
        await call()('POST', ESTIMATES, estimateBody(shop, { expiry_date: '2001-01-01' })),
        422,
        'validation_failed',
        'expiry_date',
      );
    });

    it('PATCH keeps the expiry on or after the issue date and refuses a past expiry', async () => {
      const estimate = await create({ issue_date: '2030-03-01', expiry_date: '2030-04-01' });
      expectError(
        await call()('PATCH', url(estimate.id), { issue_date: '2030-05-01' }),
        422,
        'validation_failed',
      );
      expectError(
        await call()('PATCH', url(estimate.id), { expiry_date: '2030-02-01' }),
        422,
        'validation_failed',
        'expiry_date',
      );
      expectError(
        await call()('PATCH', url(estimate.id), { issue_date: '2000-01-01', expiry_date: '2000-01-31' }),
        422,
        'validation_failed',
        'expiry_date',
      );
      const moved = await ok(
        call()('PATCH', url(estimate.id), { issue_date: '2030-04-01', expiry_date: '2030-06-01' }),
      );
      expect(moved).toMatchObject({ issue_date: '2030-04-01', expiry_date: '2030-06-01', revision: '1' });
    });
  });

  describe('custom fields', () => {
    it('keeps custom_field_values in the order given; PATCH replaces them and a blank value removes one', async () => {
      const s = await freshShop();
      const [project, region] = [randomUUID(), randomUUID()];
      await setAccountSettings(t.app, s.accountId, {
        estimate_custom_fields: [
          { id: project, name: 'Project' },
          { id: region, name: 'Region' },
        ],
      });
      const estimate = await create(
        {
          custom_field_values: [
            { custom_field_id: region, value: 'North' },
            { custom_field_id: project, value: 'Apollo' },
          ],
        },
        s,
      );
      expect(estimate.custom_field_values).toEqual([
        { custom_field_id: region, value: 'North' },
        { custom_field_id: project, value: 'Apollo' },
      ]);
      const patched = await ok(
        call(s.owner)('PATCH', url(estimate.id), {
          custom_field_values: [
            { custom_field_id: project, value: 'Gemini' },
            { custom_field_id: region, value: '' },
          ],
        }),
      );
      expect(patched.custom_field_values).toEqual([{ custom_field_id: project, value: 'Gemini' }]);
      expect((await ok(call(s.owner)('GET', url(estimate.id)))).custom_field_values).toEqual([
        { custom_field_id: project, value: 'Gemini' },
      ]);
    });

    it('refuses an id that is none of the account’s estimate fields: 422', async () => {
      const s = await freshShop();
      const project = randomUUID();
      await setAccountSettings(t.app, s.accountId, {
        estimate_custom_fields: [{ id: project, name: 'Project' }],
      });
      for (const id of [randomUUID(), 'nope']) {
        const res = await call(s.owner)(
          'POST',
          ESTIMATES,
          estimateBody(s, { custom_field_values: [{ custom_field_id: id, value: 'x' }] }),
        );
        expectError(res, 422, 'validation_failed');
        expect(res.json().error.param).toMatch(/^custom_field_values/);
      }
      // Another account's field is not this account's either.
      const res = await call()(
        'POST',
        ESTIMATES,
        estimateBody(shop, { custom_field_values: [{ custom_field_id: project, value: 'x' }] }),
      );
      expectError(res, 422, 'validation_failed');
    });
  });

  describe('unsupported fields', () => {
    const PROTECTED = [
      'estimate_number',
      'status_id',
      'status',
      'salesperson_id',
      'account_id',
      'subtotal',
      'total',
      'tax',
      'created_at',
      'updated_at',
      'revision',
      'id',
      'foo',
    ];

    it.each(PROTECTED)(
      'refuses %s on create, PATCH and preview: 422 unsupported_estimate_field',
      async (field) => {
        const estimate = await create();
        const body = { [field]: field.endsWith('_at') ? '2030-01-01T00:00:00Z' : 1 };
        const tries = [
          call()('POST', ESTIMATES, estimateBody(shop, body)),
          call()('POST', `${ESTIMATES}/preview`, estimateBody(shop, body)),
          call()('PATCH', url(estimate.id), body),
          call()('POST', url(estimate.id, '/preview'), body, { 'if-match': '"0"' }),
        ];
        for (const res of await Promise.all(tries))
          expectError(res, 422, 'unsupported_estimate_field', field);
        expect(await ok(call()('GET', url(estimate.id)))).toEqual(estimate);
      },
    );

    it('refuses a field a line does not take, naming the line', async () => {
      const estimate = await create();
      for (const field of ['foo', 'discount_percent', 'unit_cost', 'subtotal', 'line_type', 'position']) {
        const lines = [{ item_id: shop.widget.id }, { name: 'Setup', unit_price: 1, [field]: 1 }];
        expectError(
          await call()('POST', ESTIMATES, estimateBody(shop, { lines })),
          422,
          'unsupported_estimate_field',
          `lines.1.${field}`,
        );
        expectError(
          await call()('PATCH', url(estimate.id), { lines }),
          422,
          'unsupported_estimate_field',
          `lines.1.${field}`,
        );
      }
    });
  });

  describe('customers', () => {
    it('takes a prospect, which stays a prospect', async () => {
      const prospect = await createCustomer(t.app, shop, { name: 'Initech', kind: 'prospect' });
      const estimate = await create({ customer_id: prospect.id });
      expect(estimate).toMatchObject({
        customer_id: prospect.id,
        customer_name: 'Initech',
        customer_kind: 'prospect',
      });
      expect((await ok(call()('GET', `/api/v3/customers/${prospect.id}`))).kind).toBe('prospect');
    });

    it('refuses a supplier, an archived customer, another account’s and an unknown one: 422 customer_id', async () => {
      const supplier = await ok(call()('POST', '/api/v3/suppliers', { name: 'Parts Inc' }), 201);
      const archived = await createCustomer(t.app, shop, { name: 'Gone' });
      await ok(call()('POST', `/api/v3/customers/${archived.id}/archive`));
      const foreign = (await freshShop()).customer;
      for (const id of [supplier.id, archived.id, foreign.id, NOBODY, 'nope', 42]) {
        expectError(
          await call()('POST', ESTIMATES, estimateBody(shop, { customer_id: id })),
          422,
          'validation_failed',
          'customer_id',
        );
      }
      const estimate = await create();
      expectError(
        await call()('PATCH', url(estimate.id), {
          customer_id: archived.id,
          lines: [{ id: estimate.lines[0].id }],
        }),
        422,
        'validation_failed',
        'customer_id',
      );
    });

    it('lets a user without account_records.view_all name only customers assigned to them', async () => {
      const rep = await colleague({ permissions: REP });
      const theirs = await createCustomer(t.app, shop, {
        name: 'Rep’s customer',
        assigned_user_id: rep.userId,
      });
      expectError(
        await call(rep)('POST', ESTIMATES, estimateBody(shop)),
        422,
        'validation_failed',
        'customer_id',
      );
      const estimate = await create({ customer_id: theirs.id }, shop, rep);
      expect(estimate).toMatchObject({ customer_id: theirs.id, salesperson_id: rep.userId });
      expectError(
        await call(rep)('PATCH', url(estimate.id), {
          customer_id: shop.customer.id,
          lines: [{ id: estimate.lines[0].id }],
        }),
        422,
        'validation_failed',
        'customer_id',
      );
    });
  });

  describe('update', () => {
    it('PATCH changes the given fields, recalculates, and answers the detail with the next revision', async () => {
      const estimate = await create();
      const res = await call()('PATCH', url(estimate.id), {
        name: 'Renamed',
        attention: 'Bob',
        shipping_fee: 4,
        discount_percent: 10,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe('"1"');
      const patched = res.json();
      expect(patched).toMatchObject({
        id: estimate.id,
        estimate_number: estimate.estimate_number,
        name: 'Renamed',
        attention: 'Bob',
        shipping_fee: '4.0000',
        discount_percent: '10.000',
        pre_discount_subtotal: '25.0000',
        discount: '-2.5000',
        subtotal: '22.5000',
        tax: '2.2500',
        tax_2: '0.4500',
        total: '29.2000',
        revision: '1',
        created_at: estimate.created_at,
      });
      // Omitted lines are kept; the discount is a generated line after them.
      expect(patched.lines.map((l: Json) => [l.id, l.line_type, l.position])).toEqual([
        [estimate.lines[0].id, 'inventory', 0],
        [expect.stringMatching(UUID), 'discount', 1],
      ]);
      expect(patched.updated_at >= estimate.updated_at).toBe(true);
      expect(await ok(call()('GET', url(estimate.id)))).toEqual(patched);
    });

    it('If-Match: the current revision, quoted or not, applies; a stale one is 409 and changes nothing', async () => {
      const estimate = await create();
      expect(
        (await ok(call()('PATCH', url(estimate.id), { name: 'A' }, { 'if-match': '"0"' }))).revision,
      ).toBe('1');
      expect((await ok(call()('PATCH', url(estimate.id), { name: 'B' }, { 'if-match': '1' }))).revision).toBe(
        '2',
      );
      expectError(
        await call()('PATCH', url(estimate.id), { name: 'C' }, { 'if-match': '"1"' }),
        409,
        'mobile_mutation_conflict',
      );
      expect(await ok(call()('GET', url(estimate.id)))).toMatchObject({ name: 'B', revision: '2' });
    });

    it('a customer change needs the lines (422 lines); kept lines then take the new customer’s rates', async () => {
      const globex = await createCustomer(t.app, shop, { name: 'Globex', tax_rate: 5 });
      const estimate = await create();
      expectError(
        await call()('PATCH', url(estimate.id), { customer_id: globex.id }),
        422,
        'validation_failed',
        'lines',
      );
      const moved = await ok(
        call()('PATCH', url(estimate.id), { customer_id: globex.id, lines: [{ id: estimate.lines[0].id }] }),
      );
      expect(moved).toMatchObject({
        customer_id: globex.id,
        customer_name: 'Globex',
        tax: '1.2500',
        tax_2: '0.0000',
      });
      expect(moved.lines[0]).toMatchObject({
        id: estimate.lines[0].id,
        tax_rate: '5.000',
        tax_2_rate: '0.000',
      });
      // Naming the current customer is no change: no lines needed.
      expect(
        (await call()('PATCH', url(estimate.id), { customer_id: globex.id, name: 'Same' })).statusCode,
      ).toBe(200);
    });
  });

  describe('decline', () => {
    it('declines with {}: 200 detail with status 7 Declined; a repeat answers the same and appends nothing', async () => {
      const estimate = await create();
      const res = await call()('POST', url(estimate.id, '/decline'), {});
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe('"1"');
      const declined = res.json();
      expect(declined).toMatchObject({
        id: estimate.id,
        status_id: 7,
        status: 'Declined',
        revision: '1',
        can_edit: false,
        edit_block_reason: 'estimate_not_open',
        lines: estimate.lines,
        total: estimate.total,
      });
      const again = await call()('POST', url(estimate.id, '/decline'), {});
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(declined);
      expect(await ok(call()('GET', url(estimate.id)))).toEqual(declined);
      expect(await eventTypes(shop.owner, estimate.id)).toEqual(['EstimateCreated', 'EstimateDeclined']);
    });

    it('protects a declined estimate: update and preview 409 estimate_update_not_allowed, delete 409 estimate_delete_not_allowed', async () => {
      const estimate = await create();
      const declined = await ok(call()('POST', url(estimate.id, '/decline'), {}));
      expectError(
        await call()('PATCH', url(estimate.id), { name: 'Late' }),
        409,
        'estimate_update_not_allowed',
      );
      expectError(
        await call()('POST', url(estimate.id, '/preview'), { name: 'Late' }, { 'if-match': '"1"' }),
        409,
        'estimate_update_not_allowed',
      );
      expectError(await call()('DELETE', url(estimate.id)), 409, 'estimate_delete_not_allowed');
      expect(await ok(call()('GET', url(estimate.id)))).toEqual(declined);
    });
  });

  describe('delete', () => {
    it('deletes an open estimate: 200 {id, object, deleted}; then 404 everywhere and gone from the list', async () => {
      const s = await freshShop();
      const estimate = await create({}, s);
      const res = await call(s.owner)('DELETE', url(estimate.id));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: estimate.id, object: 'estimate', deleted: true });
      const ifMatch = { 'if-match': '"1"' };
      expectMissing(await call(s.owner)('GET', url(estimate.id)));
      expectMissing(await call(s.owner)('PATCH', url(estimate.id), { name: 'X' }));
      expectMissing(await call(s.owner)('POST', url(estimate.id, '/decline'), {}));
      expectMissing(await call(s.owner)('POST', url(estimate.id, '/preview'), { name: 'X' }, ifMatch));
      expectMissing(await call(s.owner)('DELETE', url(estimate.id)));
      expect(await listed(s.owner)).toMatchObject({ data: [], pagination: { total_records: 0 } });
    });
  });

  describe('list', () => {
    /** #1 Acme "Roof repair" Q-ALPHA, #2 Globex "Garden", #3 Acme "Fence" Q-BETA (declined). */
    let l: { shop: Shop; globex: Json; estimates: Json[] };

    beforeAll(async () => {
      const s = await freshShop();
      const globex = await createCustomer(t.app, s, { name: 'Globex' });
      const estimates = [
        await create(
          {
            name: 'Roof repair',
            custom_estimate_number: 'Q-ALPHA',
            issue_date: '2030-01-10',
            expiry_date: '2030-01-20',
          },
          s,
        ),
        await create(
          { customer_id: globex.id, name: 'Garden', issue_date: '2030-02-01', expiry_date: '2030-03-01' },
          s,
        ),
        await create(
          {
            name: 'Fence',
            custom_estimate_number: 'Q-BETA',
            issue_date: '2030-03-15',
            expiry_date: '2030-04-15',
          },
          s,
        ),
      ];
      estimates[2] = await ok(call(s.owner)('POST', url(estimates[2].id, '/decline'), {}));
      l = { shop: s, globex, estimates };
    });

    it('lists compact estimates by number, newest first, in the list envelope', async () => {
      const list = await listed(l.shop.owner);
      expect(list).toMatchObject({
        object: 'list',
        url: ESTIMATES,
        has_more: false,
        pagination: { page: 1, per_page: 20, total_pages: 1, total_records: 3 },
      });
      expect(list.data.map((e: Json) => e.estimate_number)).toEqual([3, 2, 1]);
      const { lines, ...compact } = l.estimates[1];
      expect(lines).toHaveLength(1);
      expect(sorted(Object.keys(list.data[1]))).toEqual(sorted([...ESTIMATE_SUMMARY_KEYS, 'shipping_cost']));
      expect(list.data[1]).toEqual(compact);
      expect(list.data[0]).toMatchObject({
        status_id: 7,
        can_edit: false,
        edit_block_reason: 'estimate_not_open',
      });
    });

    it('pages: page and limit, has_more, totals unless include_total=false', async () => {
      const owner = l.shop.owner;
      expect(await listed(owner, '?limit=2')).toMatchObject({
        has_more: true,
        pagination: { page: 1, per_page: 2, total_pages: 2, total_records: 3 },
      });
      expect(await numbers(owner, '?limit=2')).toEqual([3, 2]);
      expect(await numbers(owner, '?limit=2&page=2')).toEqual([1]);
      expect((await listed(owner, '?limit=2&page=2')).has_more).toBe(false);
      expect((await listed(owner, '?limit=2&page=0')).pagination.page).toBe(1);
      expect((await listed(owner, '?limit=500')).pagination.per_page).toBe(100);
      const untotalled = await listed(owner, '?limit=2&include_total=false');
      expect(untotalled.has_more).toBe(true);
      expect(untotalled.pagination).toEqual({ page: 1, per_page: 2 });
    });

    it.each([
      ['q=acme', [3, 1]],
      ['q=ACME%20corp', [3, 1]],
      ['q=beta', [3]],
      ['q=Q-', [3, 1]],
      ['q=gard', [2]],
      ['q=2', [2]],
      ['q=zzz', []],
      ['status_id=7', [3]],
      ['status_id=5', [2, 1]],
      ['issue_date_from=2030-02-01', [3, 2]],
      ['issue_date_to=2030-02-01', [2, 1]],
      ['issue_date_from=2030-02-01&issue_date_to=2030-02-01', [2]],
      ['expiry_date_from=2030-03-01', [3, 2]],
      ['expiry_date_to=2030-03-01', [2, 1]],
      ['expiry_date_from=2030-01-21&expiry_date_to=2030-04-14', [2]],
    ])('filters by %s', async (query, expected) => {
      const list = await listed(l.shop.owner, `?${query}`);
      expect(list.data.map((e: Json) => e.estimate_number)).toEqual(expected);
      expect(list.pagination.total_records).toBe(expected.length);
    });

    it('filters by customer_id, also with other filters', async () => {
      const acme = l.shop.customer.id;
      expect(await numbers(l.shop.owner, `?customer_id=${acme}`)).toEqual([3, 1]);
      expect(await numbers(l.shop.owner, `?customer_id=${l.globex.id}`)).toEqual([2]);
      expect(await numbers(l.shop.owner, `?customer_id=${acme}&status_id=5`)).toEqual([1]);
      expect(await numbers(l.shop.owner, `?customer_id=${NOBODY}`)).toEqual([]);
    });

    it.each([
      ['status_id=open', 'status_id'],
      ['status_id=5.5', 'status_id'],
      ['customer_id=nope', 'customer_id'],
      ['issue_date_from=2030-02-30', 'issue_date_from'],
      ['issue_date_to=tomorrow', 'issue_date_to'],
      ['expiry_date_from=2030-1-1', 'expiry_date_from'],
      ['expiry_date_to=x', 'expiry_date_to'],
      ['limit=ten', 'limit'],
      ['include_total=maybe', 'include_total'],
      ['foo=1', 'foo'],
      ['q=a&q=b', 'q'],
    ])('refuses %s: 422 invalid_query_parameter naming it', async (query, param) => {
      expectError(
        await call(l.shop.owner)('GET', `${ESTIMATES}?${query}`),
        422,
        'invalid_query_parameter',
        param,
      );
    });
  });

  describe('visibility', () => {
    it('answers 404 resource_missing for another account’s estimate, an absent id and a malformed one', async () => {
      const estimate = await create();
      const stranger = await createCaller(t.app);
      const ifMatch = { 'if-match': '"0"' };
      const tries = (caller: Caller, id: string) => [
        call(caller)('GET', url(id)),
        call(caller)('PATCH', url(id), { name: 'X' }),
        call(caller)('POST', url(id, '/decline'), {}),
        call(caller)('POST', url(id, '/preview'), { name: 'X' }, ifMatch),
        call(caller)('GET', url(id, '/events')),
        call(caller)('GET', `${url(id)}?as_of_revision=0`),
        call(caller)('DELETE', url(id)),
      ];
      for (const [caller, id] of [
        [stranger, estimate.id],
        [shop.owner, NOBODY],
        [shop.owner, 'nope'],
        [shop.owner, `${estimate.id}x`],
      ] as const) {
        for (const res of await Promise.all(tries(caller, id))) expectMissing(res);
      }
      expect((await listed(stranger)).data).toEqual([]);
      expect(await ok(call()('GET', url(estimate.id)))).toEqual(estimate);
    });

    it('shows a user without estimates.view_all only the estimates they are the salesperson of', async () => {
      const s = await freshShop();
      const rep = await colleague({ permissions: REP }, s);
      const theirs = await createCustomer(t.app, s, { name: 'Rep’s customer', assigned_user_id: rep.userId });
      const own = await create({ customer_id: theirs.id }, s, rep);
      const others = await create({ customer_id: theirs.id }, s);
      expect(await numbers(rep)).toEqual([own.estimate_number]);
      expect((await listed(rep)).pagination.total_records).toBe(1);
      expect(await ok(call(rep)('GET', url(own.id)))).toMatchObject({ id: own.id, can_edit: true });
      for (const res of await Promise.all([
        call(rep)('GET', url(others.id)),
        call(rep)('PATCH', url(others.id), { name: 'X' }),
        call(rep)('POST', url(others.id, '/decline'), {}),
        call(rep)('POST', url(others.id, '/preview'), { name: 'X' }, { 'if-match': '"0"' }),
      ])) {
        expectMissing(res);
      }
      const manager = await colleague(
        { permissions: { 'estimates.list': true, 'estimates.view_all': true } },
        s,
      );
      expect(await numbers(manager)).toEqual([2, 1]);
      expect(await numbers(s.owner)).toEqual([2, 1]);
    });
  });

  describe('permissions and scopes', () => {
    it('needs estimates.list to read, estimates.modify to write and preview, both to decline, estimates.delete to delete', async () => {
      const estimate = await create();
      const ifMatch = { 'if-match': '"0"' };
      const lister = await colleague({ permissions: { 'estimates.list': true, 'estimates.view_all': true } });
      expect((await listed(lister)).data.length).toBeGreaterThan(0);
      expect((await ok(call(lister)('GET', url(estimate.id)))).id).toBe(estimate.id);
      for (const res of await Promise.all([
        call(lister)('POST', ESTIMATES, estimateBody(shop)),
        call(lister)('POST', `${ESTIMATES}/preview`, estimateBody(shop)),
        call(lister)('PATCH', url(estimate.id), { name: 'X' }),
        call(lister)('POST', url(estimate.id, '/preview'), { name: 'X' }, ifMatch),
        call(lister)('POST', url(estimate.id, '/decline'), {}),
        call(lister)('DELETE', url(estimate.id)),
      ])) {
        expectError(res, 403, 'permission_denied');
      }

      const modifier = await colleague({
        permissions: {
          'estimates.modify': true,
          'estimates.view_all': true,
          'account_records.view_all': true,
        },
      });
      for (const res of await Promise.all([
        call(modifier)('GET', ESTIMATES),
        call(modifier)('GET', url(estimate.id)),
        call(modifier)('POST', url(estimate.id, '/decline'), {}),
      ])) {
        expectError(res, 403, 'permission_denied');
      }
      expect((await call(modifier)('POST', ESTIMATES, estimateBody(shop))).statusCode).toBe(201);

      const editor = await colleague({ permissions: { ...CLERK, 'estimates.delete': false } });
      expectError(await call(editor)('DELETE', url(estimate.id)), 403, 'permission_denied');
      expect((await ok(call(editor)('PATCH', url(estimate.id), { name: 'Edited' }))).revision).toBe('1');
      const deleter = await colleague({
        permissions: { 'estimates.list': true, 'estimates.view_all': true, 'estimates.delete': true },
      });
      expect((await call(deleter)('DELETE', url(estimate.id))).statusCode).toBe(200);

      const other = await create();
      expect((await ok(call(editor)('POST', url(other.id, '/decline'), {}))).status_id).toBe(7);
    });

    it('shows can_edit false with permission_denied to a user who may not modify, estimate_not_open once declined', async () => {
      const estimate = await create();
      const lister = await colleague({ permissions: { 'estimates.list': true, 'estimates.view_all': true } });
      const seen = await ok(call(lister)('GET', url(estimate.id)));
      expect(seen).toMatchObject({ can_edit: false, edit_block_reason: 'permission_denied' });
      const entry = (await listed(lister)).data.find((e: Json) => e.id === estimate.id);
      expect(entry).toMatchObject({ can_edit: false, edit_block_reason: 'permission_denied' });
      expect(await ok(call()('GET', url(estimate.id)))).toMatchObject({
        can_edit: true,
        edit_block_reason: null,
      });
      await ok(call()('POST', url(estimate.id, '/decline'), {}));
      expect(await ok(call()('GET', url(estimate.id)))).toMatchObject({
        can_edit: false,
        edit_block_reason: 'estimate_not_open',
      });
    });

    it('demands the endpoint’s scope: read, write (also previews), decline, delete', async () => {
      const estimate = await create();
      const ifMatch = { 'if-match': '"0"' };
      const reader = await colleague({ scopes: ['estimates:read'] });
      const writer = await colleague({ scopes: ['estimates:write'] });
      for (const res of await Promise.all([
        call(reader)('POST', ESTIMATES, estimateBody(shop)),
        call(reader)('POST', `${ESTIMATES}/preview`, estimateBody(shop)),
        call(reader)('PATCH', url(estimate.id), { name: 'X' }),
        call(reader)('POST', url(estimate.id, '/preview'), { name: 'X' }, ifMatch),
        call(reader)('POST', url(estimate.id, '/decline'), {}),
        call(reader)('DELETE', url(estimate.id)),
        call(writer)('GET', ESTIMATES),
        call(writer)('GET', url(estimate.id)),
        call(writer)('POST', url(estimate.id, '/decline'), {}),
        call(writer)('DELETE', url(estimate.id)),
        call(await colleague({ scopes: ['items:read', 'customers:read'] }))('GET', ESTIMATES),
      ])) {
        expectError(res, 403, 'insufficient_scope');
      }
      expect((await call(reader)('GET', url(estimate.id))).statusCode).toBe(200);
      expect((await call(writer)('POST', ESTIMATES, estimateBody(shop))).statusCode).toBe(201);
      expect((await call(writer)('POST', `${ESTIMATES}/preview`, estimateBody(shop))).statusCode).toBe(200);
      expect(
        (await call(writer)('POST', url(estimate.id, '/preview'), { name: 'X' }, ifMatch)).statusCode,
      ).toBe(200);
      expect((await call(writer)('PATCH', url(estimate.id), { name: 'X' })).statusCode).toBe(200);
      const decliner = await colleague({ scopes: ['estimates:decline'] });
      expect((await call(decliner)('POST', url(estimate.id, '/decline'), {})).statusCode).toBe(200);
      const other = await create();
      const deleter = await colleague({ scopes: ['estimates:delete'] });
      expect((await call(deleter)('DELETE', url(other.id))).statusCode).toBe(200);
    });

    it('demands a valid key', async () => {
      const res = await t.app.inject({ method: 'GET', url: ESTIMATES });
      expectError(res, 401, 'authentication_required');
    });
  });

  describe('unit costs', () => {
    it('are left out without unit_cost.view: shipping_cost on the estimate, unit_cost and total_cost on lines', async () => {
      const clerk = await colleague({ permissions: CLERK });
      const estimate = await create({ shipping_cost: 3 });
      const seen = await ok(call(clerk)('GET', url(estimate.id)));
      expect(sorted(Object.keys(seen))).toEqual(sorted([...ESTIMATE_SUMMARY_KEYS, 'lines']));
      expect(sorted(Object.keys(seen.lines[0]))).toEqual(sorted(LINE_KEYS));
      const entry = (await listed(clerk)).data.find((e: Json) => e.id === estimate.id);
      expect(entry).not.toHaveProperty('shipping_cost');
      const own = await create({}, shop, clerk);
      expect(own).not.toHaveProperty('shipping_cost');
      expect(own.lines[0]).not.toHaveProperty('unit_cost');
      expect(own.lines[0]).not.toHaveProperty('total_cost');
      const preview = await ok(call(clerk)('POST', `${ESTIMATES}/preview`, estimateBody(shop)));
      expect(preview.estimate).not.toHaveProperty('shipping_cost');
      expect(preview.estimate.lines[0]).not.toHaveProperty('unit_cost');
      // What the clerk cannot see stays as it was when they edit.
      await ok(
        call(clerk)('PATCH', url(estimate.id), {
          name: 'Clerk was here',
          lines: [{ id: estimate.lines[0].id, quantity: 3 }],
        }),
      );
      expect(await ok(call()('GET', url(estimate.id)))).toMatchObject({
        shipping_cost: '3.0000',
        lines: [expect.objectContaining({ unit_cost: '7.2500', total_cost: '21.7500' })],
      });
    });

    it('setting shipping_cost without unit_cost.view is 403 permission_denied', async () => {
      const clerk = await colleague({ permissions: CLERK });
      const estimate = await create();
      for (const res of await Promise.all([
        call(clerk)('POST', ESTIMATES, estimateBody(shop, { shipping_cost: 1 })),
        call(clerk)('POST', `${ESTIMATES}/preview`, estimateBody(shop, { shipping_cost: 1 })),
        call(clerk)('PATCH', url(estimate.id), { shipping_cost: 1 }),
        call(clerk)('POST', url(estimate.id, '/preview'), { shipping_cost: 1 }, { 'if-match': '"0"' }),
      ])) {
        expectError(res, 403, 'permission_denied');
      }
      expect((await ok(call()('GET', url(estimate.id)))).revision).toBe('0');
    });
  });

  describe('preview', () => {
    /** What a save assigns (id, number, revision, line ids, timestamps) left out. */
    const ASSIGNED = ['id', 'estimate_number', 'revision', 'created_at', 'updated_at'];
    const calculated = (estimate: Json) => ({
      ...Object.fromEntries(Object.entries(estimate).filter(([key]) => !ASSIGNED.includes(key))),
      lines: estimate.lines.map((line: Json) => ({ ...line, id: undefined })),
    });

    it('previews a new estimate: 200 estimate_preview, nulls for what a save assigns, nothing numbered or stored', async () => {
      const s = await freshShop();
      await create({}, s);
      const body = estimateBody(s, {
        name: 'Preview',
        lines: [
          { item_id: s.widget.id, quantity: 2 },
          { name: 'Setup', unit_price: 10 },
        ],
      });
      const res = await call(s.owner)('POST', `${ESTIMATES}/preview`, body);
      expect(res.statusCode).toBe(200);
      const preview = res.json();
      expect(preview).toEqual({
        object: 'estimate_preview',
        estimate: expect.any(Object),
        errors: [],
        warnings: expect.any(Array),
      });
      expect(preview.estimate).toMatchObject({
        object: 'estimate',
        id: null,
        estimate_number: null,
        revision: null,
        status_id: 5,
        name: 'Preview',
        customer_id: s.customer.id,
        salesperson_id: s.owner.userId,
        subtotal: '35.0000',
        tax: '3.5000',
        tax_2: '0.7000',
        total: '39.2000',
      });
      expect(preview.estimate.lines.map((l: Json) => [l.id, l.position, l.subtotal])).toEqual([
        [null, 0, '25.0000'],
        [null, 1, '10.0000'],
      ]);
      // Nothing was kept: the list is as it was and the next create takes the next number.
      expect((await listed(s.owner)).pagination.total_records).toBe(1);
      const created = await ok(call(s.owner)('POST', ESTIMATES, body), 201);
      expect(created.estimate_number).toBe(2);
      expect(calculated(preview.estimate)).toEqual(calculated(created));
    });

    it('refuses an invalid new estimate as create does, and consumes no number', async () => {
      const s = await freshShop();
      const preview = (body: Json) => call(s.owner)('POST', `${ESTIMATES}/preview`, body);
      expectError(
        await preview({ lines: [{ item_id: s.widget.id }] }),
        422,
        'validation_failed',
        'customer_id',
      );
      expectError(
        await preview(estimateBody(s, { lines: [{ name: 'No price' }] })),
        422,
        'validation_failed',
        'lines.0.unit_price',
      );
      expectError(
        await preview(estimateBody(s, { expiry_date: '2001-01-01' })),
        422,
        'validation_failed',
        'expiry_date',
      );
      expectError(await preview(estimateBody(s, { total: 1 })), 422, 'unsupported_estimate_field', 'total');
      expect((await create({}, s)).estimate_number).toBe(1);
    });

    it('previews changes to an estimate: kept lines keep their ids, new ones are null; nothing is stored or published', async () => {
      const estimate = await create();
      const body = {
        name: 'Draft',
        lines: [
          { id: estimate.lines[0].id, quantity: 4 },
          { name: 'Delivery', unit_price: 15 },
        ],
      };
      const res = await call()('POST', url(estimate.id, '/preview'), body, { 'if-match': '"0"' });
      expect(res.statusCode).toBe(200);
      const preview = res.json();
      expect(preview).toMatchObject({ object: 'estimate_preview', errors: [], warnings: expect.any(Array) });
      expect(preview.estimate).toMatchObject({
        id: estimate.id,
        estimate_number: estimate.estimate_number,
        revision: null,
        name: 'Draft',
        subtotal: '65.0000',
      });
      expect(preview.estimate.lines.map((l: Json) => [l.id, l.quantity])).toEqual([
        [estimate.lines[0].id, 4],
        [null, 1],
      ]);
      expect(await ok(call()('GET', url(estimate.id)))).toEqual(estimate);
      expect(await eventTypes(shop.owner, estimate.id)).toEqual(['EstimateCreated']);
      const patched = await ok(call()('PATCH', url(estimate.id), body));
      expect(calculated(preview.estimate)).toEqual(calculated(patched));
    });

    it('needs If-Match on an estimate: 428 estimate_revision_required without, 409 when stale', async () => {
      const estimate = await create();
      await ok(call()('PATCH', url(estimate.id), { name: 'Moved on' }));
      const preview = (headers: Record<string, string>, body: Json = { name: 'X' }) =>
        call()('POST', url(estimate.id, '/preview'), body, headers);
      expectError(await preview({}), 428, 'estimate_revision_required');
      expectError(await preview({ 'if-match': '"0"' }), 409, 'mobile_mutation_conflict');
      expect((await ok(preview({ 'if-match': '"1"' }))).estimate.name).toBe('X');
      expect((await ok(preview({ 'if-match': '1' }))).estimate.name).toBe('X');
      // An id in upper case names the same estimate, as for the other estimate endpoints.
      const upper = call()(
        'POST',
        url(estimate.id.toUpperCase(), '/preview'),
        { name: 'Y' },
        { 'if-match': '1' },
      );
      expect((await ok(upper)).estimate.id).toBe(estimate.id);
      expectError(
        await preview({ 'if-match': '1' }, { customer_id: NOBODY }),
        422,
        'validation_failed',
        'customer_id',
      );
      expectError(await preview({ 'if-match': '1' }, { lines: [] }), 422, 'validation_failed', 'lines');
      expect((await ok(call()('GET', url(estimate.id)))).revision).toBe('1');
    });
  });

  describe('history', () => {
    it('lists the estimate’s events oldest first and answers it as of a revision', async () => {
      const estimate = await create();
      const renamed = await ok(call()('PATCH', url(estimate.id), { name: 'Second' }));
      await ok(call()('POST', url(estimate.id, '/decline'), {}));
      const events = await ok(call()('GET', url(estimate.id, '/events')));
      expect(events).toMatchObject({ object: 'list', url: url(estimate.id, '/events'), has_more: false });
      expect(events.data.map((e: Json) => [e.type, e.revision])).toEqual([
        ['EstimateCreated', 0],
        ['EstimateUpdated', 1],
        ['EstimateDeclined', 2],
      ]);
      expect(events.data[0]).toMatchObject({
        object: 'event',
        stream: expect.stringContaining(estimate.id),
        data: { estimate_number: estimate.estimate_number, customer_id: shop.customer.id },
        metadata: { account_id: shop.accountId, user_id: shop.owner.userId },
      });
      const first = await call()('GET', `${url(estimate.id)}?as_of_revision=0`);
      expect(first.statusCode).toBe(200);
      expect(first.headers.etag).toBe('"0"');
      expect(first.json()).toEqual(estimate);
      expect(await ok(call()('GET', `${url(estimate.id)}?as_of_revision=1`))).toEqual(renamed);
      expectMissing(await call()('GET', `${url(estimate.id)}?as_of_revision=3`));
    });

    it('needs estimates:read and audit:read', async () => {
      const estimate = await create();
      for (const scopes of [['estimates:read'], ['audit:read']]) {
        const caller = await colleague({ scopes });
        expectError(await call(caller)('GET', url(estimate.id, '/events')), 403, 'insufficient_scope');
        expectError(
          await call(caller)('GET', `${url(estimate.id)}?as_of_revision=0`),
          403,
          'insufficient_scope',
        );
      }
      const auditor = await colleague({ scopes: ['estimates:read', 'audit:read'] });
      expect((await call(auditor)('GET', url(estimate.id, '/events'))).statusCode).toBe(200);
    });

    it('keeps the history of a deleted estimate', async () => {
      const estimate = await create();
      await ok(call()('DELETE', url(estimate.id)));
      expectMissing(await call()('GET', url(estimate.id)));
      expect(await eventTypes(shop.owner, estimate.id)).toEqual(['EstimateCreated', 'EstimateDeleted']);
    });

    it('leaves unit costs out of events and past views without unit_cost.view', async () => {
      const estimate = await create({ shipping_cost: 3 });
      await ok(
        call()('PATCH', url(estimate.id), {
          shipping_cost: 4,
          lines: [{ id: estimate.lines[0].id, quantity: 3 }],
        }),
      );
      const owned = JSON.stringify(await ok(call()('GET', url(estimate.id, '/events'))));
      expect(owned).toContain('shipping_cost');
      expect(owned).toContain('unit_cost');
      const auditor = await colleague({ permissions: CLERK });
      const redacted = JSON.stringify(await ok(call(auditor)('GET', url(estimate.id, '/events'))));
      expect(redacted).toContain('EstimateUpdated');
      expect(redacted).not.toMatch(/shipping_cost|unit_cost|total_cost/);
      const past = await ok(call(auditor)('GET', `${url(estimate.id)}?as_of_revision=0`));
      expect(past).not.toHaveProperty('shipping_cost');
      expect(past.lines[0]).not.toHaveProperty('unit_cost');
      expect(past.lines[0]).not.toHaveProperty('total_cost');
    });
  });

  describe('idempotency', () => {
    it('replays a create with the same Idempotency-Key: the same 201 with Idempotent-Replayed, one estimate', async () => {
      const s = await freshShop();
      const key = { 'idempotency-key': randomUUID() };
      const first = await call(s.owner)('POST', ESTIMATES, estimateBody(s), key);
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await call(s.owner)('POST', ESTIMATES, estimateBody(s), key);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expectError(
        await call(s.owner)('POST', ESTIMATES, estimateBody(s, { name: 'Different' }), key),
        409,
        'idempotency_key_reused',
      );
      expect((await listed(s.owner)).pagination.total_records).toBe(1);
      expect((await create({}, s)).estimate_number).toBe(2);
    });
  });

  describe('what estimates count and hold', () => {
    it('count toward the account record limit; a deleted one makes room and a refusal consumes no number', async () => {
      const s = await freshShop({ settings: { record_limit: 3 } }); // its customer and item are two
      const first = await create({}, s);
      expectError(
        await call(s.owner)('POST', ESTIMATES, estimateBody(s)),
        409,
        'account_record_limit_reached',
      );
      await ok(call(s.owner)('DELETE', url(first.id)));
      expect((await create({}, s)).estimate_number).toBe(2);
    });

    it('keep their customer from being deleted, declined ones too', async () => {
      const declinedFor = await createCustomer(t.app, shop, { name: 'Declined for' });
      const deletedFor = await createCustomer(t.app, shop, { name: 'Deleted for' });
      const declined = await create({ customer_id: declinedFor.id });
      await ok(call()('POST', url(declined.id, '/decline'), {}));
      const deleted = await create({ customer_id: deletedFor.id });
      for (const customer of [declinedFor, deletedFor]) {
        expectError(
          await call()('DELETE', `/api/v3/customers/${customer.id}`),
          409,
          'customer_delete_not_allowed',
        );
      }
      await ok(call()('DELETE', url(deleted.id)));
      expect((await call()('DELETE', `/api/v3/customers/${deletedFor.id}`)).statusCode).toBe(200);
    });

    it('show as quantity_estimates on their items: the quantity on open estimates, null when none', async () => {
      const counted = await createItem(t.app, shop, { name: 'Counted', price: 3 });
      const quantityEstimates = async () =>
        (await ok(call()('GET', `/api/v3/items/${counted.id}`))).quantity_estimates;
      expect(await quantityEstimates()).toBeNull();
      const first = await create({ lines: [{ item_id: counted.id, quantity: 3 }] });
      const second = await create({
        lines: [
          { item_id: counted.id, quantity: 2 },
          { name: 'Labour', unit_price: 20, quantity: 9 },
          { item_id: shop.widget.id, quantity: 4 },
        ],
      });
      expect(await quantityEstimates()).toBe(5);
      await ok(
        call()('PATCH', url(second.id), {
          lines: [{ id: second.lines[0].id, quantity: 4.5 }, { id: second.lines[1].id }],
        }),
      );
      expect(await quantityEstimates()).toBe(7.5);
      await ok(call()('POST', url(first.id, '/decline'), {}));
      expect(await quantityEstimates()).toBe(4.5);
      await ok(call()('DELETE', url(second.id)));
      expect(await quantityEstimates()).toBeNull();
    });
  });
});
