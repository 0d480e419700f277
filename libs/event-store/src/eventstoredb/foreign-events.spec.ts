import { randomUUID } from 'node:crypto';
import { UnavailableError } from '@kurrent/kurrentdb-client';
import { anEvent, ids, iterate, pull } from '../contract/fixtures';
import { isEngineStream } from './engine-events';
import { EsdbStandIn } from './esdb-stand-in.fixture';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { SkippedEvent } from './observer';

describe('EventStoreDB: events the engine did not write (client stand-in)', () => {
  let server: EsdbStandIn;
  let store: EventStoreDbEventStore;
  let skipped: SkippedEvent[];

  beforeEach(() => {
    server = new EsdbStandIn();
    skipped = [];
    store = new EventStoreDbEventStore(server.asClient(), {
      observer: { skipped: (event) => skipped.push(event) },
    });
  });
  afterEach(() => store.close());

  const own = async (count: number) => {
    const written = [];
    for (let i = 0; i < count; i++) {
      const event = anEvent('ItemCreated', { n: i });
      await store.appendToStream(`item-${randomUUID()}`, [event], { expectedRevision: 'no_stream' });
      written.push(event);
    }
    return written;
  };

  /** What a subscription from the start delivers first, `count` events; it is closed then. */
  async function subscribedFromStart(count: number) {
    const subscription = store.subscribeToAll({ after: 'start' });
    try {
      return await pull(iterate(subscription), count, () => true);
    } finally {
      await subscription.close();
    }
  }

  /** One of each kind the engine never writes. */
  function foreignRecords() {
    server.writeRaw('orders-17', 'OrderPlaced', { total: 3 }); // another writer's naming
    server.writeRaw('$ce-item', 'ItemCreated', { n: 0 }); // a $-stream of an ordinary type
    server.writeRaw(`item-${randomUUID()}`, 'ItemCreated', Buffer.from([0xff, 0x00, 0x17]), true); // binary
    server.writeRaw(`item-${randomUUID()}`, 'ItemCreated', [1, 2, 3]); // JSON, not an object
    server.writeRaw(`item-${randomUUID()}`, 'ItemCreated', 'text'); // JSON, not an object
  }

  it('given a non-JSON foreign event before 4 of the engine’s, when subscribing, then all 4 arrive and the foreign one is reported', async () => {
    server.writeRaw('legacy-stream', 'Imported', Buffer.from('not json'), true);
    const written = await own(4);
    const delivered = await subscribedFromStart(4);

    expect(ids(delivered)).toEqual(ids(written));
    expect(skipped).toEqual([
      expect.objectContaining({ streamId: 'legacy-stream', type: 'Imported', reason: 'foreign_stream' }),
    ]);
  });

  it('given each kind of foreign record between the engine’s events, when subscribing, then only the engine’s arrive and each other is skipped with its reason', async () => {
    const before = await own(1);
    foreignRecords();
    const after = await own(1);
    const delivered = await subscribedFromStart(2);

    expect(ids(delivered)).toEqual(ids([...before, ...after]));
    expect(skipped.map((s) => [s.streamId.replace(/-[0-9a-f-]{36}$/, '-<uuid>'), s.reason])).toEqual([
      ['orders-17', 'foreign_stream'],
      ['$ce-item', 'foreign_stream'],
      ['item-<uuid>', 'not_json_object'],
      ['item-<uuid>', 'not_json_object'],
      ['item-<uuid>', 'not_json_object'],
    ]);
    expect(skipped.every((s) => s.position && s.detail)).toBe(true);
  });

  it('given foreign records, when the log is read in pages, then only the engine’s events, and each foreign one is reported', async () => {
    const before = await own(2);
    foreignRecords();
    const after = await own(2);

    const first = await store.readAll({ after: 'start', maxCount: 3 });
    const rest = await store.readAll({ after: first[first.length - 1].position, maxCount: 10 });

    expect(ids([...first, ...rest])).toEqual(ids([...before, ...after]));
    expect(skipped).toHaveLength(5);
  });

  it('given the log ends with foreign records, then the head is the engine’s last event, which subscribers do reach', async () => {
    await own(1);
    const last = await own(1);
    foreignRecords();

    const head = await store.headPosition();

    expect(head).toEqual((await store.readLastEvent(streamOf(server, last[0].id)))?.position);
  });

  it('given only foreign records, then there is no head', async () => {
    foreignRecords();

    expect(await store.headPosition()).toBeUndefined();
  });

  it('given a system event, then it is left out without a report', async () => {
    server.writeRaw('$stats-127.0.0.1:2113', '$statistics-collected', { cpu: 1 });
    const written = await own(1);

    expect(ids(await store.readAll({ after: 'start', maxCount: 10 }))).toEqual(ids(written));
    expect(skipped).toEqual([]);
  });

  it('given a subscription resubscribed after a foreign record, then the record is reported once', async () => {
    const before = await own(1);
    server.writeRaw('orders-18', 'OrderPlaced', {});
    server.subscriptionFaults.push({ after: 2, error: new UnavailableError() });
    store = new EventStoreDbEventStore(server.asClient(), {
      observer: { skipped: (event) => skipped.push(event), resubscribing: () => undefined },
      resubscribe: { initialDelayMs: 1 },
    });
    const after = await own(1);
    const delivered = await subscribedFromStart(2);

    expect(ids(delivered)).toEqual(ids([...before, ...after]));
    expect(skipped.map((s) => s.streamId)).toEqual(['orders-18']);
  });

  it.each([
    ['invoice-3f0c1b8e-8f5a-4d6b-9a51-1d2c3b4a5f60', true],
    ['itemVariation-3f0c1b8e-8f5a-4d6b-9a51-1d2c3b4a5f60', true],
    ['counter-3f0c1b8e-8f5a-4d6b-9a51-1d2c3b4a5f60-item_variation_location', true],
    ['contract-3F0C1B8E-8F5A-4D6B-9A51-1D2C3B4A5F60', true],
    ['invoice-17', false],
    ['orders-3f0c1b8e', false],
    ['$ce-invoice', false],
    ['$$invoice-3f0c1b8e-8f5a-4d6b-9a51-1d2c3b4a5f60', false],
    ['Invoice-3f0c1b8e-8f5a-4d6b-9a51-1d2c3b4a5f60', false],
    ['invoice-3f0c1b8e-8f5a-4d6b-9a51-1d2c3b4a5f60-extra', false],
  ])('given the stream %s, then the engine owns it: %p', (streamId, owned) => {
    expect(isEngineStream(streamId)).toBe(owned);
  });
});

function streamOf(server: EsdbStandIn, eventId: string): string {
  return server.log.find((r) => r.id === eventId)!.streamId;
}
