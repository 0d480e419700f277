import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { createLocation } from './support/catalog';
import { admin, ADMIN_TOKEN, createAccount, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('operator API e2e');

describe.each(testDatabases())('operator API on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  it('refuses a missing or wrong operator token with 401 and WWW-Authenticate', async () => {
    for (const authorization of [undefined, 'Bearer nope', `Basic ${ADMIN_TOKEN}`, ADMIN_TOKEN]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/accounts',
        payload: { name: 'X' },
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json().error).toMatchObject({
        type: 'authentication_error',
        code: 'authentication_required',
      });
    }
  });

  it('opens an account with defaults, reads it back, merges settings on PATCH', async () => {
    const res = await admin(t.app, 'POST', '/admin/v1/accounts', {
      name: 'Acme',
      settings: { tax_label: 'VAT' },
    });
    expect(res.statusCode).toBe(201);
    const account = res.json();
    expect(account).toMatchObject({
      object: 'account',
      name: 'Acme',
      timezone: 'UTC',
      settings: { tax_label: 'VAT', estimate_expiry_days: 30, record_limit: null },
    });
    expect((await admin(t.app, 'GET', `/admin/v1/accounts/${account.id}`)).json()).toEqual(account);
    const patched = await admin(t.app, 'PATCH', `/admin/v1/accounts/${account.id}`, {
      timezone: 'Europe/Paris',
      settings: { estimate_expiry_days: 14 },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      timezone: 'Europe/Paris',
      settings: { tax_label: 'VAT', estimate_expiry_days: 14 },
    });
  });

  it('rejects invalid and unknown fields with 422, and unknown ids with 404', async () => {
    expect((await admin(t.app, 'POST', '/admin/v1/accounts', {})).json().error).toMatchObject({
      code: 'validation_failed',
      param: 'name',
    });
    const unknown = await admin(t.app, 'POST', '/admin/v1/accounts', { name: 'A', plan: 'gold' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toMatchObject({ code: 'unsupported_field', param: 'plan' });
    expect((await admin(t.app, 'GET', '/admin/v1/accounts/not-a-uuid')).statusCode).toBe(404);
    const missingUser = await admin(
      t.app,
      'POST',
      '/admin/v1/users/00000000-0000-4000-8000-000000000000/api-keys',
      {},
    );
    expect(missingUser.json().error).toMatchObject({ code: 'resource_missing' });
  });

  it('creates a user and a key that authenticates; lists keys without the key', async () => {
    const accountId = await createAccount(t.app);
    const user = await admin(t.app, 'POST', `/admin/v1/accounts/${accountId}/users`, {
      name: 'Ann',
      email: 'ann@example.test',
      permissions: { 'account_records.manage': true },
    });
    expect(user.statusCode).toBe(201);
    expect(user.json()).toMatchObject({
      object: 'user',
      account_id: accountId,
      active: true,
      location_id: null,
    });
    const key = await admin(t.app, 'POST', `/admin/v1/users/${user.json().id}/api-keys`, {
      name: 'ci',
      scopes: ['customers:read'],
    });
    expect(key.statusCode).toBe(201);
    expect(key.json()).toMatchObject({ object: 'api_key', scopes: ['customers:read'], expires_at: null });
    expect(key.json().key).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(key.json().key.startsWith(key.json().prefix)).toBe(true);
    const list = await admin(t.app, 'GET', `/admin/v1/users/${user.json().id}/api-keys`);
    expect(list.json()).toMatchObject({ object: 'list', has_more: false, pagination: { total_records: 1 } });
    expect(list.json().data[0]).not.toHaveProperty('key');
    expect(list.json().data[0]).not.toHaveProperty('key_hash');
  });

  it('restricts a user only to a live location of their account: anything else is 422 location_id', async () => {
    const owner = await createCaller(t.app);
    const home = await createLocation(t.app, owner);
    const foreign = await createLocation(t.app, await createCaller(t.app));
    const gone = await createLocation(t.app, owner);
    await t.app.inject({ method: 'DELETE', url: `/api/v3/locations/${gone.id}`, headers: owner.headers });
    const users = `/admin/v1/accounts/${owner.accountId}/users`;
    const body = { name: 'Ann', email: 'ann@example.test' };

    for (const location_id of ['abc', '', foreign.id, gone.id, '00000000-0000-4000-8000-000000000000']) {
      const created = await admin(t.app, 'POST', users, { ...body, location_id });
      const updated = await admin(t.app, 'PATCH', `/admin/v1/users/${owner.userId}`, { location_id });
      for (const res of [created, updated])
        expect({ location_id, status: res.statusCode, error: res.json().error }).toMatchObject({
          status: 422,
          error: {
            code: 'validation_failed',
            param: 'location_id',
            message: expect.stringContaining('location'),
          },
        });
    }

    const user = await admin(t.app, 'POST', users, { ...body, location_id: home.id.toUpperCase() });
    expect(user.json()).toMatchObject({ location_id: home.id });
    const cleared = await admin(t.app, 'PATCH', `/admin/v1/users/${user.json().id}`, { location_id: null });
    expect(cleared.json()).toMatchObject({ location_id: null });
  });

  it('stops a key at once when it is revoked, its user deactivated or deleted', async () => {
    const probe = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/v3/customers', headers });
    const revoked = await createCaller(t.app);
    expect((await probe(revoked.headers)).statusCode).not.toBe(401);
    expect((await admin(t.app, 'DELETE', `/admin/v1/api-keys/${revoked.apiKeyId}`)).json()).toEqual({
      id: revoked.apiKeyId,
      object: 'api_key',
      deleted: true,
    });
    expect((await probe(revoked.headers)).statusCode).toBe(401);

    const inactive = await createCaller(t.app);
    await admin(t.app, 'PATCH', `/admin/v1/users/${inactive.userId}`, { active: false });
    expect((await probe(inactive.headers)).statusCode).toBe(401);
    await admin(t.app, 'PATCH', `/admin/v1/users/${inactive.userId}`, { active: true });
    expect((await probe(inactive.headers)).statusCode).not.toBe(401);

    const deleted = await createCaller(t.app);
    expect((await admin(t.app, 'DELETE', `/admin/v1/users/${deleted.userId}`)).json()).toEqual({
      id: deleted.userId,
      object: 'user',
      deleted: true,
    });
    expect((await probe(deleted.headers)).statusCode).toBe(401);
    expect((await admin(t.app, 'GET', `/admin/v1/users/${deleted.userId}`)).statusCode).toBe(404);
  });

  it('answers 404 everywhere when no ADMIN_TOKEN is configured', async () => {
    const closed = await startTestApp(target, { config: { adminToken: undefined } });
    try {
      const res = await closed.app.inject({
        method: 'POST',
        url: '/admin/v1/accounts',
        payload: { name: 'A' },
        headers: { authorization: 'Bearer anything' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('route_missing');
    } finally {
      await closed.close();
    }
  });
});
