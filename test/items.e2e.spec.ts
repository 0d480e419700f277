import { randomUUID } from 'node:crypto';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { sql } from 'kysely';
import { createCategory, createLocation, createZone } from './support/catalog';
import { admin, Caller, CallerOptions, createAccount, createCaller } from './support/operator';
import { as } from './support/party-rules';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('items e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ITEMS = '/api/v3/items';
const NOBODY = '00000000-0000-4000-8000-000000000000';

/** The specified Item fields, in order (cost only with unit_cost.view; photos on single items). */
const ITEM_KEYS = [
  'id',
  'object',
  'item_number',
  'name',
  'description',
  'sku',
  'barcode',
  'serial_number',
  'inventory_type',
  'category_id',
  'category_name',
  'supplier_ids',
  'status_id',
  'location_id',
  'zone_id',
  'unit_of_measure_id',
  'unit_of_measure',
  'price',
  'cost',
  'quantity',
  'quantity_reserved',
  'quantity_incoming',
  'in_transit',
  'quantity_estimates',
  'threshold',
  'variation_count',
  'weight',
  'published',
  'include_sold',
  'archived',
  'primary_photo',
  'photo_count',
  'photos',
  'custom_field_values',
  'pricing_details',
  'purchase_date',
  'sold_date',
  'created_at',
  'updated_at',
  'revision',
];

describe.each(testDatabases())('items API on $name', (target) => {
  let t: TestApp;
  let owner: Caller;
  /** A category of the owner's account for most tests. */
  let tools: Json;

  beforeAll(async () => {
    t = await startTestApp(target);
    owner = await createCaller(t.app);
    tools = await createCategory(t.app, owner, { name: 'Tools' });
  });
  afterAll(() => t?.close());

  const call = (caller: Caller = owner) => as(t.app, caller);
  const freshCaller = (options: CallerOptions = {}) => createCaller(t.app, options);
  const colleague = (options: CallerOptions = {}) =>
    createCaller(t.app, { accountId: owner.accountId, ...options });

  async function create(body: Json = {}, caller: Caller = owner, category = tools): Promise<Json> {
    const res = await call(caller)('POST', ITEMS, {
      inventory_type: 'quantity',
      category_id: category.id,
      name: 'Widget',
      ...body,
    });
    if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
    return res.json();
  }

  /** A fresh account with a category: lists see only what the test made. */
  async function freshAccount(options: CallerOptions = {}): Promise<{ caller: Caller; category: Json }> {
    const caller = await freshCaller(options);
    return { caller, category: await createCategory(t.app, caller) };
  }

  async function names(caller: Caller, query = ''): Promise<string[]> {
    const res = await call(caller)('GET', `${ITEMS}${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data.map((item: Json) => item.name);
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

  describe('create and retrieve', () => {
    it('creates with name, type and category: 201, status 12, the next number, the specified fields', async () => {
      const { caller, category } = await freshAccount();
      const res = await call(caller)('POST', ITEMS, {
        name: 'Hammer',
        inventory_type: 'quantity',
        category_id: category.id,
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers.etag).toBe('"0"');
      const item = res.json();
      expect(Object.keys(item)).toEqual(ITEM_KEYS);
      expect(item).toMatchObject({
        object: 'item',
        item_number: 1,
        name: 'Hammer',
        inventory_type: 'quantity',
        category_id: category.id,
        category_name: category.name,
        supplier_ids: [],
        status_id: 12,
        location_id: null,
        price: null,
        cost: null,
        quantity: 0,
        quantity_reserved: 0,
        quantity_incoming: 0,
        quantity_estimates: null,
        threshold: 0,
        variation_count: 0,
        weight: 0,
        published: false,
        archived: false,
        primary_photo: null,
        photo_count: 0,
        photos: [],
        custom_field_values: [],
        pricing_details: [],
        revision: 0,
      });
      expect(item.created_at).toBe(item.updated_at);
      const fetched = await call(caller)('GET', `${ITEMS}/${item.id}`);
      expect(fetched.statusCode).toBe(200);
      expect(fetched.headers.etag).toBe('"0"');
      expect(fetched.json()).toEqual(item);
    });

    it('numbers items 1, 2, 3 per account; a refused request consumes no number', async () => {
      const { caller, category } = await freshAccount();
      const numbered = async () => (await create({}, caller, category)).item_number;
      expect(await numbered()).toBe(1);
      expect(await numbered()).toBe(2);
      expectError(
        await call(caller)('POST', ITEMS, { name: 'X', inventory_type: 'quantity' }),
        422,
        'validation_failed',
        'category_id',
      );
      expectError(
        await call(caller)('POST', ITEMS, {
          name: 'X',
          inventory_type: 'quantity',
          category_id: category.id,
          item_number: 9,
        }),
        422,
        'unsupported_field',
        'item_number',
      );
      expect(await numbered()).toBe(3);
      const other = await freshAccount();
      expect((await create({}, other.caller, other.category)).item_number).toBe(1);
    });

    it('gives concurrent creations distinct consecutive numbers', async () => {
      const { caller, category } = await freshAccount();
      const items = await Promise.all(
        Array.from({ length: 8 }, (_, i) => create({ name: `C${i}` }, caller, category)),
      );
      expect(items.map((item) => item.item_number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it('keeps every given field; money as four-decimal strings', async () => {
      const location = await createLocation(t.app, owner);
      const shelf = await createZone(t.app, owner, location.id);
      const supplier = (await call()('POST', '/api/v3/suppliers', { name: 'Parts Inc' })).json();
      const colours = await createCategory(t.app, owner, { custom_fields: [{ name: 'Colour' }] });
      const field = colours.custom_fields[0].id;
      const body = {
        name: 'Drill',
        inventory_type: 'quantity',
        category_id: colours.id,
        description: 'Cordless',
        sku: 'DR-1',
        barcode: '0123456789',
        supplier_ids: [supplier.id],
        location_id: location.id,
        zone_id: shelf.id,
        unit_of_measure_id: 'ea',
        price: 99.5,
        cost: '40.125',
        threshold: 3,
        weight: 10,
        published: true,
        custom_field_values: [{ custom_field_id: field, value: 'Red' }],
        pricing_details: [{ pricing_tier_id: 'wholesale', value: 80 }],
      };
      const item = await create(body);
      expect(item).toMatchObject({
        ...body,
        price: '99.5000',
        cost: '40.1250',
        pricing_details: [{ pricing_tier_id: 'wholesale', value: '80.0000' }],
        category_name: colours.name,
      });
      expect((await call()('GET', `${ITEMS}/${item.id}`)).json()).toEqual(item);
      expect((await call()('GET', `${ITEMS}?ids=${item.id}`)).json().data[0]).toEqual(
        (({ photos, ...rest }) => rest)(item), // eslint-disable-line @typescript-eslint/no-unused-vars
      );
    });

    it('shows and takes cost only with unit_cost.view (setting it without: 403 permission_denied)', async () => {
      const clerk = await colleague({ permissions: { 'inventory.modify': true } });
      const item = await create({ cost: 5 });
      const seen = (await call(clerk)('GET', `${ITEMS}/${item.id}`)).json();
      expect(seen).not.toHaveProperty('cost');
      expect((await call(clerk)('GET', `${ITEMS}?ids=${item.id}`)).json().data[0]).not.toHaveProperty('cost');
      expectError(await call(clerk)('PATCH', `${ITEMS}/${item.id}`, { cost: 6 }), 403, 'permission_denied');
      expectError(
        await call(clerk)('POST', ITEMS, {
          name: 'A',
          inventory_type: 'quantity',
          category_id: tools.id,
          cost: 1,
        }),
        403,
        'permission_denied',
      );
      const created = await call(clerk)('POST', ITEMS, {
        name: 'A',
        inventory_type: 'quantity',
        category_id: tools.id,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).not.toHaveProperty('cost');
    });

    it('refuses invalid fields and references with 422 naming the field', async () => {
      const stranger = await freshAccount();
      const unique = await createCategory(t.app, owner, { inventory_type: 'unique' });
      const location = await createLocation(t.app, owner);
      const elsewhere = await createLocation(t.app, owner);
      const zone = await createZone(t.app, owner, elsewhere.id);
      const foreignLocation = await createLocation(t.app, stranger.caller);
      const base = { name: 'X', inventory_type: 'quantity', category_id: tools.id };
      for (const [body, param] of [
        [{ inventory_type: 'quantity', category_id: tools.id }, 'name'],
        [{ ...base, name: 'x'.repeat(256) }, 'name'],
        [{ name: 'X', category_id: tools.id }, 'inventory_type'],
        [{ ...base, inventory_type: 'bulk' }, 'inventory_type'],
        [{ ...base, category_id: stranger.category.id }, 'category_id'],
        [{ ...base, category_id: 'not-a-uuid' }, 'category_id'],
        [{ ...base, inventory_type: 'unique' }, 'inventory_type'],
        [{ ...base, category_id: unique.id }, 'inventory_type'],
        [{ ...base, location_id: foreignLocation.id }, 'location_id'],
        [{ ...base, location_id: NOBODY }, 'location_id'],
        [{ ...base, location_id: location.id, zone_id: zone.id }, 'zone_id'],
        [{ ...base, zone_id: zone.id }, 'zone_id'],
        [{ ...base, supplier_ids: [NOBODY] }, 'supplier_ids.0'],
        [{ ...base, serial_number: 'SN-1' }, 'serial_number'],
        [
          { ...base, custom_field_values: [{ custom_field_id: NOBODY, value: 'x' }] },
          'custom_field_values.0.custom_field_id',
        ],
        [{ ...base, price: '-1' }, 'price'],
        [{ ...base, price: '1.00001' }, 'price'],
        [{ ...base, threshold: 2147483648 }, 'threshold'],
        [{ ...base, weight: 1.5 }, 'weight'],
        [{ ...base, published: 'yes' }, 'published'],
      ] as const) {
        const res = await call()('POST', ITEMS, body);
        expect({ body, status: res.statusCode, param: res.json().error?.param }).toEqual({
          body,
          status: 422,
          param,
        });
      }
      const item = await create({ name: 'Fine' });
      expect(item.location_id).toBeNull();
    });

    it('refuses server-managed and unknown fields with 422 unsupported_field', async () => {
      const item = await create();
      for (const field of [
        'id',
        'object',
        'item_number',
        'status_id',
        'archived',
        'quantity',
        'quantity_reserved',
        'photos',
        'variation_count',
        'revision',
        'created_at',
        'colour',
      ]) {
        for (const [method, url] of [
          ['POST', ITEMS],
          ['PATCH', `${ITEMS}/${item.id}`],
        ] as const) {
          const res = await call()(method, url, {
            name: 'Y',
            inventory_type: 'quantity',
            category_id: tools.id,
            [field]: 1,
          });
          expectError(res, 422, 'unsupported_field', field);
        }
      }
      expect((await call()('GET', `${ITEMS}/${item.id}`)).json()).toMatchObject({
        name: 'Widget',
        revision: 0,
      });
    });

    it('takes serial numbers on unique items, which join their category', async () => {
      const unique = await createCategory(t.app, owner, { inventory_type: 'unique' });
      const item = await create({ inventory_type: 'unique', serial_number: 'SN-42' }, owner, unique);
      expect(item).toMatchObject({ inventory_type: 'unique', serial_number: 'SN-42', status_id: 12 });
      expectError(
        await call()('PATCH', `${ITEMS}/${item.id}`, { supplier_ids: [NOBODY] }),
        422,
        'validation_failed',
        'supplier_ids',
      );
    });

    it('needs items:write and inventory.modify to write, items:read to read', async () => {
      const reader = await colleague({ permissions: {}, scopes: ['items:read'] });
      const noModify = await colleague({ permissions: { 'inventory.modify': false } });
      const item = await create();
      expect((await call(reader)('GET', `${ITEMS}/${item.id}`)).statusCode).toBe(200);
      expect((await call(reader)('GET', ITEMS)).statusCode).toBe(200);
      expectError(await call(reader)('POST', ITEMS, { name: 'A' }), 403, 'insufficient_scope');
      expectError(await call(noModify)('POST', ITEMS, { name: 'A' }), 403, 'permission_denied');
      expectError(
        await call(noModify)('PATCH', `${ITEMS}/${item.id}`, { name: 'A' }),
        403,
        'permission_denied',
      );
      expectError(await call(noModify)('POST', `${ITEMS}/${item.id}/archive`), 403, 'permission_denied');
      const writer = await colleague({ permissions: {}, scopes: ['items:write'] });
      expectError(await call(writer)('GET', `${ITEMS}/${item.id}`), 403, 'insufficient_scope');
    });

    it("answers 404 for another account's item, an unknown id and a malformed one", async () => {
      const item = await create();
      const stranger = await freshCaller();
      for (const id of [item.id, randomUUID(), 'nope', '%ZZ', `${item.id}x`]) {
        expectError(await call(stranger)('GET', `${ITEMS}/${id}`), 404, 'resource_missing');
        expectError(await call(stranger)('PATCH', `${ITEMS}/${id}`, { name: 'B' }), 404, 'resource_missing');
        expectError(await call(stranger)('POST', `${ITEMS}/${id}/archive`), 404, 'resource_missing');
      }
      expect((await call(stranger)('GET', `${ITEMS}?ids=${item.id}`)).json().data).toEqual([]);
    });

    it('counts items toward the account record limit; a refused creation consumes no number', async () => {
      const accountId = await createAccount(t.app, { settings: { record_limit: 2 } });
      const caller = await freshCaller({ accountId });
      const category = await createCategory(t.app, caller);
      expect((await call(caller)('POST', '/api/v3/customers', { name: 'Acme' })).statusCode).toBe(201);
      expect((await create({}, caller, category)).item_number).toBe(1);
      expectError(
        await call(caller)('POST', ITEMS, {
          name: 'Z',
          inventory_type: 'quantity',
          category_id: category.id,
        }),
        409,
        'account_record_limit_reached',
      );
      await admin(t.app, 'PATCH', `/admin/v1/accounts/${accountId}`, { settings: { record_limit: null } });
      const refreshed = await freshCaller({ accountId }); // the limit comes with the key's next read
      expect((await create({}, refreshed, category)).item_number).toBe(2);
    });
  });

  describe('replays and variation attributes', () => {
    it('answers a replayed creation (same Idempotency-Key) with the same item, drawing no number', async () => {
      const { caller, category } = await freshAccount();
      const body = { name: 'Once', inventory_type: 'quantity', category_id: category.id };
      const headers = { 'idempotency-key': randomUUID() };
      const first = await call(caller)('POST', ITEMS, body, headers);
      const again = await call(caller)('POST', ITEMS, body, headers);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect((await create({}, caller, category)).item_number).toBe(2);
    });

    it('sets the variation attributes of an item that has none (not shown on the item)', async () => {
      const created = await call()(
        'POST',
        '/api/v3/variation-attributes',
        { name: `Size ${randomUUID().slice(0, 6)}`, values: ['S', 'M'] },
        { 'idempotency-key': randomUUID() },
      );
      expect(created.statusCode).toBe(201);
      const attribute = created.json();
      const item = await create();
      const res = await call()('PATCH', `${ITEMS}/${item.id}`, { variation_attribute_ids: [attribute.id] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ revision: 1 });
      expect(res.json()).not.toHaveProperty('variation_attribute_ids');
      const foreign = (
        await call(await freshCaller())('POST', '/api/v3/variation-attributes', {
          name: 'Colour',
          values: ['Red'],
        })
      ).json();
      for (const ids of [[foreign.id], [NOBODY], ['size']]) {
        expectError(
          await call()('PATCH', `${ITEMS}/${item.id}`, { variation_attribute_ids: ids }),
          422,
          'validation_failed',
          'variation_attribute_ids.0',
        );
      }
    });
  });

  describe('update, archive and restore', () => {
    it('PATCH changes only the given fields and moves the revision; a no-op appends nothing', async () => {
      const item = await create({ sku: 'A-1', price: 1 });
      const res = await call()('PATCH', `${ITEMS}/${item.id}`, { sku: 'A-2', price: '2.5', name: 'Widget' });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe('"1"');
      expect(res.json()).toEqual({
        ...item,
        sku: 'A-2',
        price: '2.5000',
        revision: 1,
        updated_at: expect.any(String),
      });
      const same = await call()('PATCH', `${ITEMS}/${item.id}`, { sku: 'A-2' });
      expect(same.headers.etag).toBe('"1"');
      expect(same.json()).toEqual(res.json());
      expectError(
        await call()('PATCH', `${ITEMS}/${item.id}`, { name: 'B' }, { 'if-match': '"0"' }),
        409,
        'mobile_mutation_conflict',
      );
      expect(
        (await call()('PATCH', `${ITEMS}/${item.id}`, { name: 'B' }, { 'if-match': '"1"' })).json().name,
      ).toBe('B');
    });

    it('keeps the inventory type; moves the item out of its zone when it changes location', async () => {
      const store = await createLocation(t.app, owner);
      const depot = await createLocation(t.app, owner);
      const shelf = await createZone(t.app, owner, store.id);
      const item = await create({ location_id: store.id, zone_id: shelf.id });
      expectError(
        await call()('PATCH', `${ITEMS}/${item.id}`, { inventory_type: 'unique' }),
        422,
        'validation_failed',
        'inventory_type',
      );
      const moved = (await call()('PATCH', `${ITEMS}/${item.id}`, { location_id: depot.id })).json();
      expect(moved).toMatchObject({ location_id: depot.id, zone_id: null });
      expectError(
        await call()('PATCH', `${ITEMS}/${item.id}`, { zone_id: shelf.id }),
        422,
        'validation_failed',
        'zone_id',
      );
    });

    it('archives (status 13, read-only) and restores (status 12), answering the item', async () => {
      const item = await create();
      const archived = await call()('POST', `${ITEMS}/${item.id}/archive`);
      expect(archived.statusCode).toBe(200);
      expect(archived.headers.etag).toBe('"1"');
      expect(archived.json()).toMatchObject({ archived: true, status_id: 13, revision: 1 });
      expect((await call()('POST', `${ITEMS}/${item.id}/archive`)).json().revision).toBe(1);
      expectError(await call()('PATCH', `${ITEMS}/${item.id}`, { name: 'B' }), 409, 'item_archived');
      expect((await call()('GET', `${ITEMS}/${item.id}`)).json()).toMatchObject({
        archived: true,
        status_id: 13,
      });
      const restored = await call()('POST', `${ITEMS}/${item.id}/restore`);
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({ archived: false, status_id: 12, revision: 2 });
      expect((await call()('PATCH', `${ITEMS}/${item.id}`, { name: 'B' })).statusCode).toBe(200);
    });
  });

  describe('list', () => {
    it('lists active items by name; archived=true the archived, all both; an invalid value is 422', async () => {
      const { caller, category } = await freshAccount();
      for (const name of ['b-bolt', 'Anvil', 'clamp']) await create({ name }, caller, category);
      const gone = await create({ name: 'Axe' }, caller, category);
      await call(caller)('POST', `${ITEMS}/${gone.id}/archive`);
      expect(await names(caller)).toEqual(['Anvil', 'b-bolt', 'clamp']);
      expect(await names(caller, '?archived=false')).toEqual(['Anvil', 'b-bolt', 'clamp']);
      expect(await names(caller, '?archived=true')).toEqual(['Axe']);
      expect(await names(caller, '?archived=all')).toEqual(['Anvil', 'Axe', 'b-bolt', 'clamp']);
      const res = await call(caller)('GET', `${ITEMS}?archived=maybe`);
      expectError(res, 422, 'invalid_query_parameter', 'archived');
      const page = (await call(caller)('GET', `${ITEMS}?limit=2&page=2`)).json();
      expect(page).toMatchObject({
        object: 'list',
        has_more: false,
        pagination: { page: 2, per_page: 2, total_records: 3 },
      });
      expect(page.data.map((i: Json) => i.name)).toEqual(['clamp']);
    });

    it('leaves sold unique items out of the default list', async () => {
      const { caller } = await freshAccount();
      const unique = await createCategory(t.app, caller, { inventory_type: 'unique' });
      const sold = await create({ name: 'Sold', inventory_type: 'unique' }, caller, unique);
      await create({ name: 'Kept', inventory_type: 'unique' }, caller, unique);
      // No invoice can sell an item yet: mark the row as an invoice would have.
      await sql`update items set status_id = 14 where id = ${sold.id}::uuid`.execute(t.database.db);
      expect(await names(caller)).toEqual(['Kept']);
      expect(await names(caller, '?archived=all')).toEqual(['Kept', 'Sold']);
      expect(await names(caller, `?ids=${sold.id}`)).toEqual(['Sold']);
    });

    it('totals pages exactly for every archived, type and category filter, through changes', async () => {
      const { caller, category } = await freshAccount();
      const unique = await createCategory(t.app, caller, { inventory_type: 'unique' });
      const other = await createCategory(t.app, caller, { name: 'Other' });
      const a = await create({ name: 'A' }, caller, category);
      await create({ name: 'B' }, caller, category);
      const c = await create({ name: 'C' }, caller, other);
      const u = await create({ name: 'U', inventory_type: 'unique' }, caller, unique);
      await create({ name: 'V', inventory_type: 'unique' }, caller, unique);
      await call(caller)('POST', `${ITEMS}/${a.id}/archive`);
      await call(caller)('PATCH', `${ITEMS}/${c.id}`, { category_id: category.id });
      await sql`update items set status_id = 14 where id = ${u.id}::uuid`.execute(t.database.db);
      // limit=1 leaves pages after the first, so the total is counted, not read off the last page.
      const total = async (query: string) =>
        (await call(caller)('GET', `${ITEMS}?limit=1&${query}`)).json().pagination.total_records;
      const expected: [string, number][] = [
        ['', 3],
        ['archived=true', 1],
        ['archived=all', 5],
        ['type=unique', 1],
        ['type=quantity&archived=all', 3],
        [`category_id=${category.id}`, 2],
        [`category_id=${category.id}&archived=all`, 3],
        [`category_id=${other.id}&archived=all`, 0],
      ];
      for (const [query, n] of expected) expect([query, await total(query)]).toEqual([query, n]);
      const counted = await sql<{ n: string }>`select coalesce(sum(n), 0) as n from item_counts
        where account_id = ${caller.accountId}::uuid`.execute(t.database.db);
      expect(Number(counted.rows[0].n)).toBe(5);
    });

    it('searches q in name, SKU, barcode and serial number; digits also match the exact number', async () => {
      const { caller, category } = await freshAccount();
      const unique = await createCategory(t.app, caller, { inventory_type: 'unique' });
      await create({ name: 'Claw hammer', sku: 'HM-100' }, caller, category);
      await create({ name: 'Wrench', barcode: '4006381333931' }, caller, category);
      await create({ name: 'Painting', inventory_type: 'unique', serial_number: 'SN-HAM-7' }, caller, unique);
      await create({ name: '50% off_sale' }, caller, category);
      expect(await names(caller, '?q=HAMMER')).toEqual(['Claw hammer']);
      expect(await names(caller, '?q=hm-1')).toEqual(['Claw hammer']);
      expect(await names(caller, '?q=ham')).toEqual(['Claw hammer', 'Painting']);
      expect(await names(caller, '?q=63813')).toEqual(['Wrench']);
      expect(await names(caller, '?q=2')).toEqual(['Wrench']);
      expect(await names(caller, '?q=%25%20off_')).toEqual(['50% off_sale']);
      expect(await names(caller, '?q=_')).toEqual(['50% off_sale']);
      expect(await names(caller, '?q=nothing')).toEqual([]);
      // A search that fills its page is counted after it; one that does not tells its total itself.
      const total = async (query: string) =>
        (await call(caller)('GET', `${ITEMS}${query}`)).json().pagination.total_records;
      expect([
        await total('?q=ham&limit=1'),
        await total('?q=ham&limit=1&page=2'),
        await total('?q=ham'),
      ]).toEqual([2, 2, 2]);
      expect(await total('?q=ham&limit=1&page=3')).toBe(2);
    });

    it('filters by category and type; a malformed one is 422', async () => {
      const { caller, category } = await freshAccount();
      const other = await createCategory(t.app, caller);
      const unique = await createCategory(t.app, caller, { inventory_type: 'unique' });
      await create({ name: 'A' }, caller, category);
      await create({ name: 'B' }, caller, other);
      await create({ name: 'C', inventory_type: 'unique' }, caller, unique);
      expect(await names(caller, `?category_id=${other.id}`)).toEqual(['B']);
      expect(await names(caller, '?type=unique')).toEqual(['C']);
      expect(await names(caller, `?type=quantity&category_id=${category.id}`)).toEqual(['A']);
      expect(await names(caller, `?category_id=${NOBODY}`)).toEqual([]);
      expectError(await call(caller)('GET', `${ITEMS}?type=bulk`), 422, 'invalid_query_parameter', 'type');
      expectError(
        await call(caller)('GET', `${ITEMS}?category_id=abc`),
        422,
        'invalid_query_parameter',
        'category_id',
      );
      expectError(await call(caller)('GET', `${ITEMS}?colour=red`), 422, 'invalid_query_parameter', 'colour');
      expectError(
        await call(caller)('GET', `${ITEMS}?include=variations`),
        422,
        'invalid_query_parameter',
        'include',
      );
    });

    it('ids: in the requested order, archived included, missing and foreign ones omitted, filters and paging ignored', async () => {
      const { caller, category } = await freshAccount();
      const [a, b, c] = [
        await create({ name: 'A' }, caller, category),
        await create({ name: 'B' }, caller, category),
        await create({ name: 'C' }, caller, category),
      ];
      await call(caller)('POST', `${ITEMS}/${b.id}/archive`);
      const foreign = await create();
      const list = (
        await call(caller)(
          'GET',
          `${ITEMS}?ids=${c.id},${NOBODY},${b.id},${foreign.id},${a.id}&type=unique&limit=1&page=3&include=photos`,
        )
      ).json();
      expect(list.data.map((item: Json) => item.name)).toEqual(['C', 'B', 'A']);
      expect(list).toMatchObject({ has_more: false, pagination: { page: 1, total_records: 3 } });
      expect(list.data[0]).not.toHaveProperty('photos');
      const untotalled = (
        await call(caller)('GET', `${ITEMS}?ids=${a.id},${c.id}&include_total=false`)
      ).json();
      expect(untotalled.data.map((item: Json) => item.name)).toEqual(['A', 'C']);
      expect(untotalled).toMatchObject({ has_more: false, pagination: { page: 1 } });
      expect(untotalled.pagination).not.toHaveProperty('total_records');
      expect(untotalled.pagination).not.toHaveProperty('total_pages');
      const many = Array.from({ length: 51 }, () => randomUUID()).join(',');
      expectError(await call(caller)('GET', `${ITEMS}?ids=${many}`), 422, 'invalid_query_parameter', 'ids');
      expectError(
        await call(caller)('GET', `${ITEMS}?ids=${a.id},nope`),
        422,
        'invalid_query_parameter',
        'ids',
      );
      expectError(await call(caller)('GET', `${ITEMS}?ids=`), 422, 'invalid_query_parameter', 'ids');
      const fifty = [a.id, ...Array.from({ length: 49 }, () => randomUUID())].join(',');
      expect((await call(caller)('GET', `${ITEMS}?ids=${fifty}`)).json().data).toHaveLength(1);
    });

    it('shows primary photo and count always, galleries with include=photos', async () => {
      const { caller, category } = await freshAccount();
      const item = await create({ name: 'Pictured' }, caller, category);
      const photo = (position: number) => ({
        id: randomUUID(),
        account_id: caller.accountId,
        item_id: item.id,
        position,
        thumbnail_url: `/t${position}.jpg`,
        display_url: `/d${position}.jpg`,
        large_url: `/l${position}.jpg`,
        original_url: `/o${position}.jpg`,
        created_at: new Date(),
        updated_at: new Date(),
      });
      const [second, first] = [photo(2), photo(1)];
      // The photos module's read model, written as its projector would.
      await t.database.db.insertInto('item_photos').values([second, first]).execute();
      const gallery = [first, second].map(
        ({ id, position, thumbnail_url, display_url, large_url, original_url }) => ({
          id,
          position,
          thumbnail_url,
          display_url,
          large_url,
          original_url,
        }),
      );
      const listed = (await call(caller)('GET', ITEMS)).json().data[0];
      expect(listed).toMatchObject({
        primary_photo: { id: first.id, thumbnail_url: '/t1.jpg' },
        photo_count: 2,
      });
      expect(listed).not.toHaveProperty('photos');
      expect((await call(caller)('GET', `${ITEMS}?include=photos`)).json().data[0].photos).toEqual(gallery);
      expect((await call(caller)('GET', `${ITEMS}/${item.id}`)).json()).toMatchObject({
        photo_count: 2,
        photos: gallery,
      });
    });
  });

  it("refuses a location's list once the location is deleted, though it was listed just before", async () => {
    const { caller } = await freshAccount();
    const other = await freshCaller();
    const location = await createLocation(t.app, caller);
    expect(await names(caller, `?location_id=${location.id}`)).toEqual([]);
    // Another account's location is refused, also after its owner listed it.
    expectError(
      await call(other)('GET', `${ITEMS}?location_id=${location.id}`),
      422,
      'invalid_query_parameter',
      'location_id',
    );
    expect((await call(caller)('DELETE', `/api/v3/locations/${location.id}`)).statusCode).toBe(200);
    expectError(
      await call(caller)('GET', `${ITEMS}?location_id=${location.id}`),
      422,
      'invalid_query_parameter',
      'location_id',
    );
  });

  describe('location-restricted users', () => {
    it('create at their location by default and only there; see items with no location, theirs, or stocked there', async () => {
      const { caller, category } = await freshAccount();
      const store = await createLocation(t.app, caller);
      const depot = await createLocation(t.app, caller);
      const clerk = await freshCaller({ accountId: caller.accountId, location_id: store.id });
      const mine = await create({ name: 'Mine' }, clerk, category);
      expect(mine.location_id).toBe(store.id);
      expectError(
        await call(clerk)('POST', ITEMS, {
          name: 'X',
          inventory_type: 'quantity',
          category_id: category.id,
          location_id: depot.id,
        }),
        422,
        'validation_failed',
        'location_id',
      );
      await create({ name: 'Anywhere' }, caller, category);
      const away = await create({ name: 'Away' }, caller, category);
      await call(caller)('PATCH', `${ITEMS}/${away.id}`, { location_id: depot.id });
      const stocked = await create({ name: 'Stocked', location_id: depot.id }, caller, category);
      await call(caller)('POST', `${ITEMS}/${stocked.id}/adjustments`, {
        location_id: depot.id,
        quantity: 7,
      });
      await call(caller)('POST', `${ITEMS}/${stocked.id}/adjustments`, {
        location_id: store.id,
        quantity: 2,
      });
      expect(await names(clerk)).toEqual(['Anywhere', 'Mine', 'Stocked']);
      expectError(await call(clerk)('GET', `${ITEMS}/${away.id}`), 404, 'resource_missing');
      expectError(await call(clerk)('PATCH', `${ITEMS}/${away.id}`, { name: 'B' }), 404, 'resource_missing');
      expect((await call(clerk)('GET', `${ITEMS}?ids=${away.id}`)).json().data).toEqual([]);
      // Quantities cover their location only.
      expect((await call(clerk)('GET', `${ITEMS}/${stocked.id}`)).json().quantity).toBe(2);
      expect((await call(caller)('GET', `${ITEMS}/${stocked.id}`)).json().quantity).toBe(9);
      expectError(
        await call(clerk)('GET', `${ITEMS}?location_id=${depot.id}`),
        422,
        'invalid_query_parameter',
        'location_id',
      );
      expect(await names(clerk, `?location_id=${store.id}`)).toEqual(['Mine', 'Stocked']);
    });
  });

  describe('history', () => {
    it('lists the events and shows the item as of a revision, for keys with audit:read', async () => {
      const item = await create({ sku: 'H-1' });
      await call()('PATCH', `${ITEMS}/${item.id}`, { sku: 'H-2' });
      const events = await call()('GET', `${ITEMS}/${item.id}/events`);
      expect(events.statusCode).toBe(200);
      expect(events.json().data.map((e: Json) => [e.type, e.revision])).toEqual([
        ['ItemCreated', 0],
        ['ItemUpdated', 1],
      ]);
      expect(events.json().data[0]).toMatchObject({
        object: 'event',
        stream: `item-${item.id}`,
        data: { item_number: item.item_number, sku: 'H-1', status_id: 12 },
        metadata: { account_id: owner.accountId, user_id: owner.userId },
      });
      const past = await call()('GET', `${ITEMS}/${item.id}?as_of_revision=0`);
      expect(past.statusCode).toBe(200);
      expect(past.headers.etag).toBe('"0"');
      expect(past.json()).toEqual(item);
      expectError(await call()('GET', `${ITEMS}/${item.id}?as_of_revision=2`), 404, 'resource_missing');
      const noAudit = await colleague({ scopes: ['items:read'] });
      expectError(await call(noAudit)('GET', `${ITEMS}/${item.id}/events`), 403, 'insufficient_scope');
      expectError(
        await call(noAudit)('GET', `${ITEMS}/${item.id}?as_of_revision=0`),
        403,
        'insufficient_scope',
      );
      expectError(
        await call(await freshCaller())('GET', `${ITEMS}/${item.id}/events`),
        404,
        'resource_missing',
      );
    });
  });

  describe('history without unit_cost.view', () => {
    it('hides the cost in events and in the past view, as the item endpoints do', async () => {
      const item = await create({ cost: 7.5 });
      await call()('PATCH', `${ITEMS}/${item.id}`, { cost: 8, sku: 'C-1' });
      const clerk = await colleague({ permissions: { 'inventory.modify': true } });
      const events = (await call(clerk)('GET', `${ITEMS}/${item.id}/events`)).json().data;
      expect(events[0].data).not.toHaveProperty('cost');
      expect(events[1].data.changes).toEqual({ sku: 'C-1' });
      expect((await call(clerk)('GET', `${ITEMS}/${item.id}?as_of_revision=0`)).json()).not.toHaveProperty(
        'cost',
      );
      const owned = (await call()('GET', `${ITEMS}/${item.id}/events`)).json().data;
      expect(owned[1].data.changes).toMatchObject({ cost: '8.0000' });
    });
  });

  describe('what items keep from being deleted', () => {
    it('a category holding items, archived ones too', async () => {
      const category = await createCategory(t.app, owner);
      const item = await create({}, owner, category);
      await call()('POST', `${ITEMS}/${item.id}/archive`);
      const res = await call()('DELETE', `/api/v3/item-categories/${category.id}`);
      expectError(res, 409, 'item_category_delete_not_allowed');
      const empty = await createCategory(t.app, owner);
      expect((await call()('DELETE', `/api/v3/item-categories/${empty.id}`)).statusCode).toBe(200);
    });

    it('a location holding items, or stock, or where stock was ever adjusted', async () => {
      const { caller, category } = await freshAccount();
      const holding = await createLocation(t.app, caller);
      const stocked = await createLocation(t.app, caller);
      const emptied = await createLocation(t.app, caller);
      const free = await createLocation(t.app, caller);
      await create({ location_id: holding.id }, caller, category);
      const item = await create({}, caller, category);
      await call(caller)('POST', `${ITEMS}/${item.id}/adjustments`, { location_id: stocked.id, quantity: 1 });
      await call(caller)('POST', `${ITEMS}/${item.id}/adjustments`, { location_id: emptied.id, quantity: 1 });
      await call(caller)('POST', `${ITEMS}/${item.id}/adjustments`, {
        location_id: emptied.id,
        quantity: -1,
      });
      for (const location of [holding, stocked, emptied]) {
        expectError(
          await call(caller)('DELETE', `/api/v3/locations/${location.id}`),
          409,
          'location_delete_not_allowed',
        );
      }
      expect((await call(caller)('DELETE', `/api/v3/locations/${free.id}`)).statusCode).toBe(200);
    });
  });
});
