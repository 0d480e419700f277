import { randomUUID } from 'node:crypto';
import { EventStore, Position, RecordedEvent } from '@app/event-store';
import { fuzzDatabases } from '@app/read-models/testing/test-databases';
import fc from 'fast-check';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import { problemWith } from './support/error-envelope';
import { createWorld, World, worldId } from './support/fuzz-world';
import { Operation, operationsOf, urlOf } from './support/openapi-operations';
import { changedRecords, Snapshot, snapshotOf } from './support/record-snapshot';
import { startTestApp, TestApp } from './support/test-app';
import { NEEDS_REVISION, VALID_BODIES } from './support/valid-bodies';

/*
 * Every operation of the app's own OpenAPI document (so invoices and whatever comes next are
 * covered with no edit here) is sent requests one mistake away from a valid one: one field of a
 * valid body changed or dropped, a path id that names nothing, a query parameter it does not take
 * or of the wrong type, a malformed If-Match or Idempotency-Key. Each answer is below 500, every
 * error in the envelope, a mistake the API must catch is a 4xx, a refused request writes no
 * event, and records no successful request named stay as they were.
 */

const DATABASES = fuzzDatabases('OpenAPI fuzz');

/** Runs per operation and kind of mistake, and the seed (FUZZ_SEED=<seed> replays a report). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** The write operations are fuzzed in this many parts, one after the other. */
const WRITE_PARTS = [0, 1, 2, 3];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// ---------------------------------------------------------------------------------------------
// Mistakes

/** Values no field should take whole, whatever its type: each may break a parser or a column. */
const BAD_VALUES: unknown[] = [
  null,
  '',
  ' ',
  '\t\n',
  'a\u0000b',
  '\ud800',
  'x'.repeat(10_001),
  -1,
  0,
  1.5,
  2147483648,
  2 ** 53 + 1,
  1e308,
  -1e308,
  1e-300,
  true,
  [],
  {},
  [null],
  [2147483648],
  { id: 1 },
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '2147483648',
  '1e5',
  '12.345678',
  '2030-02-31',
  '9999-99-99',
  '-0',
  'NaN',
];

const badValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...BAD_VALUES) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
);

/** Path ids that name no record: each must be a 4xx (404), never a look-up that fails. */
const BAD_IDS = [
  'not-a-uuid',
  '2147483648',
  '9007199254740993',
  '1e308',
  '-1',
  '0',
  '%00',
  '%ZZ',
  '%20',
  'a'.repeat(300),
  '00000000-0000-0000-0000-000000000000',
  "'%20OR%201=1",
];

const UNKNOWN_PARAMS = ['foo', 'sort', 'PAGE', 'page[]', 'expand', '__proto__', 'constructor', 'filter[id]'];

/** Values of the wrong kind for a declared parameter, as URL text: any answer below 500 will do. */
const BAD_QUERY_VALUES: Record<string, string[]> = {
  number: ['abc', '1.5', '-1', '0', '2147483648', '1e308', '', '9'.repeat(400), 'NaN'],
  boolean: ['maybe', '', '2', 'TRUE', 'yes'],
  string: [
    '',
    '%20',
    'not-a-uuid',
    '2147483648',
    '%00',
    '%ZZ',
    'x'.repeat(1000),
    '%27%3B%20drop%20table%20items',
  ],
};

const BAD_IF_MATCH = [
  'abc',
  '"abc"',
  'W/"1"',
  '-1',
  '"-1"',
  '1.5',
  '"1", "2"',
  '""',
  '99999999999999999999',
  'so_1',
];
const BAD_IDEMPOTENCY_KEYS = ['x'.repeat(256), 'x'.repeat(5000), 'clé', '🔑'];

interface Request {
  method: Operation['method'];
  url: string;
  body?: unknown;
  headers: Record<string, string>;
  /** Why the answer must be a 4xx; otherwise anything below 500 will do. */
  due4xx?: string;
  /** Why it must succeed: the table's valid body, on records the world has. */
  due2xx?: string;
}

/** What is absent from a body: a field left out. */
const DROPPED = Symbol('dropped');

/**
 * Mistakes aimed at what a field holds in the valid body: every integer gets values outside a
 * PostgreSQL integer, every id one that names nothing, every text what a column cannot store.
 */
function mistakesFor(current: unknown): unknown[] {
  if (Number.isInteger(current)) return [2147483648, 2 ** 53 + 1, 1e308, -1, 0, 1.5, '7'];
  if (typeof current === 'number') return [1e308, -1, 'abc', '1e5'];
  if (typeof current === 'string' && /^[0-9a-f-]{36}$/i.test(current))
    return ['not-a-uuid', '00000000-0000-0000-0000-000000000000', 2147483648];
  if (typeof current === 'string') return ['', ' \t', 'a\u0000b', 'x'.repeat(10_001), 7];
  if (typeof current === 'boolean') return ['true', 0];
  if (Array.isArray(current)) return [[], [null], [2147483648], 'x'];
  if (typeof current === 'object' && current !== null) return [[], 'x'];
  return [null, ' ', 2147483648, {}, 'x'.repeat(10_001)];
}

/** Every field of the body (and of its schema, and one it does not have) changed or dropped, one at a time. */
function oneFieldChanges(valid: Json, schemaFields: string[]): [string, unknown][] {
  const fields = [...new Set([...fieldPaths(valid), ...schemaFields, 'unknown_field'])];
  return fields.flatMap((field) => {
    const current = field
      .split('.')
      .reduce<unknown>((value, key) => (value as Json | undefined)?.[key], valid);
    const values = [...mistakesFor(current), ...(current === undefined ? [] : [DROPPED])];
    return values.map((value): [string, unknown] => [field, value]);
  });
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

function uuidsIn(text: string): string[] {
  return (text.match(UUID) ?? []).map((id) => id.toLowerCase());
}

/**
 * Whether a record may have changed after requests that succeeded naming `named`: it is one of
 * them, refers to one, or one of them referred to it before (an estimate's items count it).
 */
function mayChange(named: Set<string>, before: Snapshot): (record: unknown, url: string) => boolean {
  const touched = new Set(named);
  for (const answer of before.values())
    for (const record of answer.object === 'list' ? answer.data : [answer])
      if (named.has(String(record.id))) uuidsIn(JSON.stringify(record)).forEach((id) => touched.add(id));
  return (record, url) => uuidsIn(`${url} ${JSON.stringify(record ?? '')}`).some((id) => touched.has(id));
}

/** The field paths of a body (`lines.1.item_variation_location_id`), leaves and branches. */
function fieldPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...fieldPaths(child, path)];
  });
}

/** A copy of `body` with the field at `path` set to `value`, or removed when it is DROPPED. */
function withField(body: Json, path: string, value: unknown): Json {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let parent: Json = copy;
  for (const key of keys.slice(0, -1)) {
    if (typeof parent[key] !== 'object' || parent[key] === null) parent[key] = {};
    parent = parent[key];
  }
  const last = keys[keys.length - 1];
  if (value === DROPPED) delete parent[last];
  else parent[last] = value;
  return copy;
}

// ---------------------------------------------------------------------------------------------

describe.each(DATABASES)('every OpenAPI operation under one-mistake requests on $name', (database) => {
  let t: TestApp;
  let operations: Operation[];
  let store: EventStore;

  beforeAll(async () => {
    t = await startTestApp(database);
    store = t.app.get<EventStore>(EVENT_STORE, { strict: false });
    const document = await t.app.inject({ method: 'GET', url: '/api/v3/openapi.json' });
    operations = operationsOf(document.json());
  });
  afterAll(() => t?.close());

  /** The world's records for the operation's path parameters (a random UUID where it has none). */
  const paramsOf = (operation: Operation, world: World) =>
    Object.fromEntries(
      operation.pathParams.map((param) => [param, worldId(world, operation.path, param) ?? randomUUID()]),
    );

  /** The operation as it succeeds on the world: its records in the path, a valid body, a fresh key. */
  function baseRequest(operation: Operation, world: World): Request {
    const params = paramsOf(operation, world);
    const headers: Record<string, string> = { ...world.owner.headers };
    if (operation.method !== 'GET') headers['idempotency-key'] = randomUUID();
    return {
      method: operation.method,
      url: urlOf(operation, params),
      body: VALID_BODIES[operation.key]?.(world),
      headers,
    };
  }

  function mistakes(operation: Operation, world: World): fc.Arbitrary<Request>[] {
    const base = () => baseRequest(operation, world);
    const kinds: fc.Arbitrary<Request>[] = [];
    const valid = VALID_BODIES[operation.key]?.(world);
    if (valid) {
      const fields = [...new Set([...fieldPaths(valid), ...operation.bodyFields, 'unknown_field'])];
      kinds.push(
        fc
          .tuple(fc.constantFrom(...fields), fc.option(badValue, { freq: 6, nil: DROPPED }))
          .map(([field, value]) => ({ ...base(), body: withField(valid, field, value) })),
      );
    }
    if (operation.pathParams.length > 0) {
      kinds.push(
        fc.tuple(fc.constantFrom(...operation.pathParams), fc.constantFrom(...BAD_IDS)).map(([param, id]) => {
          const request = base();
          const params = paramsOf(operation, world);
          return {
            ...request,
            url: urlOf(operation, { ...params, [param]: id }),
            due4xx: `{${param}} = ${id}`,
          };
        }),
      );
    }
    const unknown = fc
      .tuple(fc.constantFrom(...UNKNOWN_PARAMS), fc.constantFrom('1', 'x', ''))
      .map(([name, value]) => {
        const request = base();
        const query = `${encodeURIComponent(name)}=${value}`;
        return { ...request, url: `${request.url}?${query}`, due4xx: `unknown query parameter ${query}` };
      });
    const declared = operation.query.length
      ? [
          fc
            .constantFrom(...operation.query)
            .chain((param) =>
              fc.tuple(
                fc.constant(param),
                fc.constantFrom(...(BAD_QUERY_VALUES[param.type] ?? BAD_QUERY_VALUES.string)),
              ),
            )
            .map(([param, value]) => {
              const request = base();
              return { ...request, url: `${request.url}?${param.name}=${value}` };
            }),
          fc.constantFrom(...operation.query).map((param) => {
            const request = base();
            const query = `${param.name}=1&${param.name}=2`;
            return { ...request, url: `${request.url}?${query}`, due4xx: `${param.name} given twice` };
          }),
        ]
      : [];
    kinds.push(fc.oneof(unknown, ...declared));
    const ifMatch = fc.constantFrom(...BAD_IF_MATCH).map((value) => {
      const request = base();
      const declares = operation.headers.includes('if-match');
      return {
        ...request,
        headers: { ...request.headers, 'if-match': value },
        due4xx: declares ? `If-Match: ${value}` : undefined,
      };
    });
    const idempotencyKey = fc.constantFrom(...BAD_IDEMPOTENCY_KEYS).map((value) => {
      const request = base();
      const honoured = ['POST', 'PATCH', 'PUT'].includes(operation.method);
      return {
        ...request,
        headers: { ...request.headers, 'idempotency-key': value },
        due4xx: honoured ? `Idempotency-Key of ${value.length} characters` : undefined,
      };
    });
    kinds.push(fc.oneof(ifMatch, idempotencyKey));
    return kinds;
  }

  /** The record's current revision, for operations that need it to get past If-Match. */
  async function withRevision(operation: Operation, request: Request): Promise<Request> {
    if (!NEEDS_REVISION.has(operation.key) || request.headers['if-match'] !== undefined) return request;
    const record = request.url.split('?')[0].replace(/\/preview$/, '');
    const res = await t.app.inject({ method: 'GET', url: record, headers: request.headers });
    const etag = res.headers.etag;
    return typeof etag === 'string'
      ? { ...request, headers: { ...request.headers, 'if-match': etag } }
      : request;
  }

  /** What a batch of requests did: the ids successful ones named, the requests refused (by request id). */
  interface Outcome {
    named: Set<string>;
    refused: Map<string, string>;
  }

  /** What is wrong with the answer to `request`; undefined when nothing is. */
  async function send(operation: Operation, given: Request, outcome: Outcome): Promise<string | undefined> {
    const request = await withRevision(operation, given);
    const json = request.body !== undefined;
    const res = await t.app.inject({
      method: request.method,
      url: request.url,
      payload: json ? JSON.stringify(request.body) : undefined,
      headers: json ? { ...request.headers, 'content-type': 'application/json' } : request.headers,
    });
    const problem = problemWith(res);
    if (problem) return problem;
    if (request.due2xx && res.statusCode >= 300)
      return `answered ${res.statusCode} to ${request.due2xx}: ${res.body.slice(0, 200)}`;
    if (res.statusCode >= 400) {
      outcome.refused.set(
        String(res.headers['x-request-id']),
        `${request.method} ${request.url.slice(0, 200)}`,
      );
      return undefined;
    }
    // Whatever a successful request names may change.
    for (const id of uuidsIn(`${request.url} ${JSON.stringify(request.body ?? '')} ${res.body}`))
      outcome.named.add(id);
    if (request.due4xx) return `answered ${res.statusCode} to ${request.due4xx}: ${res.body.slice(0, 200)}`;
    return undefined;
  }

  /**
   * Sends each kind of mistake RUNS times; failures as fast-check reports them, with the seed. A
   * refused request must have appended no event (checked once for the batch, by request id).
   */
  async function fuzz(operation: Operation, world: World, outcome: Outcome): Promise<string[]> {
    const failures: string[] = [];
    const start = await store.headPosition();
    const valid = VALID_BODIES[operation.key]?.(world);
    // The table's body first, as is: it must still be valid, or the changes below test little.
    const aimed = operation.pathParams.every((param) => worldId(world, operation.path, param) !== undefined);
    if (valid && aimed) {
      const problem = await send(
        operation,
        { ...baseRequest(operation, world), due2xx: 'the valid body' },
        outcome,
      );
      if (problem) failures.push(`${operation.key}: ${problem} (see test/support/valid-bodies.ts)`);
    }
    for (const [field, value] of valid ? oneFieldChanges(valid, operation.bodyFields) : []) {
      const request = { ...baseRequest(operation, world), body: withField(valid as Json, field, value) };
      const problem = await send(operation, request, outcome);
      const shown = value === DROPPED ? 'dropped' : `= ${JSON.stringify(value).slice(0, 40)}`;
      if (problem) failures.push(`${operation.key} with ${field} ${shown}: ${problem}`);
    }
    for (const [index, kind] of mistakes(operation, world).entries()) {
      const details = await fc.check(
        fc.asyncProperty(kind, async (request) => {
          const problem = await send(operation, request, outcome);
          if (problem) throw new Error(`${request.method} ${request.url.slice(0, 200)} ${problem}`);
        }),
        { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
      );
      if (details.failed) {
        const error =
          details.errorInstance instanceof Error
            ? details.errorInstance.message
            : String(details.errorInstance);
        const example = JSON.stringify(details.counterexample?.[0]?.body ?? null).slice(0, 300);
        failures.push(`${operation.key} (seed ${details.seed}): ${error}\n    body: ${example}`);
      }
    }
    for (const event of await eventsAfter(start)) {
      const refused = outcome.refused.get(String(event.metadata.request_id));
      if (refused) failures.push(`${refused} was refused but appended ${event.type} to ${event.streamId}`);
    }
    return failures;
  }

  async function eventsAfter(start: Position | undefined): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for (let after: Position | 'start' = start ?? 'start'; ;) {
      const page = await store.readAll({ after, maxCount: 500 });
      events.push(...page);
      if (page.length < 500) return events;
      after = page[page.length - 1].position;
    }
  }

  /** Deletes, archives, restores, declines, cancels and conversions: after them the world's valid bodies may name nothing usable. */
  const spoils = (operation: Operation) =>
    operation.method === 'DELETE' ||
    /\/(archive|restore|decline|cancel|convert-to-invoice)$/.test(operation.path);

  const outcome = (): Outcome => ({ named: new Set(), refused: new Map() });

  const isMine = (operation: Operation) =>
    operation.path.startsWith('/api/v3/') && !operation.path.endsWith('openapi.json');

  it('finds every operation in the document, and says which take a body the table has none for', () => {
    const mine = operations.filter(isMine);
    expect(mine.length).toBeGreaterThanOrEqual(70);
    const bodiless = mine
      .filter((op) => op.bodyType !== undefined && !VALID_BODIES[op.key])
      .map((op) => op.key);
    if (bodiless.length > 0)
      process.stdout.write(
        `OpenAPI fuzz: no valid body for ${bodiless.join(', ')}; fuzzed on path, query and headers only.\n`,
      );
    const stale = Object.keys(VALID_BODIES).filter((key) => !mine.some((op) => op.key === key));
    expect(stale).toEqual([]);
  });

  it('answers every read below 500, each mistake with a 4xx in the envelope, changing nothing', async () => {
    const world = await createWorld(t.app);
    const bystander = await createWorld(t.app);
    const before = await snapshotOf(t.app, world, operations);
    const aside = await snapshotOf(t.app, bystander, operations);
    const failures: string[] = [];
    for (const operation of operations.filter((op) => op.method === 'GET' && isMine(op)))
      failures.push(...(await fuzz(operation, world, outcome())));
    failures.push(...changedRecords(before, await snapshotOf(t.app, world, operations)));
    failures.push(...changedRecords(aside, await snapshotOf(t.app, bystander, operations)));
    expect(failures).toEqual([]);
  }, 120_000);

  describe('answers every write below 500, each mistake with a 4xx in the envelope; only the records it named change', () => {
    let bystander: World;
    let aside: Snapshot;
    beforeAll(async () => {
      bystander = await createWorld(t.app);
      aside = await snapshotOf(t.app, bystander, operations);
    }, 60_000);

    // The writes in order, in parts that each have their own time (all of them take minutes on a
    // loaded machine), on one world for the writes that leave their records usable (a refund needs
    // the payment before it) and a fresh one for each that does not.
    let world: World | undefined;
    it.each(WRITE_PARTS.map((part) => [part + 1, part]))(
      'part %i of the writes',
      async (_, part) => {
        const failures: string[] = [];
        const writes = operations.filter((op) => op.method !== 'GET' && isMine(op));
        const ordered = [...writes.filter((op) => !spoils(op)), ...writes.filter(spoils)];
        const size = Math.ceil(ordered.length / WRITE_PARTS.length);
        for (const operation of ordered.slice(part * size, (part + 1) * size)) {
          if (!world || spoils(operation)) world = await createWorld(t.app);
          const before = await snapshotOf(t.app, world, operations);
          const done = outcome();
          failures.push(...(await fuzz(operation, world, done)));
          const changed = changedRecords(
            before,
            await snapshotOf(t.app, world, operations),
            mayChange(done.named, before),
          );
          failures.push(...changed.map((change) => `${operation.key} changed ${change}`));
        }
        expect(failures).toEqual([]);
      },
      240_000,
    );

    it('leaves the records of a world no write named as they were', async () => {
      expect(changedRecords(aside, await snapshotOf(t.app, bystander, operations))).toEqual([]);
    });
  });
});
