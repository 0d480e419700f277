import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { createCategory } from './support/catalog';
import { apiOf, ok } from './support/estimates';
import { Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('account events e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const EVENTS = '/api/v3/events';

describe.each(testDatabases())('GET /api/v3/events, the account’s log, on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  const send = (caller: Caller, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json) =>
    ok(apiOf(t.app)(caller)(method, url, payload), method === 'POST' ? 201 : 200);
  const customer = (caller: Caller, name: string) => send(caller, 'POST', '/api/v3/customers', { name });
  const events = (caller: Caller, query = '') =>
    t.app.inject({ method: 'GET', url: `${EVENTS}${query}`, headers: caller.headers });

  /** Every page from `query` on, following next_cursor with the same filters. */
  async function readAll(caller: Caller, query: string): Promise<Json[]> {
    const all: Json[] = [];
    let cursor: string | undefined;
    for (;;) {
      const joiner = query ? '&' : '?';
      const res = await events(
        caller,
        cursor ? `${query}${joiner}cursor=${encodeURIComponent(cursor)}` : query,
      );
      expect(res.statusCode).toBe(200);
      const page = res.json();
      all.push(...page.data);
      if (!page.has_more) return all;
      cursor = page.next_cursor;
    }
  }

  it('lists every event of the account in log order, with its record, revision, type, data, actor and time', async () => {
    const caller = await createCaller(t.app);
    const ann = await customer(caller, 'Ann');
    await send(caller, 'PATCH', `/api/v3/customers/${ann.id}`, { name: 'Ann Smith' });
    const supplier = await send(caller, 'POST', '/api/v3/suppliers', { name: 'Acme' });
    await send(caller, 'DELETE', `/api/v3/customers/${ann.id}`);

    const res = await events(caller);

    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ object: 'list', url: EVENTS, has_more: false });
    expect(page.data.map((e: Json) => [e.record.object, e.record.id, e.revision, e.type])).toEqual([
      ['customer', ann.id, 0, 'CustomerCreated'],
      ['customer', ann.id, 1, 'CustomerUpdated'],
      ['supplier', supplier.id, 0, 'SupplierCreated'],
      ['customer', ann.id, 2, 'CustomerDeleted'],
    ]);
    expect(page.data[0]).toEqual({
      object: 'event',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      stream: `customer-${ann.id}`,
      revision: 0,
      type: 'CustomerCreated',
      data: expect.objectContaining({ id: ann.id, name: 'Ann' }),
      metadata: expect.objectContaining({
        account_id: caller.accountId,
        user_id: caller.userId,
        api_key_id: caller.apiKeyId,
      }),
      recorded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      record: { object: 'customer', id: ann.id },
    });
  });

  it('refuses a key without audit:read: 403 insufficient_scope', async () => {
    const caller = await createCaller(t.app, { scopes: ['customers:read'] });
    const res = await events(caller);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'insufficient_scope' });
  });

  it('never shows another account’s events, and only the kinds the key may read', async () => {
    const caller = await createCaller(t.app);
    const other = await createCaller(t.app);
    const ann = await customer(caller, 'Ann');
    await customer(other, 'Zed');
    const supplier = await send(caller, 'POST', '/api/v3/suppliers', { name: 'Acme' });

    const mine = await readAll(caller, '');
    expect(mine.map((e) => e.record.id)).toEqual([ann.id, supplier.id]);
    expect(mine.every((e) => e.metadata.account_id === caller.accountId)).toBe(true);

    const customersOnly = await createCaller(t.app, {
      accountId: caller.accountId,
      scopes: ['customers:read', 'audit:read'],
    });
    expect((await readAll(customersOnly, '')).map((e) => e.record.id)).toEqual([ann.id]);
  });

  it('filters by object, type and time', async () => {
    const caller = await createCaller(t.app);
    const ann = await customer(caller, 'Ann');
    await send(caller, 'PATCH', `/api/v3/customers/${ann.id}`, { name: 'Ann Smith' });
    const supplier = await send(caller, 'POST', '/api/v3/suppliers', { name: 'Acme' });
    const all = await readAll(caller, '');
    const between = all[1].recorded_at;

    expect((await readAll(caller, '?object=supplier')).map((e) => e.record.id)).toEqual([supplier.id]);
    expect((await readAll(caller, '?type=CustomerUpdated,SupplierCreated')).map((e) => e.type)).toEqual([
      'CustomerUpdated',
      'SupplierCreated',
    ]);
    const since = await readAll(caller, `?since=${encodeURIComponent(between)}`);
    expect(since.map((e) => e.id)).toEqual(all.filter((e) => e.recorded_at >= between).map((e) => e.id));
    const until = await readAll(caller, `?until=${encodeURIComponent(between)}`);
    expect(until.map((e) => e.id)).toEqual(all.filter((e) => e.recorded_at < between).map((e) => e.id));
    expect(await readAll(caller, '?since=2999-01-01T00:00:00Z')).toEqual([]);
  });

  it('pages with the change feed’s signed cursor: every page together is the one big read', async () => {
    const caller = await createCaller(t.app);
    for (const name of ['Ann', 'Bob', 'Cyd']) {
      const made = await customer(caller, name);
      await send(caller, 'PATCH', `/api/v3/customers/${made.id}`, { name: `${name} Smith` });
    }
    const big = (await events(caller, '?limit=100')).json();
    expect(big.data).toHaveLength(6);

    const first = (await events(caller, '?limit=4')).json();
    expect(first).toMatchObject({ has_more: true });
    expect(first.data).toHaveLength(4);
    const paged = await readAll(caller, '?limit=2');
    expect(paged).toEqual(big.data);

    const flipped = `${first.next_cursor.slice(0, 5)}${first.next_cursor[5] === 'A' ? 'B' : 'A'}${first.next_cursor.slice(6)}`;
    const tampered = await events(caller, `?cursor=${encodeURIComponent(flipped)}`);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error).toMatchObject({ code: 'invalid_cursor', param: 'cursor' });
    const other = await createCaller(t.app);
    const foreign = await events(other, `?cursor=${encodeURIComponent(first.next_cursor)}`);
    expect(foreign.json().error).toMatchObject({ code: 'invalid_cursor' });
  });

  it('leaves an item’s cost out for a user without unit_cost.view, as the item’s /events does', async () => {
    const caller = await createCaller(t.app);
    const category = await createCategory(t.app, caller, { name: 'Hardware' });
    const item = await send(caller, 'POST', '/api/v3/items', {
      name: 'Widget',
      category_id: category.id,
      inventory_type: 'quantity',
      price: 12.5,
      cost: 7.25,
    });
    const clerk = await createCaller(t.app, { accountId: caller.accountId, permissions: {} });
    const own = (await readAll(caller, '?object=item'))[0];
    const hidden = (await readAll(clerk, '?object=item'))[0];
    expect(own.data).toMatchObject({ id: item.id, cost: '7.2500' });
    expect(hidden.data).not.toHaveProperty('cost');
    const recordEvents = await t.app.inject({
      method: 'GET',
      url: `/api/v3/items/${item.id}/events`,
      headers: clerk.headers,
    });
    expect(recordEvents.json().data[0].data).toEqual(hidden.data);
  });

  it.each([
    ['?since=yesterday', 'since'],
    ['?until=2026-13-01T00:00:00Z', 'until'],
    ['?since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z', 'until'],
    ['?object=planet', 'object'],
    ['?type=not%20a%20type', 'type'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?colour=red', 'colour'],
  ])('refuses %s: 4xx naming %s', async (query, param) => {
    const caller = await createCaller(t.app);
    const res = await events(caller, query);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error).toMatchObject({ param });
  });
});
