import { PassThrough } from 'node:stream';
import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Database, projectors } from '@app/read-models';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { configFromEnv } from '@app/runtime';
import { createApp } from '../apps/api/src/create-app';
import { admin, ADMIN_TOKEN } from './support/operator';
import { runCli } from '../apps/cli/src/cli';

postgresSkipNotice('operator CLI: accounts, users, keys');

const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabases())('operator CLI accounts, users and keys ($name)', (target) => {
  let database: Database;
  let contextsOpened = 0;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database.close());

  /** One CLI run on the suite's database, with its events beside the read models (no EventStoreDB). */
  async function cli(...argv: string[]) {
    const out = collect();
    const err = collect();
    const code = await runCli(argv, {
      openContext: async () => {
        contextsOpened++;
        const store = await PostgresEventStore.open(database);
        return { database, store, projectors, close: () => store.close() };
      },
      out: out.stream,
      err: err.stream,
    });
    return { code, out: out.text(), err: err.text() };
  }

  async function json(...argv: string[]) {
    const run = await cli(...argv);
    if (run.code !== 0) throw new Error(`cli ${argv.join(' ')} exited ${run.code}: ${run.err}`);
    return JSON.parse(run.out);
  }

  function startApp(): Promise<NestFastifyApplication> {
    return createApp(configFromEnv({ LOG_LEVEL: 'silent', ADMIN_TOKEN }), { database });
  }

  it('bootstraps account, user and key; the key authenticates against an app started afterwards', async () => {
    const account = await json(
      'accounts',
      'create',
      '--name',
      'Acme',
      '--timezone',
      'Europe/Paris',
      '--settings',
      '{"tax_label":"VAT"}',
    );
    expect(account).toMatchObject({
      object: 'account',
      name: 'Acme',
      timezone: 'Europe/Paris',
      settings: { tax_label: 'VAT', estimate_expiry_days: 30 },
    });
    const user = await json(
      'users',
      'create',
      account.id,
      '--name',
      'Ann',
      '--email',
      'ann@example.test',
      '--permissions',
      'all',
    );
    expect(user).toMatchObject({ object: 'user', account_id: account.id, permissions: 'all', active: true });
    const key = await json(
      'keys',
      'create',
      user.id,
      '--name',
      'ci',
      '--scopes',
      'suppliers:read, customers:read',
    );
    expect(key).toMatchObject({
      object: 'api_key',
      user_id: user.id,
      scopes: ['suppliers:read', 'customers:read'],
    });
    expect(key.key).toMatch(/^sk_live_/);
    const projected = database.db.selectFrom('api_keys').select('id').where('id', '=', key.id);
    expect(await projected.execute()).toEqual([{ id: key.id }]); // projected before the command returned
    const keys = await json('keys', 'list', user.id);

    const app = await startApp();
    try {
      const bearer = { authorization: `Bearer ${key.key}` };
      const suppliers = await app.inject({ method: 'GET', url: '/api/v3/suppliers', headers: bearer });
      expect(suppliers.statusCode).toBe(200);

      // the same JSON as the operator API
      expect((await admin(app, 'GET', `/admin/v1/accounts/${account.id}`)).json()).toEqual(account);
      expect((await admin(app, 'GET', `/admin/v1/users/${user.id}`)).json()).toEqual(user);
      expect((await admin(app, 'GET', `/admin/v1/users/${user.id}/api-keys`)).json()).toEqual(keys);
      const { key: _shownOnce, ...listed } = key;
      expect(keys).toMatchObject({ object: 'list', has_more: false, data: [listed] });

      // and, with the app running on the same database, a revocation through the CLI holds at once
      expect(await json('keys', 'revoke', key.id)).toEqual({ id: key.id, object: 'api_key', deleted: true });
      const refused = await app.inject({ method: 'GET', url: '/api/v3/suppliers', headers: bearer });
      expect(refused.statusCode).toBe(401);
      expect((await json('keys', 'list', user.id)).data).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('shows, updates and deletes as the operator API does', async () => {
    const account = await json('accounts', 'create', '--name', 'Beta');
    const renamed = await json(
      'accounts',
      'update',
      account.id,
      '--name',
      'Beta Ltd',
      '--settings',
      '{"record_limit":5}',
    );
    expect(renamed).toMatchObject({ name: 'Beta Ltd', timezone: 'UTC', settings: { record_limit: 5 } });
    expect(await json('accounts', 'show', account.id)).toEqual(renamed);

    const user = await json('users', 'create', account.id, '--name', 'Bob', '--email', 'bob@example.test');
    const changed = await json(
      'users',
      'update',
      user.id,
      '--active',
      'false',
      '--permissions',
      '{"account_records.manage":true}',
    );
    expect(changed).toMatchObject({ active: false, permissions: { 'account_records.manage': true } });
    expect(await json('users', 'show', user.id)).toEqual(changed);
    expect(await json('users', 'delete', user.id)).toEqual({ id: user.id, object: 'user', deleted: true });

    const gone = await cli('users', 'show', user.id);
    expect(gone).toMatchObject({ code: 1, out: '' });
    expect(JSON.parse(gone.err)).toEqual({
      error: { type: 'not_found_error', code: 'resource_missing', message: expect.any(String) },
    });
  });

  it("prints the domain's refusal as the error envelope on stderr, exit code 1", async () => {
    for (const argv of [
      ['accounts', 'show', MISSING],
      ['accounts', 'show', 'not-a-uuid'],
      ['keys', 'list', 'not-a-uuid'],
      ['keys', 'revoke', MISSING],
    ]) {
      const run = await cli(...argv);
      expect(run).toMatchObject({ code: 1, out: '' });
      expect(JSON.parse(run.err).error).toMatchObject({ code: 'resource_missing' });
    }
    const badZone = await cli('accounts', 'create', '--name', 'Gamma', '--timezone', 'Mars/Olympus');
    expect(badZone.code).toBe(1);
    expect(JSON.parse(badZone.err).error).toMatchObject({ type: 'invalid_request_error', param: 'timezone' });
  });

  it('refuses to restrict a user to a location that is not one of the account, as the operator API does', async () => {
    const account = await json('accounts', 'create', '--name', 'Delta');
    const ann = ['--name', 'Ann', '--email', 'ann@example.test'];
    for (const location of ['abc', MISSING]) {
      const created = await cli('users', 'create', account.id, ...ann, '--location-id', location);
      expect(created).toMatchObject({ code: 1, out: '' });
      expect(JSON.parse(created.err).error).toMatchObject({
        code: 'validation_failed',
        param: 'location_id',
      });
    }
    const user = await json('users', 'create', account.id, ...ann);
    const moved = await cli('users', 'update', user.id, '--location-id', MISSING);
    expect(JSON.parse(moved.err).error).toMatchObject({ param: 'location_id' });
    expect(await json('users', 'update', user.id, '--location-id', 'null')).toMatchObject({
      location_id: null,
    });
  });

  it('refuses a malformed command line with the usage, exit code 2, before opening the stores', async () => {
    const opened = contextsOpened;
    for (const [argv, says] of [
      [['users', 'create', MISSING, '--name', 'Ann'], 'users create needs --email'],
      [['accounts', 'create', '--name', 'A', '--settings', '{bad'], '--settings takes JSON'],
      [['keys', 'create', MISSING, '--email', 'x@example.test'], 'keys create does not take --email'],
      [['users', 'update', MISSING, '--active', 'maybe'], '--active takes true or false'],
      [['keys', 'list'], 'keys list takes <user_id>'],
      [['keys', 'list', MISSING, '--limit', '0'], '--limit takes a positive integer'],
      [['accounts', 'delete', MISSING], 'Not a command: accounts delete'],
      [['accounts', 'create', '--nmae', 'A'], "Unknown option '--nmae'"],
      [['projections', '--name', 'A'], 'Not a command: projections'],
    ] as const) {
      const run = await cli(...argv);
      expect(run).toMatchObject({ code: 2, out: '' });
      expect(run.err).toContain(says);
      expect(run.err).toContain('Usage: npm run cli');
    }
    expect(contextsOpened).toBe(opened);
  });
});

function collect() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}
