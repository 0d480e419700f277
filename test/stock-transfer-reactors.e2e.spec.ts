import { randomUUID } from 'node:crypto';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore } from '@app/event-store';
import { writeCheckpoint } from '@app/read-models';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { reactors } from '@app/processes';
import { transferMovementRepairReactor } from '@app/processes';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import { createCategory, createLocation } from './support/catalog';
import { createCaller } from './support/operator';
import { appendTwoPhaseMovement } from './support/two-phase-transfer';
import { as } from './support/party-rules';
import { restartsOn } from './support/restarts';

postgresSkipNotice('stock-transfer reactors e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TRANSFERS = '/api/v3/stock-transfers';

/**
 * The registry's reactors, the repair one without its grace: no request is in flight after a
 * restart (a live service needs the grace: without it the repair would close steps in flight).
 */
const restartedReactors = [
  ...reactors.filter((r) => r.name !== 'stock_transfer_movement_repair'),
  transferMovementRepairReactor(0),
];

/**
 * A transfer step's movements on the stock-owning streams and the transfer's event are one atomic
 * append (docs/inventory.md): a process that dies there leaves nothing. Logs written by the older
 * two-phase path may hold movements without their step: the repair reactor closes the step on the
 * transfer and gives the stock back, once.
 */
describe.each(testDatabases())('stock-transfer steps across a crash, on $name', (target) => {
  const processes = restartsOn(target);
  const { start, settled } = processes;

  /** A shop with one item, `onHand` at the store, and a pending transfer of `quantity` to the depot. */
  async function shopWithTransfer(app: NestFastifyApplication, onHand: number, quantity: number) {
    const owner = await createCaller(app);
    const call = as(app, owner);
    const store = await createLocation(app, owner, { name: 'Store' });
    const depot = await createLocation(app, owner, { name: 'Depot' });
    const category = await createCategory(app, owner);
    const item = (
      await call('POST', '/api/v3/items', {
        name: 'Shovel',
        inventory_type: 'quantity',
        category_id: category.id,
      })
    ).json();
    await call('POST', `/api/v3/items/${item.id}/adjustments`, { location_id: store.id, quantity: onHand });
    const transfer = (
      await call('POST', TRANSFERS, {
        origin_location_id: store.id,
        destination_location_id: depot.id,
        lines: [{ item_id: item.id, quantity }],
      })
    ).json();
    return { owner, store, depot, item, transfer };
  }

  type Shop = Awaited<ReturnType<typeof shopWithTransfer>>;

  async function stock(app: NestFastifyApplication, shop: Shop, location: Json) {
    const list = (await as(app, shop.owner)('GET', `/api/v3/items?location_id=${location.id}`)).json();
    const found = list.data.find((i: Json) => i.id === shop.item.id);
    return { on_hand: found.location_inventory.quantity, in_transit: found.location_inventory.in_transit };
  }

  const eventsOf = async (app: NestFastifyApplication, stream: string) =>
    (await app.get<EventStore>(EVENT_STORE).readStream(stream)).map((e) => ({
      type: e.type,
      movement: e.data.movement ?? null,
      quantity: e.data.quantity ?? null,
    }));

  it.each(['stockTransfer-', 'item-'])(
    'send: a process that dies at its append (to %s…) leaves neither stock moved nor the step, and the transfer can be sent again',
    async (prefix) => {
      // given a pending transfer of 3 of the 5 at the store, in a process whose appends to those streams die
      const { app: dying, crashing } = await processes.dying(prefix, { on: false });
      const shop = await shopWithTransfer(dying, 5, 3);
      const itemStream = `item-${shop.item.id}`;
      const before = await eventsOf(dying, itemStream);

      // when it is sent and the process dies at the append
      crashing.on = true;
      const sent = await as(dying, shop.owner)('POST', `${TRANSFERS}/${shop.transfer.id}/send`, {});
      expect(sent.statusCode).toBe(500);
      await dying.close();

      // then, restarted, nothing was written: no movement, no step, nothing for the repair to do
      const restarted = await start({ reactors: restartedReactors });
      await settled(restarted);
      expect(await eventsOf(restarted, itemStream)).toEqual(before);
      expect((await eventsOf(restarted, `stockTransfer-${shop.transfer.id}`)).map((e) => e.type)).toEqual([
        'StockTransferCreated',
      ]);
      expect(await stock(restarted, shop, shop.store)).toEqual({ on_hand: 5, in_transit: 0 });

      // and sending it again moves the stock once, with the step
      const again = await as(restarted, shop.owner)('POST', `${TRANSFERS}/${shop.transfer.id}/send`, {});
      expect([again.statusCode, again.json().error?.code]).toEqual([200, undefined]);
      expect(await stock(restarted, shop, shop.store)).toEqual({ on_hand: 2, in_transit: 0 });
      expect(await stock(restarted, shop, shop.depot)).toEqual({ on_hand: 0, in_transit: 3 });
    },
  );

  it('an old log: a movement the two-phase send wrote without its step is given back once, and the transfer can be sent again', async () => {
    // given a pending transfer of 3 of the 5 at the store, and the movement an older version's send
    // appended to the item's stream on its own before its process died (no transfer event)
    const app = await start();
    const shop = await shopWithTransfer(app, 5, 3);
    const itemStream = `item-${shop.item.id}`;
    const key = `${shop.transfer.id}:send@0:${randomUUID()}`;
    await appendTwoPhaseMovement(app.get<EventStore>(EVENT_STORE), {
      itemId: shop.item.id,
      transferId: shop.transfer.id,
      key,
      locationId: shop.store.id,
      quantity: '-3',
      caller: shop.owner,
    });
    const [moved] = (await eventsOf(app, itemStream)).slice(-1);
    expect(moved).toEqual({ type: 'StockAdjusted', movement: key, quantity: '-3' });
    await app.close();

    // then the restarted service closes the step on the transfer and gives the 3 back, once
    const restarted = await start({ reactors: restartedReactors });
    await settled(restarted);
    expect(await eventsOf(restarted, `stockTransfer-${shop.transfer.id}`)).toEqual([
      { type: 'StockTransferCreated', movement: null, quantity: null },
      { type: 'StockTransferMovementVoided', movement: key, quantity: null },
    ]);
    expect((await eventsOf(restarted, itemStream)).slice(-2)).toEqual([
      moved,
      { type: 'StockAdjusted', movement: `${key}:undo`, quantity: '3' },
    ]);
    expect(await stock(restarted, shop, shop.store)).toEqual({ on_hand: 5, in_transit: 0 });
    await restarted.close();

    // and the transfer is still pending: sending it now (a live service) moves the stock once
    const live = await start();
    const again = await as(live, shop.owner)('POST', `${TRANSFERS}/${shop.transfer.id}/send`, {});
    expect([again.statusCode, again.json().error?.code]).toEqual([200, undefined]);
    expect(await stock(live, shop, shop.store)).toEqual({ on_hand: 2, in_transit: 0 });
    expect(await stock(live, shop, shop.depot)).toEqual({ on_hand: 0, in_transit: 3 });
    await live.close();

    // when the reactor passes everything again (its checkpoint lost), then nothing changes
    await writeCheckpoint(processes.database.db, 'stock_transfer_movement_repair', 1, 'start');
    const replayed = await start({ reactors: restartedReactors });
    await settled(replayed);
    expect(await eventsOf(replayed, itemStream)).toHaveLength(5); // created, adjustment, move, give-back, send
    expect(await stock(replayed, shop, shop.store)).toEqual({ on_hand: 2, in_transit: 0 });
  });

  it('a step that landed, or that was refused whole, is left alone', async () => {
    // given a live service (the repair waits out its grace for a step in flight): one transfer
    // sent, and one refused for want of stock on its second line
    const app = await start();
    const shop = await shopWithTransfer(app, 5, 3);
    const call = as(app, shop.owner);
    expect((await call('POST', `${TRANSFERS}/${shop.transfer.id}/send`, {})).statusCode).toBe(200);
    // a rake without stock
    const rake = (
      await call('POST', '/api/v3/items', {
        name: 'Rake',
        inventory_type: 'quantity',
        category_id: shop.item.category_id,
      })
    ).json();
    const tooMuch = (
      await call('POST', TRANSFERS, {
        origin_location_id: shop.store.id,
        destination_location_id: shop.depot.id,
        lines: [
          { item_id: shop.item.id, quantity: 1 },
          { item_id: rake.id, quantity: 1 },
        ],
      })
    ).json();
    const refused = await call('POST', `${TRANSFERS}/${tooMuch.id}/send`, {});
    expect(refused.statusCode).toBe(409);

    // when the repair reactor has passed them all
    await settled(app);

    // then nothing was voided or given back by it (the refused send moved nothing: one atomic append)
    expect((await eventsOf(app, `stockTransfer-${shop.transfer.id}`)).map((e) => e.type)).toEqual([
      'StockTransferCreated',
      'StockTransferSent',
    ]);
    expect((await eventsOf(app, `stockTransfer-${tooMuch.id}`)).map((e) => e.type)).toEqual([
      'StockTransferCreated',
    ]);
    expect(await stock(app, shop, shop.store)).toEqual({ on_hand: 2, in_transit: 0 });
    const refusedMoves = (await eventsOf(app, `item-${shop.item.id}`)).filter((e) =>
      String(e.movement).startsWith(tooMuch.id),
    );
    expect(refusedMoves).toEqual([]);
  });
});
