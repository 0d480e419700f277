import { randomUUID } from 'node:crypto';
import {
  AccessDeniedError,
  CancelledError,
  DeadlineExceededError,
  InvalidArgumentError,
  NotLeaderError,
  UnavailableError,
  UnknownError,
} from '@kurrent/kurrentdb-client';
import { StoreAccessDeniedError } from '../errors';
import { RecordedEvent } from '../event-store';
import { anEvent, ids, iterate, pull } from '../contract/fixtures';
import { EsdbStandIn, notLeader } from './esdb-stand-in.fixture';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { Resubscription } from './observer';

describe('EventStoreDB $all subscription across faults (client stand-in)', () => {
  let server: EsdbStandIn;
  let store: EventStoreDbEventStore;
  let retries: Resubscription[];

  beforeEach(() => {
    server = new EsdbStandIn();
    retries = [];
    store = new EventStoreDbEventStore(server.asClient(), {
      resubscribe: { initialDelayMs: 1, maxDelayMs: 5 },
      observer: { resubscribing: (retry) => retries.push(retry), skipped: () => undefined },
    });
  });
  afterEach(() => store.close());

  /** One event per append, each to an invoice stream of its own, as the engine writes them. */
  async function write(count: number) {
    const written = [];
    for (let i = 0; i < count; i++) {
      const event = anEvent('InvoiceCreated', { n: i });
      await store.appendToStream(`invoice-${randomUUID()}`, [event], { expectedRevision: 'no_stream' });
      written.push(event);
    }
    return written;
  }

  const everything = () => true;

  it('given 30 events, when the server is unavailable after 12 and not leader later, then all 30 arrive once and in order', async () => {
    const past = await write(20);
    server.subscriptionFaults.push(
      { after: 12, error: new UnavailableError() },
      { after: 6, error: notLeader() },
    );
    const subscription = store.subscribeToAll({ after: 'start', maxBatchSize: 5 });
    try {
      const iterator = iterate(subscription);
      const caughtUp = await pull(iterator, 20, everything);
      const live = pull(iterator, 10, everything);
      const future = await write(10);
      const delivered: RecordedEvent[] = [...caughtUp, ...(await live)];

      expect(ids(delivered)).toEqual(ids([...past, ...future]));
      expect(new Set(ids(delivered)).size).toBe(30);
      expect(retries.map((r) => r.error)).toEqual([expect.any(UnavailableError), expect.any(NotLeaderError)]);
      // Each resubscription starts after the last event handed out.
      expect(server.subscribedFrom).toEqual(['start', delivered[11].position, delivered[16].position]);
      expect(retries.map((r) => r.after)).toEqual([delivered[11].position, delivered[16].position]);
    } finally {
      await subscription.close();
    }
  });

  it.each([
    ['deadline exceeded', () => new DeadlineExceededError()],
    ['cancelled by the server', () => new CancelledError()],
    ['ended by the server', () => undefined],
  ])('given the subscription is %s, then it resubscribes and misses nothing', async (_, error) => {
    const past = await write(6);
    server.subscriptionFaults.push({ after: 3, error: error() });
    const subscription = store.subscribeToAll({ after: 'start' });
    try {
      const delivered = await pull(iterate(subscription), 6, everything);

      expect(ids(delivered)).toEqual(ids(past));
      expect(retries).toHaveLength(1);
    } finally {
      await subscription.close();
    }
  });

  it('given faults one after another without a delivery, then the waits grow, capped, and delivery resumes', async () => {
    const past = await write(2);
    server.subscriptionFaults.push(
      ...Array.from({ length: 6 }, () => ({ after: 0, error: new UnavailableError() })),
    );
    const subscription = store.subscribeToAll({ after: 'start' });
    try {
      const delivered = await pull(iterate(subscription), 2, everything);

      expect(ids(delivered)).toEqual(ids(past));
      expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
      for (const retry of retries) expect(retry.delayMs).toBeLessThanOrEqual(5);
    } finally {
      await subscription.close();
    }
  });

  it('given a resubscription the server confirmed, when it fails before delivering, then the backoff starts afresh', async () => {
    server.subscriptionFaults.push(
      { after: 0, error: new UnavailableError() },
      { after: 0, error: new UnavailableError() },
      { after: 0, error: new UnavailableError(), confirmed: true },
    );
    const subscription = store.subscribeToAll({ after: 'start' });
    const next = iterate(subscription).next();
    await until(() => retries.length === 3);

    await subscription.close();

    expect((await next).done).toBe(true);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2, 1]);
  });

  it('given open subscriptions, when the store is closed, then they end and nothing stays open', async () => {
    const subscriptions = [
      store.subscribeToAll({ after: 'start' }),
      store.subscribeToAll({ after: 'start' }),
    ];
    const nexts = subscriptions.map((s) => iterate(s).next());
    await until(() => server.open === 2);

    await store.close();

    expect((await Promise.all(nexts)).map((n) => n.done)).toEqual([true, true]);
    expect(server.open).toBe(0);
  });

  it('given access is denied, then the subscription stops saying the user needs read access to $all', async () => {
    await write(1);
    server.subscriptionFaults.push({ after: 0, error: new AccessDeniedError() });
    const subscription = store.subscribeToAll({ after: 'start' });

    const error = await iterate(subscription)
      .next()
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(StoreAccessDeniedError);
    expect((error as Error).message).toMatch(/may not read \$all.*Grant it read access to \$all/);
    expect(retries).toEqual([]);
    expect(server.open).toBe(0);
    await subscription.close();
  });

  it.each([
    ['the client’s InvalidArgumentError', () => new InvalidArgumentError('bad position')],
    ['gRPC INVALID_ARGUMENT', () => Object.assign(new UnknownError(), { code: 3, message: 'bad position' })],
  ])('given %s, then the subscription stops saying what to check', async (_, error) => {
    server.subscriptionFaults.push({ after: 0, error: error() });
    const subscription = store.subscribeToAll({ after: 'start' });

    await expect(iterate(subscription).next()).rejects.toThrow(
      /refused the \$all subscription as invalid.*22\.6 or newer.*checkpoint/,
    );
    expect(retries).toEqual([]);
    await subscription.close();
  });

  it('given another error of the client, then it ends the subscription as it is', async () => {
    const unknown = new UnknownError();
    server.subscriptionFaults.push({ after: 0, error: unknown });
    const subscription = store.subscribeToAll({ after: 'start' });

    await expect(iterate(subscription).next()).rejects.toBe(unknown);
    await subscription.close();
  });

  /** A subscription from the start, closed once `reached` holds: its iteration ends, nothing stays open. */
  async function expectClosedCleanly(reached: () => boolean): Promise<void> {
    const subscription = store.subscribeToAll({ after: 'start' });
    const next = iterate(subscription).next();
    await until(reached);

    await subscription.close();

    expect((await next).done).toBe(true);
    expect(server.open).toBe(0);
  }

  it('given a subscription waiting to resubscribe, when it is closed, then iteration ends at once and nothing stays open', async () => {
    store = new EventStoreDbEventStore(server.asClient(), {
      resubscribe: { initialDelayMs: 60_000 },
      observer: { resubscribing: (retry) => retries.push(retry) },
    });
    server.subscriptionFaults.push({ after: 0, error: new UnavailableError() });

    await expectClosedCleanly(() => retries.length === 1);
  });

  it('given a live subscription, when it is closed, then the client subscription is cancelled', async () => {
    await expectClosedCleanly(() => server.open === 1);
  });
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
}
