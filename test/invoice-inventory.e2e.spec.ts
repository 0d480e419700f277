import { randomUUID } from 'node:crypto';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { Actor } from '../apps/api/src/auth/actor';
import { RecordWriter } from '@app/runtime';
import { UniqueUnits } from '../apps/api/src/invoices/unique-units';
import { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import { createCategory, createLocation } from './support/catalog';
import { apiOf, createItem, ok, openShop } from './support/estimates';
import { INVOICES } from './support/invoices';
import { Caller, createCaller } from './support/operator';
import { as } from './support/party-rules';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('invoice inventory effects e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ITEMS = '/api/v3/items';

/**
 * What invoices do to items, through the real app: unique units moved on the items' streams by
 * `UniqueUnits` (applied here by hand; the invoice endpoints append the same moves with the
 * invoice's own event), and the invoice endpoints' events moving on-hand.
 */
describe.each(testDatabases())('invoice inventory effects on $name', (target) => {
  let t: TestApp;
  let owner: Caller;
  let actor: Actor;
  let units: UniqueUnits;
  let uniques: Json;
  let store: Json;

  beforeAll(async () => {
    t = await startTestApp(target);
    owner = await createCaller(t.app);
    uniques = await createCategory(t.app, owner, { inventory_type: 'unique' });
    store = await createLocation(t.app, owner, { name: 'Store' });
    units = new UniqueUnits(t.app.get(RecordWriter), t.app.get<EventStore>(EVENT_STORE));
    actor = {
      accountId: owner.accountId,
      userId: owner.userId,
      apiKeyId: randomUUID(),
      requestId: randomUUID(),
      idempotencyKey: null,
      correlationId: randomUUID(),
      locationId: null,
    } as unknown as Actor;
  });
  afterAll(() => t?.close());

  const get = async (url: string) => {
    const res = await as(t.app, owner)('GET', url);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const adjust = (id: string, quantity: number) =>
    as(t.app, owner)('POST', `${ITEMS}/${id}/adjustments`, { location_id: store.id, quantity });

  async function item(category: Json, onHand: number): Promise<string> {
    const res = await as(t.app, owner)('POST', ITEMS, {
      name: `Item ${randomUUID().slice(0, 6)}`,
      inventory_type: category.inventory_type,
      category_id: category.id,
      location_id: store.id,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    if (onHand !== 0) expect((await adjust(id, onHand)).statusCode).toBe(201);
    return id;
  }
  const unitLine = (item_id: string) => ({ line_type: 'inventory' as const, item_id, unique: true });

  it('two invoices racing for one unique item: exactly one wins, the item reads sold (14) until released', async () => {
    const painting = await item(uniques, 1);
    const [a, b] = [randomUUID(), randomUUID()];
    const results = await Promise.allSettled([
      units.apply(actor, a, [], [unitLine(painting)]),
      units.apply(actor, b, [], [unitLine(painting)]),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const loser = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(loser.reason).toMatchObject({
      status: 409,
      code: 'item_unit_unavailable',
      param: 'lines.0.item_id',
    });
    const winner = results[0].status === 'fulfilled' ? a : b;

    expect(await get(`${ITEMS}/${painting}`)).toMatchObject({ status_id: 14, sold_date: expect.any(String) });
    expect((await get(`${ITEMS}?ids=${painting}`)).data).toEqual([
      expect.objectContaining({ id: painting, status_id: 14 }),
    ]);
    // Sold unique items leave the default list.
    expect((await get(`${ITEMS}?limit=100`)).data.map((i: Json) => i.id)).not.toContain(painting);
    // The held unit cannot be adjusted away.
    expect((await adjust(painting, -1)).json().error).toMatchObject({ code: 'insufficient_stock' });

    await units.apply(actor, winner, [unitLine(painting)], []);
    expect(await get(`${ITEMS}/${painting}`)).toMatchObject({ status_id: 12, sold_date: null });
    await units.apply(actor, winner === a ? b : a, [], [unitLine(painting)]);
    expect(await get(`${ITEMS}/${painting}`)).toMatchObject({ status_id: 14 });
  });

  it('many invoices racing for the same two units: one invoice holds both', async () => {
    const [x, y] = [await item(uniques, 1), await item(uniques, 1)];
    const invoices = Array.from({ length: 6 }, () => randomUUID());
    const results = await Promise.allSettled(
      invoices.map((invoice) => units.apply(actor, invoice, [], [unitLine(y), unitLine(x)])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({ status: 409, code: 'item_unit_unavailable' });
    for (const id of [x, y]) expect(await get(`${ITEMS}/${id}`)).toMatchObject({ status_id: 14 });
  });

  it('two invoices racing through POST /invoices for one unique item: exactly one wins; cancelling it gives the unit back', async () => {
    const painting = await item(uniques, 1);
    const customer = await ok(as(t.app, owner)('POST', '/api/v3/customers', { name: 'Collector' }), 201);
    const body = { customer_id: customer.id, lines: [{ item_id: painting }] };
    const answers = await Promise.all([0, 1].map(() => as(t.app, owner)('POST', INVOICES, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error).toMatchObject({
      code: 'item_unit_unavailable',
      param: 'lines.0.item_id',
    });
    const winner = answers.find((a) => a.statusCode === 201)!.json();
    expect((await get(`${ITEMS}/${painting}`)).status_id).toBe(14);
    await ok(as(t.app, owner)('POST', `${INVOICES}/${winner.id}/cancel`, {}));
    expect((await get(`${ITEMS}/${painting}`)).status_id).toBe(12);
    expect((await as(t.app, owner)('POST', INVOICES, body)).statusCode).toBe(201);
  });

  it('refuses a unique item that is not on hand: 409 item_unit_unavailable', async () => {
    const empty = await item(uniques, 0);
    await expect(units.apply(actor, randomUUID(), [], [unitLine(empty)])).rejects.toMatchObject({
      status: 409,
      code: 'item_unit_unavailable',
    });
    expect(await get(`${ITEMS}/${empty}`)).toMatchObject({ status_id: 12 });
  });

  it('through the invoice endpoints: create takes, PATCH moves by the difference, cancel and delete give back', async () => {
    const shop = await openShop(t.app);
    const api = apiOf(t.app)(shop.owner);
    const depot = await createLocation(t.app, shop.owner, { name: 'Depot' });
    const gadget = await createItem(t.app, shop, { location_id: depot.id });
    await ok(api('POST', `${ITEMS}/${gadget.id}/adjustments`, { location_id: depot.id, quantity: 5 }), 201);
    const quantity = async () => (await ok(api('GET', `${ITEMS}/${gadget.id}`))).quantity;

    const body = { customer_id: shop.customer.id, lines: [{ item_id: gadget.id, quantity: 7 }] };
    const invoice = await ok(api('POST', INVOICES, body), 201);
    expect(await quantity()).toBe(-2);
    // A hand-made movement may not take it lower; a positive one is taken.
    const adjustment = (n: number) =>
      api('POST', `${ITEMS}/${gadget.id}/adjustments`, { location_id: depot.id, quantity: n });
    expect((await adjustment(-1)).json().error).toMatchObject({ code: 'insufficient_stock' });
    await ok(adjustment(3), 201);
    await ok(adjustment(-1), 201);
    expect(await quantity()).toBe(0);
    const [line] = invoice.lines;
    await ok(api('PATCH', `${INVOICES}/${invoice.id}`, { lines: [{ id: line.id, quantity: 3 }] }));
    expect(await quantity()).toBe(4);
    await ok(api('POST', `${INVOICES}/${invoice.id}/cancel`, {}));
    expect(await quantity()).toBe(7);

    const second = await ok(
      api('POST', INVOICES, { ...body, lines: [{ item_id: gadget.id, quantity: 1.5 }] }),
      201,
    );
    expect(await quantity()).toBe(5.5);
    const deleted = await api('DELETE', `${INVOICES}/${second.id}`);
    expect([200, 204]).toContain(deleted.statusCode);
    expect(await quantity()).toBe(7);
  });

  it("a unique item's invoice takes its on-hand to 0 while it reads sold, and gives it back", async () => {
    const shop = await openShop(t.app);
    const api = apiOf(t.app)(shop.owner);
    const art = await createCategory(t.app, shop.owner, { inventory_type: 'unique' });
    const gallery = await createLocation(t.app, shop.owner, { name: 'Gallery' });
    const vase = await ok(
      api('POST', ITEMS, {
        name: 'Vase',
        inventory_type: 'unique',
        category_id: art.id,
        location_id: gallery.id,
      }),
      201,
    );
    await ok(api('POST', `${ITEMS}/${vase.id}/adjustments`, { location_id: gallery.id, quantity: 1 }), 201);
    const seller = { ...actor, accountId: shop.accountId, userId: shop.owner.userId } as Actor;
    // The invoice endpoints will claim between their decision (the line needs an available item)
    // and their append; here the claim follows the create.
    const invoice = await ok(
      api('POST', INVOICES, { customer_id: shop.customer.id, lines: [{ item_id: vase.id }] }),
      201,
    );
    const invoiceId = invoice.id as string;
    await units.apply(seller, invoiceId, [], [unitLine(vase.id)]);
    expect(await ok(api('GET', `${ITEMS}/${vase.id}`))).toMatchObject({ quantity: 0, status_id: 14 });
    await ok(api('POST', `${INVOICES}/${invoice.id}/cancel`, {}));
    await units.apply(seller, invoiceId, [unitLine(vase.id)], []);
    expect(await ok(api('GET', `${ITEMS}/${vase.id}`))).toMatchObject({ quantity: 1, status_id: 12 });
  });
});
