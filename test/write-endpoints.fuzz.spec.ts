import { randomUUID } from 'node:crypto';
import { DEFAULT_ACCOUNT_SETTINGS, PERMISSIONS, SCOPES } from '@app/domain';
import { fuzzDatabases } from '@app/read-models/testing/test-databases';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import fc from 'fast-check';
import { problemWith } from './support/error-envelope';
import { ADMIN_TOKEN, Caller, createCaller } from './support/operator';
import { BodyShape, Route, RouteRecorderModule, writeRoutes } from './support/routes';
import { startTestApp, TestApp } from './support/test-app';

/*
 * Every write route of the real app (found in Fastify's route table, so a new resource is covered
 * with no edit here) receives generated bodies and path parameters; whatever it is sent, it answers
 * below 500, and every 4xx is the error envelope.
 */

const DATABASES = fuzzDatabases('write endpoints fuzz');

/**
 * Wall-clock budget of the generated runs over all routes (per database), runs per route, and a
 * seed to replay a reported failure with (FUZZ_SEED=<seed from the report>).
 */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 30_000);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

// ---------------------------------------------------------------------------------------------
// What a request may carry

/** A number JSON.stringify cannot write (-0, 1e400, 30 digits): spliced into the body text as is. */
class RawNumber {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `\u0001raw:${this.text}`;
  }
  toString(): string {
    return this.text;
  }
}

function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001raw:([^"]*)"/g, '$1');
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

const wildNumber = fc.oneof(
  fc.constantFrom(
    ...['-0', '1e400', '-1e400', '1e-400', '123456789012345678901234567890', '0.1e1', '1E2'].map(
      (text) => new RawNumber(text),
    ),
  ),
  fc.constantFrom(0, -1, 0.5, 1e21, -1e21, 2 ** 31, 2 ** 53 + 2, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const wildString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'Infinity',
    '-0',
    '1e5',
    '0x1F',
    ' 12 ',
    '12.34567',
    'null',
    'true',
    'all',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'e\u0301',
    '😀'.repeat(300),
    'a'.repeat(256),
    'x'.repeat(100_000),
    '2030-02-31',
    '2030-01-31T12:00:00Z',
    '9999-12-31T23:59:59-23:59',
    '0000-01-01T00:00:00Z',
    '1970-01-01T00:00:00.000000001+00:00',
    'Europe/Paris',
    'Mars/Olympus',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    'customers:read',
    'estimates.modify',
  ),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.uuid(),
  fc.emailAddress(),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
);

const wildScalar = fc.oneof(wildNumber, wildString, fc.boolean(), fc.constant(null));

/** Arrays and objects nested around the body's depth limit (32) and thousands of levels deep. */
const deeplyNested = fc
  .tuple(fc.oneof(fc.integer({ min: 20, max: 40 }), fc.integer({ min: 100, max: 4000 })), fc.boolean())
  .map(([depth, asArray]) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
    return value;
  });

/** Values a field may well accept: they carry a body past validation into the write itself. */
const plausible = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.integer({ min: 0, max: 1000 }),
  fc.double({ min: 0, max: 100, noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.emailAddress(),
  fc.array(fc.string({ minLength: 1, maxLength: 20 }), { maxLength: 3 }),
  fc.constantFrom('customer', 'prospect', 'all', 'UTC', 'Europe/Paris', '12.500', '2030-01-31T12:00:00Z'),
  fc.subarray([...SCOPES], { minLength: 1 }),
  fc.dictionary(fc.constantFrom(...PERMISSIONS), fc.boolean()),
);

function fieldValue(keys: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: plausible },
    { weight: 4, arbitrary: wildScalar },
    { weight: 2, arbitrary: fc.array(wildScalar, { maxLength: 6 }) },
    { weight: 2, arbitrary: entries(keys, wildScalar) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: deeplyNested },
    { weight: 1, arbitrary: fc.array(fc.constant('item'), { minLength: 1000, maxLength: 3000 }) },
  );
}

/** An object built with own properties for every key, `__proto__` included. */
function entries(keys: fc.Arbitrary<string>, values: fc.Arbitrary<unknown>): fc.Arbitrary<object> {
  return fc
    .array(fc.tuple(keys, values), { maxLength: 6 })
    .map((pairs) => Object.fromEntries(pairs) as object);
}

/** A few of the route's own fields (nested DTOs too) with generated values, now and then a stranger. */
function shapedObject(shape: BodyShape, keys: fc.Arbitrary<string>, depth = 0): fc.Arbitrary<object> {
  const valueOf = (name: string) => {
    const nested = shape[name];
    if (!nested || depth >= 3) return fieldValue(keys);
    const inner = shapedObject(nested, keys, depth + 1);
    return fc.oneof(fc.array(inner, { maxLength: 4 }), inner, fieldValue(keys));
  };
  const names = Object.keys(shape);
  const chosen = fc
    .subarray(names, { maxLength: Math.min(3, names.length) })
    .chain((some) => fc.tuple(...some.map((name) => fc.tuple(fc.constant(name), valueOf(name)))));
  const stranger = fc.oneof(
    { weight: 6, arbitrary: fc.constant([]) },
    { weight: 1, arbitrary: fc.tuple(fc.tuple(keys, fieldValue(keys))) },
  );
  return fc
    .tuple(chosen, stranger)
    .map(([pairs, extra]) => Object.fromEntries([...pairs, ...extra]) as object);
}

/** Mostly a body that works (`base`) changed in a few fields; also bodies of any JSON at all. */
function bodyFor(route: Route, base: object, keys: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const shaped = shapedObject(route.body, keys);
  return fc.oneof(
    { weight: 5, arbitrary: shaped.map((changes) => ({ ...base, ...changes })) },
    { weight: 2, arbitrary: shaped },
    { weight: 1, arbitrary: entries(keys, fieldValue(keys)) },
    { weight: 1, arbitrary: fc.jsonValue() },
    { weight: 1, arbitrary: fieldValue(keys) },
  );
}

/** Field names the app knows anywhere, so generated keys often mean something to some parser. */
function vocabulary(routes: Route[]): fc.Arbitrary<string> {
  const names = new Set<string>([...PROTOTYPE_KEYS, ...Object.keys(DEFAULT_ACCOUNT_SETTINGS)]);
  const collect = (shape: BodyShape) => {
    for (const [name, nested] of Object.entries(shape)) {
      names.add(name);
      if (nested) collect(nested);
    }
  };
  routes.forEach((route) => collect(route.body));
  return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.string() });
}

const GARBAGE_IDS = [
  'not-a-uuid',
  '0',
  '-1',
  'null',
  '%00',
  '%ZZ',
  '%E2%82%AC',
  '%2F..%2F',
  "'%20OR%201=1",
  'a'.repeat(300),
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '{id}',
];

function pathParam(seed: string | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    ...(seed ? [{ weight: 4, arbitrary: fc.constant(seed) }] : []),
    { weight: 2, arbitrary: fc.uuid().map(String) },
    { weight: 2, arbitrary: fc.constantFrom(...GARBAGE_IDS) },
    { weight: 1, arbitrary: fc.string({ minLength: 1 }).map(encodeURIComponent) },
  );
}

// ---------------------------------------------------------------------------------------------
// The app, its write routes and records to aim them at

interface Target {
  app: NestFastifyApplication;
  caller: Caller;
  /** A live record's id per collection (`users`, `customers`), to aim path parameters at. */
  seeds: Map<string, string>;
  /** A body each create route accepted (`POST /admin/v1/accounts`). */
  bases: Map<string, object>;
}

function authorization(target: Target, url: string): string {
  return `Bearer ${url.startsWith('/admin/') ? ADMIN_TOKEN : target.caller.key}`;
}

/** The route's URL with each parameter replaced by the value given for it. */
function fill(route: Route, values: readonly string[]): string {
  let index = 0;
  return route.url.replace(/:\w+/g, () => values[index++]);
}

/** The collection a path parameter names a record of: the static segment before it. */
function collectionOf(route: Route, param: string): string | undefined {
  const segments = route.url.split('/');
  return segments[segments.indexOf(`:${param}`) - 1];
}

/**
 * One live record per collection, made through the API itself: a POST route ending in the
 * collection's name, tried with a few plausible bodies. A collection it cannot make gets no seed,
 * and its routes get generated ids only.
 */
async function seedRecords(target: Target, routes: Route[]): Promise<void> {
  target.seeds.clear();
  const creators = routes.filter(
    (route) => route.method === 'POST' && !route.url.endsWith(`:${route.params.at(-1)}`),
  );
  const seed = async (collection: string, depth: number): Promise<string | undefined> => {
    if (target.seeds.has(collection) || depth > 3) return target.seeds.get(collection);
    const creator = creators.find((route) => route.url.split('/').at(-1) === collection);
    if (!creator) return undefined;
    const parents: string[] = [];
    for (const param of creator.params) {
      const parent = await seed(collectionOf(creator, param) ?? '', depth + 1);
      if (!parent) return undefined;
      parents.push(parent);
    }
    const url = fill(creator, parents);
    for (const payload of [
      { name: 'Fuzz seed' },
      { name: 'Fuzz seed', short_name: 'FZ' },
      { name: 'Fuzz seed', inventory_type: 'quantity' },
      { name: 'Fuzz seed', email: `seed-${randomUUID()}@example.test` },
      { first_name: 'Fuzz' },
      {},
    ]) {
      const res = await target.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { authorization: authorization(target, url), 'idempotency-key': randomUUID() },
      });
      if (res.statusCode === 201 && typeof res.json().id === 'string') {
        target.seeds.set(collection, res.json().id);
        target.bases.set(`POST ${creator.url}`, payload);
        return res.json().id;
      }
    }
    return undefined;
  };
  for (const route of routes) {
    for (const param of route.params) await seed(collectionOf(route, param) ?? '', 0);
  }
}

interface Sent {
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

async function send(target: Target, method: string, { url, payload, contentType }: Sent) {
  // A fresh key each time: routes that require one (locations, zones) then read the body too.
  const headers: Record<string, string> = {
    authorization: authorization(target, url),
    'idempotency-key': randomUUID(),
  };
  if (contentType !== undefined) headers['content-type'] = contentType;
  return target.app.inject({ method: method as 'POST', url, payload, headers });
}

/** Deletes last, so the seeds stay alive for the other routes as long as possible. */
function deletesLast(routes: Route[]): Route[] {
  return [...routes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

// ---------------------------------------------------------------------------------------------

const MALFORMED: { name: string; contentType?: string; payload: string | Buffer }[] = [
  { name: 'truncated JSON', contentType: 'application/json', payload: '{"name":' },
  { name: 'an open brace', contentType: 'application/json', payload: '{' },
  { name: 'a trailing comma', contentType: 'application/json', payload: '{"name":"x",}' },
  { name: 'single quotes', contentType: 'application/json', payload: "{'name':'x'}" },
  { name: 'a bare word', contentType: 'application/json', payload: 'nul' },
  { name: 'a NUL byte', contentType: 'application/json', payload: '\u0000' },
  {
    name: 'invalid UTF-8',
    contentType: 'application/json',
    payload: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
  },
  { name: 'a byte-order mark', contentType: 'application/json', payload: '\ufeff{}' },
  { name: 'NaN', contentType: 'application/json', payload: '{"name":NaN}' },
  { name: '__proto__', contentType: 'application/json', payload: '{"__proto__":{"admin":true}}' },
  {
    name: 'constructor.prototype',
    contentType: 'application/json',
    payload: '{"constructor":{"prototype":{"x":1}}}',
  },
  { name: 'duplicate keys', contentType: 'application/json', payload: '{"name":"a","name":{"b":1}}' },
  { name: 'JSON null', contentType: 'application/json', payload: 'null' },
  { name: 'a JSON string', contentType: 'application/json', payload: '"text"' },
  { name: 'a JSON number', contentType: 'application/json', payload: '42' },
  { name: 'a JSON array', contentType: 'application/json', payload: '[{"name":"x"}]' },
  { name: 'an empty body', contentType: 'application/json', payload: '' },
  { name: 'whitespace only', contentType: 'application/json', payload: ' \n ' },
  { name: '100 000 open brackets', contentType: 'application/json', payload: '['.repeat(100_000) },
  {
    name: 'arrays 5 000 deep',
    contentType: 'application/json',
    payload: '['.repeat(5000) + ']'.repeat(5000),
  },
  {
    name: 'a body over 1 MiB',
    contentType: 'application/json',
    payload: `{"name":"${'x'.repeat(1_100_000)}"}`,
  },
  { name: 'a charset', contentType: 'application/json; charset=utf-8', payload: '{}' },
  { name: 'another charset', contentType: 'application/json; charset=latin1', payload: '{}' },
  { name: 'upper-case JSON type', contentType: 'APPLICATION/JSON', payload: '{}' },
  { name: 'a JSON-like type', contentType: 'application/vnd.api+json', payload: '{}' },
  { name: 'text/plain', contentType: 'text/plain', payload: '{"name":"x"}' },
  { name: 'a form', contentType: 'application/x-www-form-urlencoded', payload: 'name=x&name=y' },
  {
    name: 'multipart',
    contentType: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--x--\r\n',
  },
  { name: 'XML', contentType: 'application/xml', payload: '<name>x</name>' },
  { name: 'binary', contentType: 'application/octet-stream', payload: Buffer.from([0xff, 0xfe, 0x00, 0x01]) },
  { name: 'a body without a type', payload: '{"name":"x"}' },
  { name: 'a bogus type', contentType: '%%%', payload: '{}' },
];

/** fast-check's report, with the counterexample cut short (a generated string may hold 100 000 characters). */
function summary<T>(details: fc.RunDetails<T>): string {
  const error =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const example = toJsonText(details.counterexample).slice(0, 1500);
  return `seed ${details.seed}, path ${details.counterexamplePath}\n  ${error}\n  counterexample: ${example}`;
}

describe.each(DATABASES)('write endpoints under generated input on $name', (database) => {
  let t: TestApp;
  let target: Target;
  let routes: Route[];

  beforeAll(async () => {
    t = await startTestApp(database, { imports: [RouteRecorderModule] });
    routes = deletesLast(writeRoutes(t.app));
    const caller = await createCaller(t.app, { permissions: 'all' });
    target = { app: t.app, caller, seeds: new Map(), bases: new Map() };
    await seedRecords(target, routes);
  });
  afterAll(() => t?.close());

  it('finds the write routes in the app itself', () => {
    const found = routes.map((route) => `${route.method} ${route.url}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'POST /admin/v1/accounts',
        'PATCH /admin/v1/accounts/:id',
        'POST /admin/v1/accounts/:id/users',
        'PATCH /admin/v1/users/:id',
        'DELETE /admin/v1/users/:id',
        'POST /admin/v1/users/:id/api-keys',
        'DELETE /admin/v1/api-keys/:id',
      ]),
    );
    expect(routes.find((route) => route.url === '/admin/v1/accounts')?.body).toEqual({
      name: null,
      timezone: null,
      settings: null,
    });
    expect(target.seeds.get('users')).toEqual(expect.any(String));
  });

  it('refuses a request without credentials on every write route, with 401 before reading the body', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const url = fill(
        route,
        route.params.map(() => randomUUID()),
      );
      const res = await t.app.inject({ method: route.method as 'POST', url, payload: { name: 'x' } });
      if (res.statusCode !== 401 || res.headers['www-authenticate'] !== 'Bearer')
        problems.push(`${route.method} ${url} answered ${res.statusCode}`);
    }
    expect(problems).toEqual([]);
  });

  it('answers malformed, mistyped and oversized bodies with a 4xx envelope', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const url = fill(
        route,
        route.params.map((param) => target.seeds.get(collectionOf(route, param) ?? '') ?? randomUUID()),
      );
      for (const { name, contentType, payload } of MALFORMED) {
        const problem = problemWith(await send(target, route.method, { url, payload, contentType }));
        if (problem) problems.push(`${route.method} ${url} with ${name} ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it(
    'answers generated bodies and path parameters with a 2xx or a 4xx envelope, never a 500',
    async () => {
      await seedRecords(target, routes); // the malformed bodies deleted some
      const keys = vocabulary(routes);
      const perRoute = Math.max(200, Math.floor(BUDGET_MS / routes.length));
      const failures: string[] = [];
      for (const route of routes) {
        const params = fc.tuple(
          ...route.params.map((param) => pathParam(target.seeds.get(collectionOf(route, param) ?? ''))),
        );
        const base = target.bases.get(`${route.method} ${route.url}`) ?? {};
        const property = fc.asyncProperty(params, bodyFor(route, base, keys), async (values, body) => {
          const url = fill(route, values);
          const res = await send(target, route.method, {
            url,
            payload: toJsonText(body),
            contentType: 'application/json',
          });
          const problem = problemWith(res);
          if (problem) throw new Error(`${route.method} ${url} ${problem}`);
        });
        let details = await fc.check(property, {
          numRuns: RUNS_PER_ROUTE,
          interruptAfterTimeLimit: perRoute,
          markInterruptAsFailure: false,
          seed: SEED,
        });
        // A loaded machine can spend the route's share before its first request answers, which
        // fast-check counts as a failure with nothing tried: every route gets one run at least.
        if (details.failed && details.interrupted && details.counterexample === null)
          details = await fc.check(property, { numRuns: 1, seed: SEED });
        if (details.failed) failures.push(`${route.method} ${route.url}: ${summary(details)}`);
      }
      expect(failures).toEqual([]);
    },
    BUDGET_MS + 60_000,
  );

  describe('inputs that once answered 500 or outside the envelope', () => {
    const account = (payload: string) =>
      send(target, 'POST', { url: '/admin/v1/accounts', payload, contentType: 'application/json' });
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

    it('refuses a body nested deeper than 32 levels before anything walks it', async () => {
      const deep = await account(`{"name":${nested(5000)}}`);
      expect(deep.statusCode).toBe(422);
      expect(deep.json().error).toMatchObject({
        code: 'validation_failed',
        message: expect.stringContaining('32'),
      });
      const deepest = await account(`{"name":${nested(31)}}`); // 32 levels with the body itself
      expect(deepest.json().error).toMatchObject({ code: 'validation_failed', param: 'name' });
    });

    it('refuses a constructor key at any depth as an unsupported field', async () => {
      for (const [payload, param] of [
        ['{"name":"A","settings":{"constructor":true}}', 'settings.constructor'],
        ['{"name":[{"constructor":"x"}]}', 'name.0.constructor'],
        ['{"name":"A","constructor":1}', 'constructor'],
      ]) {
        const res = await account(payload);
        expect(res.statusCode).toBe(422);
        expect(res.json().error).toMatchObject({ code: 'unsupported_field', param });
      }
    });

    it('answers an undecodable, overlong or NUL path parameter with 404 resource_missing', async () => {
      for (const id of ['%ZZ', 'a'.repeat(101), '%00']) {
        const res = await send(target, 'PATCH', {
          url: `/admin/v1/users/${id}`,
          payload: '{}',
          contentType: 'application/json',
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          error: { type: 'not_found_error', code: 'resource_missing', message: expect.any(String) },
        });
        expect(res.headers['x-request-id']).toEqual(expect.any(String));
      }
    });
  });
});
