import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { Caller, createCaller } from './support/operator';
import { as } from './support/party-rules';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('contacts e2e');

const CONTACTS = '/api/v3/contacts';
const NOBODY = '00000000-0000-4000-8000-000000000000';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What a user who manages account records but sees only those assigned to them holds. */
const CONFINED = { 'account_records.manage': true };

describe.each(testDatabases())('contacts API on $name', (target) => {
  let t: TestApp;
  let owner: Caller;
  beforeAll(async () => {
    t = await startTestApp(target);
    owner = await createCaller(t.app);
  });
  afterAll(() => t?.close());

  const call = (caller: Caller | null = owner) => as(t.app, caller ?? undefined);
  const url = (id: string, suffix = '') => `${CONTACTS}/${id}${suffix}`;

  async function created(caller: Caller, path: string, body: Json): Promise<Json> {
    const res = await call(caller)('POST', path, body);
    if (res.statusCode !== 201) throw new Error(`POST ${path} answered ${res.statusCode}: ${res.body}`);
    return res.json();
  }
  const customer = (caller: Caller, name: string, over: Json = {}) =>
    created(caller, '/api/v3/customers', { name, ...over });
  const supplier = (caller: Caller, name: string, over: Json = {}) =>
    created(caller, '/api/v3/suppliers', { name, ...over });
  const contact = (caller: Caller, body: Json) => created(caller, CONTACTS, body);

  /** A caller in an account of its own: lists and totals see only what the test made. */
  const fresh = () => createCaller(t.app);

  function expectError(res: { statusCode: number; json(): Json }, status: number, error: Json) {
    expect({ status: res.statusCode, error: res.json().error }).toEqual({
      status,
      error: expect.objectContaining(error),
    });
  }
  const expectMissing = (res: { statusCode: number; json(): Json }) =>
    expectError(res, 404, { type: 'not_found_error', code: 'resource_missing' });

  describe('create and retrieve', () => {
    it('creates with a first name alone: 201, defaults, no links, revision 0 as ETag', async () => {
      const res = await call()('POST', CONTACTS, { first_name: 'Ann' });
      expect(res.statusCode).toBe(201);
      expect(res.headers.etag).toBe('"0"');
      const body = res.json();
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        object: 'contact',
        first_name: 'Ann',
        last_name: null,
        job_title: null,
        phone: null,
        cell: null,
        fax: null,
        email_1: null,
        email_2: null,
        auto_add_email: false,
        account_records: [],
        created_at: body.created_at,
        updated_at: body.created_at,
        revision: 0,
      });
      const fetched = await call()('GET', url(body.id));
      expect(fetched.statusCode).toBe(200);
      expect(fetched.headers.etag).toBe('"0"');
      expect(fetched.json()).toEqual(body);
    });

    it('keeps every field and links customers, prospects and suppliers in the given order', async () => {
      const caller = await fresh();
      const globex = await customer(caller, 'Globex');
      const initech = await customer(caller, 'Initech', { kind: 'prospect' });
      const parts = await supplier(caller, 'Parts Co');
      const fields = {
        first_name: 'Ann',
        last_name: 'Lee',
        job_title: 'Buyer',
        phone: '+1 555 0100',
        cell: '+1 555 0101',
        fax: '+1 555 0102',
        email_1: 'ann@globex.test',
        email_2: 'ann@home.test',
        auto_add_email: true,
      };
      const body = await contact(caller, {
        ...fields,
        account_record_ids: [parts.id, globex.id.toUpperCase(), initech.id],
      });
      expect(body).toMatchObject({
        ...fields,
        account_records: [
          { id: parts.id, object: 'supplier', name: 'Parts Co' },
          { id: globex.id, object: 'customer', name: 'Globex' },
          { id: initech.id, object: 'prospect', name: 'Initech' },
        ],
      });
      expect((await call(caller)('GET', url(body.id))).json()).toEqual(body);
      expect((await call(caller)('GET', CONTACTS)).json().data).toEqual([body]);
    });

    it('refuses invalid values with 422 validation_failed naming the field', async () => {
      const caller = await fresh();
      const mine = await customer(caller, 'Mine');
      const stranger = await fresh();
      const foreign = await customer(stranger, 'Foreign');
      const gone = await supplier(caller, 'Gone');
      expect((await call(caller)('DELETE', `/api/v3/suppliers/${gone.id}`)).statusCode).toBe(200);
      const long = 'x'.repeat(256);
      for (const [body, param] of [
        [{}, 'first_name'],
        [{ first_name: '' }, 'first_name'],
        [{ first_name: '   ' }, 'first_name'],
        [{ first_name: null }, 'first_name'],
        [{ first_name: long }, 'first_name'],
        [{ first_name: 'A', last_name: long }, 'last_name'],
        [{ first_name: 'A', job_title: long }, 'job_title'],
        [{ first_name: 'A', phone: 12 }, 'phone'],
        [{ first_name: 'A', email_1: 'nobody' }, 'email_1'],
        [{ first_name: 'A', email_2: 'a@b' }, 'email_2'],
        [{ first_name: 'A', auto_add_email: 'yes' }, 'auto_add_email'],
        [{ first_name: 'A', auto_add_email: null }, 'auto_add_email'],
        [{ first_name: 'A', account_record_ids: mine.id }, 'account_record_ids'],
        [{ first_name: 'A', account_record_ids: null }, 'account_record_ids'],
        [{ first_name: 'A', account_record_ids: [mine.id, 'nope'] }, 'account_record_ids.1'],
        [{ first_name: 'A', account_record_ids: [mine.id, mine.id] }, 'account_record_ids.1'],
        [{ first_name: 'A', account_record_ids: [NOBODY] }, 'account_record_ids.0'],
        [{ first_name: 'A', account_record_ids: [mine.id, foreign.id] }, 'account_record_ids.1'],
        [{ first_name: 'A', account_record_ids: [gone.id] }, 'account_record_ids.0'],
      ] as const) {
        expectError(await call(caller)('POST', CONTACTS, body), 422, {
          type: 'invalid_request_error',
          code: 'validation_failed',
          param,
        });
      }
      expect((await call(caller)('GET', CONTACTS)).json().data).toEqual([]);
    });

    it('accepts names and job titles of 255 characters and stores blank optional text as null', async () => {
      const long = 'y'.repeat(255);
      const body = await contact(owner, { first_name: long, last_name: long, job_title: long, email_1: '' });
      expect(body).toMatchObject({ first_name: long, last_name: long, job_title: long, email_1: null });
    });

    it('refuses unknown and protected fields with 422 unsupported_field naming them', async () => {
      const { id } = await contact(owner, { first_name: 'Fields' });
      for (const field of [
        'id',
        'object',
        'account_records',
        'created_at',
        'updated_at',
        'revision',
        'name',
      ]) {
        for (const [method, path] of [
          ['POST', CONTACTS],
          ['PATCH', url(id)],
        ] as const) {
          expectError(await call()(method, path, { first_name: 'X', [field]: 'x' }), 422, {
            code: 'unsupported_field',
            param: field,
          });
        }
      }
      expect((await call()('GET', url(id))).json()).toMatchObject({ first_name: 'Fields', revision: 0 });
    });

    it('replays a create sent again with its Idempotency-Key', async () => {
      const caller = await fresh();
      const headers = { 'idempotency-key': 'contact-once' };
      const first = await call(caller)('POST', CONTACTS, { first_name: 'Once' }, headers);
      const again = await call(caller)('POST', CONTACTS, { first_name: 'Once' }, headers);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect((await call(caller)('GET', CONTACTS)).json().pagination.total_records).toBe(1);
    });
  });

  describe('updates and deletion', () => {
    it('changes the given fields only; no change keeps the revision; a stale If-Match is 409', async () => {
      const body = await contact(owner, { first_name: 'Ann', email_1: 'ann@acme.test' });
      const res = await call()('PATCH', url(body.id), { job_title: 'CFO' }, { 'if-match': '"0"' });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe('"1"');
      expect(res.json()).toMatchObject({
        first_name: 'Ann',
        email_1: 'ann@acme.test',
        job_title: 'CFO',
        revision: 1,
      });
      const same = await call()('PATCH', url(body.id), { job_title: 'CFO', first_name: 'Ann' });
      expect(same.json()).toMatchObject({ revision: 1 });
      expectError(await call()('PATCH', url(body.id), { job_title: 'CEO' }, { 'if-match': '0' }), 409, {
        code: 'mobile_mutation_conflict',
      });
      expectError(await call()('PATCH', url(body.id), { first_name: '' }), 422, { param: 'first_name' });
      expect((await call()('GET', url(body.id))).json()).toMatchObject({ job_title: 'CFO', revision: 1 });
    });

    it('keeps the links when account_record_ids is left out, replaces them when given, [] removes them', async () => {
      const caller = await fresh();
      const a = await customer(caller, 'A Corp');
      const b = await supplier(caller, 'B Supply');
      const c = await customer(caller, 'C Lead', { kind: 'prospect' });
      const { id } = await contact(caller, { first_name: 'Ann', account_record_ids: [a.id, b.id] });
      const ids = (body: Json) => body.account_records.map((r: Json) => r.id);
      const patch = async (body: Json) => (await call(caller)('PATCH', url(id), body)).json();
      expect(ids(await patch({ last_name: 'Lee' }))).toEqual([a.id, b.id]);
      expect(ids(await patch({ account_record_ids: [c.id, a.id] }))).toEqual([c.id, a.id]);
      const linked = async (recordId: string) =>
        (await call(caller)('GET', `${CONTACTS}?account_record_id=${recordId}`))
          .json()
          .data.map((r: Json) => r.id);
      expect(await linked(b.id)).toEqual([]);
      expect(await linked(c.id)).toEqual([id]);
      expect(ids(await patch({ account_record_ids: [] }))).toEqual([]);
      expect(await linked(a.id)).toEqual([]);
      expectError(await call(caller)('PATCH', url(id), { account_record_ids: [a.id, a.id] }), 422, {
        param: 'account_record_ids.1',
      });
    });

    it('deletes with 200 {id, object, deleted}; the contact then answers 404 everywhere but its history', async () => {
      const caller = await fresh();
      const a = await customer(caller, 'A Corp');
      const { id } = await contact(caller, { first_name: 'Gone', account_record_ids: [a.id] });
      const res = await call(caller)('DELETE', url(id));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id, object: 'contact', deleted: true });
      expectMissing(await call(caller)('GET', url(id)));
      expectMissing(await call(caller)('PATCH', url(id), { first_name: 'Back' }));
      expectMissing(await call(caller)('DELETE', url(id)));
      expect((await call(caller)('GET', CONTACTS)).json().data).toEqual([]);
      expect((await call(caller)('GET', `${CONTACTS}?account_record_id=${a.id}`)).json().data).toEqual([]);
      const history = (await call(caller)('GET', url(id, '/events'))).json();
      expect(history.data.map((e: Json) => e.type)).toEqual(['ContactCreated', 'ContactDeleted']);
    });

    it("answers 404 for another account's contact and for ids that are not UUIDs", async () => {
      const { id } = await contact(owner, { first_name: 'Private' });
      const stranger = await fresh();
      expectMissing(await call(stranger)('GET', url(id)));
      expectMissing(await call(stranger)('PATCH', url(id), { first_name: 'Mine' }));
      expectMissing(await call(stranger)('DELETE', url(id)));
      expectMissing(await call(stranger)('GET', url(id, '/events')));
      for (const bad of ['nope', '123', `${id}x`]) {
        expectMissing(await call()('GET', url(bad)));
        expectMissing(await call()('PATCH', url(bad), { first_name: 'X' }));
        expectMissing(await call()('DELETE', url(bad)));
      }
      expect((await call()('GET', url(id))).json()).toMatchObject({ first_name: 'Private' });
    });
  });

  describe('linked records as they are now', () => {
    it('shows renames and conversions, drops deleted records; deleting a linked record is not blocked', async () => {
      const caller = await fresh();
      const lead = await customer(caller, 'Lead Ltd', { kind: 'prospect' });
      const parts = await supplier(caller, 'Parts Co');
      const archived = await customer(caller, 'Old Co');
      const { id } = await contact(caller, {
        first_name: 'Ann',
        account_record_ids: [lead.id, parts.id, archived.id],
      });
      await call(caller)('PATCH', `/api/v3/customers/${lead.id}`, { kind: 'customer', name: 'Lead Inc' });
      await call(caller)('POST', `/api/v3/customers/${archived.id}/archive`);
      const removal = await call(caller)('DELETE', `/api/v3/suppliers/${parts.id}`);
      expect(removal.statusCode).toBe(200);
      const expected = [
        { id: lead.id, object: 'customer', name: 'Lead Inc' },
        { id: archived.id, object: 'customer', name: 'Old Co' },
      ];
      expect((await call(caller)('GET', url(id))).json()).toMatchObject({
        account_records: expected,
        revision: 0,
      });
      expect((await call(caller)('GET', CONTACTS)).json().data).toEqual([
        expect.objectContaining({ id, account_records: expected }),
      ]);
      expectError(await call(caller)('GET', `${CONTACTS}?account_record_id=${parts.id}`), 422, {
        code: 'invalid_query_parameter',
        param: 'account_record_id',
      });
      // Replacing the links drops the one to the deleted supplier for good.
      const relinked = (await call(caller)('PATCH', url(id), { account_record_ids: [archived.id] })).json();
      expect(relinked.account_records).toEqual([expected[1]]);
    });
  });

  describe('list', () => {
    it('orders by first then last name, pages, and counts', async () => {
      const caller = await fresh();
      for (const [first_name, last_name] of [
        ['bob', 'Zed'],
        ['Ann', 'Young'],
        ['Bob', 'Adams'],
        ['Cy', null],
      ]) {
        await contact(caller, { first_name, last_name });
      }
      const page = async (query: string) => (await call(caller)('GET', `${CONTACTS}${query}`)).json();
      const names = (list: Json) => list.data.map((c: Json) => `${c.first_name} ${c.last_name}`);
      const first = await page('?limit=3');
      expect(names(first)).toEqual(['Ann Young', 'Bob Adams', 'bob Zed']);
      expect(first).toMatchObject({
        object: 'list',
        url: CONTACTS,
        has_more: true,
        pagination: { page: 1, per_page: 3, total_pages: 2, total_records: 4 },
      });
      const second = await page('?limit=3&page=2&include_total=false');
      expect(names(second)).toEqual(['Cy null']);
      expect(second.has_more).toBe(false);
      expect(second.pagination).toEqual({ page: 2, per_page: 3 });
    });

    it('finds by q in names, emails and phones, case-insensitively', async () => {
      const caller = await fresh();
      await contact(caller, { first_name: 'Ann', last_name: 'Lee', email_1: 'ann@globex.test' });
      await contact(caller, { first_name: 'Bob', email_2: 'BOB@initech.test', phone: '555-0100' });
      await contact(caller, { first_name: 'Cy', cell: '0777 123', fax: '0200 999' });
      await contact(caller, { first_name: '100%_sure' });
      const found = async (q: string) =>
        (await call(caller)('GET', `${CONTACTS}?q=${encodeURIComponent(q)}`))
          .json()
          .data.map((c: Json) => c.first_name);
      expect(await found('ann lee')).toEqual(['Ann']);
      expect(await found('LEE')).toEqual(['Ann']);
      expect(await found('GLOBEX')).toEqual(['Ann']);
      expect(await found('initech')).toEqual(['Bob']);
      expect(await found('0100')).toEqual(['Bob']);
      expect(await found('0777')).toEqual(['Cy']);
      expect(await found('999')).toEqual(['Cy']);
      expect(await found('%_')).toEqual(['100%_sure']);
      expect(await found('  ')).toHaveLength(4);
      expect(await found('nobody')).toEqual([]);
    });

    it('filters by a visible customer, prospect or supplier; anything else is 422 invalid_query_parameter', async () => {
      const caller = await fresh();
      const a = await customer(caller, 'A Corp');
      const b = await supplier(caller, 'B Supply');
      const both = await contact(caller, { first_name: 'Both', account_record_ids: [a.id, b.id] });
      const onlyB = await contact(caller, { first_name: 'OnlyB', account_record_ids: [b.id] });
      await contact(caller, { first_name: 'None' });
      const ids = async (query: string) =>
        (await call(caller)('GET', `${CONTACTS}${query}`)).json().data.map((c: Json) => c.id);
      expect(await ids(`?account_record_id=${a.id}`)).toEqual([both.id]);
      expect(await ids(`?account_record_id=${b.id.toUpperCase()}`)).toEqual([both.id, onlyB.id]);
      expect(await ids(`?account_record_id=${b.id}&q=only`)).toEqual([onlyB.id]);
      const foreign = await customer(owner, 'Foreign');
      for (const query of [
        'account_record_id=nope',
        `account_record_id=${NOBODY}`,
        `account_record_id=${foreign.id}`,
        `account_record_id=${a.id}&account_record_id=${b.id}`,
      ]) {
        expectError(await call(caller)('GET', `${CONTACTS}?${query}`), 422, {
          code: 'invalid_query_parameter',
          param: 'account_record_id',
        });
      }
      for (const [query, param] of [
        ['colour=red', 'colour'],
        ['limit=0', 'limit'],
        ['include_total=maybe', 'include_total'],
      ]) {
        expectError(await call(caller)('GET', `${CONTACTS}?${query}`), 422, {
          code: 'invalid_query_parameter',
          param,
        });
      }
      expectError(await call(caller)('GET', url(both.id, '?colour=red')), 422, { param: 'colour' });
    });
  });

  describe('visibility without account_records.view_all', () => {
    it('shows only contacts linked to records assigned to the user, and only those linked records', async () => {
      const manager = await fresh();
      const rep = await createCaller(t.app, { accountId: manager.accountId, permissions: CONFINED });
      const repCustomer = await customer(rep, 'Rep Customer');
      const repSupplier = await supplier(manager, 'Rep Supplier', { assigned_user_id: rep.userId });
      const managerCustomer = await customer(manager, 'Manager Customer');
      const shared = await contact(manager, {
        first_name: 'Shared',
        account_record_ids: [managerCustomer.id, repCustomer.id],
      });
      const viaSupplier = await contact(manager, {
        first_name: 'Via supplier',
        account_record_ids: [repSupplier.id],
      });
      const hidden = await contact(manager, {
        first_name: 'Hidden',
        account_record_ids: [managerCustomer.id],
      });
      const unlinked = await contact(manager, { first_name: 'Unlinked' });

      const repList = (await call(rep)('GET', CONTACTS)).json();
      expect(repList.data.map((c: Json) => c.first_name)).toEqual(['Shared', 'Via supplier']);
      expect(repList.pagination.total_records).toBe(2);
      const seen = (await call(rep)('GET', url(shared.id))).json();
      expect(seen.account_records).toEqual([
        { id: repCustomer.id, object: 'customer', name: 'Rep Customer' },
      ]);
      expect(repList.data[0]).toEqual(seen);
      for (const other of [hidden, unlinked]) {
        expectMissing(await call(rep)('GET', url(other.id)));
        expectMissing(await call(rep)('PATCH', url(other.id), { first_name: 'Mine' }));
        expectMissing(await call(rep)('DELETE', url(other.id)));
        expectMissing(await call(rep)('GET', url(other.id, '/events')));
        expectMissing(await call(rep)('GET', url(other.id, '?as_of_revision=0')));
      }
      expect((await call(rep)('GET', url(viaSupplier.id, '/events'))).statusCode).toBe(200);
      expect((await call(manager)('GET', CONTACTS)).json().pagination.total_records).toBe(4);

      expectError(await call(rep)('GET', `${CONTACTS}?account_record_id=${managerCustomer.id}`), 422, {
        code: 'invalid_query_parameter',
      });
      const byRepCustomer = (
        await call(rep)('GET', `${CONTACTS}?account_record_id=${repCustomer.id}`)
      ).json();
      expect(byRepCustomer.data.map((c: Json) => c.id)).toEqual([shared.id]);
    });

    it('links only records the user can see, and keeps the links it cannot see when replacing them', async () => {
      const manager = await fresh();
      const rep = await createCaller(t.app, { accountId: manager.accountId, permissions: CONFINED });
      const mine = await customer(rep, 'Mine');
      const other = await supplier(rep, 'Other');
      const theirs = await customer(manager, 'Theirs');
      expectError(
        await call(rep)('POST', CONTACTS, { first_name: 'X', account_record_ids: [mine.id, theirs.id] }),
        422,
        {
          param: 'account_record_ids.1',
        },
      );
      const { id } = await contact(manager, {
        first_name: 'Shared',
        account_record_ids: [theirs.id, mine.id],
      });
      const replaced = (await call(rep)('PATCH', url(id), { account_record_ids: [other.id] })).json();
      expect(replaced.account_records).toEqual([{ id: other.id, object: 'supplier', name: 'Other' }]);
      expect((await call(manager)('GET', url(id))).json().account_records.map((r: Json) => r.id)).toEqual([
        other.id,
        theirs.id,
      ]);
      // Once its own links are gone, the contact is out of the user's sight.
      await call(rep)('PATCH', url(id), { account_record_ids: [] });
      expectMissing(await call(rep)('GET', url(id)));
      expect((await call(manager)('GET', url(id))).json().account_records.map((r: Json) => r.id)).toEqual([
        theirs.id,
      ]);
    });

    it('follows reassignment of the linked record', async () => {
      const manager = await fresh();
      const rep = await createCaller(t.app, { accountId: manager.accountId, permissions: CONFINED });
      const record = await customer(manager, 'Moving');
      const { id } = await contact(manager, { first_name: 'Follows', account_record_ids: [record.id] });
      expectMissing(await call(rep)('GET', url(id)));
      expect((await call(rep)('GET', CONTACTS)).json().data).toEqual([]);
      await call(manager)('PATCH', `/api/v3/customers/${record.id}`, { assigned_user_id: rep.userId });
      expect((await call(rep)('GET', url(id))).statusCode).toBe(200);
      expect((await call(rep)('GET', CONTACTS)).json().data.map((c: Json) => c.id)).toEqual([id]);
    });
  });

  describe('access', () => {
    it('demands account_records.manage of the user on every endpoint', async () => {
      const manager = await fresh();
      const { id } = await contact(manager, { first_name: 'Ann' });
      const clerk = await createCaller(t.app, {
        accountId: manager.accountId,
        permissions: { 'account_records.view_all': true },
      });
      for (const [method, path, body] of [
        ['GET', CONTACTS],
        ['GET', url(id)],
        ['GET', url(id, '/events')],
        ['POST', CONTACTS, { first_name: 'X' }],
        ['PATCH', url(id), { first_name: 'X' }],
        ['DELETE', url(id)],
      ] as const) {
        expectError(await call(clerk)(method, path, body), 403, {
          type: 'permission_error',
          code: 'permission_denied',
        });
      }
    });

    it('demands the scope of each endpoint of the key, and a key at all', async () => {
      const manager = await fresh();
      const { id } = await contact(manager, { first_name: 'Ann' });
      const key = (scopes: string[]) => createCaller(t.app, { accountId: manager.accountId, scopes });
      const reader = await key(['contacts:read']);
      const writer = await key(['contacts:write']);
      expect((await call(reader)('GET', url(id))).statusCode).toBe(200);
      expectError(await call(reader)('POST', CONTACTS, { first_name: 'X' }), 403, {
        code: 'insufficient_scope',
      });
      expectError(await call(reader)('DELETE', url(id)), 403, { code: 'insufficient_scope' });
      expectError(await call(reader)('GET', url(id, '/events')), 403, { code: 'insufficient_scope' });
      expectError(await call(writer)('GET', CONTACTS), 403, { code: 'insufficient_scope' });
      expectError(await call(writer)('DELETE', url(id)), 403, { code: 'insufficient_scope' });
      expect((await call(writer)('PATCH', url(id), { last_name: 'Lee' })).statusCode).toBe(200);
      expect((await call(await key(['contacts:delete']))('DELETE', url(id))).statusCode).toBe(200);
      const anonymous = await call(null)('GET', CONTACTS);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    });
  });

  describe('history', () => {
    it('lists the events with who wrote them, and shows the contact as of any revision', async () => {
      const caller = await fresh();
      const a = await customer(caller, 'A Corp');
      const v0 = await contact(caller, { first_name: 'Ann' });
      const v1 = (
        await call(caller)('PATCH', url(v0.id), { last_name: 'Lee', account_record_ids: [a.id] })
      ).json();
      const history = await call(caller)('GET', url(v0.id, '/events'));
      expect(history.statusCode).toBe(200);
      expect(history.json()).toMatchObject({
        object: 'list',
        url: url(v0.id, '/events'),
        pagination: { total_records: 2 },
        data: [
          {
            object: 'event',
            stream: `contact-${v0.id}`,
            revision: 0,
            type: 'ContactCreated',
            data: { first_name: 'Ann', account_records: [] },
            metadata: { account_id: caller.accountId, user_id: caller.userId, api_key_id: caller.apiKeyId },
          },
          {
            revision: 1,
            type: 'ContactUpdated',
            data: { changes: { last_name: 'Lee', account_records: [{ id: a.id, record_type: 'customer' }] } },
          },
        ],
      });
      const asOf = async (revision: string) => call(caller)('GET', url(v0.id, `?as_of_revision=${revision}`));
      const past = await asOf('0');
      expect(past.headers.etag).toBe('"0"');
      expect(past.json()).toEqual(v0);
      expect((await asOf('1')).json()).toEqual(v1);
      expectMissing(await asOf('2'));
      expectError(await asOf('-1'), 422, { code: 'invalid_query_parameter', param: 'as_of_revision' });
      const noAudit = await createCaller(t.app, { accountId: caller.accountId, scopes: ['contacts:read'] });
      expectError(await call(noAudit)('GET', url(v0.id, '?as_of_revision=0')), 403, {
        code: 'insufficient_scope',
      });
      await call(caller)('DELETE', url(v0.id));
      expect((await asOf('1')).json()).toEqual(v1);
      expect((await call(caller)('GET', url(v0.id, '/events'))).json().pagination.total_records).toBe(3);
    });
  });
});
