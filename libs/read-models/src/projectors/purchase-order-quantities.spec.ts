import { sql } from 'kysely';
import { A, ACCOUNT, at, B, accountLog as log, oneByOne, projectorOn, uuid } from '../testing/projector-spec';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { inventoryQuantitiesProjector } from './inventory-quantities';

postgresSkipNotice('purchase orders in inventory_quantities');

const HOME = uuid('d1');
const WIDGET = uuid('b1');
const GADGET = uuid('b2');
const line = (n: number) => `11e00000-0000-4000-8000-00000000000${n}`;
const incoming = (n: number, item: string, quantity: string) => ({
  line_id: line(n),
  item_id: item,
  item_variation_location_id: null,
  location_id: HOME,
  quantity,
});
const sent = (lines: object[], minute: number) => ({
  date_sent: '2030-01-01',
  status_id: 18,
  lines,
  sent_at: at(minute),
});
const received = (
  n: number,
  item: string,
  quantity: string,
  after: string,
  status: number,
  minute: number,
) => ({
  receipt_id: `r${minute}`,
  lines: [{ ...incoming(n, item, quantity), quantity_received_after: after }],
  status_id: status,
  date_received: status === 20 ? '2030-01-02' : null,
  received_at: at(minute),
});

// A: 10 widgets and 3 gadgets, sent twice, widgets received 4 then 6. B: 5 widgets sent, nothing received.
// The widget was adjusted to 2 on hand first.
const EVENTS = log(
  [
    `item-${WIDGET}`,
    'StockAdjusted',
    {
      account_id: ACCOUNT,
      item_id: WIDGET,
      variation_id: null,
      item_variation_location_id: null,
      location_id: HOME,
      quantity: '2',
      on_hand_after: '2',
      adjusted_at: at(0),
    },
  ],
  [`purchaseOrder-${A}`, 'PurchaseOrderSent', sent([incoming(1, WIDGET, '10'), incoming(2, GADGET, '3')], 1)],
  [`purchaseOrder-${B}`, 'PurchaseOrderSent', sent([incoming(1, WIDGET, '5')], 2)],
  [`purchaseOrder-${A}`, 'PurchaseOrderSent', sent([incoming(1, WIDGET, '10'), incoming(2, GADGET, '3')], 3)],
  [`purchaseOrder-${A}`, 'PurchaseOrderReceived', received(1, WIDGET, '4', '4', 19, 4)],
  [`purchaseOrder-${A}`, 'PurchaseOrderReceived', received(1, WIDGET, '6', '10', 19, 5)],
);

describe.each(testDatabases())('purchase orders in inventory_quantities on $name', (target) => {
  const { project, ...spec } = projectorOn(target, inventoryQuantitiesProjector);

  const rows = async (schema: string) =>
    (
      await sql<Record<string, unknown>>`select item_id, location_id, on_hand::text as on_hand,
          incoming::text as incoming, received::text as received, stocked
        from ${sql.table(`${schema}.inventory_quantities`)} order by item_id`.execute(spec.db())
    ).rows;

  it('counts sent lines as incoming and moves receipts to on hand', async () => {
    await project('po_one_batch', [EVENTS]);
    expect(await rows('po_one_batch')).toEqual([
      { item_id: WIDGET, location_id: HOME, on_hand: '12', incoming: '5', received: '10', stocked: true },
      { item_id: GADGET, location_id: HOME, on_hand: '0', incoming: '3', received: '0', stocked: false },
    ]);
  });

  it('gives the same rows event by event, and applying events again changes nothing', async () => {
    await project('po_each', [...oneByOne(EVENTS), EVENTS.slice(1)]);
    expect(await rows('po_each')).toEqual(await rows('po_one_batch'));
  });

  it('shows a partial receipt as part incoming, part on hand', async () => {
    await project('po_partial', [EVENTS.slice(0, 5)]);
    expect((await rows('po_partial'))[0]).toMatchObject({ on_hand: '6', incoming: '11', received: '4' });
  });
});
