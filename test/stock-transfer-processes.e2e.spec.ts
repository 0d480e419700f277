import { randomUUID } from 'node:crypto';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore } from '@app/event-store';
import { Database, ProjectionRunner } from '@app/read-models';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { configFromEnv } from '@app/runtime';
import { createApp } from '../apps/api/src/create-app';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import { createCategory, createLocation } from './support/catalog';
import { ADMIN_TOKEN, Caller, createCaller } from './support/operator';
import { as } from './support/party-rules';

postgresSkipNotice('stock transfers across processes e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const config = configFromEnv({ LOG_LEVEL: 'silent', ADMIN_TOKEN });

/**
 * Two API processes on one store: their per-stream queues are their own, so a race between them is
 * decided by the expected revision on the stock-owning stream alone (docs/inventory.md).
 */
describe.each(testDatabases())('stock transfers racing across two processes, on $name', (target) => {
  let database: Database;
  let one: NestFastifyApplication;
  let two: NestFastifyApplication;
  let owner: Caller;
  let store: Json;
  let depot: Json;
  let tools: Json;

  beforeAll(async () => {
    database = await target.open();
    one = await createApp(config, { database });
    two = await createApp(config, { database });
    owner = await createCaller(one);
    store = await createLocation(one, owner, { name: 'Store' });
    depot = await createLocation(one, owner, { name: 'Depot' });
    tools = await createCategory(one, owner);
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await database?.close();
  });

  /** Both processes' read models have caught up with the log. */
  async function settled(): Promise<void> {
    const head = (await one.get<EventStore>(EVENT_STORE).headPosition())!;
    // Two processes' projectors share the machine: allow them longer than a write's 5 s.
    await one.get(ProjectionRunner).waitFor(head, { timeoutMs: 30_000 });
    await two.get(ProjectionRunner).waitFor(head, { timeoutMs: 30_000 });
  }

  const call = (app: NestFastifyApplication) => as(app, owner);
  const keyed = () => ({ 'idempotency-key': randomUUID() });

  async function itemWith(onHand: number): Promise<Json> {
    const item = (
      await call(one)('POST', '/api/v3/items', {
        name: `Item ${randomUUID().slice(0, 6)}`,
        inventory_type: 'quantity',
        category_id: tools.id,
      })
    ).json();
    await call(one)('POST', `/api/v3/items/${item.id}/adjustments`, {
      location_id: store.id,
      quantity: onHand,
    });
    return item;
  }

  async function transfer(itemId: string, quantity: number): Promise<Json> {
    const res = await call(one)(
      'POST',
      '/api/v3/stock-transfers',
      {
        origin_location_id: store.id,
        destination_location_id: depot.id,
        lines: [{ item_id: itemId, quantity }],
      },
      keyed(),
    );
    if (res.statusCode !== 201) throw new Error(`transfer answered ${res.statusCode}: ${res.body}`);
    return res.json();
  }

  async function onHandAtStore(itemId: string): Promise<number> {
    await settled();
    const list = (await call(one)('GET', `/api/v3/items?location_id=${store.id}&limit=100`)).json();
    return list.data.find((i: Json) => i.id === itemId).location_inventory.quantity;
  }

  it('two sends of the last units, one per process: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const shovel = await itemWith(2);
      const a = await transfer(shovel.id, 2);
      const b = await transfer(shovel.id, 1);
      await settled();
      const results = await Promise.all([
        call(one)('POST', `/api/v3/stock-transfers/${a.id}/send`, {}, keyed()),
        call(two)('POST', `/api/v3/stock-transfers/${b.id}/send`, {}, keyed()),
      ]);
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(results.find((r) => r.statusCode !== 200)!.json().error).toMatchObject({
        code: 'insufficient_stock',
        param: 'lines.0.quantity',
      });
      expect(await onHandAtStore(shovel.id)).toBe(codes[0] === 200 ? 0 : 1);
    }
  });

  it('a send in one process racing an adjustment in the other: never below zero', async () => {
    for (let round = 0; round < 3; round++) {
      const shovel = await itemWith(2);
      const a = await transfer(shovel.id, 2);
      await settled();
      const [sent, adjusted] = await Promise.all([
        call(one)('POST', `/api/v3/stock-transfers/${a.id}/send`, {}, keyed()),
        call(two)('POST', `/api/v3/items/${shovel.id}/adjustments`, { location_id: store.id, quantity: -1 }),
      ]);
      expect([sent.statusCode === 200, adjusted.statusCode === 201].filter(Boolean)).toHaveLength(1);
      expect(await onHandAtStore(shovel.id)).toBeGreaterThanOrEqual(0);
    }
  });
});
