import { randomUUID } from 'node:crypto';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore } from '@app/event-store';
import { Database } from '@app/read-models';
import { failingAfterAppends, freezingAppends } from '@app/read-models/testing/crashing-appends';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { sql } from 'kysely';
import { configFromEnv } from '@app/runtime';
import { createApp, CreateAppOptions } from '../apps/api/src/create-app';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import { apiOf, Json, ok, openShop, Shop } from './support/estimates';
import { ADMIN_TOKEN } from './support/operator';

postgresSkipNotice('idempotency across a crash e2e');

const LEASE_MS = 300;
const config = configFromEnv({ LOG_LEVEL: 'silent', ADMIN_TOKEN, IDEMPOTENCY_LEASE_MS: String(LEASE_MS) });
const CUSTOMERS = '/api/v3/customers';
const isCustomer = (stream: string) => stream.startsWith('customer-');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Part 6 of issue 15: an in-progress Idempotency-Key belongs to a live request. A process that dies
 * with a request in flight stops renewing the key's lease; the first retry after the lease has run
 * out replays the answer when the write landed (the events carry the key), or runs the request when
 * it did not. Either way the retry is answered once, and one record exists.
 */
describe.each(testDatabases())('Idempotency-Key across a crash, on $name', (target) => {
  let database: Database;
  const apps: NestFastifyApplication[] = [];
  let shop: Shop;

  beforeAll(async () => {
    database = await target.open();
    shop = await openShop(await start());
  });
  afterEach(async () => {
    for (const app of apps.splice(1)) await app.close().catch(() => undefined);
  });
  afterAll(async () => {
    for (const app of apps.splice(0)) await app.close().catch(() => undefined);
    await database?.close();
  });

  async function start(options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
    const app = await createApp(config, { database, ...options });
    apps.push(app);
    return app;
  }

  const create = (app: NestFastifyApplication, key: string, name: string) =>
    apiOf(app)(shop.owner)('POST', CUSTOMERS, { name }, { 'idempotency-key': key });

  async function customersNamed(app: NestFastifyApplication, name: string): Promise<Json[]> {
    const list = await ok(apiOf(app)(shop.owner)('GET', `${CUSTOMERS}?limit=100`));
    return list.data.filter((c: Json) => c.name === name);
  }

  async function records(key: string): Promise<{ state: string }[]> {
    const { rows } = await sql<{ state: string }>`
      select state from idempotency_keys where key = ${`${shop.owner.userId}/${key}`}`.execute(database.db);
    return rows;
  }

  /** A process that takes the key and dies at `when` its append: it never answers nor renews. */
  async function dieDuring(when: 'before' | 'after', key: string, name: string): Promise<string> {
    const freezing = { frozen: Promise.resolve('') };
    const dying = await start({
      wrapEvents: (events) => {
        const wrapped = freezingAppends(events, isCustomer, when);
        freezing.frozen = wrapped.frozen;
        return wrapped.store;
      },
    });
    void create(dying, key, name); // never answered
    const stream = await freezing.frozen;
    expect(await records(key)).toEqual([{ state: 'in_progress' }]);
    // While its process lives, the request's lease is renewed: the key stays its own.
    await sleep(3 * LEASE_MS);
    const meanwhile = await create(dying, key, name);
    expect([meanwhile.statusCode, meanwhile.json().error.code]).toEqual([
      409,
      'idempotency_request_in_progress',
    ]);
    await dying.close();
    return stream;
  }

  it('replays the answer of a write that landed before its process died', async () => {
    const key = `key-${randomUUID()}`;
    const name = `Landed ${key}`;
    const stream = await dieDuring('after', key, name);

    const restarted = await start();
    await sleep(LEASE_MS + 100); // the dead request's lease runs out
    const retry = await create(restarted, key, name);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(`customer-${retry.json().id}`).toBe(stream);
    expect(retry.json()).toMatchObject({ object: 'customer', name });

    const again = await create(restarted, key, name);
    expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([
      201,
      'true',
      retry.body,
    ]);
    expect(await customersNamed(restarted, name)).toHaveLength(1);
    expect(await records(key)).toEqual([{ state: 'done' }]);
  });

  it('runs the request whose process died before it wrote', async () => {
    const key = `key-${randomUUID()}`;
    const name = `Unwritten ${key}`;
    await dieDuring('before', key, name);

    const restarted = await start();
    await sleep(LEASE_MS + 100);
    const retry = await create(restarted, key, name);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const store = restarted.get<EventStore>(EVENT_STORE);
    expect(
      (await store.readStream(`customer-${retry.json().id}`)).map((e) => e.metadata.idempotency_key),
    ).toEqual([key]);

    const again = await create(restarted, key, name);
    expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([
      201,
      'true',
      retry.body,
    ]);
    expect(await customersNamed(restarted, name)).toHaveLength(1);
    expect(await records(key)).toEqual([{ state: 'done' }]);
  });

  it('replays a write whose connection dropped after its commit, instead of running it again', async () => {
    const key = `key-${randomUUID()}`;
    const name = `Dropped ${key}`;
    const app = await start({ wrapEvents: (events) => failingAfterAppends(events, isCustomer) });

    const failed = await create(app, key, name);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const retry = await create(app, key, name);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toMatchObject({ object: 'customer', name });
    expect(await customersNamed(app, name)).toHaveLength(1);
    expect(await records(key)).toEqual([{ state: 'done' }]);
  });
});
