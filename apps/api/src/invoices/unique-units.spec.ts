import { randomUUID } from 'node:crypto';
import { DomainError, ItemCreated, itemAggregate, ItemState, StockAdjusted } from '@app/domain';
import { EventStore, MemoryEventStore } from '@app/event-store';
import { AggregateRepository } from '@app/event-store/aggregate';
import { Actor } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { UnitLine } from '@app/processes';
import { UniqueUnits } from './unique-units';

const ACCOUNT = randomUUID();
const STORE = randomUUID();
const actor = {
  accountId: ACCOUNT,
  userId: randomUUID(),
  apiKeyId: randomUUID(),
  requestId: 'req-1',
  idempotencyKey: null,
  correlationId: 'req-1',
  locationId: null,
} as unknown as Actor;

function created(id: string, inventory_type: 'unique' | 'quantity' = 'unique'): ItemCreated {
  return {
    type: 'ItemCreated',
    data: {
      id,
      account_id: ACCOUNT,
      item_number: 1,
      name: 'Painting',
      description: null,
      sku: null,
      barcode: null,
      serial_number: null,
      inventory_type,
      category_id: randomUUID(),
      supplier_ids: [],
      location_id: STORE,
      zone_id: null,
      unit_of_measure_id: null,
      price: '900.0000',
      cost: null,
      threshold: 0,
      weight: 0,
      published: false,
      custom_field_values: [],
      pricing_details: [],
      variation_attribute_ids: [],
      status_id: 12,
      created_at: '2030-01-01T00:00:00.000Z',
    },
  };
}

function stocked(id: string): StockAdjusted {
  return {
    type: 'StockAdjusted',
    data: {
      account_id: ACCOUNT,
      item_id: id,
      variation_id: null,
      item_variation_location_id: null,
      location_id: STORE,
      quantity: '1',
      on_hand_after: '1',
      reason: null,
      adjusted_at: '2030-01-01T00:00:00.000Z',
    },
  };
}

const unitLine = (item_id: string): UnitLine => ({ line_type: 'inventory', item_id, unique: true });
const serviceLine: UnitLine = { line_type: 'service', item_id: randomUUID(), unique: false };

/**
 * Holds every append on an item stream until `readers` loads of item streams have happened, so
 * that racing claims all decide on the same revision before any of them appends.
 */
function racingStore(inner: MemoryEventStore, readers: number): EventStore {
  let reads = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return new Proxy(inner, {
    get(target, name, receiver) {
      if (name === 'readStream')
        return async (...args: Parameters<EventStore['readStream']>) => {
          const events = await target.readStream(...args);
          if (String(args[0]).startsWith('item-') && ++reads >= readers) open();
          return events;
        };
      if (name === 'appendToStream')
        return async (...args: Parameters<EventStore['appendToStream']>) => {
          if (String(args[0]).startsWith('item-')) await gate;
          return target.appendToStream(...args);
        };
      const value = Reflect.get(target, name, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('UniqueUnits', () => {
  let memory: MemoryEventStore;
  let units: UniqueUnits;
  let writer: RecordWriter;

  const unitsOn = (store: EventStore) => {
    writer = new RecordWriter(new AggregateRepository(store), async () => {});
    return new UniqueUnits(writer, store);
  };

  async function item(events: (ItemCreated | StockAdjusted)[]): Promise<string> {
    const id = (events[0] as ItemCreated).data.id;
    await memory.appendToStream(
      `item-${id}`,
      events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: {} })),
      { expectedRevision: 'no_stream' },
    );
    return id;
  }
  const onHand = (id = randomUUID()) => item([created(id), stocked(id)]);
  const record = async (id: string) => {
    const { state } = await writer.read(itemAggregate, id);
    return (state as ItemState & { status: 'live' }).record;
  };
  const types = async (id: string) => (await memory.readStream(`item-${id}`)).map((e) => e.type);

  beforeEach(() => {
    memory = new MemoryEventStore();
    units = unitsOn(memory);
  });

  it('claims every unique unit on the lines: sold (14) on that invoice; other lines are left alone', async () => {
    const [a, b] = [await onHand(), await onHand()];
    const invoice = randomUUID();
    await units.apply(actor, invoice, [], [unitLine(a), serviceLine, unitLine(b)]);
    for (const id of [a, b]) expect(await record(id)).toMatchObject({ status_id: 14, invoice_id: invoice });
    expect(await types(a)).toEqual(['ItemCreated', 'StockAdjusted', 'ItemUnitInvoiced']);
  });

  it('is repeat-safe: claiming again for the same invoice appends nothing', async () => {
    const a = await onHand();
    const invoice = randomUUID();
    await units.apply(actor, invoice, [], [unitLine(a)]);
    await units.apply(actor, invoice, [], [unitLine(a)]);
    expect(await types(a)).toEqual(['ItemCreated', 'StockAdjusted', 'ItemUnitInvoiced']);
  });

  it('refuses a unit on another active invoice with 409 item_unit_unavailable naming the line, taking none', async () => {
    const [a, b] = [await onHand(), await onHand()];
    const [first, second] = [a < b ? a : b, a < b ? b : a];
    await units.apply(actor, randomUUID(), [], [unitLine(second)]);
    const invoice = randomUUID();
    // `first` is available and `second` is not: one atomic append, so `first` is not taken either.
    const refused = units.apply(actor, invoice, [], [unitLine(second), unitLine(first)]);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      code: 'item_unit_unavailable',
      param: 'lines.0.item_id',
    });
    expect(await record(first)).toMatchObject({ status_id: 12, invoice_id: null });
    expect(await types(first)).toEqual(['ItemCreated', 'StockAdjusted']);
  });

  it("decides the moves as appends with each item stream's revision, writing nothing itself", async () => {
    const [a, b] = [await onHand(), await onHand()];
    const invoice = randomUUID();
    await units.apply(actor, invoice, [], [unitLine(a)]);

    const appends = await units.move(actor, invoice, [unitLine(a)], [unitLine(b)]);

    expect(appends.map((x) => [x.streamId, x.expectedRevision, x.events.map((e) => e.type)])).toEqual([
      [`item-${b}`, 1, ['ItemUnitInvoiced']],
      [`item-${a}`, 2, ['ItemUnitReleased']],
    ]);
    expect(await types(b)).toEqual(['ItemCreated', 'StockAdjusted']);
  });

  it('refuses a unit not on hand, and a unique item on two lines before writing anything', async () => {
    const never = randomUUID();
    await item([created(never)]);
    await expect(units.apply(actor, randomUUID(), [], [unitLine(never)])).rejects.toMatchObject({
      code: 'item_unit_unavailable',
    });
    const a = await onHand();
    await expect(units.apply(actor, randomUUID(), [], [unitLine(a), unitLine(a)])).rejects.toMatchObject({
      status: 409,
      code: 'item_unit_unavailable',
      param: 'lines.1.item_id',
    });
    expect(await types(a)).toEqual(['ItemCreated', 'StockAdjusted']);
  });

  it('releases the units the invoice holds (available, 12), and only those', async () => {
    const [a, b] = [await onHand(), await onHand()];
    const [mine, theirs] = [randomUUID(), randomUUID()];
    await units.apply(actor, mine, [], [unitLine(a)]);
    await units.apply(actor, theirs, [], [unitLine(b)]);
    await units.apply(actor, mine, [unitLine(a), unitLine(b)], []);
    expect(await record(a)).toMatchObject({ status_id: 12, invoice_id: null });
    expect(await record(b)).toMatchObject({ status_id: 14, invoice_id: theirs });
    await units.apply(actor, mine, [unitLine(a)], []);
    expect(await types(a)).toEqual(['ItemCreated', 'StockAdjusted', 'ItemUnitInvoiced', 'ItemUnitReleased']);
  });

  it('reconciles an edit: claims the added units, gives back the removed ones, keeps the rest', async () => {
    const [kept, removed, added] = [await onHand(), await onHand(), await onHand()];
    const invoice = randomUUID();
    await units.apply(actor, invoice, [], [unitLine(kept), unitLine(removed)]);
    await units.apply(actor, invoice, [unitLine(kept), unitLine(removed)], [unitLine(added), unitLine(kept)]);
    expect(await record(kept)).toMatchObject({ status_id: 14, invoice_id: invoice });
    expect(await record(removed)).toMatchObject({ status_id: 12, invoice_id: null });
    expect(await record(added)).toMatchObject({ status_id: 14, invoice_id: invoice });
    expect(await types(kept)).toEqual(['ItemCreated', 'StockAdjusted', 'ItemUnitInvoiced']);
  });

  it('given two processes deciding claims of one unit on the same revision, exactly one wins', async () => {
    const a = await onHand();
    // Two API instances: each its own writer (commands on one stream queue only within a process).
    const racing = racingStore(memory, 2);
    const [first, second] = [unitsOn(racing), unitsOn(racing)];
    const [x, y] = [randomUUID(), randomUUID()];
    const results = await Promise.allSettled([
      first.apply(actor, x, [], [unitLine(a)]),
      second.apply(actor, y, [], [unitLine(a)]),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [loser] = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(loser.reason).toBeInstanceOf(DomainError);
    expect(loser.reason).toMatchObject({ status: 409, code: 'item_unit_unavailable' });
    const winner = results[0].status === 'fulfilled' ? x : y;
    expect(await record(a)).toMatchObject({ status_id: 14, invoice_id: winner });
    expect(await types(a)).toEqual(['ItemCreated', 'StockAdjusted', 'ItemUnitInvoiced']);
  });

  it('given many invoices racing for two units each, every unit ends on exactly one invoice', async () => {
    const [a, b] = [await onHand(), await onHand()];
    const invoices = Array.from({ length: 8 }, () => randomUUID());
    const results = await Promise.allSettled(
      invoices.map((invoice) => units.apply(actor, invoice, [], [unitLine(a), unitLine(b)])),
    );
    const winners = invoices.filter((_, i) => results[i].status === 'fulfilled');
    expect(winners).toHaveLength(1);
    for (const id of [a, b])
      expect(await record(id)).toMatchObject({ status_id: 14, invoice_id: winners[0] });
  });
});
