import { randomUUID } from 'node:crypto';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { References } from '../../apps/api/src/records/references';
import { Caller, createAccount, createCaller } from './operator';
import { startTestApp, TestApp } from './test-app';

/** How the shared rules reach one kind of party (EXTENSIONS.md §6). */
export interface PartyApiKit {
  noun: 'customer' | 'supplier';
  /** e.g. `/api/v3/customers`. */
  path: string;
  /** The scopes' resource: `customers` or `suppliers`. */
  resource: string;
  /** The other kind's path: both kinds count toward one record limit. */
  otherPath: string;
  deleteCode: string;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Requests as one caller: `call('PATCH', url, body, {'if-match': '"1"'})`. */
export function as(app: NestFastifyApplication, caller: Caller | undefined) {
  return (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Json }),
      headers: { ...(caller?.headers ?? {}), ...headers },
    });
}

export interface PartyTestContext {
  t: TestApp;
  /** A user with every permission, in an account of its own. */
  owner: Caller;
}

/**
 * The rules customers and suppliers share, end to end on every test database; `more` adds the
 * kind's own tests to the same app.
 */
export function describePartyApi(kit: PartyApiKit, more?: (ctx: PartyTestContext) => void): void {
  postgresSkipNotice(`${kit.resource} e2e`);

  describe.each(testDatabases())(`${kit.resource} API on $name`, (target) => {
    const ctx = {} as PartyTestContext;
    beforeAll(async () => {
      ctx.t = await startTestApp(target);
      ctx.owner = await createCaller(ctx.t.app);
    });
    afterAll(() => ctx.t?.close());

    /** Requests as `caller` (the owner by default; null: without a key). */
    const call = (caller: Caller | null = ctx.owner) => as(ctx.t.app, caller ?? undefined);
    const create = async (body: Json, caller: Caller = ctx.owner): Promise<Json> => {
      const res = await call(caller)('POST', kit.path, body);
      if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
      return res.json();
    };
    const url = (id: string, suffix = '') => `${kit.path}/${id}${suffix}`;
    /** A fresh account's caller: lists and totals see only what the test made. */
    const freshCaller = (options: Parameters<typeof createCaller>[1] = {}) =>
      createCaller(ctx.t.app, options);

    describe('create and retrieve', () => {
      it('creates with a name alone: 201, defaults, assigned to the creator, revision 0 as ETag', async () => {
        const res = await call()('POST', kit.path, { name: 'Acme' });
        expect(res.statusCode).toBe(201);
        expect(res.headers.etag).toBe('"0"');
        const record = res.json();
        expect(record).toMatchObject({
          object: kit.noun,
          name: 'Acme',
          account_number: null,
          email: null,
          phone: null,
          billing_address: [],
          shipping_address: [],
          tax_rate: '0.000',
          tax_2_rate: '0.000',
          payment_terms: null,
          assigned_user_id: ctx.owner.userId,
          archived: false,
          revision: 0,
        });
        expect(record.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(record.created_at).toBe(record.updated_at);
        expect(record).not.toHaveProperty('account_id');
        const fetched = await call()('GET', url(record.id));
        expect(fetched.statusCode).toBe(200);
        expect(fetched.headers.etag).toBe('"0"');
        expect(fetched.json()).toEqual(record);
      });

      it('keeps every given field; rates are three-decimal strings in the record and the list', async () => {
        const caller = await freshCaller();
        const body = {
          name: 'Globex',
          account_number: 'G-7',
          email: 'buy@globex.test',
          phone: '+1 555 0100',
          billing_address: ['1 Main St', 'Springfield'],
          shipping_address: ['Dock 4'],
          tax_rate: 8.875,
          payment_terms: 'Net 30',
        };
        const record = await create(body, caller);
        expect(record).toMatchObject({ ...body, tax_rate: '8.875', tax_2_rate: '0.000' });
        const list = (await call(caller)('GET', kit.path)).json();
        expect(list.data).toEqual([record]);
        expect((await call(caller)('GET', url(record.id))).json()).toEqual(record);
      });

      it('refuses invalid values with 422 validation_failed naming the field', async () => {
        for (const [body, param] of [
          [{}, 'name'],
          [{ name: '  ' }, 'name'],
          [{ name: 'A', tax_rate: 100.5 }, 'tax_rate'],
          [{ name: 'A', tax_2_rate: '1e2' }, 'tax_2_rate'],
          [{ name: 'A', email: 'nobody' }, 'email'],
          [{ name: 'A', billing_address: '1 Main St' }, 'billing_address'],
          [{ name: 'A', shipping_address: ['ok', ''] }, 'shipping_address.1'],
        ] as const) {
          const res = await call()('POST', kit.path, body);
          expect(res.statusCode).toBe(422);
          expect(res.json().error).toMatchObject({
            type: 'invalid_request_error',
            code: 'validation_failed',
            param,
          });
        }
      });

      it('refuses unknown and protected fields with 422 unsupported_field naming them', async () => {
        const { id } = await create({ name: 'Fields' });
        const protectedFields = ['id', 'object', 'archived', 'created_at', 'updated_at', 'revision'];
        for (const field of [...protectedFields, 'colour']) {
          for (const [method, target] of [
            ['POST', kit.path],
            ['PATCH', url(id)],
          ] as const) {
            const res = await call()(method, target, { name: 'X', [field]: 'x' });
            expect(res.statusCode).toBe(422);
            expect(res.json().error).toMatchObject({ code: 'unsupported_field', param: field });
          }
        }
        expect((await call()('GET', url(id))).json()).toMatchObject({ name: 'Fields', revision: 0 });
      });

      it('assigns only to users of the account; null leaves the record unassigned', async () => {
        const colleague = await freshCaller({ accountId: ctx.owner.accountId });
        const stranger = await freshCaller();
        for (const assignee of [randomUUID(), 'abc', stranger.userId]) {
          const res = await call()('POST', kit.path, { name: 'A', assigned_user_id: assignee });
          expect(res.statusCode).toBe(422);
          expect(res.json().error).toMatchObject({ code: 'validation_failed', param: 'assigned_user_id' });
        }
        expect(await create({ name: 'A', assigned_user_id: colleague.userId })).toMatchObject({
          assigned_user_id: colleague.userId,
        });
        const unassigned = await create({ name: 'A', assigned_user_id: null });
        expect(unassigned.assigned_user_id).toBeNull();
        const patched = await call()('PATCH', url(unassigned.id), { assigned_user_id: stranger.userId });
        expect(patched.json().error).toMatchObject({ param: 'assigned_user_id' });
      });

      it('refuses any query parameter on retrieve', async () => {
        const { id } = await create({ name: 'Query' });
        const res = await call()('GET', `${url(id)}?expand=all`);
        expect(res.statusCode).toBe(422);
        expect(res.json().error).toMatchObject({ code: 'invalid_query_parameter', param: 'expand' });
      });
    });

    describe('update, archive, restore, delete', () => {
      it('PATCH changes only the given fields and moves the revision; a no-op appends nothing', async () => {
        const record = await create({ name: 'Initech', email: 'a@initech.test', tax_2_rate: 5 });
        const res = await call()('PATCH', url(record.id), { phone: '555', tax_rate: '7.25' });
        expect(res.statusCode).toBe(200);
        expect(res.headers.etag).toBe('"1"');
        expect(res.json()).toEqual({
          ...record,
          phone: '555',
          tax_rate: '7.250',
          revision: 1,
          updated_at: expect.any(String),
        });
        const same = await call()('PATCH', url(record.id), { phone: '555', name: 'Initech' });
        expect(same.statusCode).toBe(200);
        expect(same.headers.etag).toBe('"1"');
        expect(same.json()).toEqual(res.json());
      });

      it('archives and restores, answering the record; archived records leave the default list', async () => {
        const caller = await freshCaller();
        const record = await create({ name: 'Umbrella' }, caller);
        const archived = await call(caller)('POST', url(record.id, '/archive'));
        expect(archived.statusCode).toBe(200);
        expect(archived.headers.etag).toBe('"1"');
        expect(archived.json()).toMatchObject({ id: record.id, archived: true, revision: 1 });
        const names = async (query: string) =>
          (await call(caller)('GET', `${kit.path}${query}`)).json().data.map((r: Json) => r.name);
        expect(await names('')).toEqual([]);
        expect(await names('?archived=false')).toEqual([]);
        expect(await names('?archived=true')).toEqual(['Umbrella']);
        expect(await names('?archived=1')).toEqual(['Umbrella']);
        expect((await call(caller)('GET', url(record.id))).json()).toMatchObject({ archived: true });
        // Archiving again changes nothing; an archived record still takes updates.
        expect((await call(caller)('POST', url(record.id, '/archive'))).json().revision).toBe(1);
        const restored = await call(caller)('POST', url(record.id, '/restore'));
        expect(restored.statusCode).toBe(200);
        expect(restored.json()).toMatchObject({ archived: false, revision: 2 });
        expect(await names('?archived=0')).toEqual(['Umbrella']);
        expect(await names('?archived=true')).toEqual([]);
      });

      it('deletes: 200 {id, object, deleted}, then 404 everywhere and gone from the lists', async () => {
        const caller = await freshCaller();
        const record = await create({ name: 'Doomed' }, caller);
        const res = await call(caller)('DELETE', url(record.id));
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ id: record.id, object: kit.noun, deleted: true });
        for (const [method, target] of [
          ['GET', url(record.id)],
          ['PATCH', url(record.id)],
          ['POST', url(record.id, '/archive')],
          ['POST', url(record.id, '/restore')],
          ['DELETE', url(record.id)],
        ] as const) {
          const after = await call(caller)(method, target, method === 'PATCH' ? { name: 'B' } : undefined);
          expect(after.statusCode).toBe(404);
          expect(after.json().error).toMatchObject({ type: 'not_found_error', code: 'resource_missing' });
        }
        for (const query of ['', '?archived=true']) {
          expect((await call(caller)('GET', `${kit.path}${query}`)).json()).toMatchObject({
            data: [],
            pagination: { total_records: 0 },
          });
        }
      });

      it('refuses a delete with 409 while documents reference the record', async () => {
        const referenced = await create({ name: 'Referenced' });
        ctx.t.app
          .get(References)
          .register(kit.noun, 'documents', async ({ id }) => (id === referenced.id ? 2 : 0));
        const res = await call()('DELETE', url(referenced.id));
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toMatchObject({ type: 'conflict_error', code: kit.deleteCode });
        expect((await call()('GET', url(referenced.id))).json()).toMatchObject({ revision: 0 });
        const other = await create({ name: 'Unreferenced' });
        expect((await call()('DELETE', url(other.id))).statusCode).toBe(200);
      });
    });

    describe('If-Match', () => {
      it('applies a change based on the current revision, quoted or not', async () => {
        const { id } = await create({ name: 'Versioned' });
        const first = await call()('PATCH', url(id), { name: 'V1' }, { 'if-match': '"0"' });
        expect(first.statusCode).toBe(200);
        const second = await call()('PATCH', url(id), { name: 'V2' }, { 'if-match': '1' });
        expect(second.json()).toMatchObject({ name: 'V2', revision: 2 });
      });

      it('answers a stale revision with 409 mobile_mutation_conflict and changes nothing', async () => {
        const caller = await freshCaller();
        const { id } = await create({ name: 'Contested' }, caller);
        await call(caller)('PATCH', url(id), { name: 'Moved on' });
        for (const [method, target, body] of [
          ['PATCH', url(id), { name: 'Stale' }],
          ['POST', url(id, '/archive'), undefined],
          ['DELETE', url(id), undefined],
        ] as const) {
          const res = await call(caller)(method, target, body, { 'if-match': '"0"' });
          expect(res.statusCode).toBe(409);
          expect(res.json().error).toMatchObject({
            type: 'conflict_error',
            code: 'mobile_mutation_conflict',
          });
        }
        const now = await call(caller)('GET', url(id));
        expect(now.headers.etag).toBe('"1"');
        expect(now.json()).toMatchObject({ name: 'Moved on', archived: false, revision: 1 });
        expect((await call(caller)('GET', kit.path)).json().data).toHaveLength(1);
      });

      it('refuses an If-Match that is no revision with 400', async () => {
        const { id } = await create({ name: 'Tagged' });
        const res = await call()('PATCH', url(id), { name: 'X' }, { 'if-match': 'W/"0"' });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'invalid_if_match' });
      });
    });

    describe('list', () => {
      let caller: Caller;
      beforeAll(async () => {
        caller = await freshCaller();
        for (const body of [
          { name: 'beta works', email: 'sales@beta.test' },
          { name: 'Alpha', account_number: 'ACC-42' },
          { name: 'alpha', phone: '+44 20 7946 0000' },
          { name: 'Gamma', email: 'Orders@GAMMA.test', account_number: 'x-9' },
          { name: 'delta' },
        ]) {
          await create(body, caller);
        }
      });
      const list = (query = '') => call(caller)('GET', `${kit.path}${query}`);
      const names = async (query = '') => (await list(query)).json().data.map((r: Json) => r.name);

      it('orders by name case-insensitively, then id', async () => {
        const res = await list();
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({
          object: 'list',
          url: kit.path,
          has_more: false,
          pagination: { page: 1, per_page: 20, total_pages: 1, total_records: 5 },
        });
        expect(body.data.map((r: Json) => r.name.toLowerCase())).toEqual([
          'alpha',
          'alpha',
          'beta works',
          'delta',
          'gamma',
        ]);
        const alphas = body.data.slice(0, 2).map((r: Json) => r.id);
        expect(alphas).toEqual([...alphas].sort());
        expect(body.data[0]).toHaveProperty('revision', 0);
      });

      it('finds q case-insensitively in the name, email, account number and phone', async () => {
        expect(await names('?q=ALPHA')).toHaveLength(2);
        expect(await names('?q=orders%40gamma')).toEqual(['Gamma']);
        expect(await names('?q=acc-4')).toEqual(['Alpha']);
        expect(await names('?q=7946')).toEqual(['alpha']);
        expect(await names('?q=a%25')).toEqual([]);
        expect(await names('?q=_')).toEqual([]);
        expect(await names('?q=')).toHaveLength(5);
        expect((await list('?q=beta&include_total=true')).json().pagination.total_records).toBe(1);
      });

      it('pages: page 0 is page 1, a limit over 100 is 100, has_more without totals', async () => {
        const first = (await list('?page=0&limit=2')).json();
        expect(first.pagination).toEqual({ page: 1, per_page: 2, total_pages: 3, total_records: 5 });
        expect(first.has_more).toBe(true);
        expect((await list('?limit=500')).json().pagination.per_page).toBe(100);
        const last = (await list('?page=3&limit=2&include_total=false')).json();
        expect(last.pagination).toEqual({ page: 3, per_page: 2 });
        expect(last).toMatchObject({ has_more: false, data: [{ name: 'Gamma' }] });
        const middle = (await list('?page=2&limit=2&include_total=0')).json();
        expect(middle.has_more).toBe(true);
        expect(middle.data.map((r: Json) => r.name)).toEqual(['beta works', 'delta']);
        expect((await list('?page=99999999999999')).json()).toMatchObject({ data: [], has_more: false });
      });

      it.each([
        ['?limit=0', 'limit'],
        ['?include_total=maybe', 'include_total'],
        ['?archived=maybe', 'archived'],
        ['?archived=', 'archived'],
        ['?q=a&q=b', 'q'],
        ['?q=a%00', 'q'],
        ['?sort=name', 'sort'],
        ['?name=Alpha', 'name'],
      ])('refuses %s with 422 invalid_query_parameter', async (query, param) => {
        const res = await list(query);
        expect(res.statusCode).toBe(422);
        expect(res.json().error).toMatchObject({
          type: 'invalid_request_error',
          code: 'invalid_query_parameter',
          param,
        });
      });
    });

    describe('visibility and isolation', () => {
      it('shows a user without account_records.view_all only the records assigned to them', async () => {
        const boss = await freshCaller();
        const clerk = await freshCaller({
          accountId: boss.accountId,
          permissions: { 'account_records.manage': true },
        });
        const theirs = await create({ name: 'Assigned to clerk', assigned_user_id: clerk.userId }, boss);
        const others = await create({ name: 'Kept by boss' }, boss);
        const own = await create({ name: 'Made by clerk' }, clerk);
        const clerkList = (await call(clerk)('GET', kit.path)).json();
        expect(clerkList.data.map((r: Json) => r.id).sort()).toEqual([theirs.id, own.id].sort());
        expect(clerkList.pagination.total_records).toBe(2);
        expect((await call(boss)('GET', kit.path)).json().pagination.total_records).toBe(3);
        expect((await call(clerk)('GET', url(theirs.id))).statusCode).toBe(200);
        for (const [method, target] of [
          ['GET', url(others.id)],
          ['PATCH', url(others.id)],
          ['POST', url(others.id, '/archive')],
          ['POST', url(others.id, '/restore')],
          ['DELETE', url(others.id)],
        ] as const) {
          const res = await call(clerk)(method, target, method === 'PATCH' ? { name: 'B' } : undefined);
          expect(res.statusCode).toBe(404);
          expect(res.json().error.code).toBe('resource_missing');
        }
        expect((await call(boss)('GET', url(others.id))).json()).toMatchObject({ name: 'Kept by boss' });
      });

      it("answers 404 for another account's record, a malformed id and an absent one", async () => {
        const foreign = await create({ name: 'Elsewhere' }, await freshCaller());
        for (const id of [foreign.id, 'not-a-uuid', '123', randomUUID()]) {
          for (const [method, target] of [
            ['GET', url(id)],
            ['PATCH', url(id)],
            ['POST', url(id, '/archive')],
            ['POST', url(id, '/restore')],
            ['DELETE', url(id)],
          ] as const) {
            const res = await call()(method, target, method === 'PATCH' ? { name: 'B' } : undefined);
            expect(res.statusCode).toBe(404);
            expect(res.json().error).toMatchObject({ type: 'not_found_error', code: 'resource_missing' });
          }
        }
        const list = (await call()('GET', `${kit.path}?q=Elsewhere`)).json();
        expect(list.data).toEqual([]);
      });
    });

    describe('access', () => {
      it('demands a valid key', async () => {
        const res = await call(null)('GET', kit.path);
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer');
      });

      it("demands the endpoint's scope: read, write or delete", async () => {
        const { id } = await create({ name: 'Scoped' });
        const read = `${kit.resource}:read`;
        const write = `${kit.resource}:write`;
        const reader = await freshCaller({ accountId: ctx.owner.accountId, scopes: [read] });
        const writer = await freshCaller({ accountId: ctx.owner.accountId, scopes: [read, write] });
        const otherScopes = await freshCaller({ accountId: ctx.owner.accountId, scopes: ['items:read'] });
        const cases: [Caller, Method, string, string][] = [
          [otherScopes, 'GET', kit.path, read],
          [otherScopes, 'GET', url(id), read],
          [reader, 'POST', kit.path, write],
          [reader, 'PATCH', url(id), write],
          [reader, 'POST', url(id, '/archive'), write],
          [reader, 'POST', url(id, '/restore'), write],
          [writer, 'DELETE', url(id), `${kit.resource}:delete`],
        ];
        for (const [caller, method, target, scope] of cases) {
          const res = await call(caller)(method, target, method === 'GET' ? undefined : { name: 'X' });
          expect(res.statusCode).toBe(403);
          expect(res.json().error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
          expect(res.json().error.message).toContain(scope);
        }
        expect((await call(reader)('GET', url(id))).statusCode).toBe(200);
        expect((await call(writer)('PATCH', url(id), { name: 'Y' })).statusCode).toBe(200);
      });

      it('demands account_records.manage on every endpoint', async () => {
        const { id } = await create({ name: 'Managed' });
        for (const permissions of [
          { 'account_records.view_all': true },
          { 'account_records.manage': false },
        ]) {
          const outsider = await freshCaller({ accountId: ctx.owner.accountId, permissions });
          for (const [method, target] of [
            ['GET', kit.path],
            ['POST', kit.path],
            ['GET', url(id)],
            ['PATCH', url(id)],
            ['POST', url(id, '/archive')],
            ['POST', url(id, '/restore')],
            ['DELETE', url(id)],
          ] as const) {
            const res = await call(outsider)(method, target, method === 'GET' ? undefined : { name: 'X' });
            expect(res.statusCode).toBe(403);
            expect(res.json().error).toMatchObject({ code: 'permission_denied' });
          }
        }
        expect((await call()('GET', url(id))).json()).toMatchObject({ name: 'Managed', revision: 0 });
      });
    });

    describe('record limit', () => {
      it('refuses creations beyond settings.record_limit, customers and suppliers counted together', async () => {
        const accountId = await createAccount(ctx.t.app, { settings: { record_limit: 2 } });
        const caller = await freshCaller({ accountId });
        const first = await create({ name: 'One' }, caller);
        expect((await call(caller)('POST', kit.otherPath, { name: 'Two' })).statusCode).toBe(201);
        const refused = await call(caller)('POST', kit.path, { name: 'Three' });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toMatchObject({
          type: 'conflict_error',
          code: 'account_record_limit_reached',
        });
        // A refused body is still told about first; archived records still count.
        expect((await call(caller)('POST', kit.path, { tax_rate: 1 })).statusCode).toBe(422);
        await call(caller)('POST', url(first.id, '/archive'));
        expect((await call(caller)('POST', kit.path, { name: 'Three' })).statusCode).toBe(409);
        expect((await call(caller)('GET', `${kit.path}?archived=true`)).json().data).toHaveLength(1);
        // Updates are not creations; a deletion makes room.
        expect((await call(caller)('PATCH', url(first.id), { name: 'Uno' })).statusCode).toBe(200);
        await call(caller)('DELETE', url(first.id));
        expect((await call(caller)('POST', kit.path, { name: 'Three' })).statusCode).toBe(201);
      });
    });

    describe('event history', () => {
      it('lists the events with who did them, and answers the record as of each revision', async () => {
        const record = await create({ name: 'Before' });
        const renamed = await call()(
          'PATCH',
          url(record.id),
          { name: 'After' },
          { 'x-request-id': 'req-rename-1' },
        );
        expect(renamed.statusCode).toBe(200);
        const events = await call()('GET', url(record.id, '/events'));
        expect(events.statusCode).toBe(200);
        expect(events.json().pagination.total_records).toBe(2);
        const [created, updated] = events.json().data;
        expect(created).toMatchObject({ object: 'event', revision: 0, stream: `${kit.noun}-${record.id}` });
        expect(updated).toMatchObject({
          revision: 1,
          data: { changes: { name: 'After' } },
          metadata: {
            account_id: ctx.owner.accountId,
            user_id: ctx.owner.userId,
            api_key_id: ctx.owner.apiKeyId,
            request_id: 'req-rename-1',
          },
        });
        const then = await call()('GET', `${url(record.id)}?as_of_revision=0`);
        expect(then.statusCode).toBe(200);
        expect(then.headers.etag).toBe('"0"');
        expect(then.json()).toEqual({ ...record, revision: 0 });
        expect((await call()('GET', `${url(record.id)}?as_of_revision=2`)).statusCode).toBe(404);
      });

      it('needs audit:read, and keeps the history of a deleted record', async () => {
        const record = await create({ name: 'Gone soon' });
        const reader = await freshCaller({
          accountId: ctx.owner.accountId,
          scopes: [`${kit.resource}:read`],
        });
        expect((await call(reader)('GET', url(record.id, '/events'))).json().error.code).toBe(
          'insufficient_scope',
        );
        expect((await call(reader)('GET', `${url(record.id)}?as_of_revision=0`)).statusCode).toBe(403);
        await call()('DELETE', url(record.id));
        expect((await call()('GET', url(record.id))).statusCode).toBe(404);
        const events = await call()('GET', url(record.id, '/events'));
        expect(events.json().data.map((e: Json) => e.type)).toEqual([
          `${kit.noun[0].toUpperCase()}${kit.noun.slice(1)}Created`,
          `${kit.noun[0].toUpperCase()}${kit.noun.slice(1)}Deleted`,
        ]);
        expect((await call()('GET', `${url(record.id)}?as_of_revision=0`)).json().name).toBe('Gone soon');
      });
    });

    more?.(ctx);
  });
}
