import { randomUUID } from 'node:crypto';
import { EventStore, PostgresEventStore, RecordedEvent } from '@app/event-store';
import { loadCheckpoint, writeCheckpoint } from '../checkpoints';
import { Database } from '../database';
import { ProjectionFailedError } from '../errors';
import { crashingAppends } from '../testing/crashing-appends';
import { recordingLogger } from '../testing/projection-fixtures';
import { projectionSetups, resetDatabase } from '../testing/projection-setups';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { CompletedSteps } from './completed-steps';
import { defineReactor, Reactor } from './reactor';
import { ReactorRunner } from './reactor-runner';
import { reactorTools, runReactorStep } from './reactor-tools';
import { stepEventId } from './step-event-id';

postgresSkipNotice('reactors');

/** An order placed on its stream is shipped on a stream of its own: the second half of the step. */
const shipping: Reactor = defineReactor({
  name: 'shipping',
  handles: ['OrderPlaced'],
  async react(event, tools) {
    const { shipment_id, quantity } = event.data as { shipment_id: string; quantity: number };
    await tools.append(`shipment-${shipment_id}`, 'ship', [{ type: 'ShipmentOpened', data: { quantity } }], {
      expectedRevision: 'no_stream',
    });
  },
});

describe.each(projectionSetups())('reactors ($name)', (kind) => {
  let database: Database;
  let store: EventStore;
  const runners: ReactorRunner[] = [];
  const logger = recordingLogger();

  beforeAll(async () => {
    database = await kind.openDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await resetDatabase(database.db);
    store = await kind.openStore(database);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await store.close();
  });

  function start(
    options: { store?: EventStore; reactors?: Reactor[]; completed?: CompletedSteps } = {},
  ): Promise<ReactorRunner> {
    const runner = new ReactorRunner({
      db: database.db,
      pipeline: database.pipeline,
      store: options.store ?? store,
      reactors: options.reactors ?? [shipping],
      completed: options.completed,
      logger,
    });
    runners.push(runner);
    return runner.start().then(() => runner);
  }

  async function placeOrder(quantity = 3): Promise<{ shipmentId: string; placed: RecordedEvent }> {
    const shipmentId = randomUUID();
    const orderStream = `order-${randomUUID()}`;
    await store.appendToStream(
      orderStream,
      [
        {
          id: randomUUID(),
          type: 'OrderPlaced',
          data: { shipment_id: shipmentId, quantity },
          metadata: { user_id: 'u-1', correlation_id: 'c-1' },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const [placed] = await store.readStream(orderStream);
    return { shipmentId, placed };
  }

  const shipmentOf = (id: string) => store.readStream(`shipment-${id}`);

  it('carries out the later step of each trigger, with ids derived from it and its metadata', async () => {
    // given a running reactor
    const runner = await start();

    // when an order is placed
    const { shipmentId, placed } = await placeOrder(3);
    await runner.waitFor(placed.position);

    // then its shipment exists, once, caused by the order
    const shipment = await shipmentOf(shipmentId);
    expect(shipment).toEqual([
      expect.objectContaining({
        id: stepEventId(placed.id, 'ship', 0),
        type: 'ShipmentOpened',
        data: { quantity: 3 },
        metadata: { user_id: 'u-1', correlation_id: 'c-1', causation_id: placed.id },
      }),
    ]);
    expect(await loadCheckpoint(database.db, 'shipping')).toMatchObject({ position: placed.position });
  });

  it('changes nothing when it runs a step again (a crash after the step, before the checkpoint)', async () => {
    // given a step carried out, and the checkpoint put back before its trigger
    const first = await start();
    const { shipmentId, placed } = await placeOrder();
    await first.waitFor(placed.position);
    await first.stop();
    await writeCheckpoint(database.db, 'shipping', 1, 'start');

    // when the reactor starts again and passes the trigger a second time
    const second = await start();
    await second.waitFor(placed.position);

    // then the shipment is still there once
    expect(await shipmentOf(shipmentId)).toHaveLength(1);
    expect((await second.status())[0]).toMatchObject({ state: 'running', lag: 0 });
  });

  it('finds a step the request already did done (whichever runs first wins)', async () => {
    // given an order whose shipment the request opened itself, as the reactor would
    const { shipmentId, placed } = await placeOrder();
    const [inline] = await runReactorStep(shipping, placed, store);

    // when the reactor reaches the trigger
    const runner = await start();
    await runner.waitFor(placed.position);

    // then it wrote nothing more, and running the step again answers where the events are
    expect(await shipmentOf(shipmentId)).toHaveLength(1);
    expect(await runReactorStep(shipping, placed, store)).toEqual([inline]);
  });

  /** The shipping reactor, each trigger it steps noted in `reacted`. */
  function countingShipping(reacted: string[]): Reactor {
    return defineReactor({
      ...shipping,
      react: (event, tools) => (reacted.push(event.id), shipping.react(event, tools)),
    });
  }

  it('skips a trigger whose step a request of this process completed, and steps the others', async () => {
    // given an order whose shipment a request here opened itself, and another order
    const completed = new CompletedSteps();
    const done = await placeOrder();
    await completed.run('shipping', done.placed.streamId, done.placed.revision, () =>
      runReactorStep(shipping, done.placed, store),
    );
    const other = await placeOrder();
    const reacted: string[] = [];

    // when the reactor reaches both
    const runner = await start({ reactors: [countingShipping(reacted)], completed });
    await runner.waitFor(other.placed.position);

    // then it stepped only the other, each shipment is there once, and the note is used up
    expect(reacted).toEqual([other.placed.id]);
    expect(await shipmentOf(done.shipmentId)).toHaveLength(1);
    expect(await shipmentOf(other.shipmentId)).toHaveLength(1);
    expect(completed.size).toBe(0);
    expect(await loadCheckpoint(database.db, 'shipping')).toMatchObject({ position: other.placed.position });
  });

  it('waits for a step a request is still running, and steps the trigger itself only if the request failed', async () => {
    // given two orders whose steps requests here are running, held until the loop waits for them
    const completed = new CompletedSteps();
    const kept = await placeOrder();
    const failing = await placeOrder();
    const loopWaits = new Promise<void>((resolve) => {
      const settled = completed.settled.bind(completed);
      completed.settled = (...args) => (resolve(), settled(...args));
    });
    const keptStep = completed.run('shipping', kept.placed.streamId, kept.placed.revision, async () => {
      await loopWaits;
      return runReactorStep(shipping, kept.placed, store);
    });
    const failedStep = completed.run(
      'shipping',
      failing.placed.streamId,
      failing.placed.revision,
      async () => {
        await loopWaits;
        throw new Error('the request died');
      },
    );
    failedStep.catch(() => undefined); // awaited below
    const reacted: string[] = [];

    // when the reactor reaches them
    const runner = await start({ reactors: [countingShipping(reacted)], completed });
    await runner.waitFor(failing.placed.position);

    // then it left the first to its request and stepped the second itself: each shipment once
    await keptStep;
    await expect(failedStep).rejects.toThrow('the request died');
    expect(reacted).toEqual([failing.placed.id]);
    expect(await shipmentOf(kept.shipmentId)).toHaveLength(1);
    expect(await shipmentOf(failing.shipmentId)).toHaveLength(1);
    expect(completed.size).toBe(0);
  });

  it('keeps its checkpoint before a step that failed, and completes it exactly once after a restart', async () => {
    // given a process that dies before the shipment's append
    const { shipmentId, placed } = await placeOrder();
    const dying = await start({
      store: crashingAppends(store, (stream) => stream.startsWith('shipment-')),
    });

    // then the reactor stops on the trigger, its checkpoint before it, and nothing shipped
    await expect(dying.waitFor(placed.position)).rejects.toBeInstanceOf(ProjectionFailedError);
    expect((await dying.status())[0]).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/Injected crash/),
    });
    expect(await loadCheckpoint(database.db, 'shipping')).toMatchObject({ position: 'start' });
    expect(await store.readLastEvent(`shipment-${shipmentId}`)).toBeUndefined();
    await dying.stop();

    // when a healthy process starts on the same database
    const healthy = await start();
    await healthy.waitFor(placed.position);

    // then the step is done once
    expect(await shipmentOf(shipmentId)).toHaveLength(1);
  });

  it('stops on a real conflict: the new stream exists with other events', async () => {
    // given a shipment stream someone else created
    const { shipmentId, placed } = await placeOrder();
    await store.appendToStream(`shipment-${shipmentId}`, [{ id: randomUUID(), type: 'Other', data: {} }], {
      expectedRevision: 'no_stream',
    });

    // when the reactor reaches the trigger, then it stops and says why
    const runner = await start();
    await expect(runner.waitFor(placed.position)).rejects.toBeInstanceOf(ProjectionFailedError);
    expect((await runner.status())[0]).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/expected revision no_stream/),
    });
  });
});

/** A step on an existing stream: an order draws its number from a counter, once. */
const numbering: Reactor = defineReactor({
  name: 'numbering',
  handles: ['OrderPlaced'],
  async react(_event, tools) {
    await tools.decideAndAppend('counter-orders', 'number', (counter) => [
      { type: 'NumberAssigned', data: { number: counter.length + 1 } },
    ]);
  },
});

describe.each(testDatabases())('a reactor step on an existing stream, on $name', (target) => {
  let database: Database;
  let store: EventStore;

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await resetDatabase(database.db);
    store = await PostgresEventStore.open(database, { idlePollMs: 200 });
  });
  afterEach(() => store.close());

  const placed = async () => {
    const stream = `order-${randomUUID()}`;
    await store.appendToStream(stream, [{ id: randomUUID(), type: 'OrderPlaced', data: {} }], {
      expectedRevision: 'no_stream',
    });
    return (await store.readStream(stream))[0];
  };
  const numbers = async () =>
    (await store.readStream('counter-orders')).map((e) => [e.data.number, e.metadata.causation_id]);

  it('decides on the stream as read, and a repeat finds its own event, even after later ones', async () => {
    // given two orders numbered in turn
    const first = await placed();
    const second = await placed();
    await runReactorStep(numbering, first, store);
    await runReactorStep(numbering, second, store);

    // when the first order's step runs again
    const again = await reactorTools(store, first).decideAndAppend('counter-orders', 'number', () => {
      throw new Error('a repeat must not decide again');
    });

    // then it took no new number: the counter still holds 1 and 2, its own being the first
    expect(await numbers()).toEqual([
      [1, first.id],
      [2, second.id],
    ]);
    expect(again).toMatchObject({
      nextExpectedRevision: 0,
      events: [{ type: 'NumberAssigned', data: { number: 1 } }],
    });
  });

  it('decides again when another writer moved the stream between its read and its append', async () => {
    // given a writer that takes number 1 right after the step has read the empty counter
    const order = await placed();
    let raced = false;
    const racing: Reactor = defineReactor({
      ...numbering,
      async react(event, tools) {
        await tools.decideAndAppend('counter-orders', 'number', (counter) => {
          if (!raced) {
            raced = true;
            void store.appendToStream(
              'counter-orders',
              [{ id: randomUUID(), type: 'NumberAssigned', data: { number: 1 } }],
              {
                expectedRevision: 'no_stream',
              },
            );
          }
          return [{ type: 'NumberAssigned', data: { number: counter.length + 1 } }];
        });
      },
    });

    // when the step runs, then it lost the first race and took number 2
    await runReactorStep(racing, order, store);
    expect(await numbers()).toEqual([
      [1, undefined],
      [2, order.id],
    ]);
  });
});
