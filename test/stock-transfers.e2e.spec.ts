import { randomUUID } from 'node:crypto';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { createCategory, createLocation } from './support/catalog';
import { Caller, createCaller } from './support/operator';
import { as } from './support/party-rules';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('stock transfers e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ITEMS = '/api/v3/items';
const TRANSFERS = '/api/v3/stock-transfers';

describe.each(testDatabases())('stock transfers on $name', (target) => {
  let t: TestApp;
  let owner: Caller;
  let tools: Json;
  let uniques: Json;
  let store: Json;
  let depot: Json;

  beforeAll(async () => {
    t = await startTestApp(target);
    owner = await createCaller(t.app);
    tools = await createCategory(t.app, owner);
    uniques = await createCategory(t.app, owner, { inventory_type: 'unique' });
    store = await createLocation(t.app, owner, { name: 'Store' });
    depot = await createLocation(t.app, owner, { name: 'Depot' });
  });
  afterAll(() => t?.close());

  const call = (caller: Caller = owner) => as(t.app, caller);
  const keyed = () => ({ 'idempotency-key': randomUUID() });

  async function item(stock: Record<string, number> = {}, category = tools): Promise<Json> {
    const res = await call()('POST', ITEMS, {
      name: `Item ${randomUUID().slice(0, 6)}`,
      inventory_type: category.inventory_type,
      category_id: category.id,
    });
    if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
    const created = res.json();
    for (const [location, quantity] of Object.entries(stock)) {
      const adjusted = await adjust(created.id, { location_id: location, quantity });
      if (adjusted.statusCode !== 201)
        throw new Error(`adjust answered ${adjusted.statusCode}: ${adjusted.body}`);
    }
    return created;
  }

  const adjust = (id: string, body: Json) => call()('POST', `${ITEMS}/${id}/adjustments`, body);

  async function transfer(lines: Json[], body: Json = {}): Promise<Json> {
    const res = await call()(
      'POST',
      TRANSFERS,
      { origin_location_id: store.id, destination_location_id: depot.id, lines, ...body },
      keyed(),
    );
    if (res.statusCode !== 201) throw new Error(`transfer answered ${res.statusCode}: ${res.body}`);
    return res.json();
  }

  const send = (id: string, body: Json = {}) => call()('POST', `${TRANSFERS}/${id}/send`, body, keyed());
  const receive = (id: string, body: Json = {}) =>
    call()('POST', `${TRANSFERS}/${id}/receive`, body, keyed());
  const remove = (id: string) => call()('DELETE', `${TRANSFERS}/${id}`);

  async function stockAt(itemId: string, location: Json): Promise<{ quantity: number; in_transit: number }> {
    const list = (await call()('GET', `${ITEMS}?location_id=${location.id}&limit=100`)).json();
    const found = list.data.find((i: Json) => i.id === itemId);
    return found
      ? { quantity: found.location_inventory.quantity, in_transit: found.location_inventory.in_transit }
      : { quantity: 0, in_transit: 0 };
  }

  function expectError(
    res: { statusCode: number; json(): Json },
    status: number,
    code: string,
    param?: string,
  ) {
    expect({ status: res.statusCode, ...res.json().error }).toMatchObject({
      status,
      code,
      ...(param ? { param } : {}),
    });
  }

  it('creates a pending transfer with its lines, number and today as issue date', async () => {
    const shovel = await item({ [store.id]: 5 });
    const res = await call()(
      'POST',
      TRANSFERS,
      {
        origin_location_id: store.id,
        destination_location_id: depot.id,
        shipping_provider: 'Truck',
        lines: [{ item_id: shovel.id, quantity: 2 }],
      },
      keyed(),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(res.headers.etag).toBe('"st_0"');
    expect(body).toMatchObject({
      object: 'stock_transfer',
      status_id: 26,
      status: 'Pending',
      stock_transfer_number: expect.any(Number),
      assigned_user_id: owner.userId,
      origin_location: { id: store.id, name: 'Store' },
      destination_location: { id: depot.id, name: 'Depot' },
      issue_date: new Date().toISOString().slice(0, 10),
      date_sent: null,
      shipping_provider: 'Truck',
      lines: [
        {
          item_id: shovel.id,
          item_variation_location_id: null,
          name: shovel.name,
          quantity: 2,
          variation_values: {},
        },
      ],
    });
    const fetched = await call()('GET', `${TRANSFERS}/${body.id}`);
    expect(fetched.json()).toEqual(body);
    const next = await transfer([{ item_id: shovel.id, quantity: 1 }]);
    expect(next.stock_transfer_number).toBe(body.stock_transfer_number + 1);
  });

  it('refuses bad bodies with the field named', async () => {
    const shovel = await item();
    const post = (body: Json) => call()('POST', TRANSFERS, body, keyed());
    const base = { origin_location_id: store.id, destination_location_id: depot.id };
    expectError(await post({ ...base, lines: [] }), 422, 'validation_failed', 'lines');
    expectError(
      await post({ destination_location_id: depot.id, lines: [{ item_id: shovel.id, quantity: 1 }] }),
      422,
      'validation_failed',
      'origin_location_id',
    );
    expectError(
      await post({
        ...base,
        destination_location_id: store.id,
        lines: [{ item_id: shovel.id, quantity: 1 }],
      }),
      422,
      'validation_failed',
      'destination_location_id',
    );
    expectError(
      await post({ ...base, lines: [{ item_id: shovel.id, quantity: 0 }] }),
      422,
      'validation_failed',
      'lines.0.quantity',
    );
    expectError(
      await post({ ...base, lines: [{ item_id: randomUUID(), quantity: 1 }] }),
      422,
      'validation_failed',
      'lines.0.item_id',
    );
    expectError(
      await post({ ...base, lines: [{ item_id: shovel.id, quantity: 1 }], status_id: 27 }),
      422,
      'unsupported_stock_transfer_field',
      'status_id',
    );
    const tooMany = Array.from({ length: 101 }, () => ({ item_id: shovel.id, quantity: 1 }));
    expectError(await post({ ...base, lines: tooMany }), 422, 'validation_failed', 'lines');
  });

  it('stores a unique item as 1', async () => {
    const ring = await item({ [store.id]: 1 }, uniques);
    const created = await transfer([{ item_id: ring.id, quantity: 3 }]);
    expect(created.lines[0].quantity).toBe(1);
  });

  it('sends (origin on-hand out, in transit at the destination) and receives (on hand there)', async () => {
    const shovel = await item({ [store.id]: 5 });
    const created = await transfer([{ item_id: shovel.id, quantity: 2 }]);
    const sent = await send(created.id, { shipping_tracking_code: 'TRK-1' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      status_id: 27,
      status: 'In Transit',
      shipping_tracking_code: 'TRK-1',
    });
    expect(sent.json().date_sent).toEqual(expect.any(String));
    expect(await stockAt(shovel.id, store)).toEqual({ quantity: 3, in_transit: 0 });
    expect(await stockAt(shovel.id, depot)).toEqual({ quantity: 0, in_transit: 2 });
    const item1 = (await call()('GET', `${ITEMS}/${shovel.id}`)).json();
    expect(item1).toMatchObject({ quantity: 3, in_transit: 2 });
    expectError(await send(created.id), 409, 'stock_transfer_send_not_allowed');
    const received = await receive(created.id);
    expect(received.statusCode).toBe(200);
    expect(received.json()).toMatchObject({ status_id: 28, status: 'Transferred' });
    expect(await stockAt(shovel.id, depot)).toEqual({ quantity: 2, in_transit: 0 });
    expectError(await receive(created.id), 409, 'stock_transfer_receive_not_allowed');
    expectError(
      await call()('PATCH', `${TRANSFERS}/${created.id}`, { shipping_provider: 'x' }, keyed()),
      409,
      'stock_transfer_update_not_allowed',
    );
  });

  it('refuses to receive a pending transfer', async () => {
    const shovel = await item({ [store.id]: 1 });
    const created = await transfer([{ item_id: shovel.id, quantity: 1 }]);
    expectError(await receive(created.id), 409, 'stock_transfer_receive_not_allowed');
    expectError(
      await call()(
        'PATCH',
        `${TRANSFERS}/${created.id}`,
        { lines: [{ id: randomUUID(), quantity: 1 }] },
        keyed(),
      ),
      422,
      'validation_failed',
      'lines.0.id',
    );
    // Send and receive take no body at all.
    expect((await call()('POST', `${TRANSFERS}/${created.id}/send`, undefined, keyed())).statusCode).toBe(
      200,
    );
    expect((await call()('POST', `${TRANSFERS}/${created.id}/receive`, undefined, keyed())).statusCode).toBe(
      200,
    );
  });

  it('refuses a send that would take on-hand below zero, naming the line', async () => {
    const shovel = await item({ [store.id]: 5 });
    const rake = await item({ [store.id]: 1 });
    const created = await transfer([
      { item_id: shovel.id, quantity: 2 },
      { item_id: rake.id, quantity: 2 },
    ]);
    expectError(await send(created.id), 409, 'insufficient_stock', 'lines.1.quantity');
    // Nothing moved: the shovel's units taken before the rake's refusal were given back.
    expect(await stockAt(shovel.id, store)).toEqual({ quantity: 5, in_transit: 0 });
    expect((await call()('GET', `${TRANSFERS}/${created.id}`)).json().status_id).toBe(26);
  });

  it('takes lines of items without variations only when located at the origin (no location: anywhere)', async () => {
    const placed = async (location_id: string | null) => {
      const res = await call()('POST', ITEMS, {
        name: `Placed ${randomUUID().slice(0, 6)}`,
        inventory_type: 'quantity',
        category_id: tools.id,
        location_id,
      });
      expect(res.statusCode).toBe(201);
      return res.json() as Json;
    };
    const atDepot = await placed(depot.id);
    const atStore = await placed(store.id);
    const nowhere = await placed(null);
    const post = (lines: Json[]) =>
      call()(
        'POST',
        TRANSFERS,
        { origin_location_id: store.id, destination_location_id: depot.id, lines },
        keyed(),
      );
    expectError(
      await post([
        { item_id: atStore.id, quantity: 1 },
        { item_id: atDepot.id, quantity: 1 },
      ]),
      422,
      'validation_failed',
      'lines.1.item_id',
    );
    const created = await post([
      { item_id: atStore.id, quantity: 1 },
      { item_id: nowhere.id, quantity: 1 },
    ]);
    expect(created.statusCode).toBe(201);
    const { id, lines } = created.json();
    const patch = (body: Json) => call()('PATCH', `${TRANSFERS}/${id}`, body, keyed());
    const kept = lines.map((line: Json) => ({ id: line.id }));
    expectError(
      await patch({ lines: [...kept, { item_id: atDepot.id, quantity: 1 }] }),
      422,
      'validation_failed',
      'lines.2.item_id',
    );
    expectError(
      await patch({ lines: [{ id: lines[0].id, item_id: atDepot.id }] }),
      422,
      'validation_failed',
      'lines.0.item_id',
    );
    // An item moved after the line was made keeps its line.
    expect((await call()('PATCH', `${ITEMS}/${atStore.id}`, { location_id: depot.id })).statusCode).toBe(200);
    const edited = await patch({ lines: [{ id: lines[0].id, quantity: 2 }, kept[1]] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().lines[0]).toMatchObject({ item_id: atStore.id, quantity: 2 });
  });

  it('counts what active invoices take at the origin: a send may not take on-hand below zero', async () => {
    const res = await call()('POST', ITEMS, {
      name: `Placed ${randomUUID().slice(0, 6)}`,
      inventory_type: 'quantity',
      category_id: tools.id,
      location_id: store.id,
    });
    const placed = res.json();
    await adjust(placed.id, { location_id: store.id, quantity: 2 });
    const customer = (await call()('POST', '/api/v3/customers', { name: 'Acme' })).json();
    const invoice = await call()('POST', '/api/v3/invoices', {
      customer_id: customer.id,
      lines: [{ item_id: placed.id, quantity: 1 }],
    });
    expect(invoice.statusCode).toBe(201);
    expect(await stockAt(placed.id, store)).toEqual({ quantity: 1, in_transit: 0 });
    const both = await transfer([{ item_id: placed.id, quantity: 2 }]);
    expectError(await send(both.id), 409, 'insufficient_stock', 'lines.0.quantity');
    const one = await transfer([{ item_id: placed.id, quantity: 1 }]);
    expect((await send(one.id)).statusCode).toBe(200);
    expect(await stockAt(placed.id, store)).toEqual({ quantity: 0, in_transit: 0 });
  });

  it('edits pending transfers freely and moves the difference of an in-transit edit', async () => {
    const shovel = await item({ [store.id]: 5 });
    const created = await transfer([{ item_id: shovel.id, quantity: 2 }]);
    const lineId = created.lines[0].id;
    const pending = await call()(
      'PATCH',
      `${TRANSFERS}/${created.id}`,
      { lines: [{ id: lineId, quantity: 9 }], issue_date: '2030-01-02' },
      keyed(),
    );
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toMatchObject({ issue_date: '2030-01-02', lines: [{ id: lineId, quantity: 9 }] });
    expect(await stockAt(shovel.id, store)).toEqual({ quantity: 5, in_transit: 0 });
    await call()('PATCH', `${TRANSFERS}/${created.id}`, { lines: [{ id: lineId, quantity: 2 }] }, keyed());
    expect((await send(created.id)).statusCode).toBe(200);
    const more = await call()(
      'PATCH',
      `${TRANSFERS}/${created.id}`,
      { lines: [{ id: lineId, quantity: 4 }] },
      keyed(),
    );
    expect(more.statusCode).toBe(200);
    expect(await stockAt(shovel.id, store)).toEqual({ quantity: 1, in_transit: 0 });
    expect(await stockAt(shovel.id, depot)).toEqual({ quantity: 0, in_transit: 4 });
    const tooMuch = await call()(
      'PATCH',
      `${TRANSFERS}/${created.id}`,
      { lines: [{ id: lineId, quantity: 6 }] },
      keyed(),
    );
    expectError(tooMuch, 409, 'insufficient_stock', 'lines.0.quantity');
    const fewer = await call()(
      'PATCH',
      `${TRANSFERS}/${created.id}`,
      { lines: [{ id: lineId, quantity: 1 }] },
      keyed(),
    );
    expect(fewer.statusCode).toBe(200);
    expect(await stockAt(shovel.id, store)).toEqual({ quantity: 4, in_transit: 0 });
    expect(await stockAt(shovel.id, depot)).toEqual({ quantity: 0, in_transit: 1 });
    for (const field of ['origin_location_id', 'status_id', 'date_sent', 'stock_transfer_number'])
      expectError(
        await call()('PATCH', `${TRANSFERS}/${created.id}`, { [field]: 1 }, keyed()),
        422,
        'validation_failed',
        field,
      );
  });

  it('deletes with the reversals of §3', async () => {
    const shovel = await item({ [store.id]: 6 });
    const pending = await transfer([{ item_id: shovel.id, quantity: 1 }]);
    expect((await remove(pending.id)).json()).toEqual({
      id: pending.id,
      object: 'stock_transfer',
      deleted: true,
    });
    expect((await call()('GET', `${TRANSFERS}/${pending.id}`)).statusCode).toBe(404);

    const inTransit = await transfer([{ item_id: shovel.id, quantity: 2 }]);
    await send(inTransit.id);
    expect(await stockAt(shovel.id, store)).toEqual({ quantity: 4, in_transit: 0 });
    expect((await remove(inTransit.id)).statusCode).toBe(200);
    expect(await stockAt(shovel.id, store)).toEqual({ quantity: 6, in_transit: 0 });
    expect(await stockAt(shovel.id, depot)).toEqual({ quantity: 0, in_transit: 0 });

    const done = await transfer([{ item_id: shovel.id, quantity: 3 }]);
    await send(done.id);
    await receive(done.id);
    expect(await stockAt(shovel.id, depot)).toEqual({ quantity: 3, in_transit: 0 });
    // The destination no longer holds what arrived: the reversal cannot be made.
    await adjust(shovel.id, { location_id: depot.id, quantity: -1 });
    expectError(await remove(done.id), 409, 'stock_transfer_delete_not_allowed', 'lines.0.quantity');
    await adjust(shovel.id, { location_id: depot.id, quantity: 1 });
    expect((await remove(done.id)).statusCode).toBe(200);
    expect(await stockAt(shovel.id, depot)).toEqual({ quantity: 0, in_transit: 0 });
    expect(await stockAt(shovel.id, store)).toEqual({ quantity: 6, in_transit: 0 });
  });

  it('moves variation rows, with in_transit on the variation', async () => {
    const shirt = await item();
    const variation = await call()('POST', `${ITEMS}/${shirt.id}/variations`, {
      variation_type: 'location_only',
    });
    expect(variation.statusCode).toBe(201);
    const v = variation.json();
    const rowAt = async (location: Json) => {
      const existing = v.locations.find((r: Json) => r.location_id === location.id);
      if (existing) return existing.item_variation_location_id as number;
      const added = await call()(
        'POST',
        `${ITEMS}/${shirt.id}/variations/${v.id}/locations`,
        { location_id: location.id },
        keyed(),
      );
      if (added.statusCode !== 201) throw new Error(`row answered ${added.statusCode}: ${added.body}`);
      return added.json().locations.find((r: Json) => r.location_id === location.id)
        .item_variation_location_id as number;
    };
    const origin = await rowAt(store);
    // A location the variation is not stocked at cannot receive it.
    const annex = await createLocation(t.app, owner, { name: 'Annex' });
    expectError(
      await call()(
        'POST',
        TRANSFERS,
        {
          origin_location_id: store.id,
          destination_location_id: annex.id,
          lines: [{ item_id: shirt.id, item_variation_location_id: origin, quantity: 1 }],
        },
        keyed(),
      ),
      422,
      'validation_failed',
      'lines.0.item_variation_location_id',
    );
    await rowAt(depot);
    const adjusted = await adjust(shirt.id, {
      item_variation_location_id: origin,
      location_id: store.id,
      quantity: 3,
    });
    expect(adjusted.statusCode).toBe(201);
    expectError(
      await call()(
        'POST',
        TRANSFERS,
        {
          origin_location_id: store.id,
          destination_location_id: depot.id,
          lines: [{ item_id: shirt.id, quantity: 1 }],
        },
        keyed(),
      ),
      422,
      'validation_failed',
      'lines.0.item_variation_location_id',
    );
    const created = await transfer([{ item_id: shirt.id, item_variation_location_id: origin, quantity: 2 }]);
    // The rows a live transfer names are kept: the destination's cannot be removed meanwhile.
    const rowRemoval = await call()(
      'DELETE',
      `${ITEMS}/${shirt.id}/variations/${v.id}/locations/${depot.id}`,
    );
    expect(rowRemoval.statusCode).toBe(409);
    expect(created.lines[0]).toMatchObject({ item_variation_location_id: origin, variation_values: {} });
    expect((await send(created.id)).statusCode).toBe(200);
    const after = (await call()('GET', `${ITEMS}/${shirt.id}/variations/${v.id}`)).json();
    const byLocation = Object.fromEntries(after.locations.map((r: Json) => [r.location_id, r]));
    expect(byLocation[store.id]).toMatchObject({ quantity: 1 });
    expect(byLocation[depot.id]).toMatchObject({ quantity: 0, in_transit: 2 });
    const again = await transfer([{ item_id: shirt.id, item_variation_location_id: origin, quantity: 2 }]);
    expectError(await send(again.id), 409, 'insufficient_stock', 'lines.0.quantity');
    expect((await receive(created.id)).statusCode).toBe(200);
    const received = (await call()('GET', `${ITEMS}/${shirt.id}/variations/${v.id}`)).json();
    expect(received.locations.find((r: Json) => r.location_id === depot.id)).toMatchObject({
      quantity: 2,
      in_transit: 0,
    });
  });

  it('replays a send with the same Idempotency-Key, and refuses a stale If-Match without moving stock', async () => {
    const shovel = await item({ [store.id]: 3 });
    const created = await transfer([{ item_id: shovel.id, quantity: 1 }]);
    const key = { 'idempotency-key': randomUUID() };
    const first = await call()('POST', `${TRANSFERS}/${created.id}/send`, {}, key);
    const again = await call()('POST', `${TRANSFERS}/${created.id}/send`, {}, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await stockAt(shovel.id, store)).toEqual({ quantity: 2, in_transit: 0 });
    const lineId = created.lines[0].id;
    const stale = await call()(
      'PATCH',
      `${TRANSFERS}/${created.id}`,
      { lines: [{ id: lineId, quantity: 2 }] },
      { ...keyed(), 'if-match': '"st_0"' },
    );
    expectError(stale, 409, 'mobile_mutation_conflict');
    expect(await stockAt(shovel.id, store)).toEqual({ quantity: 2, in_transit: 0 });
  });

  it('a transferred delete racing an adjustment at the destination: one wins', async () => {
    const shovel = await item({ [store.id]: 2 });
    const done = await transfer([{ item_id: shovel.id, quantity: 2 }]);
    await send(done.id);
    await receive(done.id);
    const [deleted, adjusted] = await Promise.all([
      remove(done.id),
      adjust(shovel.id, { location_id: depot.id, quantity: -2 }),
    ]);
    expect([deleted.statusCode === 200, adjusted.statusCode === 201].filter(Boolean)).toHaveLength(1);
    const atDepot = await stockAt(shovel.id, depot);
    expect(atDepot.quantity).toBe(0);
  });

  describe('concurrency: the last units are moved once', () => {
    it('two parallel sends of the last unit: one wins, one is refused', async () => {
      const shovel = await item({ [store.id]: 1 });
      const a = await transfer([{ item_id: shovel.id, quantity: 1 }]);
      const b = await transfer([{ item_id: shovel.id, quantity: 1 }]);
      const results = await Promise.all([send(a.id), send(b.id)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expectError(
        results.find((r) => r.statusCode === 409)!,
        409,
        'insufficient_stock',
        'lines.0.quantity',
      );
      expect(await stockAt(shovel.id, store)).toEqual({ quantity: 0, in_transit: 0 });
      expect(await stockAt(shovel.id, depot)).toEqual({ quantity: 0, in_transit: 1 });
    });

    it('a send racing an adjustment that takes the stock out: one wins', async () => {
      const shovel = await item({ [store.id]: 2 });
      const a = await transfer([{ item_id: shovel.id, quantity: 2 }]);
      const [sent, adjusted] = await Promise.all([
        send(a.id),
        adjust(shovel.id, { location_id: store.id, quantity: -1 }),
      ]);
      const loser = sent.statusCode === 200 ? adjusted : sent;
      expectError(loser, 409, 'insufficient_stock');
      expect([sent.statusCode === 200, adjusted.statusCode === 201].filter(Boolean)).toHaveLength(1);
      expect((await stockAt(shovel.id, store)).quantity).toBeGreaterThanOrEqual(0);
    });

    it('many sends racing for a few units never take on-hand below zero', async () => {
      const shovel = await item({ [store.id]: 3 });
      const transfers = await Promise.all(
        Array.from({ length: 6 }, () => transfer([{ item_id: shovel.id, quantity: 1 }])),
      );
      const results = await Promise.all(transfers.map((x) => send(x.id)));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
      expect(await stockAt(shovel.id, store)).toEqual({ quantity: 0, in_transit: 0 });
      expect(await stockAt(shovel.id, depot)).toEqual({ quantity: 0, in_transit: 3 });
    });

    it('the same transfer sent twice at once is sent once', async () => {
      const shovel = await item({ [store.id]: 5 });
      const a = await transfer([{ item_id: shovel.id, quantity: 2 }]);
      const results = await Promise.all([send(a.id), send(a.id)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await stockAt(shovel.id, store)).toEqual({ quantity: 3, in_transit: 0 });
    });
  });

  it('lists by number, newest first, with its filters', async () => {
    const shovel = await item({ [store.id]: 2 });
    const a = await transfer([{ item_id: shovel.id, quantity: 1 }], { shipping_tracking_code: 'ZX-9981' });
    const b = await transfer([{ item_id: shovel.id, quantity: 1 }]);
    await send(b.id);
    const list = (await call()('GET', `${TRANSFERS}?limit=100`)).json();
    expect(list.object).toBe('list');
    const numbers = list.data.map((x: Json) => x.stock_transfer_number);
    expect(numbers).toEqual([...numbers].sort((x: number, y: number) => y - x));
    expect(list.data[0]).not.toHaveProperty('lines');
    const q = (query: string) =>
      call()('GET', `${TRANSFERS}?${query}`).then((r) => r.json().data.map((x: Json) => x.id));
    expect(await q('q=9981')).toEqual([a.id]);
    expect(await q(`q=${b.stock_transfer_number}`)).toEqual([b.id]);
    expect(await q('status_id=27')).toContain(b.id);
    expect(await q('status_id=27')).not.toContain(a.id);
    expect(await q(`origin_location_id=${depot.id}`)).toEqual([]);
    expect(await q(`destination_location_id=${depot.id}&assigned_user_id=${owner.userId}`)).toContain(a.id);
    expect(await q('issue_date_from=2999-01-01')).toEqual([]);
    expect((await call()('GET', `${TRANSFERS}?status_id=99`)).statusCode).toBe(422);
  });

  it('keeps locations a transfer names from being deleted', async () => {
    const shed = await createLocation(t.app, owner, { name: 'Shed' });
    const shovel = await item({ [store.id]: 1 });
    const created = await call()(
      'POST',
      TRANSFERS,
      {
        origin_location_id: store.id,
        destination_location_id: shed.id,
        lines: [{ item_id: shovel.id, quantity: 1 }],
      },
      keyed(),
    );
    expect(created.statusCode).toBe(201);
    const refused = await call()('DELETE', `/api/v3/locations/${shed.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('stock transfers');
    await remove(created.json().id);
    expect((await call()('DELETE', `/api/v3/locations/${shed.id}`)).statusCode).toBe(200);
  });

  it('keeps the history, and the transfer as of a revision', async () => {
    const shovel = await item({ [store.id]: 2 });
    const created = await transfer([{ item_id: shovel.id, quantity: 1 }]);
    await send(created.id);
    const events = (await call()('GET', `${TRANSFERS}/${created.id}/events`)).json();
    expect(events.data.map((e: Json) => e.type)).toEqual(['StockTransferCreated', 'StockTransferSent']);
    const past = await call()('GET', `${TRANSFERS}/${created.id}?as_of_revision=0`);
    expect(past.statusCode).toBe(200);
    expect(past.json()).toMatchObject({ status_id: 26, lines: [{ quantity: 1 }] });
    const itemEvents = (await call()('GET', `${ITEMS}/${shovel.id}/events`)).json().data;
    expect(itemEvents.at(-1)).toMatchObject({
      type: 'StockAdjusted',
      data: { quantity: '-1', stock_transfer_id: created.id, on_hand_after: '1' },
    });
    // The transfer's event names the movements it made on the item's stream.
    expect(events.data[1].data.movement).toEqual(expect.stringContaining(`${created.id}:send@0:`));
    expect(itemEvents.at(-1).data.movement).toBe(events.data[1].data.movement);
  });

  it('needs inventory permissions', async () => {
    const reader = await createCaller(t.app, {
      accountId: owner.accountId,
      permissions: { 'inventory.manage': true },
    });
    expect((await as(t.app, reader)('GET', TRANSFERS)).statusCode).toBe(200);
    const res = await as(t.app, reader)('POST', TRANSFERS, { lines: [] }, keyed());
    expect(res.statusCode).toBe(403);
    const nobody = await createCaller(t.app, { accountId: owner.accountId, permissions: {} });
    expect((await as(t.app, nobody)('GET', TRANSFERS)).statusCode).toBe(403);
    const stranger = await createCaller(t.app);
    const shovel = await item({ [store.id]: 1 });
    const created = await transfer([{ item_id: shovel.id, quantity: 1 }]);
    expect((await as(t.app, stranger)('GET', `${TRANSFERS}/${created.id}`)).statusCode).toBe(404);
  });
});
