import { sql } from 'kysely';
import { at, accountLog as log, projectorOn, uuid } from '../testing/projector-spec';
import { stockAdjusted, variationCreated } from '../testing/stock-events';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { inventoryQuantitiesProjector } from './inventory-quantities';

postgresSkipNotice('inventory_quantities projector: stock transfers');

const STORE = uuid('d1');
const DEPOT = uuid('d2');
const ITEM = uuid('1');
const V = uuid('e1');
const T1 = uuid('c1');
const T2 = uuid('c2');
const line = (id: string, quantity: string, variation = false) => ({
  id,
  item_id: ITEM,
  variation_id: variation ? V : null,
  item_variation_location_id: variation ? 11 : null,
  destination_item_variation_location_id: variation ? 12 : null,
  quantity,
});
const moved = (location: string, quantity: string, after: string, minute: number, variation = false) =>
  stockAdjusted(
    ITEM,
    location,
    { quantity, after, minute },
    variation ? { variation_id: V, item_variation_location_id: location === STORE ? 11 : 12 } : {},
    { stock_transfer_id: T1, movement: `${T1}:send` },
  );

const EVENTS = log(
  [`itemVariation-${V}`, 'ItemVariationCreated', variationCreated(V, ITEM, { 11: STORE, 12: DEPOT }, 0)],
  [
    `item-${ITEM}`,
    'StockAdjusted',
    { ...moved(STORE, '5', '5', 1), stock_transfer_id: undefined, movement: undefined },
  ],
  [`itemVariation-${V}`, 'StockAdjusted', { ...moved(STORE, '4', '4', 1, true), movement: undefined }],
  // T1 sends 2 of the item and 1 of the variation; T2 sends 1 of the item.
  [`item-${ITEM}`, 'StockAdjusted', moved(STORE, '-2', '3', 2)],
  [`itemVariation-${V}`, 'StockAdjusted', moved(STORE, '-1', '3', 2, true)],
  [
    `stockTransfer-${T1}`,
    'StockTransferSent',
    {
      status_id: 27,
      lines: [line('a', '2'), line('b', '1', true)],
      destination_location_id: DEPOT,
      sent_at: at(2),
    },
  ],
  [`item-${ITEM}`, 'StockAdjusted', moved(STORE, '-1', '2', 3)],
  [
    `stockTransfer-${T2}`,
    'StockTransferSent',
    { status_id: 27, lines: [line('c', '1')], destination_location_id: DEPOT, sent_at: at(3) },
  ],
  // T1 edited in transit: 2 → 3 of the item; then received.
  [`item-${ITEM}`, 'StockAdjusted', moved(STORE, '-1', '1', 4)],
  [
    `stockTransfer-${T1}`,
    'StockTransferUpdated',
    {
      changes: {},
      lines: [line('a', '3'), line('b', '1', true)],
      status_id: 27,
      destination_location_id: DEPOT,
      updated_at: at(4),
    },
  ],
  [`item-${ITEM}`, 'StockAdjusted', moved(DEPOT, '3', '3', 5)],
  [`itemVariation-${V}`, 'StockAdjusted', moved(DEPOT, '1', '1', 5, true)],
  [
    `stockTransfer-${T1}`,
    'StockTransferReceived',
    { status_id: 28, date_received: '2030-01-01', changes: {}, received_at: at(5) },
  ],
);

describe.each(testDatabases())('inventory_quantities: stock transfers on $name', (target) => {
  const { project, ...spec } = projectorOn(target, inventoryQuantitiesProjector);

  const rows = async (schema: string) =>
    (
      await sql<Record<string, unknown>>`select row_key, on_hand, in_transit
        from ${sql.table(`${schema}.inventory_quantities`)} order by row_key`.execute(spec.db())
    ).rows.map((r) => [r.row_key, r.on_hand, r.in_transit]);

  const expected = (
    inTransitAtDepot: string,
    onHandAtDepot: string,
    variationInTransit: string,
    variationAtDepot: string,
  ) => [
    [`${ITEM}/-/${STORE}`, '1', '0'],
    [`${ITEM}/-/${DEPOT}`, onHandAtDepot, inTransitAtDepot],
    [`${ITEM}/${V}/${STORE}`, '3', '0'],
    [`${ITEM}/${V}/${DEPOT}`, variationAtDepot, variationInTransit],
  ];

  it('counts sent lines in transit at the destination, edits by the difference, receipts on hand', async () => {
    await project('one_batch', [EVENTS]);
    expect(await rows('one_batch')).toEqual(expected('1', '3', '0', '1'));
  });

  it('ends the same event by event, and before the receipt shows the edit in transit', async () => {
    await project(
      'by_event',
      EVENTS.map((event) => [event]),
    );
    expect(await rows('by_event')).toEqual(expected('1', '3', '0', '1'));
    await project('before_receipt', [EVENTS.slice(0, 10)]);
    expect(await rows('before_receipt')).toEqual(expected('4', '0', '1', '0'));
  });
});
