import { randomUUID } from 'node:crypto';
import { EventStore } from '@app/event-store';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import { ReadYourWrites } from '../apps/api/src/store/read-your-writes';
import { createCategory, createLocation } from './support/catalog';
import { Caller, CallerOptions, createCaller } from './support/operator';
import { as } from './support/party-rules';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('stock adjustments e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ITEMS = '/api/v3/items';

describe.each(testDatabases())('stock adjustments on $name', (target) => {
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
  const colleague = (options: CallerOptions = {}) =>
    createCaller(t.app, { accountId: owner.accountId, ...options });

  async function item(body: Json = {}, category = tools): Promise<Json> {
    const res = await call()('POST', ITEMS, {
      name: `Item ${randomUUID().slice(0, 6)}`,
      inventory_type: category.inventory_type,
      category_id: category.id,
      ...body,
    });
    if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
    return res.json();
  }

  const adjust = (id: string, body: Json, caller: Caller = owner, headers: Record<string, string> = {}) =>
    call(caller)('POST', `${ITEMS}/${id}/adjustments`, body, headers);

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

  it('adds and removes stock at a location: 201 with the item, its quantity and revision', async () => {
    const { id } = await item();
    const added = await adjust(id, { location_id: store.id, quantity: 5, reason: 'Count' });
    expect(added.statusCode).toBe(201);
    expect(added.headers.etag).toBe('"1"');
    expect(added.json()).toMatchObject({ id, quantity: 5, revision: 1, status_id: 12 });
    const removed = await adjust(id, { location_id: store.id, quantity: '-1.25' });
    expect(removed.json()).toMatchObject({ quantity: 3.75, revision: 2 });
    await adjust(id, { location_id: depot.id, quantity: 2 });
    const fetched = (await call()('GET', `${ITEMS}/${id}`)).json();
    expect(fetched).toMatchObject({ quantity: 5.75, revision: 3 });
    expect(fetched.updated_at).toBe(fetched.created_at);
    const events = (await call()('GET', `${ITEMS}/${id}/events`)).json().data;
    expect(events[1]).toMatchObject({
      type: 'StockAdjusted',
      data: {
        account_id: owner.accountId,
        item_id: id,
        variation_id: null,
        item_variation_location_id: null,
        location_id: store.id,
        quantity: '5',
        on_hand_after: '5',
        reason: 'Count',
        adjusted_at: expect.any(String),
      },
    });
  });

  it('never makes on-hand negative at a location: 409 insufficient_stock, nothing appended', async () => {
    const { id } = await item();
    await adjust(id, { location_id: store.id, quantity: 3 });
    expectError(await adjust(id, { location_id: store.id, quantity: -4 }), 409, 'insufficient_stock');
    expectError(await adjust(id, { location_id: depot.id, quantity: -1 }), 409, 'insufficient_stock');
    expect((await adjust(id, { location_id: store.id, quantity: -3 })).json()).toMatchObject({
      quantity: 0,
      revision: 2,
    });
  });

  it('serialises concurrent adjustments on the item: on-hand never goes below zero', async () => {
    const { id } = await item();
    await adjust(id, { location_id: store.id, quantity: 5 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => adjust(id, { location_id: store.id, quantity: -1 })),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    expect((await call()('GET', `${ITEMS}/${id}`)).json()).toMatchObject({ quantity: 0, revision: 6 });
  });

  it("keeps a unique item's on-hand at 0 or 1 in whole units", async () => {
    const { id } = await item({}, uniques);
    expectError(
      await adjust(id, { location_id: store.id, quantity: 2 }),
      422,
      'validation_failed',
      'quantity',
    );
    expectError(
      await adjust(id, { location_id: store.id, quantity: 0.5 }),
      422,
      'validation_failed',
      'quantity',
    );
    expect((await adjust(id, { location_id: store.id, quantity: 1 })).json().quantity).toBe(1);
    expectError(
      await adjust(id, { location_id: depot.id, quantity: 1 }),
      422,
      'validation_failed',
      'quantity',
    );
    expect((await adjust(id, { location_id: store.id, quantity: -1 })).json().quantity).toBe(0);
    expect((await adjust(id, { location_id: depot.id, quantity: 1 })).json().quantity).toBe(1);
  });

  it('refuses bad adjustments with 422 naming the field', async () => {
    const { id } = await item();
    const stranger = await createCaller(t.app);
    const foreign = await createLocation(t.app, stranger);
    for (const [body, param] of [
      [{ quantity: 1 }, 'location_id'],
      [{ location_id: foreign.id, quantity: 1 }, 'location_id'],
      [{ location_id: 'nowhere', quantity: 1 }, 'location_id'],
      [{ location_id: store.id }, 'quantity'],
      [{ location_id: store.id, quantity: 0 }, 'quantity'],
      [{ location_id: store.id, quantity: 'lots' }, 'quantity'],
      [{ location_id: store.id, quantity: '1.23456' }, 'quantity'],
      [{ location_id: store.id, quantity: 1, reason: 7 }, 'reason'],
      [{ location_id: store.id, quantity: 1, item_variation_location_id: 3 }, 'item_variation_location_id'],
    ] as const) {
      const res = await adjust(id, body);
      expect({ body, status: res.statusCode, param: res.json().error?.param }).toEqual({
        body,
        status: 422,
        param,
      });
    }
    expectError(
      await adjust(id, { location_id: store.id, quantity: 1, colour: 'red' }),
      422,
      'unsupported_field',
      'colour',
    );
    expect((await call()('GET', `${ITEMS}/${id}`)).json().revision).toBe(0);
  });

  it('refuses adjustments of archived items (409 item_archived) and honours If-Match', async () => {
    const { id } = await item();
    expectError(
      await adjust(id, { location_id: store.id, quantity: 1 }, owner, { 'if-match': '"5"' }),
      409,
      'mobile_mutation_conflict',
    );
    expect(
      (await adjust(id, { location_id: store.id, quantity: 1 }, owner, { 'if-match': '"0"' })).statusCode,
    ).toBe(201);
    await call()('POST', `${ITEMS}/${id}/archive`);
    expectError(await adjust(id, { location_id: store.id, quantity: 1 }), 409, 'item_archived');
  });

  it('needs inventory.modify; a restricted user adjusts only at their location, only items they see', async () => {
    const { id } = await item();
    const noModify = await colleague({ permissions: { 'inventory.modify': false } });
    expectError(await adjust(id, { location_id: store.id, quantity: 1 }, noModify), 403, 'permission_denied');
    const clerk = await colleague({ location_id: store.id });
    expect((await adjust(id, { location_id: store.id, quantity: 1 }, clerk)).statusCode).toBe(201);
    expectError(
      await adjust(id, { location_id: depot.id, quantity: 1 }, clerk),
      422,
      'validation_failed',
      'location_id',
    );
    const elsewhere = await item({ location_id: depot.id });
    expectError(
      await adjust(elsewhere.id, { location_id: store.id, quantity: 1 }, clerk),
      404,
      'resource_missing',
    );
    expectError(await adjust(randomUUID(), { location_id: store.id, quantity: 1 }), 404, 'resource_missing');
    expectError(await adjust('nope', { location_id: store.id, quantity: 1 }), 404, 'resource_missing');
  });

  describe('the inventory read model', () => {
    /** A new caller with two locations, and quantity items of one category created at either. */
    const twoLocations = async () => {
      const caller = await createCaller(t.app);
      const category = await createCategory(t.app, caller);
      const here = await createLocation(t.app, caller);
      const there = await createLocation(t.app, caller);
      const create = async (body: Json) =>
        (
          await call(caller)('POST', ITEMS, { inventory_type: 'quantity', category_id: category.id, ...body })
        ).json();
      return { caller, here, there, create };
    };

    it('keeps one row per item and location with its on-hand', async () => {
      const { id } = await item();
      await adjust(id, { location_id: store.id, quantity: 4 });
      await adjust(id, { location_id: store.id, quantity: -1 });
      await adjust(id, { location_id: depot.id, quantity: 2.5 });
      const rows = await t.database.db
        .selectFrom('inventory_quantities')
        .select(['location_id', 'variation_id', 'on_hand', 'reserved', 'incoming', 'in_transit', 'estimates'])
        .where('item_id', '=', id)
        .orderBy('on_hand')
        .execute();
      expect(rows).toEqual([
        {
          location_id: depot.id,
          variation_id: null,
          on_hand: '2.5',
          reserved: '0',
          incoming: '0',
          in_transit: '0',
          estimates: '0',
        },
        {
          location_id: store.id,
          variation_id: null,
          on_hand: '3',
          reserved: '0',
          incoming: '0',
          in_transit: '0',
          estimates: '0',
        },
      ]);
    });

    it('lists items at a location or stocked there with that location_inventory', async () => {
      const { caller, here, there, create } = await twoLocations();
      await create({ name: 'Placed', location_id: here.id, threshold: 4 });
      const stocked = await create({ name: 'Stocked', location_id: there.id });
      await create({ name: 'Elsewhere', location_id: there.id });
      await adjust(stocked.id, { location_id: here.id, quantity: 3 }, caller);
      await adjust(stocked.id, { location_id: there.id, quantity: 10 }, caller);
      const list = (await call(caller)('GET', `${ITEMS}?location_id=${here.id}`)).json();
      expect(list.data.map((i: Json) => [i.name, i.quantity, i.location_inventory])).toEqual([
        [
          'Placed',
          0,
          {
            location_id: here.id,
            quantity: 0,
            quantity_reserved: 0,
            quantity_available: 0,
            quantity_incoming: 0,
            in_transit: 0,
            threshold: 4,
          },
        ],
        [
          'Stocked',
          13,
          {
            location_id: here.id,
            quantity: 3,
            quantity_reserved: 0,
            quantity_available: 3,
            quantity_incoming: 0,
            in_transit: 0,
            threshold: 0,
          },
        ],
      ]);
      expect((await call(caller)('GET', ITEMS)).json().data[0]).not.toHaveProperty('location_inventory');
      const gone = await createLocation(t.app, caller);
      await call(caller)('DELETE', `/api/v3/locations/${gone.id}`);
      for (const location of [gone.id, store.id, 'nowhere']) {
        expectError(
          await call(caller)('GET', `${ITEMS}?location_id=${location}`),
          422,
          'invalid_query_parameter',
          'location_id',
        );
      }
    });

    it("pages and totals a location's list exactly: items placed there and stocked there from elsewhere, through moves", async () => {
      const { caller, here, there, create } = await twoLocations();
      const a = await create({ name: 'A placed', location_id: here.id });
      const b = await create({ name: 'B stocked', location_id: there.id });
      await create({ name: 'C placed', location_id: here.id });
      const d = await create({ name: 'D moved away', location_id: here.id });
      const e = await create({ name: 'E archived', location_id: here.id });
      const f = await create({ name: 'F unplaced' });
      await create({ name: 'G elsewhere', location_id: there.id });
      for (const [id, quantity] of [
        [a.id, 5],
        [b.id, 2],
        [f.id, 1],
      ])
        await adjust(id, { location_id: here.id, quantity }, caller);
      await call(caller)('PATCH', `${ITEMS}/${d.id}`, { location_id: there.id });
      await call(caller)('POST', `${ITEMS}/${e.id}/archive`);
      const at = `${ITEMS}?location_id=${here.id}`;
      const names = async (query: string) =>
        (await call(caller)('GET', `${at}&${query}`)).json().data.map((i: Json) => i.name);
      // limit=1 leaves pages after the first, so the total is counted, not read off the last page.
      const total = async (query: string) =>
        (await call(caller)('GET', `${at}&limit=1&${query}`)).json().pagination.total_records;
      const listed = async () => ({
        pages: [await names('limit=2'), await names('limit=2&page=2'), await names('limit=2&page=3')],
        totals: [await total(''), await total('archived=true'), await total('archived=all')],
        searched: [await names('q=placed&limit=2'), await total('q=placed')],
      });
      const expected = {
        pages: [['A placed', 'B stocked'], ['C placed', 'F unplaced'], []],
        totals: [4, 1, 5],
        searched: [['A placed', 'C placed'], 3],
      };
      expect(await listed()).toEqual(expected);
      // B comes home (listed once, not twice); A goes away, still stocked here.
      await call(caller)('PATCH', `${ITEMS}/${b.id}`, { location_id: here.id });
      await call(caller)('PATCH', `${ITEMS}/${a.id}`, { location_id: there.id });
      expect(await listed()).toEqual(expected);
      expect(await names(`limit=10&page=1&archived=all`)).toEqual([
        'A placed',
        'B stocked',
        'C placed',
        'E archived',
        'F unplaced',
      ]);
    });

    it("counts variation rows (their own streams' StockAdjusted) in the item's totals and location lists", async () => {
      const { id } = await item({ name: 'Varied' });
      const variation = randomUUID();
      const store$ = t.app.get<EventStore>(EVENT_STORE);
      const event = (type: string, data: Json) => ({ id: randomUUID(), type, data });
      // What the variations module appends: a variation with one row, then stock on that row.
      const { position } = await store$.appendToStream(
        `itemVariation-${variation}`,
        [
          event('ItemVariationCreated', {
            id: variation,
            account_id: owner.accountId,
            item_id: id,
            attributes: [],
            barcode: '',
            image_id: null,
            unit_price_override: null,
            unit_cost_override: null,
            locations: [
              { item_variation_location_id: 901, location_id: depot.id, zone_id: null, threshold: 0 },
            ],
            variation_type: 'location_only',
            created_at: new Date().toISOString(),
          }),
          event('StockAdjusted', {
            account_id: owner.accountId,
            item_id: id,
            variation_id: variation,
            item_variation_location_id: 901,
            location_id: depot.id,
            quantity: '6',
            on_hand_after: '6',
            reason: null,
            adjusted_at: new Date().toISOString(),
          }),
        ],
        { expectedRevision: 'no_stream' },
      );
      await t.app.get(ReadYourWrites).after(position);
      expect((await call()('GET', `${ITEMS}/${id}`)).json()).toMatchObject({
        quantity: 6,
        variation_count: 1,
        revision: 0,
      });
      const atDepot = (await call()('GET', `${ITEMS}?location_id=${depot.id}&q=Varied`)).json().data;
      expect(atDepot.map((i: Json) => i.location_inventory.quantity)).toEqual([6]);
      // Its own stock is on the variation rows now.
      expectError(
        await adjust(id, { location_id: depot.id, quantity: 1 }),
        422,
        'validation_failed',
        'item_variation_location_id',
      );
    });
  });
});
