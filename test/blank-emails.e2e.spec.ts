import { randomUUID } from 'node:crypto';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { admin, Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

/* An email of only whitespace is a mistyped address: refused wherever emails are taken ("" and null clear). */

postgresSkipNotice('blank emails e2e');

const BLANKS = [' ', '   ', '\t', ' \n '];

describe.each(testDatabases())('blank emails on $name', (target) => {
  let t: TestApp;
  let owner: Caller;

  beforeAll(async () => {
    t = await startTestApp(target);
    owner = await createCaller(t.app);
  });
  afterAll(() => t?.close());

  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    url.startsWith('/admin/')
      ? admin(t.app, method, url, payload as Record<string, unknown>)
      : t.app.inject({
          method,
          url,
          payload,
          headers: { ...owner.headers, 'idempotency-key': randomUUID() },
        });

  /** [what, create URL, a valid create body, the email fields] */
  const resources: [string, string, object, string[]][] = [
    ['customers', '/api/v3/customers', { name: 'Acme' }, ['email']],
    ['suppliers', '/api/v3/suppliers', { name: 'Initech' }, ['email']],
    ['contacts', '/api/v3/contacts', { first_name: 'Ann' }, ['email_1', 'email_2']],
    ['locations', '/api/v3/locations', { name: 'Depot', short_name: 'D' }, ['email']],
    ['operator users', '', { name: 'Bob', email: 'bob@example.test' }, ['email']],
  ];

  it.each(resources)(
    '%s: refused on create and update with 422 naming the field',
    async (_, path, body, fields) => {
      const url = path || `/admin/v1/accounts/${owner.accountId}/users`;
      const created = await send('POST', url, body);
      expect(created.statusCode).toBe(201);
      const record = `${path || '/admin/v1/users'}/${created.json().id}`;
      // Locations take their complete field set on PATCH.
      const patch = path === '/api/v3/locations' ? body : {};
      for (const field of fields)
        for (const blank of BLANKS)
          for (const [method, target] of [
            ['POST', url],
            ['PATCH', record],
          ] as const) {
            const res = await send(method, target, { ...body, ...patch, [field]: blank });
            expect({ method, field, blank, status: res.statusCode, ...res.json().error }).toMatchObject({
              status: 422,
              code: 'validation_failed',
              param: field,
            });
          }
    },
  );

  it('still reads "" and null as no email where an email is optional', async () => {
    for (const email of ['', null]) {
      const res = await send('POST', '/api/v3/customers', { name: 'Globex', email });
      expect(res.statusCode).toBe(201);
      expect(res.json().email).toBeNull();
    }
  });
});
