import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { References } from '../apps/api/src/records/references';
import { createCategory, createLocation, createZone } from './support/catalog';
import { Caller, CallerOptions, createCaller } from './support/operator';
import { as } from './support/party-rules';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('item variations e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Reply = { statusCode: number; body: string; headers: Record<string, unknown>; json(): Json };

const NOBODY = '00000000-0000-4000-8000-000000000000';

/** One account's catalogue: two locations (the first with a zone), a category, Color and Size. */
interface Shop {
  owner: Caller;
  warehouse: Json;
  store: Json;
  shelf: Json;
  category: Json;
  color: Json;
  size: Json;
}

describe.each(testDatabases())('item variations API on $name', (target) => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await startTestApp(target);
    shop = await newShop();
  });
  afterAll(() => t?.close());

  const call = (caller: Caller, method: Method, url: string, payload?: unknown) =>
    as(t.app, caller)(method, url, payload) as Promise<Reply>;
  const ok = async (res: Reply | Promise<Reply>, status = 200): Promise<Json> => {
    const reply = await res;
    if (reply.statusCode !== status)
      throw new Error(`expected ${status}, got ${reply.statusCode}: ${reply.body}`);
    return reply.json();
  };
  const expectError = async (res: Promise<Reply> | Reply, status: number, code: string, param?: string) => {
    const reply = await res;
    expect({ status: reply.statusCode, ...reply.json().error }).toMatchObject({
      status,
      code,
      ...(param ? { param } : {}),
    });
  };

  async function newShop(): Promise<Shop> {
    const owner = await createCaller(t.app);
    const warehouse = await createLocation(t.app, owner, { name: 'A Warehouse' });
    const store = await createLocation(t.app, owner, { name: 'B Store' });
    const shelf = await createZone(t.app, owner, warehouse.id);
    const category = await createCategory(t.app, owner);
    const color = await ok(
      call(owner, 'POST', '/api/v3/variation-attributes', { name: 'Color', values: ['Red', 'Blue'] }),
      201,
    );
    const size = await ok(
      call(owner, 'POST', '/api/v3/variation-attributes', { name: 'Size', values: ['S', 'L'] }),
      201,
    );
    return { owner, warehouse, store, shelf, category, color, size };
  }

  const item = (body: Json = {}, s: Shop = shop, caller = s.owner) =>
    ok(
      call(caller, 'POST', '/api/v3/items', {
        name: 'Shirt',
        inventory_type: 'quantity',
        category_id: s.category.id,
        ...body,
      }),
      201,
    );
  const adjustItem = (itemId: string, location: string, quantity: number, s: Shop = shop) =>
    ok(
      call(s.owner, 'POST', `/api/v3/items/${itemId}/adjustments`, { location_id: location, quantity }),
      201,
    );
  const variations = (itemId: string) => `/api/v3/items/${itemId}/variations`;
  const variation = (itemId: string, body: Json, s: Shop = shop, caller = s.owner) =>
    ok(call(caller, 'POST', variations(itemId), body), 201);
  const pair = (attribute: Json, index: number) => ({
    attribute_id: attribute.id,
    value_id: attribute.values[index].id,
  });
  /** An item whose first variation (Red, S) gave it Color and Size. */
  const attributedItem = async (s: Shop = shop) => {
    const shirt = await item({}, s);
    const first = await variation(
      shirt.id,
      { variation_type: 'attributes', attributes: [pair(s.color, 0), pair(s.size, 0)] },
      s,
    );
    return { shirt, first };
  };
  const colleague = (options: CallerOptions) =>
    createCaller(t.app, { accountId: shop.owner.accountId, ...options });
  const row = (v: Json, location: Json) => v.locations.find((r: Json) => r.location_id === location.id);

  describe('the first variation', () => {
    it('location_only: takes the single-location item’s quantity, threshold and zone into that row', async () => {
      const shirt = await item({ location_id: shop.warehouse.id, zone_id: shop.shelf.id, threshold: 3 });
      await adjustItem(shirt.id, shop.warehouse.id, 5);
      const res = await call(shop.owner, 'POST', variations(shirt.id), { variation_type: 'location_only' });
      expect(res.statusCode).toBe(201);
      expect(res.headers.etag).toBe('"1"');
      const created = res.json();
      expect(created).toMatchObject({
        object: 'item_variation',
        item_id: shirt.id,
        attributes: {},
        barcode: '',
        image_id: null,
        unit_price_override: null,
        unit_cost_override: null,
        quantity: 5,
        quantity_reserved: 0,
        quantity_incoming: 0,
        in_transit: 0,
        location_count: 2,
        revision: 1,
      });
      expect(created.locations).toEqual([
        {
          object: 'item_variation_location',
          item_variation_location_id: expect.any(Number),
          location_id: shop.warehouse.id,
          location_name: 'A Warehouse',
          location_active: true,
          zone_id: shop.shelf.id,
          zone_name: shop.shelf.name,
          quantity: 5,
          quantity_reserved: 0,
          quantity_incoming: 0,
          in_transit: 0,
          threshold: 3,
        },
        expect.objectContaining({ location_id: shop.store.id, quantity: 0, threshold: 0, zone_id: null }),
      ]);
      const [a, b] = created.locations.map((r: Json) => r.item_variation_location_id);
      expect(a).not.toBe(b);
      // A location-filtered item list sums the variations' rows there, the threshold too.
      const atWarehouse = await ok(call(shop.owner, 'GET', `/api/v3/items?location_id=${shop.warehouse.id}`));
      expect(atWarehouse.data.find((i: Json) => i.id === shirt.id).location_inventory).toMatchObject({
        quantity: 5,
        threshold: 3,
      });
    });

    it('keeps the parent’s totals and history: the item’s own stock moves out, its settings are cleared', async () => {
      const shirt = await item({ location_id: shop.warehouse.id, zone_id: shop.shelf.id, threshold: 3 });
      await adjustItem(shirt.id, shop.warehouse.id, 5);
      const v = await variation(shirt.id, { variation_type: 'location_only' });
      const parent = await ok(call(shop.owner, 'GET', `/api/v3/items/${shirt.id}`));
      expect(parent).toMatchObject({ quantity: 5, variation_count: 1, threshold: 0, zone_id: null });
      const itemEvents = await ok(call(shop.owner, 'GET', `/api/v3/items/${shirt.id}/events`));
      expect(itemEvents.data.map((e: Json) => [e.type, e.data.quantity])).toEqual([
        ['ItemCreated', undefined],
        ['StockAdjusted', '5'],
        ['StockAdjusted', '-5'],
        ['ItemUpdated', undefined],
        ['FirstVariationDecided', undefined],
      ]);
      expect(itemEvents.data[2].data).toMatchObject({ on_hand_after: '0', moved_to_variation_id: v.id });
      const decided = itemEvents.data[4];
      expect(decided.data).toMatchObject({ item_id: shirt.id, variation_id: v.id });
      expect(decided.data.variation_events.map((e: Json) => e.type)).toEqual([
        'ItemVariationCreated',
        'StockAdjusted',
      ]);
      await expectError(
        call(shop.owner, 'POST', `/api/v3/items/${shirt.id}/adjustments`, {
          location_id: shop.warehouse.id,
          quantity: 1,
        }),
        422,
        'validation_failed',
        'item_variation_location_id',
      );
      const own = await ok(call(shop.owner, 'GET', `${variations(shirt.id)}/${v.id}/events`));
      expect(own.data.map((e: Json) => e.type)).toEqual(['ItemVariationCreated', 'StockAdjusted']);
      expect(own.data[0].data).toMatchObject({ item_id: shirt.id, variation_type: 'location_only' });
      // The variation's events are the decided ones, caused by the item's decision.
      expect(own.data.map((e: Json) => e.data)).toEqual(
        decided.data.variation_events.map((e: Json) => e.data),
      );
      expect(own.data[0].metadata).toMatchObject({ causation_id: decided.id });
    });

    it('gives an item without attributes one variation only', async () => {
      const shirt = await item();
      await variation(shirt.id, { variation_type: 'location_only', attributes: [] });
      await expectError(call(shop.owner, 'POST', variations(shirt.id), {}), 409, 'duplicate_variation');
      await expectError(
        call(shop.owner, 'POST', variations(shirt.id), { variation_type: 'location_only' }),
        422,
        'validation_failed',
        'variation_type',
      );
    });

    it('attributes: sets the item’s attributes, listed in that order; include=available lists every usable one', async () => {
      const s = await newShop();
      await ok(call(s.owner, 'POST', '/api/v3/variation-attributes', { name: 'Empty', values: [] }), 201);
      const shirt = await item({}, s);
      expect((await ok(call(s.owner, 'GET', `/api/v3/items/${shirt.id}/variation-attributes`))).data).toEqual(
        [],
      );
      const available = await ok(
        call(s.owner, 'GET', `/api/v3/items/${shirt.id}/variation-attributes?include=available`),
      );
      expect(available.data.map((a: Json) => a.name)).toEqual(['Color', 'Size']);
      await variation(
        shirt.id,
        { variation_type: 'attributes', attributes: [pair(s.size, 1), pair(s.color, 0)] },
        s,
      );
      const assigned = await ok(call(s.owner, 'GET', `/api/v3/items/${shirt.id}/variation-attributes`));
      expect(assigned.data.map((a: Json) => [a.name, a.values.length])).toEqual([
        ['Size', 2],
        ['Color', 2],
      ]);
    });

    it.each([
      [{}, 'variation_type'],
      [{ variation_type: 'attributes', attributes: [] }, 'attributes'],
      [
        { variation_type: 'location_only', attributes: [{ attribute_id: NOBODY, value_id: NOBODY }] },
        'attributes.0.attribute_id',
      ],
      [{ variation_type: 'other' }, 'variation_type'],
      [{ variation_type: 'location_only', barcode: 'x'.repeat(49) }, 'barcode'],
      [
        { variation_type: 'location_only', initial_quantity_location_id: NOBODY },
        'initial_quantity_location_id',
      ],
    ])('refuses %p naming %s', async (body, param) => {
      const shirt = await item();
      await expectError(
        call(shop.owner, 'POST', variations(shirt.id), body),
        422,
        'validation_failed',
        param,
      );
    });

    it('takes an item without a location’s threshold into initial_quantity_location_id’s row', async () => {
      const shirt = await item({ threshold: 4 });
      const v = await variation(shirt.id, {
        variation_type: 'location_only',
        initial_quantity_location_id: shop.store.id,
      });
      expect(row(v, shop.store).threshold).toBe(4);
      expect(row(v, shop.warehouse).threshold).toBe(0);
    });

    it.each([['quantity'], ['threshold'], ['zone_id'], ['image_id'], ['locations'], ['id']])(
      'refuses the server-managed field %s',
      async (field) => {
        const shirt = await item();
        await expectError(
          call(shop.owner, 'POST', variations(shirt.id), { variation_type: 'location_only', [field]: 1 }),
          422,
          'unsupported_field',
          field,
        );
      },
    );
  });

  describe('later variations', () => {
    it('take one value per attribute, in any order; the same combination is 409 duplicate_variation', async () => {
      const { shirt } = await attributedItem();
      const blue = await variation(shirt.id, {
        attributes: [pair(shop.size, 1), pair(shop.color, 1)],
        barcode: 'BL-1',
      });
      expect(blue.attributes).toEqual({ Color: 'Blue', Size: 'L' });
      await expectError(
        call(shop.owner, 'POST', variations(shirt.id), {
          attributes: [pair(shop.size, 0), pair(shop.color, 0)],
        }),
        409,
        'duplicate_variation',
      );
      await expectError(
        call(shop.owner, 'POST', variations(shirt.id), { attributes: [pair(shop.color, 1)] }),
        422,
        'validation_failed',
        'attributes',
      );
      await expectError(
        call(shop.owner, 'POST', variations(shirt.id), {
          attributes: [
            pair(shop.color, 1),
            { attribute_id: shop.size.id, value_id: shop.color.values[0].id },
          ],
        }),
        422,
        'validation_failed',
        'attributes.1.value_id',
      );
    });

    it('create duplicates one at a time: concurrent requests for one combination give one variation', async () => {
      const { shirt } = await attributedItem();
      const body = { attributes: [pair(shop.color, 1), pair(shop.size, 1)] };
      const replies = await Promise.all(
        [1, 2, 3].map(() => call(shop.owner, 'POST', variations(shirt.id), body)),
      );
      expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    });

    it('need the selling-price and unit-cost permissions for overrides; costs are hidden without unit_cost.view', async () => {
      const { shirt } = await attributedItem();
      const body = { attributes: [pair(shop.color, 1), pair(shop.size, 0)] };
      const noPrices = await colleague({ permissions: { 'inventory.modify': true, 'unit_cost.view': true } });
      await expectError(
        call(noPrices, 'POST', variations(shirt.id), { ...body, unit_price_override: 5 }),
        403,
        'permission_denied',
      );
      const noCosts = await colleague({
        permissions: { 'inventory.modify': true, 'selling_prices.modify': true },
      });
      await expectError(
        call(noCosts, 'POST', variations(shirt.id), { ...body, unit_cost_override: 2 }),
        403,
        'permission_denied',
      );
      const priced = await variation(shirt.id, {
        ...body,
        unit_price_override: '12.5',
        unit_cost_override: 3,
      });
      expect(priced).toMatchObject({ unit_price_override: '12.5000', unit_cost_override: '3.0000' });
      const seen = await ok(call(noCosts, 'GET', `${variations(shirt.id)}/${priced.id}`));
      expect(seen.unit_price_override).toBe('12.5000');
      expect(seen).not.toHaveProperty('unit_cost_override');
    });

    it('refuse an archived item (409 item_archived), a unique item, and items out of sight (404)', async () => {
      const { shirt } = await attributedItem();
      await ok(call(shop.owner, 'POST', `/api/v3/items/${shirt.id}/archive`));
      await expectError(
        call(shop.owner, 'POST', variations(shirt.id), {
          attributes: [pair(shop.color, 1), pair(shop.size, 1)],
        }),
        409,
        'item_archived',
      );
      const uniqueCategory = await createCategory(t.app, shop.owner, { inventory_type: 'unique' });
      const unique = await item({ inventory_type: 'unique', category_id: uniqueCategory.id });
      await expectError(
        call(shop.owner, 'POST', variations(unique.id), { variation_type: 'location_only' }),
        409,
        'item_variations_not_allowed',
      );
      const stranger = await createCaller(t.app);
      await expectError(
        call(stranger, 'POST', variations(shirt.id), { variation_type: 'location_only' }),
        404,
        'resource_missing',
      );
      await expectError(call(shop.owner, 'POST', variations('not-an-id'), {}), 404, 'resource_missing');
    });

    it('give a location-restricted user a row at its own location only', async () => {
      const clerk = await colleague({ location_id: shop.store.id });
      const shirt = await item({ location_id: shop.store.id });
      const v = await variation(shirt.id, { variation_type: 'location_only' }, shop, clerk);
      expect(v.locations.map((r: Json) => r.location_id)).toEqual([shop.store.id]);
    });
  });

  describe('retrieve and list', () => {
    it('retrieves with 404 for another item’s, another account’s, or malformed ids; archived items stay readable', async () => {
      const { shirt, first } = await attributedItem();
      const other = await item();
      const url = `${variations(shirt.id)}/${first.id}`;
      const res = await call(shop.owner, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(`"${first.revision}"`);
      expect(res.json()).toEqual(first);
      await expectError(
        call(shop.owner, 'GET', `${variations(other.id)}/${first.id}`),
        404,
        'resource_missing',
      );
      await expectError(call(await createCaller(t.app), 'GET', url), 404, 'resource_missing');
      await expectError(call(shop.owner, 'GET', `${variations(shirt.id)}/nope`), 404, 'resource_missing');
      await expectError(call(shop.owner, 'GET', `${url}?colour=1`), 422, 'invalid_query_parameter', 'colour');
      await ok(call(shop.owner, 'POST', `/api/v3/items/${shirt.id}/archive`));
      expect((await call(shop.owner, 'GET', url)).statusCode).toBe(200);
    });

    it('answers 404 for the attributes of an item out of sight; pages without totals on include_total=false', async () => {
      const shirt = await item();
      const attributes = `/api/v3/items/${shirt.id}/variation-attributes`;
      await expectError(call(await createCaller(t.app), 'GET', attributes), 404, 'resource_missing');
      await expectError(
        call(shop.owner, 'GET', '/api/v3/items/nope/variation-attributes'),
        404,
        'resource_missing',
      );
      expect(await ok(call(shop.owner, 'GET', variations(shirt.id)))).toMatchObject({
        data: [],
        pagination: { total_records: 0 },
      });
      // A location-restricted user sees the item (it has no location), which has no rows anywhere.
      const lost = await colleague({ location_id: shop.store.id });
      for (const caller of [shop.owner, lost]) {
        const page = await ok(call(caller, 'GET', `${variations(shirt.id)}?include_total=false`));
        expect(page).toMatchObject({ data: [], has_more: false });
        expect(page.pagination).not.toHaveProperty('total_records');
      }
    });

    it('lists compact variations in creation order; q in barcodes and attribute values; include=locations', async () => {
      const { shirt, first } = await attributedItem();
      const blue = await variation(shirt.id, {
        attributes: [pair(shop.color, 1), pair(shop.size, 1)],
        barcode: 'XB-77',
      });
      const list = await ok(call(shop.owner, 'GET', variations(shirt.id)));
      expect(list).toMatchObject({ object: 'list', has_more: false, pagination: { total_records: 2 } });
      expect(list.data.map((v: Json) => v.id)).toEqual([first.id, blue.id]);
      expect(list.data[0]).not.toHaveProperty('locations');
      expect(list.data[0]).toMatchObject({ attributes: { Color: 'Red', Size: 'S' }, location_count: 2 });
      const byBarcode = await ok(call(shop.owner, 'GET', `${variations(shirt.id)}?q=xb-7`));
      expect(byBarcode.data.map((v: Json) => v.id)).toEqual([blue.id]);
      const byValue = await ok(call(shop.owner, 'GET', `${variations(shirt.id)}?q=red`));
      expect(byValue.data.map((v: Json) => v.id)).toEqual([first.id]);
      const withRows = await ok(call(shop.owner, 'GET', `${variations(shirt.id)}?include=locations&limit=1`));
      expect(withRows).toMatchObject({
        has_more: true,
        data: [{ id: first.id, locations: first.locations }],
      });
      await expectError(
        call(shop.owner, 'GET', `${variations(shirt.id)}?include=photos`),
        422,
        'invalid_query_parameter',
        'include',
      );
      const empty = await item();
      expect((await ok(call(shop.owner, 'GET', variations(empty.id)))).data).toEqual([]);
    });

    it('follows a renamed attribute value in views and searches', async () => {
      const s = await newShop();
      const { shirt, first } = await attributedItem(s);
      const [red, blue] = s.color.values;
      await ok(
        call(s.owner, 'PATCH', `/api/v3/variation-attributes/${s.color.id}`, {
          values: [{ id: red.id, value: 'Crimson' }, blue],
        }),
      );
      const seen = await ok(call(s.owner, 'GET', `${variations(shirt.id)}/${first.id}`));
      expect(seen.attributes).toEqual({ Color: 'Crimson', Size: 'S' });
      expect((await ok(call(s.owner, 'GET', `${variations(shirt.id)}?q=crims`))).data).toHaveLength(1);
    });

    it('totals over the rows the caller may see: a location filter, and a restricted user’s location', async () => {
      const { shirt, first } = await attributedItem();
      await ok(
        call(
          shop.owner,
          'POST',
          `${variations(shirt.id)}/${first.id}/locations/${shop.warehouse.id}/adjustments`,
          { quantity: 4 },
        ),
        201,
      );
      await ok(
        call(
          shop.owner,
          'POST',
          `${variations(shirt.id)}/${first.id}/locations/${shop.store.id}/adjustments`,
          { quantity: 1 },
        ),
        201,
      );
      const all = await ok(call(shop.owner, 'GET', `${variations(shirt.id)}/${first.id}`));
      expect(all).toMatchObject({ quantity: 5, location_count: 2 });
      const atStore = await ok(
        call(shop.owner, 'GET', `${variations(shirt.id)}?location_id=${shop.store.id}`),
      );
      expect(atStore.data[0]).toMatchObject({ quantity: 1, location_count: 1 });
      const clerk = await colleague({ location_id: shop.store.id });
      const seen = await ok(call(clerk, 'GET', `${variations(shirt.id)}/${first.id}`));
      expect(seen).toMatchObject({ quantity: 1, location_count: 1 });
      expect(seen.locations.map((r: Json) => r.location_id)).toEqual([shop.store.id]);
      expect(
        (await ok(call(clerk, 'GET', `${variations(shirt.id)}?include=locations`))).data[0],
      ).toMatchObject({ quantity: 1 });
      await expectError(
        call(clerk, 'GET', `${variations(shirt.id)}?location_id=${shop.warehouse.id}`),
        422,
        'invalid_query_parameter',
        'location_id',
      );
      await expectError(
        call(shop.owner, 'GET', `${variations(shirt.id)}?location_id=here`),
        422,
        'invalid_query_parameter',
      );
    });
  });

  describe('changes', () => {
    it('change barcode and overrides, clear the barcode with "", and append nothing for no change', async () => {
      const { shirt, first } = await attributedItem();
      const url = `${variations(shirt.id)}/${first.id}`;
      const changed = await ok(call(shop.owner, 'PATCH', url, { barcode: 'RS-1', unit_price_override: 7 }));
      expect(changed).toMatchObject({
        barcode: 'RS-1',
        unit_price_override: '7.0000',
        revision: first.revision + 1,
      });
      const cleared = await ok(call(shop.owner, 'PATCH', url, { barcode: '', unit_price_override: null }));
      expect(cleared).toMatchObject({ barcode: '', unit_price_override: null });
      const same = await ok(call(shop.owner, 'PATCH', url, { barcode: '' }));
      expect(same.revision).toBe(cleared.revision);
      await expectError(call(shop.owner, 'PATCH', url, {}), 422, 'validation_failed');
      await expectError(
        call(shop.owner, 'PATCH', url, { threshold: 3 }),
        422,
        'unsupported_field',
        'threshold',
      );
      await expectError(
        call(shop.owner, 'PATCH', url, { barcode: 'x'.repeat(49) }),
        422,
        'validation_failed',
        'barcode',
      );
    });

    it('replace the combination, refusing a sibling’s; If-Match guards the revision', async () => {
      const { shirt, first } = await attributedItem();
      const blue = await variation(shirt.id, { attributes: [pair(shop.color, 1), pair(shop.size, 1)] });
      const url = `${variations(shirt.id)}/${first.id}`;
      await expectError(
        call(shop.owner, 'PATCH', url, { attributes: [pair(shop.color, 1), pair(shop.size, 1)] }),
        409,
        'duplicate_variation',
      );
      const moved = await ok(
        call(shop.owner, 'PATCH', url, { attributes: [pair(shop.color, 1), pair(shop.size, 0)] }),
      );
      expect(moved.attributes).toEqual({ Color: 'Blue', Size: 'S' });
      expect(blue.attributes).toEqual({ Color: 'Blue', Size: 'L' });
      const stale = await as(t.app, shop.owner)(
        'PATCH',
        url,
        { barcode: 'B' },
        { 'if-match': `"${first.revision}"` },
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.code).toBe('mobile_mutation_conflict');
    });

    it('keep archived items read-only, and a restricted user to variations stocked at its location', async () => {
      const { shirt, first } = await attributedItem();
      const url = `${variations(shirt.id)}/${first.id}`;
      const elsewhere = await createLocation(t.app, shop.owner);
      const clerk = await colleague({ location_id: elsewhere.id });
      await expectError(call(clerk, 'PATCH', url, { barcode: 'C' }), 403, 'permission_denied');
      const storeClerk = await colleague({ location_id: shop.store.id });
      expect((await call(storeClerk, 'PATCH', url, { barcode: 'C' })).statusCode).toBe(200);
      await ok(call(shop.owner, 'POST', `/api/v3/items/${shirt.id}/archive`));
      await expectError(call(shop.owner, 'PATCH', url, { barcode: 'D' }), 409, 'item_archived');
    });

    it('keep an attribute value a variation uses (409 variation_attribute_value_in_use)', async () => {
      const s = await newShop();
      await attributedItem(s);
      await expectError(
        call(s.owner, 'PATCH', `/api/v3/variation-attributes/${s.color.id}`, { values: [s.color.values[1]] }),
        409,
        'variation_attribute_value_in_use',
      );
      const unused = await ok(
        call(s.owner, 'PATCH', `/api/v3/variation-attributes/${s.color.id}`, { values: [s.color.values[0]] }),
      );
      expect(unused.values).toEqual([s.color.values[0]]);
    });
  });

  describe('location rows', () => {
    it('add an active location with zero balances and a new number; twice is 409 variation_location_exists', async () => {
      const { shirt, first } = await attributedItem();
      const outlet = await createLocation(t.app, shop.owner, { name: 'C Outlet' });
      const zone = await createZone(t.app, shop.owner, outlet.id);
      const url = `${variations(shirt.id)}/${first.id}/locations`;
      const added = await ok(
        call(shop.owner, 'POST', url, { location_id: outlet.id, zone_id: zone.id, threshold: 2 }),
        201,
      );
      expect(row(added, outlet)).toMatchObject({
        quantity: 0,
        threshold: 2,
        zone_id: zone.id,
        zone_name: zone.name,
      });
      const numbers = added.locations.map((r: Json) => r.item_variation_location_id);
      expect(new Set(numbers).size).toBe(first.location_count + 1);
      await expectError(
        call(shop.owner, 'POST', url, { location_id: outlet.id }),
        409,
        'variation_location_exists',
      );
      await expectError(
        call(shop.owner, 'POST', url, { location_id: NOBODY }),
        422,
        'validation_failed',
        'location_id',
      );
      await expectError(
        call(shop.owner, 'POST', url, { quantity: 1, location_id: outlet.id }),
        422,
        'unsupported_field',
        'quantity',
      );
    });

    it('add a location once under concurrency', async () => {
      const { shirt, first } = await attributedItem();
      const outlet = await createLocation(t.app, shop.owner);
      const url = `${variations(shirt.id)}/${first.id}/locations`;
      const replies = await Promise.all(
        [1, 2, 3].map(() => call(shop.owner, 'POST', url, { location_id: outlet.id })),
      );
      expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      const conflict = replies.find((r) => r.statusCode === 409)!;
      expect(conflict.json().error.code).toBe('variation_location_exists');
      const seen = await ok(call(shop.owner, 'GET', `${variations(shirt.id)}/${first.id}`));
      expect(seen.location_count).toBe(first.location_count + 1);
    });

    it('let a restricted user add only its own location', async () => {
      const { shirt, first } = await attributedItem();
      const outlet = await createLocation(t.app, shop.owner);
      const clerk = await colleague({ location_id: outlet.id });
      const url = `${variations(shirt.id)}/${first.id}/locations`;
      await expectError(call(clerk, 'POST', url, { location_id: shop.store.id }), 403, 'permission_denied');
      expect((await call(clerk, 'POST', url, { location_id: outlet.id })).statusCode).toBe(201);
    });

    it('change a row’s threshold and zone (of that location only)', async () => {
      const { shirt, first } = await attributedItem();
      const url = `${variations(shirt.id)}/${first.id}/locations/${shop.warehouse.id}`;
      const changed = await ok(call(shop.owner, 'PATCH', url, { threshold: 6, zone_id: shop.shelf.id }));
      expect(row(changed, shop.warehouse)).toMatchObject({
        threshold: 6,
        zone_id: shop.shelf.id,
        quantity: 0,
      });
      const cleared = await ok(call(shop.owner, 'PATCH', url, { zone_id: null }));
      expect(row(cleared, shop.warehouse).zone_id).toBeNull();
      const storeUrl = `${variations(shirt.id)}/${first.id}/locations/${shop.store.id}`;
      await expectError(
        call(shop.owner, 'PATCH', storeUrl, { zone_id: shop.shelf.id }),
        422,
        'validation_failed',
        'zone_id',
      );
      await expectError(
        call(shop.owner, 'PATCH', url, { quantity: 4 }),
        422,
        'unsupported_field',
        'quantity',
      );
      await expectError(call(shop.owner, 'PATCH', url, {}), 422, 'validation_failed');
      const nowhere = `${variations(shirt.id)}/${first.id}/locations/${NOBODY}`;
      await expectError(call(shop.owner, 'PATCH', nowhere, { threshold: 1 }), 404, 'resource_missing');
    });

    it('remove an empty row, but not one with stock nor the last one; removing again is 404', async () => {
      const s = await newShop(); // exactly two locations
      const { shirt, first } = await attributedItem(s);
      const base = `${variations(shirt.id)}/${first.id}/locations`;
      const refused = (location: Json) =>
        expectError(
          call(s.owner, 'DELETE', `${base}/${location.id}`),
          409,
          'item_variation_location_delete_not_allowed',
        );
      await ok(call(s.owner, 'POST', `${base}/${s.store.id}/adjustments`, { quantity: 2 }), 201);
      await refused(s.store);
      const res = await call(s.owner, 'DELETE', `${base}/${s.warehouse.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        object: 'item_variation_location',
        item_id: shirt.id,
        variation_id: first.id,
        location_id: s.warehouse.id,
        deleted: true,
      });
      await expectError(call(s.owner, 'DELETE', `${base}/${s.warehouse.id}`), 404, 'resource_missing');
      await ok(call(s.owner, 'POST', `${base}/${s.store.id}/adjustments`, { quantity: -2 }), 201);
      await refused(s.store); // now the last row
      const seen = await ok(call(s.owner, 'GET', `${variations(shirt.id)}/${first.id}`));
      expect(seen.locations.map((r: Json) => r.location_id)).toEqual([s.store.id]);
    });
  });

  describe('stock adjustments', () => {
    it('adjust a row (201, the variation) and never below zero (409 insufficient_stock)', async () => {
      const { shirt, first } = await attributedItem();
      const url = `${variations(shirt.id)}/${first.id}/locations/${shop.store.id}/adjustments`;
      const res = await call(shop.owner, 'POST', url, { quantity: 3.5, reason: 'Found' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ quantity: 3.5, revision: first.revision + 1 });
      expect(row(res.json(), shop.store).quantity).toBe(3.5);
      await expectError(call(shop.owner, 'POST', url, { quantity: -4 }), 409, 'insufficient_stock');
      await expectError(call(shop.owner, 'POST', url, { quantity: 0 }), 422, 'validation_failed', 'quantity');
      await expectError(call(shop.owner, 'POST', url, {}), 422, 'validation_failed', 'quantity');
      const parent = await ok(call(shop.owner, 'GET', `/api/v3/items/${shirt.id}`));
      expect(parent.quantity).toBe(3.5);
    });

    it('take the item adjustment endpoint’s adjustments of a row by item_variation_location_id', async () => {
      const { shirt, first } = await attributedItem();
      const number = row(first, shop.warehouse).item_variation_location_id;
      await ok(
        call(shop.owner, 'POST', `/api/v3/items/${shirt.id}/adjustments`, {
          location_id: shop.warehouse.id,
          item_variation_location_id: number,
          quantity: 2,
        }),
        201,
      );
      const seen = await ok(call(shop.owner, 'GET', `${variations(shirt.id)}/${first.id}`));
      expect(row(seen, shop.warehouse).quantity).toBe(2);
      await expectError(
        call(shop.owner, 'POST', `/api/v3/items/${shirt.id}/adjustments`, {
          location_id: shop.store.id,
          item_variation_location_id: number,
          quantity: 1,
        }),
        422,
        'validation_failed',
        'location_id',
      );
      await expectError(
        call(shop.owner, 'POST', `/api/v3/items/${shirt.id}/adjustments`, {
          location_id: shop.warehouse.id,
          item_variation_location_id: 2147483000,
          quantity: 1,
        }),
        422,
        'validation_failed',
        'item_variation_location_id',
      );
    });
  });

  describe('deletion', () => {
    it('deletes an unused variation without balances; adjustment history alone does not keep it', async () => {
      const { shirt, first } = await attributedItem();
      const url = `${variations(shirt.id)}/${first.id}`;
      const adjust = (quantity: number) =>
        ok(call(shop.owner, 'POST', `${url}/locations/${shop.store.id}/adjustments`, { quantity }), 201);
      await adjust(1);
      await expectError(call(shop.owner, 'DELETE', url), 409, 'item_variation_delete_not_allowed');
      await adjust(-1);
      const res = await call(shop.owner, 'DELETE', url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: first.id, object: 'item_variation', deleted: true });
      await expectError(call(shop.owner, 'GET', url), 404, 'resource_missing');
      await expectError(call(shop.owner, 'DELETE', url), 404, 'resource_missing');
      expect((await ok(call(shop.owner, 'GET', variations(shirt.id)))).data).toEqual([]);
      expect((await ok(call(shop.owner, 'GET', `/api/v3/items/${shirt.id}`))).variation_count).toBe(0);
      const history = await ok(call(shop.owner, 'GET', `${url}/events`));
      expect(history.data.map((e: Json) => e.type).at(-1)).toBe('ItemVariationDeleted');
    });

    it('needs items:delete and inventory.delete (falling back to inventory.modify; a denial applies)', async () => {
      const { shirt, first } = await attributedItem();
      const url = `${variations(shirt.id)}/${first.id}`;
      const noDeleteScope = await colleague({ scopes: ['items:read', 'items:write'] });
      await expectError(call(noDeleteScope, 'DELETE', url), 403, 'insufficient_scope');
      const denied = await colleague({
        permissions: { 'inventory.modify': true, 'inventory.delete': false },
      });
      await expectError(call(denied, 'DELETE', url), 403, 'permission_denied');
      const clerk = await colleague({
        location_id: shop.store.id,
        permissions: { 'inventory.modify': true },
      });
      await expectError(call(clerk, 'DELETE', url), 403, 'permission_denied');
      const modifier = await colleague({ permissions: { 'inventory.modify': true } });
      expect((await call(modifier, 'DELETE', url)).statusCode).toBe(200);
    });

    it('needs items:write and inventory.modify on every other write; items:delete to remove a row', async () => {
      const { shirt, first } = await attributedItem();
      const url = `${variations(shirt.id)}/${first.id}`;
      const rowUrl = `${url}/locations/${shop.store.id}`;
      const writes: [Method, string, Json][] = [
        ['POST', variations(shirt.id), { attributes: [pair(shop.color, 1), pair(shop.size, 1)] }],
        ['PATCH', url, { barcode: 'B-1' }],
        ['POST', `${url}/locations`, { location_id: (await createLocation(t.app, shop.owner)).id }],
        ['PATCH', rowUrl, { threshold: 2 }],
        ['POST', `${rowUrl}/adjustments`, { quantity: 1 }],
      ];
      const readOnly = await colleague({ scopes: ['items:read', 'items:delete'] });
      const noModify = await colleague({ permissions: { 'inventory.modify': false } });
      for (const [method, path, body] of writes) {
        await expectError(call(readOnly, method, path, body), 403, 'insufficient_scope');
        await expectError(call(noModify, method, path, body), 403, 'permission_denied');
      }
      const noDeleteScope = await colleague({ scopes: ['items:read', 'items:write'] });
      await expectError(call(noDeleteScope, 'DELETE', rowUrl), 403, 'insufficient_scope');
      await expectError(call(noModify, 'DELETE', rowUrl), 403, 'permission_denied');
      expect(await ok(call(shop.owner, 'GET', url))).toMatchObject({
        barcode: '',
        quantity: 0,
        location_count: first.location_count,
      });
    });
  });

  describe('document references', () => {
    it('keep a variation and a row that saved lines use (References kinds item_variation and item_variation_location)', async () => {
      const { shirt, first } = await attributedItem();
      const used = row(first, shop.store);
      const references = t.app.get(References);
      references.register('item_variation', 'test lines', async ({ id }) => (id === first.id ? 1 : 0));
      references.register('item_variation_location', 'test lines', async ({ id }) =>
        id === String(used.item_variation_location_id) ? 2 : 0,
      );
      const url = `${variations(shirt.id)}/${first.id}`;
      await expectError(call(shop.owner, 'DELETE', url), 409, 'item_variation_delete_not_allowed');
      await expectError(
        call(shop.owner, 'DELETE', `${url}/locations/${shop.store.id}`),
        409,
        'item_variation_location_delete_not_allowed',
      );
      expect((await call(shop.owner, 'DELETE', `${url}/locations/${shop.warehouse.id}`)).statusCode).toBe(
        200,
      );
    });
  });

  describe('idempotency', () => {
    it('replays a creation sent again with its key, and refuses the key with other data', async () => {
      const { shirt } = await attributedItem();
      const headers = { 'idempotency-key': `variation-${shirt.id}` };
      const body = { attributes: [pair(shop.color, 1), pair(shop.size, 1)] };
      const send = (payload: Json) => as(t.app, shop.owner)('POST', variations(shirt.id), payload, headers);
      const first = await send(body);
      expect(first.statusCode).toBe(201);
      const again = await send(body);
      expect(again.statusCode).toBe(201);
      expect(again.json().id).toBe(first.json().id);
      await expectError(send({ ...body, barcode: 'other' }), 409, 'idempotency_key_reused');
      expect((await ok(call(shop.owner, 'GET', variations(shirt.id)))).data).toHaveLength(2);
    });
  });

  describe('history', () => {
    it('lists the events and answers as of a revision (audit:read)', async () => {
      const { shirt, first } = await attributedItem();
      const url = `${variations(shirt.id)}/${first.id}`;
      await ok(call(shop.owner, 'PATCH', url, { barcode: 'H-1' }));
      const events = await ok(call(shop.owner, 'GET', `${url}/events`));
      expect(events.data.map((e: Json) => [e.revision, e.type, e.stream])).toEqual([
        [0, 'ItemVariationCreated', `itemVariation-${first.id}`],
        [1, 'ItemVariationUpdated', `itemVariation-${first.id}`],
      ]);
      const past = await call(shop.owner, 'GET', `${url}?as_of_revision=0`);
      expect(past.statusCode).toBe(200);
      expect(past.headers.etag).toBe('"0"');
      expect(past.json()).toMatchObject({ barcode: '', revision: 0, location_count: first.location_count });
      await expectError(call(shop.owner, 'GET', `${url}?as_of_revision=9`), 404, 'resource_missing');
      const auditless = await colleague({ scopes: ['items:read'] });
      await expectError(call(auditless, 'GET', `${url}/events`), 403, 'insufficient_scope');
      await expectError(call(auditless, 'GET', `${url}?as_of_revision=0`), 403, 'insufficient_scope');
      const other = await item();
      await expectError(
        call(shop.owner, 'GET', `${variations(other.id)}/${first.id}/events`),
        404,
        'resource_missing',
      );
    });

    it('hides the first variation’s unit cost inside the item’s FirstVariationDecided without unit_cost.view', async () => {
      const shirt = await item();
      await variation(shirt.id, {
        variation_type: 'attributes',
        attributes: [pair(shop.color, 0)],
        unit_cost_override: 3,
      });
      const costless = await colleague({ permissions: { 'inventory.modify': true } });
      const decidedFor = async (caller: Caller) =>
        (await ok(call(caller, 'GET', `/api/v3/items/${shirt.id}/events`))).data.find(
          (e: Json) => e.type === 'FirstVariationDecided',
        ).data.variation_events[0].data;
      expect(await decidedFor(shop.owner)).toMatchObject({ unit_cost_override: '3.0000' });
      expect(await decidedFor(costless)).not.toHaveProperty('unit_cost_override');
    });
  });
});
