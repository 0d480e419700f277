import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { Caller, createCaller } from './support/operator';
import { as } from './support/party-rules';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('variation attributes e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ATTRIBUTES = '/api/v3/variation-attributes';

describe.each(testDatabases())('variation attributes API on $name', (target) => {
  let t: TestApp;
  let owner: Caller;

  beforeAll(async () => {
    t = await startTestApp(target);
    owner = await createCaller(t.app);
  });
  afterAll(() => t?.close());

  const call = (caller: Caller = owner) => as(t.app, caller);
  const create = async (body: Json, caller: Caller = owner): Promise<Json> => {
    const res = await call(caller)('POST', ATTRIBUTES, body);
    if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const expectError = (
    res: { statusCode: number; json(): Json },
    status: number,
    code: string,
    param?: string,
  ) =>
    expect({ status: res.statusCode, ...res.json().error }).toMatchObject({
      status,
      code,
      ...(param ? { param } : {}),
    });

  it('creates an attribute with its values in order: 201, ids for each value, revision 0 as ETag', async () => {
    const res = await call()('POST', ATTRIBUTES, {
      name: 'Color',
      display_name: 'Colour',
      values: ['Red', 'Blue'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers.etag).toBe('"0"');
    const attribute = res.json();
    expect(attribute).toMatchObject({
      object: 'item_variation_attribute',
      name: 'Color',
      display_name: 'Colour',
      values: [
        { id: expect.any(String), value: 'Red' },
        { id: expect.any(String), value: 'Blue' },
      ],
      revision: 0,
    });
    const again = await call()('GET', `${ATTRIBUTES}/${attribute.id}`);
    expect(again.json()).toEqual(attribute);
  });

  it('lists the account’s attributes by display name, and no other account’s', async () => {
    const caller = await createCaller(t.app);
    await create({ name: 'size', values: ['S'] }, caller);
    await create({ name: 'material', display_name: 'Fabric', values: [] }, caller);
    await create({ name: 'Other account', values: ['x'] });
    const res = await call(caller)('GET', `${ATTRIBUTES}?limit=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      object: 'list',
      has_more: true,
      data: [{ display_name: 'Fabric' }],
      pagination: { total_records: 2 },
    });
    const page2 = await call(caller)('GET', `${ATTRIBUTES}?page=2&limit=1`);
    expect(page2.json().data.map((a: Json) => a.name)).toEqual(['size']);
  });

  it('renames, keeps, adds and removes values as a complete set', async () => {
    const color = await create({ name: 'Shade', values: ['Red', 'Blue', 'Green'] });
    const [red, blue] = color.values;
    const res = await call()('PATCH', `${ATTRIBUTES}/${color.id}`, {
      values: [{ id: blue.id, value: 'Navy' }, { id: red.id, value: 'Red' }, { value: 'Yellow' }, 'Black'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json().values).toEqual([
      { id: blue.id, value: 'Navy' },
      { id: red.id, value: 'Red' },
      { id: expect.any(String), value: 'Yellow' },
      { id: expect.any(String), value: 'Black' },
    ]);
  });

  it('refuses a name another attribute of the account has (409 duplicate_variation_attribute)', async () => {
    const caller = await createCaller(t.app);
    const first = await create({ name: 'Finish', values: [] }, caller);
    expectError(
      await call(caller)('POST', ATTRIBUTES, { name: 'finish', values: [] }),
      409,
      'duplicate_variation_attribute',
    );
    const other = await create({ name: 'Grade', values: [] }, caller);
    expectError(
      await call(caller)('PATCH', `${ATTRIBUTES}/${other.id}`, { name: 'FINISH' }),
      409,
      'duplicate_variation_attribute',
    );
    expect((await call(caller)('PATCH', `${ATTRIBUTES}/${first.id}`, { name: 'Finish' })).statusCode).toBe(
      200,
    );
    // Another account may use the name.
    expect((await call()('POST', ATTRIBUTES, { name: 'Finish', values: [] })).statusCode).toBe(201);
  });

  it.each([
    [{ values: ['a'] }, 'name'],
    [{ name: 'X' }, 'values'],
    [{ name: 'X', values: ['a', 'A'] }, 'values.1'],
    [{ name: 'X', values: [''] }, 'values.0'],
    [{ name: 'x'.repeat(256), values: [] }, 'name'],
  ])('refuses %p naming %s', async (body, param) => {
    expectError(await call()('POST', ATTRIBUTES, body), 422, 'validation_failed', param);
  });

  it('refuses fields it does not know, and an unknown value id', async () => {
    expectError(
      await call()('POST', ATTRIBUTES, { name: 'X1', values: [], id: 'abc' }),
      422,
      'unsupported_field',
      'id',
    );
    const attribute = await create({ name: 'Weight', values: ['1kg'] });
    expectError(
      await call()('PATCH', `${ATTRIBUTES}/${attribute.id}`, { values: [{ id: attribute.id, value: 'x' }] }),
      422,
      'validation_failed',
      'values.0.id',
    );
  });

  it('needs items:write and inventory.modify to write, items:read to read', async () => {
    const readOnly = await createCaller(t.app, { accountId: owner.accountId, scopes: ['items:read'] });
    expectError(
      await call(readOnly)('POST', ATTRIBUTES, { name: 'Y', values: [] }),
      403,
      'insufficient_scope',
    );
    expect((await call(readOnly)('GET', ATTRIBUTES)).statusCode).toBe(200);
    const noModify = await createCaller(t.app, { accountId: owner.accountId, permissions: {} });
    expectError(
      await call(noModify)('POST', ATTRIBUTES, { name: 'Y', values: [] }),
      403,
      'permission_denied',
    );
    const noRead = await createCaller(t.app, { accountId: owner.accountId, scopes: ['items:write'] });
    expectError(await call(noRead)('GET', ATTRIBUTES), 403, 'insufficient_scope');
  });

  it("answers 404 for another account's attribute or a malformed id", async () => {
    const attribute = await create({ name: 'Private', values: [] });
    const stranger = await createCaller(t.app);
    expectError(await call(stranger)('GET', `${ATTRIBUTES}/${attribute.id}`), 404, 'resource_missing');
    expectError(
      await call(stranger)('PATCH', `${ATTRIBUTES}/${attribute.id}`, { name: 'Mine' }),
      404,
      'resource_missing',
    );
    expectError(await call()('GET', `${ATTRIBUTES}/not-a-uuid`), 404, 'resource_missing');
    expectError(await call()('PATCH', `${ATTRIBUTES}/not-a-uuid`, { name: 'x' }), 404, 'resource_missing');
  });

  it('keeps the event history and answers as of a revision', async () => {
    const attribute = await create({ name: 'Era', values: ['Old'] });
    await call()('PATCH', `${ATTRIBUTES}/${attribute.id}`, { display_name: 'Period' });
    const events = await call()('GET', `${ATTRIBUTES}/${attribute.id}/events`);
    expect(events.json().data.map((e: Json) => [e.revision, e.type])).toEqual([
      [0, 'VariationAttributeCreated'],
      [1, 'VariationAttributeUpdated'],
    ]);
    const past = await call()('GET', `${ATTRIBUTES}/${attribute.id}?as_of_revision=0`);
    expect(past.json()).toMatchObject({ display_name: 'Era', revision: 0 });
    expect((await call()('GET', `${ATTRIBUTES}/${attribute.id}?as_of_revision=2`)).statusCode).toBe(404);
  });
});
