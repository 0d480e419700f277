import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore } from '@app/event-store';
import { writeCheckpoint } from '@app/read-models';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { reactors } from '../apps/api/src/reactors/registry';
import { transferMovementRepairReactor } from '../apps/api/src/stock-transfers/transfer-movement-repair-reactor';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import { createCategory, createLocation } from './support/catalog';
import { createCaller } from './support/operator';
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
 * A transfer step moves stock on the stock-owning streams first, then appends the transfer's event
 * (docs/inventory.md). A process that dies in between leaves the movements without the step: the
 * repair reactor closes the step on the transfer and gives the stock back, once.
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

  it('send: the stock taken by a send that never landed goes back once, and the transfer can be sent again', async () => {
    // given a pending transfer of 3 of the 5 at the store, in a process that dies before appending to a transfer
    const { app: dying, crashing } = await processes.dying('stockTransfer-', { on: false });
    const shop = await shopWithTransfer(dying, 5, 3);

    // when it is sent, and the process dies between the item's movement and the transfer's event
    crashing.on = true;
    const sent = await as(dying, shop.owner)('POST', `${TRANSFERS}/${shop.transfer.id}/send`, {});
    expect(sent.statusCode).toBe(500);
    const itemStream = `item-${shop.item.id}`;
    const [moved] = (await eventsOf(dying, itemStream)).slice(-1);
    expect(moved).toMatchObject({ type: 'StockAdjusted', quantity: '-3' });
    expect((await eventsOf(dying, `stockTransfer-${shop.transfer.id}`)).map((e) => e.type)).toEqual([
      'StockTransferCreated',
    ]);
    await dying.close(); // its repair reactor, waiting out the grace, stops with it

    // then the restarted service closes the step on the transfer and gives the 3 back, once
    const restarted = await start({ reactors: restartedReactors });
    await settled(restarted);
    expect(await eventsOf(restarted, `stockTransfer-${shop.transfer.id}`)).toEqual([
      { type: 'StockTransferCreated', movement: null, quantity: null },
      { type: 'StockTransferMovementVoided', movement: moved.movement, quantity: null },
    ]);
    expect((await eventsOf(restarted, itemStream)).slice(-2)).toEqual([
      moved,
      { type: 'StockAdjusted', movement: `${moved.movement}:undo`, quantity: '3' },
    ]);
    expect(await stock(restarted, shop, shop.store)).toEqual({ on_hand: 5, in_transit: 0 });

    await restarted.close();

    // and the transfer is still pending: sending it now (a live service, whose repair gives a step
    // in flight its grace) moves the stock once
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

  it('a step that landed, or that its own request gave back, is left alone', async () => {
    // given a live service (the repair waits out its grace for a step in flight): one transfer
    // sent, and one refused for want of stock
    const app = await start();
    const shop = await shopWithTransfer(app, 5, 3);
    const call = as(app, shop.owner);
    expect((await call('POST', `${TRANSFERS}/${shop.transfer.id}/send`, {})).statusCode).toBe(200);
    // a rake without stock, whose stream comes after the shovel's: the shovel moves first, then is given back
    let rake: Json;
    do
      rake = (
        await call('POST', '/api/v3/items', {
          name: 'Rake',
          inventory_type: 'quantity',
          category_id: shop.item.category_id,
        })
      ).json();
    while (rake.id < shop.item.id);
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

    // then nothing was voided or given back by it (the shovel's move was given back by its request)
    expect((await eventsOf(app, `stockTransfer-${shop.transfer.id}`)).map((e) => e.type)).toEqual([
      'StockTransferCreated',
      'StockTransferSent',
    ]);
    expect((await eventsOf(app, `stockTransfer-${tooMuch.id}`)).map((e) => e.type)).toEqual([
      'StockTransferCreated',
    ]);
    expect(await stock(app, shop, shop.store)).toEqual({ on_hand: 2, in_transit: 0 });
    const undone = (await eventsOf(app, `item-${shop.item.id}`)).filter((e) =>
      String(e.movement).endsWith(':undo'),
    );
    expect(undone).toHaveLength(1);
  });
});
