import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('change feed e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CHANGES = '/api/v3/changes';

describe.each(testDatabases())('the change feed on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  const send = async (caller: Caller, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json) => {
    const res = await t.app.inject({ method, url, payload, headers: caller.headers });
    expect([200, 201]).toContain(res.statusCode);
    return res.json();
  };
  const customer = (caller: Caller, name: string) => send(caller, 'POST', '/api/v3/customers', { name });
  const feed = (caller: Caller, query = '') =>
    t.app.inject({ method: 'GET', url: `${CHANGES}${query}`, headers: caller.headers });

  /** Every page from `query` on, `limit` at a time: the changes and the cursor to resume from. */
  async function syncAll(caller: Caller, query: string): Promise<{ changes: Json[]; cursor: string }> {
    const changes: Json[] = [];
    let next = query;
    for (;;) {
      const res = await feed(caller, next);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      changes.push(...page.data);
      if (!page.has_more) return { changes, cursor: page.next_cursor };
      next = `?limit=2&cursor=${encodeURIComponent(page.next_cursor)}`;
    }
  }

  /** What a client that applies the changes in order holds: record id → last revision. */
  function mirror(changes: Json[], into = new Map<string, number>()): Map<string, number> {
    for (const change of changes) {
      if (change.kind === 'deleted') into.delete(change.record.id);
      else into.set(change.record.id, change.record.revision);
    }
    return into;
  }

  it('syncs from the start, resumes from its cursor, and ends with what the list shows, deletes known', async () => {
    const caller = await createCaller(t.app);
    const ann = await customer(caller, 'Ann');
    const bob = await customer(caller, 'Bob');
    await send(caller, 'PATCH', `/api/v3/customers/${ann.id}`, { name: 'Ann Smith' });
    const first = await syncAll(caller, '?limit=2');
    expect(first.changes.map((c) => [c.kind, c.record.object, c.record.id, c.record.revision])).toEqual([
      ['created', 'customer', ann.id, 0],
      ['created', 'customer', bob.id, 0],
      ['updated', 'customer', ann.id, 1],
    ]);
    expect(first.changes[0]).toEqual({
      object: 'change',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      kind: 'created',
      record: { object: 'customer', id: ann.id, revision: 0 },
      event_types: ['CustomerCreated'],
    });

    const cyd = await customer(caller, 'Cyd');
    await send(caller, 'PATCH', `/api/v3/customers/${bob.id}`, { name: 'Bob Jones' });
    await send(caller, 'DELETE', `/api/v3/customers/${ann.id}`);
    const resumed = await syncAll(caller, `?limit=2&cursor=${encodeURIComponent(first.cursor)}`);
    expect(resumed.changes.map((c) => [c.kind, c.record.id])).toEqual([
      ['created', cyd.id],
      ['updated', bob.id],
      ['deleted', ann.id],
    ]);
    const held = mirror(resumed.changes, mirror(first.changes));
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v3/customers?limit=100', headers: caller.headers })
    ).json();
    expect([...held.keys()].sort()).toEqual(list.data.map((c: Json) => c.id).sort());
    expect(held.get(bob.id)).toBe(list.data.find((c: Json) => c.id === bob.id).revision);

    const idle = (await feed(caller, `?cursor=${encodeURIComponent(resumed.cursor)}`)).json();
    expect({ data: idle.data, has_more: idle.has_more }).toEqual({ data: [], has_more: false });
  });

  it('expands each record as it was at its revision, and a delete as deleted', async () => {
    const caller = await createCaller(t.app);
    const ann = await customer(caller, 'Ann');
    await send(caller, 'PATCH', `/api/v3/customers/${ann.id}`, { name: 'Ann Smith' });
    await send(caller, 'DELETE', `/api/v3/customers/${ann.id}`);
    const page = (await feed(caller, '?expand=record')).json();
    expect(page.data.map((c: Json) => c.record)).toEqual([
      expect.objectContaining({ object: 'customer', id: ann.id, revision: 0, name: 'Ann' }),
      expect.objectContaining({ object: 'customer', id: ann.id, revision: 1, name: 'Ann Smith' }),
      { object: 'customer', id: ann.id, revision: 2, deleted: true },
    ]);
  });

  it('refuses a cursor with one character changed, another account’s, or a malformed one: 400 invalid_cursor', async () => {
    const caller = await createCaller(t.app);
    const other = await createCaller(t.app);
    await customer(caller, 'Ann');
    const cursor: string = (await feed(caller)).json().next_cursor;
    const flipped = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
    for (const [who, text] of [
      [caller, flipped],
      [other, cursor],
      [caller, 'not-a-cursor'],
    ] as const) {
      const res = await feed(who, `?cursor=${encodeURIComponent(text)}`);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'invalid_cursor',
            message: expect.any(String),
            param: 'cursor',
          },
        },
      });
    }
  });

  it('gives only the kinds the key may read, filtered by object and by time', async () => {
    const caller = await createCaller(t.app);
    const ann = await customer(caller, 'Ann');
    const supplier = await send(caller, 'POST', '/api/v3/suppliers', { name: 'Acme' });
    const customersOnly = await createCaller(t.app, {
      accountId: caller.accountId,
      scopes: ['customers:read'],
    });
    const seen = (await feed(customersOnly)).json();
    expect(seen.data.map((c: Json) => c.record.id)).toEqual([ann.id]);
    const suppliers = (await feed(caller, '?object=supplier')).json();
    expect(suppliers.data.map((c: Json) => c.record.id)).toEqual([supplier.id]);
    const later = new Date(Date.parse(suppliers.data[0].occurred_at) + 1).toISOString();
    const bob = await customer(caller, 'Bob');
    const since = (await feed(caller, `?since=${encodeURIComponent(later)}`)).json();
    expect(since.data.map((c: Json) => c.record.id)).toEqual([bob.id]);
  });

  it('answers 422 for a query it cannot read', async () => {
    const caller = await createCaller(t.app);
    for (const [query, param] of [
      ['?object=planet', 'object'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?since=yesterday', 'since'],
      ['?expand=everything', 'expand'],
      ['?colour=red', 'colour'],
    ]) {
      const res = await feed(caller, query);
      expect({ query, status: res.statusCode, param: res.json().error.param }).toEqual({
        query,
        status: 422,
        param,
      });
    }
  });
});
