import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { References } from '../apps/api/src/records/references';
import { createLocation, createZone } from './support/catalog';
import { admin, Caller, CallerOptions, createCaller } from './support/operator';
import { as } from './support/party-rules';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('locations e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const LOCATIONS = '/api/v3/locations';
const NOBODY = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabases())('locations and zones API on $name', (target) => {
  let t: TestApp;
  let owner: Caller;

  beforeAll(async () => {
    t = await startTestApp(target);
    owner = await createCaller(t.app);
  });
  afterAll(() => t?.close());

  /** A request as `caller`; writes get a fresh Idempotency-Key unless `key` says otherwise (null: none). */
  function send(
    caller: Caller,
    method: Method,
    url: string,
    body?: unknown,
    key: string | null = randomUUID(),
  ) {
    const headers: Record<string, string> =
      method !== 'GET' && method !== 'DELETE' && key ? { 'idempotency-key': key } : {};
    return as(t.app, caller)(method, url, body, headers);
  }
  const location = (caller: Caller = owner, body: Json = {}) => createLocation(t.app, caller, body);
  const zone = (locationId: string, body: Json = {}, caller: Caller = owner) =>
    createZone(t.app, caller, locationId, body);
  const freshCaller = (options: CallerOptions = {}) => createCaller(t.app, options);
  const colleague = (options: CallerOptions = {}) =>
    createCaller(t.app, { accountId: owner.accountId, ...options });

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
    it('creates a location: 201, every field, optional ones null, revision 0 as ETag', async () => {
      const res = await send(owner, 'POST', LOCATIONS, {
        name: 'Main warehouse',
        short_name: 'MAIN',
        city: 'Leeds',
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers.etag).toBe('"0"');
      const created = res.json();
      expect(created).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        object: 'location',
        name: 'Main warehouse',
        short_name: 'MAIN',
        address_1: null,
        address_2: null,
        city: 'Leeds',
        region: null,
        postal_code: null,
        country: null,
        manager: null,
        phone: null,
        fax: null,
        email: null,
        created_at: expect.any(String),
        updated_at: created.created_at,
        revision: 0,
      });
      const retrieved = await send(owner, 'GET', `${LOCATIONS}/${created.id}`);
      expect(retrieved.statusCode).toBe(200);
      expect(retrieved.headers.etag).toBe('"0"');
      expect(retrieved.json()).toEqual(created);
    });

    it('returns every address and contact field it was given', async () => {
      const body = {
        name: 'Depot',
        short_name: 'DEP',
        address_1: '1 Dock Road',
        address_2: 'Unit 4',
        city: 'Hull',
        region: 'Yorkshire',
        postal_code: 'HU1 1AA',
        country: 'GB',
        manager: 'Ann Smith',
        phone: '+44 1482 000000',
        fax: '+44 1482 000001',
        email: 'depot@example.test',
      };
      const created = await location(owner, body);
      expect((await send(owner, 'GET', `${LOCATIONS}/${created.id}`)).json()).toMatchObject(body);
    });

    it('requires an Idempotency-Key and replays a retry with the same key and body', async () => {
      expectError(
        await send(owner, 'POST', LOCATIONS, { name: 'N', short_name: 'S' }, null),
        400,
        'idempotency_key_required',
      );
      const key = randomUUID();
      const first = await send(owner, 'POST', LOCATIONS, { name: 'Once', short_name: 'O' }, key);
      const again = await send(owner, 'POST', LOCATIONS, { name: 'Once', short_name: 'O' }, key);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expectError(
        await send(owner, 'POST', LOCATIONS, { name: 'Other', short_name: 'O' }, key),
        409,
        'idempotency_key_reused',
      );
    });

    it.each([
      ['name', 100],
      ['short_name', 25],
      ['address_1', 100],
      ['address_2', 100],
      ['city', 100],
      ['region', 100],
      ['country', 100],
      ['postal_code', 20],
      ['manager', 255],
      ['phone', 255],
      ['fax', 255],
    ])('limits %s to %i characters', async (field, max) => {
      const base = { name: 'Limits', short_name: 'LIM' };
      const longest = await send(owner, 'POST', LOCATIONS, { ...base, [field]: 'x'.repeat(max) });
      expect(longest.statusCode).toBe(201);
      expectError(
        await send(owner, 'POST', LOCATIONS, { ...base, [field]: 'x'.repeat(max + 1) }),
        422,
        'validation_failed',
        field,
      );
    });

    it('takes a valid email up to 255 characters only', async () => {
      const longest = `${'a'.repeat(243)}@example.com`;
      const base = { name: 'Mail', short_name: 'M' };
      expect((await send(owner, 'POST', LOCATIONS, { ...base, email: longest })).json()).toMatchObject({
        email: longest,
      });
      for (const email of ['not-an-email', `a${longest}`, 42]) {
        expectError(
          await send(owner, 'POST', LOCATIONS, { ...base, email }),
          422,
          'validation_failed',
          'email',
        );
      }
    });

    it('requires name and short_name and refuses unknown or protected fields', async () => {
      expectError(
        await send(owner, 'POST', LOCATIONS, { short_name: 'S' }),
        422,
        'validation_failed',
        'name',
      );
      expectError(
        await send(owner, 'POST', LOCATIONS, { name: 'N' }),
        422,
        'validation_failed',
        'short_name',
      );
      expectError(
        await send(owner, 'POST', LOCATIONS, { name: ' ', short_name: 'S' }),
        422,
        'validation_failed',
        'name',
      );
      for (const extra of [{ colour: 'red' }, { id: NOBODY }, { active: false }, { zones: [] }]) {
        expectError(
          await send(owner, 'POST', LOCATIONS, { name: 'N', short_name: 'S', ...extra }),
          422,
          'unsupported_field',
        );
      }
    });

    it('answers a body that is missing or not an object with a 4xx, never a 500', async () => {
      expectError(await send(owner, 'POST', LOCATIONS), 422, 'validation_failed', 'name');
      for (const body of [[], 'text', 7]) {
        const res = await send(owner, 'POST', LOCATIONS, body);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    });

    it('answers 404 for an unknown, malformed or foreign location', async () => {
      const foreign = await location(await freshCaller());
      for (const id of [NOBODY, 'not-a-uuid', foreign.id]) {
        expectError(await send(owner, 'GET', `${LOCATIONS}/${id}`), 404, 'resource_missing');
      }
    });
  });

  describe('list', () => {
    it('lists the account’s active locations by name, compact, page by page', async () => {
      const caller = await freshCaller();
      const b = await location(caller, { name: 'bravo', short_name: 'B' });
      const a = await location(caller, { name: 'Alpha', short_name: 'A', city: 'Leeds' });
      const c = await location(caller, { name: 'Charlie', short_name: 'C' });
      await location(owner, { name: 'Aardvark (other account)' });
      const res = await send(caller, 'GET', LOCATIONS);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        object: 'list',
        url: LOCATIONS,
        has_more: false,
        data: [
          { id: a.id, object: 'location', name: 'Alpha', short_name: 'A' },
          { id: b.id, object: 'location', name: 'bravo', short_name: 'B' },
          { id: c.id, object: 'location', name: 'Charlie', short_name: 'C' },
        ],
        pagination: { page: 1, per_page: 20, total_pages: 1, total_records: 3 },
      });
      const second = (await send(caller, 'GET', `${LOCATIONS}?limit=2&page=2`)).json();
      expect(second).toMatchObject({
        has_more: false,
        pagination: { page: 2, per_page: 2, total_records: 3 },
      });
      expect(second.data.map((row: Json) => row.id)).toEqual([c.id]);
      expect((await send(caller, 'GET', `${LOCATIONS}?limit=2`)).json().has_more).toBe(true);
    });

    it('refuses unknown and malformed parameters', async () => {
      expectError(await send(owner, 'GET', `${LOCATIONS}?q=x`), 422, 'invalid_query_parameter', 'q');
      expectError(await send(owner, 'GET', `${LOCATIONS}?limit=0`), 422, 'invalid_query_parameter', 'limit');
      expectError(
        await send(owner, 'GET', `${LOCATIONS}/${NOBODY}?expand=zones`),
        422,
        'invalid_query_parameter',
      );
    });

    it('needs only the items:read scope to read', async () => {
      const reader = await colleague({ scopes: ['items:read'], permissions: {} });
      const { id } = await location();
      expect((await send(reader, 'GET', LOCATIONS)).statusCode).toBe(200);
      expect((await send(reader, 'GET', `${LOCATIONS}/${id}`)).statusCode).toBe(200);
      expect((await send(reader, 'GET', `${LOCATIONS}/${id}/zones`)).statusCode).toBe(200);
      expectError(
        await send(reader, 'POST', LOCATIONS, { name: 'N', short_name: 'S' }),
        403,
        'insufficient_scope',
      );
      const noScope = await colleague({ scopes: ['customers:read'] });
      expectError(await send(noScope, 'GET', LOCATIONS), 403, 'insufficient_scope');
      expect((await as(t.app, undefined)('GET', LOCATIONS)).statusCode).toBe(401);
    });
  });

  describe('update', () => {
    it('replaces the complete editable field set: left-out optional fields are cleared', async () => {
      const { id } = await location(owner, { name: 'Old', short_name: 'OLD', city: 'Leeds', phone: '1' });
      const res = await send(owner, 'PATCH', `${LOCATIONS}/${id}`, {
        name: 'New',
        short_name: 'NEW',
        phone: '2',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe('"1"');
      expect(res.json()).toMatchObject({
        id,
        name: 'New',
        short_name: 'NEW',
        city: null,
        phone: '2',
        revision: 1,
      });
      expect((await send(owner, 'GET', `${LOCATIONS}/${id}`)).json()).toMatchObject({
        name: 'New',
        city: null,
      });
      const unchanged = await send(owner, 'PATCH', `${LOCATIONS}/${id}`, {
        name: 'New',
        short_name: 'NEW',
        phone: '2',
      });
      expect(unchanged.json()).toMatchObject({ revision: 1 });
    });

    it('checks the same limits and requires the key', async () => {
      const { id } = await location();
      const url = `${LOCATIONS}/${id}`;
      expectError(await send(owner, 'PATCH', url, { name: 'N' }), 422, 'validation_failed', 'short_name');
      expectError(
        await send(owner, 'PATCH', url, { name: 'x'.repeat(101), short_name: 'S' }),
        422,
        'validation_failed',
        'name',
      );
      expectError(
        await send(owner, 'PATCH', url, { name: 'N', short_name: 'S', postal_code: 'x'.repeat(21) }),
        422,
        'validation_failed',
        'postal_code',
      );
      expectError(
        await send(owner, 'PATCH', url, { name: 'N', short_name: 'S', created_at: 'x' }),
        422,
        'unsupported_field',
      );
      expectError(
        await send(owner, 'PATCH', url, { name: 'N', short_name: 'S' }, null),
        400,
        'idempotency_key_required',
      );
    });

    it('answers 404 outside the caller’s account and 409 to a stale If-Match', async () => {
      const foreign = await location(await freshCaller());
      for (const id of [NOBODY, 'nope', foreign.id]) {
        expectError(
          await send(owner, 'PATCH', `${LOCATIONS}/${id}`, { name: 'N', short_name: 'S' }),
          404,
          'resource_missing',
        );
      }
      const { id } = await location();
      const stale = await as(t.app, owner)(
        'PATCH',
        `${LOCATIONS}/${id}`,
        { name: 'N', short_name: 'S' },
        {
          'idempotency-key': randomUUID(),
          'if-match': '"3"',
        },
      );
      expectError(stale, 409, 'mobile_mutation_conflict');
    });

    it('needs inventory.modify to create and update', async () => {
      const viewer = await colleague({ permissions: { 'inventory.manage': true } });
      const { id } = await location();
      expectError(
        await send(viewer, 'POST', LOCATIONS, { name: 'N', short_name: 'S' }),
        403,
        'permission_denied',
      );
      expectError(
        await send(viewer, 'PATCH', `${LOCATIONS}/${id}`, { name: 'N', short_name: 'S' }),
        403,
        'permission_denied',
      );
      expectError(
        await send(viewer, 'POST', `${LOCATIONS}/${id}/zones`, { name: 'N', short_name: 'S' }),
        403,
        'permission_denied',
      );
      const modifier = await colleague({ permissions: { 'inventory.modify': true } });
      expect((await send(modifier, 'POST', LOCATIONS, { name: 'N', short_name: 'S' })).statusCode).toBe(201);
    });
  });

  describe('a user restricted to one location', () => {
    let own: Json;
    let other: Json;
    let restricted: Caller;

    beforeAll(async () => {
      own = await location(owner, { name: 'Restricted home' });
      other = await location(owner, { name: 'Somewhere else' });
      restricted = await colleague({ location_id: own.id });
    });

    it('sees only that location', async () => {
      const list = (await send(restricted, 'GET', LOCATIONS)).json();
      expect(list.data).toEqual([
        { id: own.id, object: 'location', name: 'Restricted home', short_name: own.short_name },
      ]);
      expect(list.pagination.total_records).toBe(1);
      expect((await send(restricted, 'GET', `${LOCATIONS}/${own.id}`)).statusCode).toBe(200);
      expectError(await send(restricted, 'GET', `${LOCATIONS}/${other.id}`), 404, 'resource_missing');
    });

    it('cannot create locations', async () => {
      expectError(
        await send(restricted, 'POST', LOCATIONS, { name: 'Mine', short_name: 'M' }),
        403,
        'permission_denied',
      );
    });

    it('updates and adds zones only to its own location', async () => {
      const patched = await send(restricted, 'PATCH', `${LOCATIONS}/${own.id}`, {
        name: 'Restricted home',
        short_name: 'RH',
      });
      expect(patched.json()).toMatchObject({ short_name: 'RH' });
      expectError(
        await send(restricted, 'PATCH', `${LOCATIONS}/${other.id}`, { name: 'N', short_name: 'S' }),
        404,
        'resource_missing',
      );
      expect(
        (await send(restricted, 'POST', `${LOCATIONS}/${own.id}/zones`, { name: 'Z', short_name: 'Z' }))
          .statusCode,
      ).toBe(201);
      const foreignZone = await zone(other.id);
      expectError(await send(restricted, 'GET', `${LOCATIONS}/${other.id}/zones`), 404, 'resource_missing');
      expectError(
        await send(restricted, 'POST', `${LOCATIONS}/${other.id}/zones`, { name: 'Z', short_name: 'Z' }),
        404,
        'resource_missing',
      );
      expectError(
        await send(restricted, 'PATCH', `${LOCATIONS}/${other.id}/zones/${foreignZone.id}`, {
          name: 'Z',
          short_name: 'Z',
        }),
        404,
        'resource_missing',
      );
      expectError(await send(restricted, 'DELETE', `${LOCATIONS}/${other.id}`), 404, 'resource_missing');
      expectError(await send(restricted, 'GET', `${LOCATIONS}/${other.id}/events`), 404, 'resource_missing');
    });
  });

  describe('zones', () => {
    it('creates, lists by name and updates zones of a location', async () => {
      const { id } = await location();
      const url = `${LOCATIONS}/${id}/zones`;
      expect((await send(owner, 'GET', url)).json()).toMatchObject({ data: [], has_more: false, url });
      const created = await send(owner, 'POST', url, {
        name: 'b aisle',
        short_name: 'B',
        description: 'Cold',
      });
      expect(created.statusCode).toBe(201);
      const b = created.json();
      expect(b).toEqual({
        id: expect.any(String),
        object: 'zone',
        location_id: id,
        name: 'b aisle',
        short_name: 'B',
        description: 'Cold',
      });
      const a = await zone(id, { name: 'A aisle', short_name: 'A' });
      expect(a.description).toBeNull();
      const list = (await send(owner, 'GET', url)).json();
      expect(list.data.map((z: Json) => z.id)).toEqual([a.id, b.id]);
      expect(list.pagination).toMatchObject({ total_records: 2 });
      expect((await send(owner, 'GET', `${url}?limit=1`)).json()).toMatchObject({
        has_more: true,
        data: [{ id: a.id }],
      });

      const updated = await send(owner, 'PATCH', `${url}/${b.id}`, { name: 'B aisle', short_name: 'B2' });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toEqual({ ...b, name: 'B aisle', short_name: 'B2', description: null });
      expect((await send(owner, 'GET', url)).json().data[1]).toEqual(updated.json());
    });

    it('checks the zone fields and refuses others', async () => {
      const { id } = await location();
      const url = `${LOCATIONS}/${id}/zones`;
      expectError(await send(owner, 'POST', url, { short_name: 'Z' }), 422, 'validation_failed', 'name');
      expectError(
        await send(owner, 'POST', url, { name: 'x'.repeat(101), short_name: 'Z' }),
        422,
        'validation_failed',
        'name',
      );
      expectError(
        await send(owner, 'POST', url, { name: 'Z', short_name: 'x'.repeat(26) }),
        422,
        'validation_failed',
        'short_name',
      );
      expectError(
        await send(owner, 'POST', url, { name: 'Z', short_name: 'Z', description: 3 }),
        422,
        'validation_failed',
        'description',
      );
      expectError(
        await send(owner, 'POST', url, { name: 'Z', short_name: 'Z', location_id: id }),
        422,
        'unsupported_field',
      );
      expect(
        (await send(owner, 'POST', url, { name: 'x'.repeat(100), short_name: 'x'.repeat(25) })).statusCode,
      ).toBe(201);
      const z = await zone(id);
      expectError(
        await send(owner, 'PATCH', `${url}/${z.id}`, { name: 'Z' }),
        422,
        'validation_failed',
        'short_name',
      );
      expectError(
        await send(owner, 'PATCH', `${url}/${z.id}`, { name: 'Z', short_name: 'Z', location_id: NOBODY }),
        422,
        'unsupported_field',
      );
    });

    it('requires an Idempotency-Key on zone writes', async () => {
      const { id } = await location();
      const url = `${LOCATIONS}/${id}/zones`;
      expectError(
        await send(owner, 'POST', url, { name: 'Z', short_name: 'Z' }, null),
        400,
        'idempotency_key_required',
      );
      const z = await zone(id);
      expectError(
        await send(owner, 'PATCH', `${url}/${z.id}`, { name: 'Z', short_name: 'Z' }, null),
        400,
        'idempotency_key_required',
      );
      const key = randomUUID();
      const first = await send(owner, 'POST', url, { name: 'Once', short_name: 'O' }, key);
      const again = await send(owner, 'POST', url, { name: 'Once', short_name: 'O' }, key);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect((await send(owner, 'GET', url)).json().pagination.total_records).toBe(2);
    });

    it('answers 404 for a zone not of the route’s location, and for a missing or foreign location', async () => {
      const here = await location();
      const there = await location();
      const theirs = await zone(there.id);
      const body = { name: 'Z', short_name: 'Z' };
      for (const zoneId of [theirs.id, NOBODY, 'zone-1']) {
        expectError(
          await send(owner, 'PATCH', `${LOCATIONS}/${here.id}/zones/${zoneId}`, body),
          404,
          'resource_missing',
        );
      }
      const foreign = await location(await freshCaller());
      for (const locationId of [NOBODY, 'nowhere', foreign.id]) {
        const url = `${LOCATIONS}/${locationId}/zones`;
        expectError(await send(owner, 'GET', url), 404, 'resource_missing');
        expectError(await send(owner, 'POST', url, body), 404, 'resource_missing');
      }
      expectError(
        await send(owner, 'GET', `${LOCATIONS}/${here.id}/zones?sort=name`),
        422,
        'invalid_query_parameter',
      );
    });
  });

  describe('delete', () => {
    it('marks a location without dependents deleted: it is gone everywhere but its history', async () => {
      const caller = await freshCaller();
      const { id } = await location(caller);
      const res = await send(caller, 'DELETE', `${LOCATIONS}/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id, object: 'location', deleted: true });
      expectError(await send(caller, 'GET', `${LOCATIONS}/${id}`), 404, 'resource_missing');
      expect((await send(caller, 'GET', LOCATIONS)).json().data).toEqual([]);
      expectError(
        await send(caller, 'PATCH', `${LOCATIONS}/${id}`, { name: 'N', short_name: 'S' }),
        404,
        'resource_missing',
      );
      expectError(await send(caller, 'GET', `${LOCATIONS}/${id}/zones`), 404, 'resource_missing');
      expectError(
        await send(caller, 'POST', `${LOCATIONS}/${id}/zones`, { name: 'Z', short_name: 'Z' }),
        404,
        'resource_missing',
      );
      expectError(await send(caller, 'DELETE', `${LOCATIONS}/${id}`), 404, 'resource_missing');
      const history = (await send(caller, 'GET', `${LOCATIONS}/${id}/events`)).json();
      expect(history.data.map((e: Json) => e.type)).toEqual(['LocationCreated', 'LocationDeleted']);
    });

    it('is refused while the location has zones', async () => {
      const { id } = await location();
      await zone(id);
      const res = await send(owner, 'DELETE', `${LOCATIONS}/${id}`);
      expectError(res, 409, 'location_delete_not_allowed');
      expect(res.json().error.message).toContain('zones');
      expect((await send(owner, 'GET', `${LOCATIONS}/${id}`)).statusCode).toBe(200);
    });

    it('is refused while a user is assigned to it, and allowed once that user is deleted', async () => {
      const { id } = await location();
      const assigned = await colleague({ location_id: id });
      const refused = await send(owner, 'DELETE', `${LOCATIONS}/${id}`);
      expectError(refused, 409, 'location_delete_not_allowed');
      expect(refused.json().error.message).toContain('assigned users (1)');
      expect((await admin(t.app, 'DELETE', `/admin/v1/users/${assigned.userId}`)).statusCode).toBe(200);
      expect((await send(owner, 'DELETE', `${LOCATIONS}/${id}`)).statusCode).toBe(200);
    });

    it('is refused while another module registers dependents of the location', async () => {
      const referenced = await location();
      t.app
        .get(References)
        .register('location', 'documents', async ({ id }) => (id === referenced.id ? 3 : 0));
      const refused = await send(owner, 'DELETE', `${LOCATIONS}/${referenced.id}`);
      expectError(refused, 409, 'location_delete_not_allowed');
      expect(refused.json().error.message).toContain('documents (3)');
      const free = await location();
      expect((await send(owner, 'DELETE', `${LOCATIONS}/${free.id}`)).statusCode).toBe(200);
    });

    it('needs inventory.delete, falling back to inventory.modify; an explicit denial applies', async () => {
      const denied = await colleague({
        permissions: { 'inventory.modify': true, 'inventory.delete': false },
      });
      const { id } = await location();
      expectError(await send(denied, 'DELETE', `${LOCATIONS}/${id}`), 403, 'permission_denied');
      const modifier = await colleague({ permissions: { 'inventory.modify': true } });
      expect((await send(modifier, 'DELETE', `${LOCATIONS}/${id}`)).statusCode).toBe(200);
      const deleter = await colleague({ scopes: ['items:read', 'items:write'] });
      const other = await location();
      expectError(await send(deleter, 'DELETE', `${LOCATIONS}/${other.id}`), 403, 'insufficient_scope');
      expectError(await send(owner, 'DELETE', `${LOCATIONS}/${NOBODY}`), 404, 'resource_missing');
      expectError(await send(owner, 'DELETE', `${LOCATIONS}/not-an-id`), 404, 'resource_missing');
    });
  });

  describe('history', () => {
    it('lists the location’s events, zone events included, with who and which key', async () => {
      const { id } = await location(owner, { name: 'v0', short_name: 'V' });
      const z = await zone(id, { name: 'Zone', short_name: 'Z' });
      await send(owner, 'PATCH', `${LOCATIONS}/${id}`, { name: 'v1', short_name: 'V' }, 'rename-v1');
      await send(owner, 'PATCH', `${LOCATIONS}/${id}/zones/${z.id}`, { name: 'Zone 2', short_name: 'Z' });
      const res = await send(owner, 'GET', `${LOCATIONS}/${id}/events`);
      expect(res.statusCode).toBe(200);
      const events = res.json().data;
      expect(events.map((e: Json) => [e.revision, e.type])).toEqual([
        [0, 'LocationCreated'],
        [1, 'ZoneCreated'],
        [2, 'LocationUpdated'],
        [3, 'ZoneUpdated'],
      ]);
      expect(events[1].data).toMatchObject({ zone_id: z.id, location_id: id, name: 'Zone' });
      expect(events[2]).toMatchObject({
        stream: `location-${id}`,
        data: { changes: { name: 'v1' } },
        metadata: { account_id: owner.accountId, user_id: owner.userId, idempotency_key: 'rename-v1' },
      });
    });

    it('shows the location as it was after any revision', async () => {
      const { id } = await location(owner, { name: 'v0', short_name: 'V', city: 'Leeds' });
      await send(owner, 'PATCH', `${LOCATIONS}/${id}`, { name: 'v1', short_name: 'V' });
      const past = await send(owner, 'GET', `${LOCATIONS}/${id}?as_of_revision=0`);
      expect(past.statusCode).toBe(200);
      expect(past.headers.etag).toBe('"0"');
      expect(past.json()).toMatchObject({ id, name: 'v0', city: 'Leeds', revision: 0 });
      expect((await send(owner, 'GET', `${LOCATIONS}/${id}?as_of_revision=1`)).json()).toMatchObject({
        name: 'v1',
        city: null,
      });
      expectError(await send(owner, 'GET', `${LOCATIONS}/${id}?as_of_revision=2`), 404, 'resource_missing');
      expectError(
        await send(owner, 'GET', `${LOCATIONS}/${id}?as_of_revision=x`),
        422,
        'invalid_query_parameter',
      );
    });

    it('needs audit:read and stays within the account', async () => {
      const { id } = await location();
      const noAudit = await colleague({ scopes: ['items:read'] });
      expectError(await send(noAudit, 'GET', `${LOCATIONS}/${id}/events`), 403, 'insufficient_scope');
      expectError(
        await send(noAudit, 'GET', `${LOCATIONS}/${id}?as_of_revision=0`),
        403,
        'insufficient_scope',
      );
      const stranger = await freshCaller();
      expectError(await send(stranger, 'GET', `${LOCATIONS}/${id}/events`), 404, 'resource_missing');
      expectError(
        await send(stranger, 'GET', `${LOCATIONS}/${id}?as_of_revision=0`),
        404,
        'resource_missing',
      );
    });
  });

  it('documents every endpoint in the OpenAPI document, with the required Idempotency-Key', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/api/v3/openapi.json' })).json();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v3/locations',
        '/api/v3/locations/{id}',
        '/api/v3/locations/{id}/events',
        '/api/v3/locations/{location_id}/zones',
        '/api/v3/locations/{location_id}/zones/{zone_id}',
      ]),
    );
    const keyHeader = (operation: Json) =>
      operation.parameters.find((p: Json) => p.in === 'header' && p.name === 'Idempotency-Key');
    expect(keyHeader(paths['/api/v3/locations'].post)).toMatchObject({ required: true });
    expect(keyHeader(paths['/api/v3/locations/{location_id}/zones/{zone_id}'].patch)).toMatchObject({
      required: true,
    });
  });

  describe('any body', () => {
    // The shared write fuzz sends no Idempotency-Key, so it never gets past these routes' key check.
    const FIELDS = [
      'name',
      'short_name',
      'description',
      'address_1',
      'postal_code',
      'email',
      'phone',
      'id',
      '__proto__',
    ];
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('', ' ', '\u0000', '\ud800', 'x'.repeat(300), 'a@b.co'),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const body = fc.oneof(
      fc.record({ name: value, short_name: value }, { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom(...FIELDS), value),
      fc.jsonValue({ maxDepth: 2 }),
    );

    it('answers every write below 500, 4xx in the envelope', async () => {
      const { id } = await location();
      const z = await zone(id);
      const routes: [Method, string][] = [
        ['POST', LOCATIONS],
        ['PATCH', `${LOCATIONS}/${id}`],
        ['POST', `${LOCATIONS}/${id}/zones`],
        ['PATCH', `${LOCATIONS}/${id}/zones/${z.id}`],
      ];
      for (const [method, url] of routes) {
        await fc.assert(
          fc.asyncProperty(body, async (payload) => {
            const res = await send(owner, method, url, payload);
            expect(res.statusCode).toBeLessThan(500);
            if (res.statusCode >= 400)
              expect(Object.keys(res.json().error)).toEqual(
                expect.arrayContaining(['type', 'code', 'message']),
              );
          }),
          { numRuns: 40 },
        );
      }
    });
  });
});
