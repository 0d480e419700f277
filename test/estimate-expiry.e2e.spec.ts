import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { EstimateExpirySweeper } from '../apps/api/src/estimates/estimate-expiry-sweeper';
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
import { Caller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('estimate expiry e2e');

/** Issued and expired long ago: past its expiry date in every time zone. */
const LAPSED = { issue_date: '2020-01-01', expiry_date: '2020-01-31' };

describe.each(testDatabases())('estimate expiry on $name', (target) => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await startTestApp(target);
    shop = await openShop(t.app, { timezone: 'America/New_York' });
  });
  afterAll(() => t?.close());

  const call = (caller: Caller = shop.owner) => apiOf(t.app)(caller);
  const url = (id: string, suffix = '') => `${ESTIMATES}/${id}${suffix}`;
  const create = (over: Json, s: Shop = shop) =>
    ok(call(s.owner)('POST', ESTIMATES, estimateBody(s, over)), 201);
  const events = async (id: string, s: Shop = shop): Promise<Json[]> =>
    (await ok(call(s.owner)('GET', url(id, '/events')))).data;
  const listed = async (query: string): Promise<string[]> =>
    (await ok(call()('GET', `${ESTIMATES}?${query}`))).data.map((e: Json) => e.id);

  it('shows an estimate past its expiry date as Expired (8), its events telling when, once', async () => {
    const estimate = await create(LAPSED);
    const res = await call()('GET', url(estimate.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status_id: 8,
      status: 'Expired',
      can_edit: false,
      edit_block_reason: 'estimate_not_open',
      revision: '1',
    });
    expect(res.headers.etag).toBe('"1"');
    await ok(call()('GET', url(estimate.id)));
    const history = await events(estimate.id);
    expect(history.map((e) => e.type)).toEqual(['EstimateCreated', 'EstimateExpired']);
    expect(history[1]).toMatchObject({
      revision: 1,
      data: { status_id: 8, expiry_date: '2020-01-31', expired_at: expect.any(String) },
      metadata: { account_id: shop.accountId, user_id: shop.owner.userId },
    });
    expect(await listed('status_id=8')).toContain(estimate.id);
  });

  it('refuses an update with 409 estimate_update_not_allowed, the expiry recorded first (If-Match of before it still current)', async () => {
    const estimate = await create(LAPSED);
    const headers = { 'If-Match': '"0"', 'Idempotency-Key': `expiry-${estimate.id}` };
    const res = await call()('PATCH', url(estimate.id), { name: 'Too late' }, headers);
    expectError(res, 409, 'estimate_update_not_allowed');
    const history = await events(estimate.id);
    expect(history.map((e) => e.type)).toEqual(['EstimateCreated', 'EstimateExpired']);
    // The expiry is not the keyed write's effect: a retry of the key must not find it landed.
    expect(history[1].metadata).toMatchObject({ user_id: shop.owner.userId, idempotency_key: null });
    expect(await ok(call()('GET', url(estimate.id)))).toMatchObject({ status_id: 8, name: null });
  });

  it('refuses decline, delete and both conversions with their codes', async () => {
    const estimate = await create(LAPSED);
    const refusals: [string, string, string][] = [
      ['POST', '/decline', 'estimate_decline_not_allowed'],
      ['DELETE', '', 'estimate_delete_not_allowed'],
      ['POST', '/convert-to-invoice', 'estimate_conversion_not_allowed'],
      ['POST', '/convert-to-sales-order', 'estimate_sales_order_conversion_not_allowed'],
    ];
    for (const [method, suffix, code] of refusals) {
      const body = method === 'DELETE' ? undefined : {};
      expectError(await call()(method as 'POST' | 'DELETE', url(estimate.id, suffix), body), 409, code);
    }
    expect((await events(estimate.id)).map((e) => e.type)).toEqual(['EstimateCreated', 'EstimateExpired']);
  });

  it("keeps an estimate open through its expiry date in the account's time zone", async () => {
    // Kiritimati (UTC+14) is a day ahead of UTC for most of the day, Pago Pago (UTC-11) a day behind.
    for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const s = await openShop(t.app, { timezone });
      const today = todayIn(timezone);
      const estimate = await create({ issue_date: today, expiry_date: today }, s);
      expect(await ok(call(s.owner)('GET', url(estimate.id)))).toMatchObject({ status_id: 5 });
      await ok(call(s.owner)('PATCH', url(estimate.id), { name: 'Still open' }));
    }
  });

  describe('the sweep', () => {
    const sweeper = () => t.app.get(EstimateExpirySweeper);

    it("expires untouched estimates the day after their expiry date in the account's zone, then lists them", async () => {
      const s = await openShop(t.app, { timezone: 'America/New_York' });
      const estimate = await create(LAPSED, s);
      // 03:00 UTC on 1 February is still 31 January in New York; 05:30 UTC is 1 February there.
      expect(await sweeper().sweep('2020-02-01T03:00:00.000Z')).not.toContain(estimate.id);
      expect(await sweeper().sweep('2020-02-01T05:30:00.000Z')).toContain(estimate.id);
      expect(await sweeper().sweep('2020-02-01T06:00:00.000Z')).not.toContain(estimate.id);
      const listedExpired = (await ok(call(s.owner)('GET', `${ESTIMATES}?status_id=8`))).data;
      expect(listedExpired.map((e: Json) => [e.id, e.status_id])).toEqual([[estimate.id, 8]]);
      const history = await events(estimate.id, s);
      expect(history.map((e) => e.type)).toEqual(['EstimateCreated', 'EstimateExpired']);
      expect(history[1]).toMatchObject({
        data: { status_id: 8, expiry_date: '2020-01-31', expired_at: '2020-02-01T05:30:00.000Z' },
        metadata: { account_id: s.accountId, user_id: null, request_id: null },
      });
    });
  });
});
