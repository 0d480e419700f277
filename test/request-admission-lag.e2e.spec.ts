import { ReadYourWrites } from '../apps/api/src/store/read-your-writes';
import { Projector } from '@app/read-models';
import { streamEventsProjector } from '@app/read-models/testing/stream-events-projector';
import { testDatabases } from '@app/read-models/testing/test-databases';
import { Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

/**
 * READ_MODEL_LAG_TARGET_MS: a write that waits past the target for its read models (beyond the
 * quickest wait of its kind) lowers the number of requests worked on at once by a quarter
 * (LagDrivenLimit; its rises, its floor and the allowance per kind are its own spec). A projector of customers is held here while `projectorHeld`, so that a customer
 * create waits as long as the test says. The same on either database: PGlite only.
 */
describe('requests worked on at once, after the read models (PGlite)', () => {
  let t: TestApp;
  let caller: Caller;
  let projectorHeld: Promise<void> | undefined;
  let applying: () => void = () => undefined;
  const heldCustomers: Projector = {
    ...streamEventsProjector({ name: 'held_customers', handles: ['CustomerCreated'] }),
    apply: async (trx, events, schema) => {
      applying();
      await projectorHeld;
      await streamEventsProjector({ name: 'held_customers' }).apply(trx, events, schema);
    },
  };

  beforeAll(async () => {
    t = await startTestApp(testDatabases()[0], {
      config: { maxConcurrentRequests: 64, readModelLagTargetMs: 5 },
      projectors: [heldCustomers],
    });
    caller = await createCaller(t.app);
  });
  afterAll(() => t?.close());

  const limitNow = async () => {
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(/^http_requests_limit (\d+)$/m.exec(metrics)?.[1]);
  };

  it('cuts the limit by a quarter when a write waited past the target', async () => {
    const before = await limitNow(); // 64, less if the operator's writes above waited past 5 ms
    let release!: () => void;
    projectorHeld = new Promise<void>((resolve) => (release = resolve));
    const applied = new Promise<void>((resolve) => (applying = resolve));
    const write = t.app.inject({
      method: 'POST',
      url: '/api/v3/customers',
      headers: caller.headers,
      payload: { name: 'Slow to project' },
    });
    await applied; // appended, and its read model held: the write waits from now at the latest
    const held = performance.now();
    while (performance.now() - held < 20) await new Promise((resolve) => setImmediate(resolve));
    release();
    projectorHeld = undefined;
    expect((await write).statusCode).toBe(201);
    expect(before).toBeGreaterThan(20);
    expect(await limitNow()).toBe(Math.floor(before * 0.75));
  });

  it("tells the limit each write's kind: the types of the events it appended", async () => {
    const kinds: string[] = [];
    t.app.get(ReadYourWrites).onWriteWait((_, kind) => kinds.push(kind));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v3/customers',
      headers: caller.headers,
      payload: { name: 'Of its kind' },
    });
    expect(created.statusCode).toBe(201);
    expect(kinds).toEqual(['CustomerCreated']);
  });
});
