import { randomUUID } from 'node:crypto';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { References } from '../apps/api/src/records/references';
import { createCategory, createLocation } from './support/catalog';
import { Caller, createCaller } from './support/operator';
import { as } from './support/party-rules';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('item categories e2e');

const PATH = '/api/v3/item-categories';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(testDatabases())('item categories API on $name', (target) => {
  let t: TestApp;
  let owner: Caller;
  /** Categories that the registered stand-in for the items module says hold inventory. */
  const holdingItems = new Set<string>();

  beforeAll(async () => {
    t = await startTestApp(target);
    owner = await createCaller(t.app);
    // The items module registers the real counter; here one category "holds" two items.
    t.app
      .get(References)
      .register('item_category', 'items', async ({ id }) => (holdingItems.has(id) ? 2 : 0));
  });
  afterAll(() => t?.close());

  const call = (caller: Caller = owner) => as(t.app, caller);
  const url = (id: string, suffix = '') => `${PATH}/${id}${suffix}`;
  const create = (body: Json = {}, caller: Caller = owner) =>
    createCategory(t.app, caller, body) as Promise<Json>;
  /** A caller in an account of its own: lists see only what the test made. */
  const freshCaller = (options: Parameters<typeof createCaller>[1] = {}) => createCaller(t.app, options);

  function expectError(res: { statusCode: number; json(): Json }, status: number, error: Json) {
    expect({ status: res.statusCode, error: res.json().error }).toEqual({
      status,
      error: expect.objectContaining(error),
    });
  }

  describe('create and retrieve', () => {
    it('creates a root category with no custom fields: 201, revision 0 as ETag, retrievable', async () => {
      const res = await call()('POST', PATH, { name: 'Tools', inventory_type: 'quantity' });
      expect(res.statusCode).toBe(201);
      expect(res.headers.etag).toBe('"0"');
      const category = res.json();
      expect(category).toEqual({
        id: expect.stringMatching(UUID),
        object: 'item_category',
        name: 'Tools',
        parent_id: null,
        inventory_type: 'quantity',
        weight: 0,
        custom_fields: [],
        created_at: expect.any(String),
        updated_at: category.created_at,
        revision: 0,
      });
      const fetched = await call()('GET', url(category.id));
      expect(fetched.statusCode).toBe(200);
      expect(fetched.headers.etag).toBe('"0"');
      expect(fetched.json()).toEqual(category);
    });

    it('gives each custom field a UUID and its place in the array as display_order', async () => {
      const category = await create({
        inventory_type: 'unique',
        custom_fields: [
          { name: 'Voltage', publish_on_documents: true },
          { name: 'Brand', display_on_inventory_list: true },
          { name: 'Notes' },
        ],
      });
      expect(category.custom_fields).toEqual([
        {
          id: expect.stringMatching(UUID),
          name: 'Voltage',
          display_order: 1,
          display_on_inventory_list: false,
          publish_on_documents: true,
        },
        {
          id: expect.stringMatching(UUID),
          name: 'Brand',
          display_order: 2,
          display_on_inventory_list: true,
          publish_on_documents: false,
        },
        {
          id: expect.stringMatching(UUID),
          name: 'Notes',
          display_order: 3,
          display_on_inventory_list: false,
          publish_on_documents: false,
        },
      ]);
      expect(new Set(category.custom_fields.map((f: Json) => f.id)).size).toBe(3);
      expect((await call()('GET', url(category.id))).json().custom_fields).toEqual(category.custom_fields);
    });

    it('refuses invalid values with 422 validation_failed naming the field', async () => {
      for (const [body, param] of [
        [{ inventory_type: 'quantity' }, 'name'],
        [{ name: '  ', inventory_type: 'quantity' }, 'name'],
        [{ name: 'x'.repeat(256), inventory_type: 'quantity' }, 'name'],
        [{ name: 'Tools' }, 'inventory_type'],
        [{ name: 'Tools', inventory_type: 'service' }, 'inventory_type'],
        [{ name: 'Tools', inventory_type: 'quantity', weight: '3' }, 'weight'],
        [{ name: 'Tools', inventory_type: 'quantity', parent_id: 'root' }, 'parent_id'],
        [{ name: 'Tools', inventory_type: 'quantity', parent_id: 5 }, 'parent_id'],
        [{ name: 'Tools', inventory_type: 'quantity', custom_fields: 'Colour' }, 'custom_fields'],
        [{ name: 'Tools', inventory_type: 'quantity', custom_fields: null }, 'custom_fields'],
        [{ name: 'Tools', inventory_type: 'quantity', custom_fields: {} }, 'custom_fields'],
        [{ name: 'Tools', inventory_type: 'quantity', custom_fields: [null] }, 'custom_fields.0'],
        [{ name: 'Tools', inventory_type: 'quantity', custom_fields: ['Size'] }, 'custom_fields.0'],
        [
          { name: 'Tools', inventory_type: 'quantity', custom_fields: [{ display_on_inventory_list: true }] },
          'custom_fields.0.name',
        ],
        [
          {
            name: 'Tools',
            inventory_type: 'quantity',
            custom_fields: [{ name: 'A', publish_on_documents: 1 }],
          },
          'custom_fields.0.publish_on_documents',
        ],
        [
          { name: 'Tools', inventory_type: 'quantity', custom_fields: [{ name: 'Size' }, { name: 'size' }] },
          'custom_fields.1.name',
        ],
      ] as const) {
        const res = await call()('POST', PATH, body);
        expectError(res, 422, { type: 'invalid_request_error', code: 'validation_failed', param });
      }
      expect(await create({ name: 'x'.repeat(255) })).toMatchObject({ name: 'x'.repeat(255) });
    });

    it('refuses unknown and protected fields with 422 unsupported_field, in custom fields too', async () => {
      const { id } = await create();
      for (const [method, target, body, param] of [
        ['POST', PATH, { colour: 'red' }, 'colour'],
        ['POST', PATH, { id: randomUUID() }, 'id'],
        ['POST', PATH, { custom_fields: [{ name: 'A', id: randomUUID() }] }, 'custom_fields.0.id'],
        ['POST', PATH, { custom_fields: [{ name: 'A', display_order: 1 }] }, 'custom_fields.0.display_order'],
        ['PATCH', url(id), { object: 'item_category' }, 'object'],
        ['PATCH', url(id), { revision: 0 }, 'revision'],
        ['PATCH', url(id), { created_at: 'x' }, 'created_at'],
        ['PATCH', url(id), { custom_fields: [{ name: 'A', colour: 'red' }] }, 'custom_fields.0.colour'],
      ] as const) {
        const res = await call()(method, target, { name: 'X', inventory_type: 'quantity', ...body });
        expectError(res, 422, { code: 'unsupported_field', param });
      }
      expect((await call()('GET', url(id))).json()).toMatchObject({ revision: 0 });
    });

    it('replays a creation sent again with its Idempotency-Key', async () => {
      const headers = { 'idempotency-key': `category-${randomUUID()}` };
      const body = { name: 'Once', inventory_type: 'quantity' };
      const first = await call()('POST', PATH, body, headers);
      const again = await call()('POST', PATH, body, headers);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
    });

    it('refuses any query parameter on retrieve but as_of_revision', async () => {
      const { id } = await create();
      expectError(await call()('GET', `${url(id)}?expand=all`), 422, {
        code: 'invalid_query_parameter',
        param: 'expand',
      });
    });

    it('answers 404 for a malformed id, an unknown one and another account’s category', async () => {
      const stranger = await freshCaller();
      const theirs = await create({}, stranger);
      for (const id of ['not-a-uuid', '1', randomUUID(), theirs.id]) {
        for (const [method, body] of [
          ['GET', undefined],
          ['PATCH', { name: 'Mine' }],
          ['DELETE', undefined],
          ['GET', 'events'],
        ] as const) {
          const res =
            body === 'events' ? await call()('GET', url(id, '/events')) : await call()(method, url(id), body);
          expectError(res, 404, { type: 'not_found_error', code: 'resource_missing' });
        }
      }
      expect((await call(stranger)('GET', url(theirs.id))).json()).toMatchObject({
        name: theirs.name,
        revision: 0,
      });
    });
  });

  describe('parents', () => {
    it('takes a top-level category of the account as parent', async () => {
      const parent = await create({ name: 'Power tools' });
      const child = await create({ name: 'Drills', parent_id: parent.id.toUpperCase() });
      expect(child.parent_id).toBe(parent.id);
      expect((await call()('GET', url(child.id))).json().parent_id).toBe(parent.id);
    });

    it('refuses a parent that is unknown, of another account, deleted or itself a subcategory', async () => {
      const stranger = await freshCaller();
      const theirs = await create({}, stranger);
      const parent = await create();
      const child = await create({ parent_id: parent.id });
      const gone = await create();
      expect((await call()('DELETE', url(gone.id))).statusCode).toBe(200);
      for (const parentId of [randomUUID(), theirs.id, gone.id, child.id]) {
        const res = await call()('POST', PATH, {
          name: 'Nested',
          inventory_type: 'quantity',
          parent_id: parentId,
        });
        expectError(res, 422, { code: 'validation_failed', param: 'parent_id' });
      }
      const res = await call()('POST', PATH, {
        name: 'Deep',
        inventory_type: 'quantity',
        parent_id: child.id,
      });
      expect(res.json().error.message).toMatch(/top-level/);
    });

    it('moves a category under a parent and back to the root; never under itself', async () => {
      const parent = await create();
      const category = await create();
      const moved = await call()('PATCH', url(category.id), { parent_id: parent.id });
      expect(moved.json()).toMatchObject({ parent_id: parent.id, revision: 1 });
      const back = await call()('PATCH', url(category.id), { parent_id: null });
      expect(back.json()).toMatchObject({ parent_id: null, revision: 2 });
      expectError(await call()('PATCH', url(category.id), { parent_id: category.id }), 422, {
        param: 'parent_id',
      });
    });

    it('keeps a category with subcategories at the top level', async () => {
      const parent = await create();
      await create({ parent_id: parent.id });
      const other = await create();
      const res = await call()('PATCH', url(parent.id), { parent_id: other.id });
      expectError(res, 422, { code: 'validation_failed', param: 'parent_id' });
      expect(res.json().error.message).toMatch(/subcategories/);
    });
  });

  describe('update', () => {
    it('changes the sent fields; a complete body repeating the category appends nothing', async () => {
      const category = await create({ name: 'Paint', custom_fields: [{ name: 'Colour' }] });
      const res = await call()('PATCH', url(category.id), {
        name: 'Paints',
        inventory_type: 'unique',
        weight: 5,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe('"1"');
      expect(res.json()).toEqual({
        ...category,
        name: 'Paints',
        inventory_type: 'unique',
        weight: 5,
        revision: 1,
        updated_at: expect.any(String),
      });
      const same = await call()('PATCH', url(category.id), {
        name: 'Paints',
        inventory_type: 'unique',
        parent_id: null,
        custom_fields: category.custom_fields.map(({ id, name }: Json) => ({ id, name })),
      });
      expect(same.headers.etag).toBe('"1"');
      expect(same.json()).toEqual(res.json());
    });

    it('keeps custom fields sent with their id, adds those without, deletes those left out, in the sent order', async () => {
      const category = await create({
        custom_fields: [{ name: 'Size' }, { name: 'Colour', publish_on_documents: true }, { name: 'Finish' }],
      });
      const [size, colour] = category.custom_fields;
      const res = await call()('PATCH', url(category.id), {
        custom_fields: [
          { id: colour.id, name: 'Color', publish_on_documents: true, display_on_inventory_list: true },
          { name: 'Weight' },
          { id: size.id, name: 'Size' },
        ],
      });
      expect(res.statusCode).toBe(200);
      const fields = res.json().custom_fields;
      expect(fields).toEqual([
        {
          id: colour.id,
          name: 'Color',
          display_order: 1,
          display_on_inventory_list: true,
          publish_on_documents: true,
        },
        {
          id: expect.stringMatching(UUID),
          name: 'Weight',
          display_order: 2,
          display_on_inventory_list: false,
          publish_on_documents: false,
        },
        {
          id: size.id,
          name: 'Size',
          display_order: 3,
          display_on_inventory_list: false,
          publish_on_documents: false,
        },
      ]);
      expect(fields[1].id).not.toBe(category.custom_fields[2].id);
      expect((await call()('GET', url(category.id))).json().custom_fields).toEqual(fields);
      const list = await call()('GET', `${PATH}?q=${encodeURIComponent(category.name)}`);
      expect(list.json().data).toEqual([expect.objectContaining({ id: category.id, custom_fields: fields })]);
    });

    it('refuses a custom field id the category does not have, or one sent twice', async () => {
      const category = await create({ custom_fields: [{ name: 'Size' }] });
      const other = await create({ custom_fields: [{ name: 'Size' }] });
      const [size] = category.custom_fields;
      for (const custom_fields of [
        [{ id: other.custom_fields[0].id, name: 'Size' }],
        [{ id: randomUUID(), name: 'Ghost' }],
        [{ id: 'abc', name: 'Bad' }],
        [
          { id: size.id, name: 'Size' },
          { id: size.id, name: 'Twice' },
        ],
      ]) {
        const res = await call()('PATCH', url(category.id), { custom_fields });
        expectError(res, 422, {
          code: 'validation_failed',
          param: expect.stringMatching(/^custom_fields\.\d\.id$/),
        });
      }
      expect((await call()('GET', url(category.id))).json()).toMatchObject({
        revision: 0,
        custom_fields: [size],
      });
    });

    it('removes every custom field with an empty list and keeps them when custom_fields is left out', async () => {
      const category = await create({ custom_fields: [{ name: 'Size' }] });
      const renamed = await call()('PATCH', url(category.id), { name: 'Renamed' });
      expect(renamed.json().custom_fields).toEqual(category.custom_fields);
      const emptied = await call()('PATCH', url(category.id), { custom_fields: [] });
      expect(emptied.json().custom_fields).toEqual([]);
    });

    it('refuses a stale If-Match with 409 mobile_mutation_conflict', async () => {
      const category = await create();
      await call()('PATCH', url(category.id), { name: 'First' });
      const res = await call()('PATCH', url(category.id), { name: 'Second' }, { 'if-match': '"0"' });
      expectError(res, 409, { code: 'mobile_mutation_conflict' });
      const ok = await call()('PATCH', url(category.id), { name: 'Second' }, { 'if-match': '"1"' });
      expect(ok.json()).toMatchObject({ name: 'Second', revision: 2 });
    });

    it('keeps its inventory type while it holds items, archived ones too (422 naming inventory_type)', async () => {
      const category = await create();
      const item = await call()('POST', '/api/v3/items', {
        name: 'Hammer',
        inventory_type: 'quantity',
        category_id: category.id,
      });
      expect(item.statusCode).toBe(201);
      await call()('POST', `/api/v3/items/${item.json().id}/archive`);
      const res = await call()('PATCH', url(category.id), { inventory_type: 'unique' });
      expectError(res, 422, { code: 'validation_failed', param: 'inventory_type' });
      expect(res.json().error.message).toMatch(/1 inventory/);
      const same = await call()('PATCH', url(category.id), {
        name: 'Hand tools',
        inventory_type: 'quantity',
      });
      expect(same.json()).toMatchObject({ name: 'Hand tools', inventory_type: 'quantity', revision: 1 });
      const empty = await create();
      const changed = await call()('PATCH', url(empty.id), { inventory_type: 'unique' });
      expect(changed.json()).toMatchObject({ inventory_type: 'unique', revision: 1 });
    });
  });

  describe('list', () => {
    const names = (res: { json(): Json }) => res.json().data.map((c: Json) => c.name);

    it('orders the account’s categories by weight, then name, and pages them', async () => {
      const caller = await freshCaller();
      for (const [name, weight] of [
        ['beta', 0],
        ['Alpha', 0],
        ['Heavy', 10],
        ['Light', -1],
        ['gamma', 0],
      ] as const) {
        await create({ name, weight }, caller);
      }
      const all = await call(caller)('GET', PATH);
      expect(all.statusCode).toBe(200);
      expect(names(all)).toEqual(['Light', 'Alpha', 'beta', 'gamma', 'Heavy']);
      expect(all.json()).toMatchObject({
        object: 'list',
        url: PATH,
        has_more: false,
        pagination: { page: 1, per_page: 20, total_pages: 1, total_records: 5 },
      });
      const second = await call(caller)('GET', `${PATH}?page=2&limit=2`);
      expect(names(second)).toEqual(['beta', 'gamma']);
      expect(second.json()).toMatchObject({
        has_more: true,
        pagination: { page: 2, per_page: 2, total_pages: 3 },
      });
      expect(names(await call()('GET', `${PATH}?q=light`))).not.toContain('Light');
    });

    it('lists the same JSON as retrieve', async () => {
      const caller = await freshCaller();
      const category = await create({ custom_fields: [{ name: 'B' }, { name: 'A' }] }, caller);
      expect((await call(caller)('GET', PATH)).json().data).toEqual([category]);
    });

    it('searches names with q, case-insensitively', async () => {
      const caller = await freshCaller();
      for (const name of ['Garden Tools', 'Toolboxes', 'Paint']) await create({ name }, caller);
      expect(names(await call(caller)('GET', `${PATH}?q=TOOL`))).toEqual(['Garden Tools', 'Toolboxes']);
      expect(names(await call(caller)('GET', `${PATH}?q=%25`))).toEqual([]);
    });

    it('filters direct children by parent_id, or top-level categories with root', async () => {
      const caller = await freshCaller();
      const tools = await create({ name: 'Tools' }, caller);
      const paint = await create({ name: 'Paint' }, caller);
      await create({ name: 'Drills', parent_id: tools.id }, caller);
      await create({ name: 'Saws', parent_id: tools.id }, caller);
      await create({ name: 'Brushes', parent_id: paint.id }, caller);
      expect(names(await call(caller)('GET', `${PATH}?parent_id=${tools.id}`))).toEqual(['Drills', 'Saws']);
      expect(names(await call(caller)('GET', `${PATH}?parent_id=${tools.id.toUpperCase()}`))).toEqual([
        'Drills',
        'Saws',
      ]);
      expect(names(await call(caller)('GET', `${PATH}?parent_id=root`))).toEqual(['Paint', 'Tools']);
      expect(names(await call(caller)('GET', `${PATH}?parent_id=${randomUUID()}`))).toEqual([]);
    });

    it('refuses an invalid parent_id, an unknown parameter and a bad page with invalid_query_parameter', async () => {
      for (const [query, param] of [
        ['parent_id=ROOT', 'parent_id'],
        ['parent_id=', 'parent_id'],
        ['parent_id=null', 'parent_id'],
        ['parent_id=12', 'parent_id'],
        ['parent_id=root&parent_id=root', 'parent_id'],
        ['archived=true', 'archived'],
        ['limit=0', 'limit'],
        ['q=a%00b', 'q'],
      ]) {
        expectError(await call()('GET', `${PATH}?${query}`), 422, { code: 'invalid_query_parameter', param });
      }
    });

    it('shows account-level categories to a user restricted to one location', async () => {
      const caller = await freshCaller();
      const category = await create({ name: 'Shared' }, caller);
      const home = await createLocation(t.app, caller);
      const restricted = await freshCaller({ accountId: caller.accountId, location_id: home.id });
      expect(names(await call(restricted)('GET', PATH))).toEqual(['Shared']);
      expect((await call(restricted)('GET', url(category.id))).statusCode).toBe(200);
    });
  });

  describe('delete', () => {
    it('deletes an empty category: 200, then 404 everywhere and gone from the list', async () => {
      const caller = await freshCaller();
      const category = await create({}, caller);
      const res = await call(caller)('DELETE', url(category.id));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: category.id, object: 'item_category', deleted: true });
      expect(res.headers.etag).toBe('"1"');
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { name: 'Back' }],
        ['DELETE', undefined],
      ] as const) {
        expectError(await call(caller)(method, url(category.id), body), 404, { code: 'resource_missing' });
      }
      expect((await call(caller)('GET', PATH)).json().data).toEqual([]);
    });

    it('refuses with 409 while the category is the parent of another, then allows it', async () => {
      const parent = await create();
      const child = await create({ parent_id: parent.id });
      const res = await call()('DELETE', url(parent.id));
      expectError(res, 409, { type: 'conflict_error', code: 'item_category_delete_not_allowed' });
      expect(res.json().error.message).toMatch(/1 subcategories/);
      await call()('PATCH', url(child.id), { parent_id: null });
      expect((await call()('DELETE', url(parent.id))).statusCode).toBe(200);
    });

    it('refuses with 409 while the category holds items (counted through References)', async () => {
      const category = await create();
      holdingItems.add(category.id);
      const res = await call()('DELETE', url(category.id));
      expectError(res, 409, { code: 'item_category_delete_not_allowed' });
      expect(res.json().error.message).toMatch(/2 items/);
      holdingItems.delete(category.id);
      expect((await call()('DELETE', url(category.id))).statusCode).toBe(200);
    });
  });

  describe('access', () => {
    it('reads with the items:read scope alone; writes need inventory.modify', async () => {
      const reader = await freshCaller({ accountId: owner.accountId, permissions: {} });
      const category = await create();
      expect((await call(reader)('GET', url(category.id))).statusCode).toBe(200);
      expect((await call(reader)('GET', PATH)).statusCode).toBe(200);
      for (const [method, target, body] of [
        ['POST', PATH, { name: 'No', inventory_type: 'quantity' }],
        ['PATCH', url(category.id), { name: 'No' }],
        ['DELETE', url(category.id), undefined],
      ] as const) {
        expectError(await call(reader)(method, target, body), 403, { code: 'permission_denied' });
      }
    });

    it('deletes with inventory.delete, falling back to inventory.modify; an explicit denial wins', async () => {
      const modifier = await freshCaller({
        accountId: owner.accountId,
        permissions: { 'inventory.modify': true },
      });
      const denied = await freshCaller({
        accountId: owner.accountId,
        permissions: { 'inventory.modify': true, 'inventory.delete': false },
      });
      const deleter = await freshCaller({
        accountId: owner.accountId,
        permissions: { 'inventory.delete': true },
      });
      const first = await create({}, modifier);
      expectError(await call(denied)('DELETE', url(first.id)), 403, { code: 'permission_denied' });
      expect((await call(modifier)('DELETE', url(first.id))).statusCode).toBe(200);
      const second = await create();
      expect((await call(deleter)('DELETE', url(second.id))).statusCode).toBe(200);
    });

    it('demands the items scopes of the key', async () => {
      const readOnly = await freshCaller({ accountId: owner.accountId, scopes: ['items:read'] });
      const noItems = await freshCaller({ accountId: owner.accountId, scopes: ['customers:read'] });
      const category = await create();
      expect((await call(readOnly)('GET', url(category.id))).statusCode).toBe(200);
      expectError(await call(noItems)('GET', PATH), 403, { code: 'insufficient_scope' });
      expectError(await call(readOnly)('POST', PATH, { name: 'No', inventory_type: 'quantity' }), 403, {
        code: 'insufficient_scope',
      });
      expectError(await call(readOnly)('DELETE', url(category.id)), 403, { code: 'insufficient_scope' });
      expect((await t.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    });
  });

  describe('history', () => {
    it('lists a category’s events and shows it as of any revision, after its deletion too', async () => {
      const category = await create({ name: 'v0', custom_fields: [{ name: 'Size' }] });
      await call()('PATCH', url(category.id), { name: 'v1', custom_fields: [] });
      await call()('DELETE', url(category.id));
      const events = await call()('GET', url(category.id, '/events'));
      expect(events.statusCode).toBe(200);
      expect(events.json().data).toEqual([
        expect.objectContaining({
          object: 'event',
          stream: `itemCategory-${category.id}`,
          revision: 0,
          type: 'ItemCategoryCreated',
          data: expect.objectContaining({ name: 'v0', custom_fields: category.custom_fields }),
          metadata: expect.objectContaining({ user_id: owner.userId }),
        }),
        expect.objectContaining({
          revision: 1,
          type: 'ItemCategoryUpdated',
          data: { changes: { name: 'v1', custom_fields: [] }, updated_at: expect.any(String) },
        }),
        expect.objectContaining({ revision: 2, type: 'ItemCategoryDeleted' }),
      ]);
      const first = await call()('GET', `${url(category.id)}?as_of_revision=0`);
      expect(first.statusCode).toBe(200);
      expect(first.headers.etag).toBe('"0"');
      expect(first.json()).toEqual(category);
      expect((await call()('GET', `${url(category.id)}?as_of_revision=1`)).json()).toMatchObject({
        name: 'v1',
        custom_fields: [],
        revision: 1,
      });
      expectError(await call()('GET', `${url(category.id)}?as_of_revision=2`), 404, {
        code: 'resource_missing',
      });
    });

    it('needs audit:read, and hides other accounts’ categories', async () => {
      const category = await create();
      const noAudit = await freshCaller({ accountId: owner.accountId, scopes: ['items:read'] });
      expectError(await call(noAudit)('GET', url(category.id, '/events')), 403, {
        code: 'insufficient_scope',
      });
      expectError(await call(noAudit)('GET', `${url(category.id)}?as_of_revision=0`), 403, {
        code: 'insufficient_scope',
      });
      const stranger = await freshCaller();
      expectError(await call(stranger)('GET', url(category.id, '/events')), 404, {
        code: 'resource_missing',
      });
    });
  });
});
