import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import {
  apiOf,
  ESTIMATES,
  estimateBody,
  expectError,
  Json,
  ok,
  openShop,
  Shop,
  todayIn,
} from './support/estimates';
import { INVOICES } from './support/invoices';
import { Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('estimate conversion e2e');

describe.each(testDatabases())('estimate → invoice conversion on $name', (target) => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await startTestApp(target);
    shop = await openShop(t.app);
  });
  afterAll(() => t?.close());

  const call = (caller: Caller = shop.owner) => apiOf(t.app)(caller);
  const convert = (id: string, body: Json = {}, headers: Record<string, string> = {}, caller?: Caller) =>
    call(caller)('POST', `${ESTIMATES}/${id}/convert-to-invoice`, body, headers);
  const estimate = (over: Json = {}) =>
    ok(
      call()(
        'POST',
        ESTIMATES,
        estimateBody(shop, { discount_percent: 10, shipping_fee: 5, name: 'Fit-out', ...over }),
      ),
      201,
    );

  it("gives estimates, invoices, sales orders and the conversion the account's default payment terms, not the customer's", async () => {
    const terms = await openShop(t.app, { settings: { default_payment_terms: 'Net 15' } });
    const api = apiOf(t.app)(terms.owner);
    await ok(api('PATCH', `/api/v3/customers/${terms.customer.id}`, { payment_terms: 'Net 60' }));
    const body = estimateBody(terms);
    const created = [
      await ok(api('POST', ESTIMATES, body), 201),
      await ok(api('POST', INVOICES, body), 201),
      await ok(api('POST', '/api/v3/sales-orders', body), 201),
    ];
    const converted = await ok(api('POST', `${ESTIMATES}/${created[0].id}/convert-to-invoice`, {}), 201);
    expect([...created, converted].map((document) => document.payment_terms)).toEqual(
      Array(4).fill('Net 15'),
    );
  });

  it('closes the estimate (6) into a new unpaid invoice with its customer, details, lines and totals', async () => {
    const source = await estimate();
    const res = await convert(source.id, { issue_date: '2030-02-01' });
    expect(res.statusCode).toBe(201);
    const invoice = res.json();
    expect(res.headers.etag).toBe('"0"');
    expect(invoice).toMatchObject({
      object: 'invoice',
      status_id: 9,
      customer_id: shop.customer.id,
      salesperson_id: shop.owner.userId,
      name: 'Fit-out',
      issue_date: '2030-02-01',
      subtotal: source.subtotal,
      tax: source.tax,
      tax_2: source.tax_2,
      shipping_fee: source.shipping_fee,
      total: source.total,
      discount_percent: source.discount_percent,
    });
    expect(invoice.lines.map((l: Json) => [l.line_type, l.quantity, l.unit_price, l.subtotal])).toEqual(
      source.lines.map((l: Json) => [l.line_type, l.quantity, l.unit_price, l.subtotal]),
    );
    expect(invoice.lines.map((l: Json) => l.id)).not.toEqual(source.lines.map((l: Json) => l.id));
    const closed = await ok(call()('GET', `${ESTIMATES}/${source.id}`));
    expect(closed).toMatchObject({ status_id: 6, status: 'Closed', can_edit: false });
    const history = await ok(call()('GET', `${ESTIMATES}/${source.id}/events`));
    expect(history.data.at(-1)).toMatchObject({
      type: 'EstimateConverted',
      data: { document_id: invoice.id, target: 'invoice' },
    });
    const created = await ok(call()('GET', `${INVOICES}/${invoice.id}/events`));
    expect(created.data[0].data).toMatchObject({ source_estimate_id: source.id });
    expect((await ok(call()('GET', `${ESTIMATES}?status_id=6`))).data.map((e: Json) => e.id)).toContain(
      source.id,
    );
  });

  it('refuses a second conversion after the close: 409 estimate_conversion_not_allowed', async () => {
    const source = await estimate();
    await ok(convert(source.id), 201);
    expectError(await convert(source.id), 409, 'estimate_conversion_not_allowed');
  });

  it('two parallel conversions of one estimate make one invoice', async () => {
    const s = await openShop(t.app);
    const source = await ok(call(s.owner)('POST', ESTIMATES, estimateBody(s)), 201);
    const answers = await Promise.all([
      convert(source.id, {}, {}, s.owner),
      convert(source.id, {}, {}, s.owner),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const invoices = await ok(call(s.owner)('GET', INVOICES));
    expect(invoices.data).toHaveLength(1);
    expect(invoices.data[0].invoice_number).toBe(1);
  });

  it('turns a prospect into a customer; the invoice is dated today by default', async () => {
    const prospect = await ok(
      call()('POST', '/api/v3/customers', { name: 'Lead Ltd', kind: 'prospect' }),
      201,
    );
    const source = await estimate({ customer_id: prospect.id });
    const invoice = await ok(convert(source.id), 201);
    expect(invoice).toMatchObject({ customer_id: prospect.id, issue_date: todayIn('UTC') });
    expect((await ok(call()('GET', `/api/v3/customers/${prospect.id}`))).kind).toBe('customer');
  });

  it('replays the original 201 for the same Idempotency-Key; the key with other data is a conflict', async () => {
    const source = await estimate();
    const headers = { 'idempotency-key': `convert-${source.id}` };
    const first = await convert(source.id, {}, headers);
    const again = await convert(source.id, {}, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await convert(source.id, { issue_date: '2030-01-01' }, headers)).statusCode).toBe(409);
  });

  it('refuses an estimate of more lines than an invoice takes (100): 409, the estimate stays open', async () => {
    const lines = Array.from({ length: 101 }, (_, i) => ({ name: `Task ${i}`, unit_price: 1 }));
    const source = await estimate({ lines });
    expectError(await convert(source.id), 409, 'estimate_conversion_not_allowed');
    expect((await ok(call()('GET', `${ESTIMATES}/${source.id}`))).status_id).toBe(5);
  });

  it('refuses bad bodies and users without invoices.modify, converting nothing', async () => {
    const source = await estimate();
    expectError(await convert(source.id, { issue_date: 'soon' }), 422, 'validation_failed', 'issue_date');
    expectError(await convert(source.id, { lines: [] }), 422, 'unsupported_estimate_field', 'lines');
    const estimator = await createCaller(t.app, {
      accountId: shop.accountId,
      permissions: { 'estimates.list': true, 'estimates.modify': true, 'estimates.view_all': true },
    });
    expectError(await convert(source.id, {}, {}, estimator), 403, 'permission_denied');
    expect((await ok(call()('GET', `${ESTIMATES}/${source.id}`))).status_id).toBe(5);
  });
});
