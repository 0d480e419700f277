import { RecordedEvent } from '@app/event-store';
import { sql } from 'kysely';
import { ACCOUNT, at, accountLog as log, oneByOne, projectorOn, uuid } from '../testing/projector-spec';
import { stockAdjusted, variationCreated } from '../testing/stock-events';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { inventoryQuantitiesProjector } from './inventory-quantities';

postgresSkipNotice('inventory_quantities projector');

const STORE = uuid('d1');
const DEPOT = uuid('d2');
const ITEM = uuid('1');
const OTHER = uuid('2');
const V = uuid('e1');
const PLAIN = uuid('3');
const SERVICE = uuid('4');
const E1 = uuid('f1');
const E2 = uuid('f2');
const UNIQUE = uuid('5');
const NOWHERE = uuid('6');
const I1 = uuid('a1');
const I2 = uuid('a2');

/** A row's key: item, variation and location, '-' for none. */
const k = (item: string, variation: string | null, location: string | null) =>
  `${item}/${variation ?? '-'}/${location ?? '-'}`;

const itemCreated = (id: string, location_id: string | null) => ({
  id,
  account_id: ACCOUNT,
  location_id,
  inventory_type: id === UNIQUE ? 'unique' : 'quantity',
  created_at: at(0),
});

/** The nth of the stock events after EVENTS: its own id, positions from 100 on. */
const stocked = (event: RecordedEvent, n: number): RecordedEvent => ({
  ...event,
  id: `s${n}`,
  position: { commit: BigInt(100 + n), prepare: BigInt(100 + n) },
});

const adjusted = (
  item: string,
  location: string,
  quantity: string,
  after: string,
  minute: number,
  row?: number,
) =>
  stockAdjusted(
    item,
    location,
    { quantity, after, minute },
    row === undefined ? {} : { variation_id: V, item_variation_location_id: row },
  );

const EVENTS = log(
  [`item-${ITEM}`, 'StockAdjusted', adjusted(ITEM, STORE, '5', '5', 0)],
  [`item-${OTHER}`, 'StockAdjusted', adjusted(OTHER, DEPOT, '1.5', '1.5', 1)],
  [`item-${ITEM}`, 'StockAdjusted', adjusted(ITEM, STORE, '-5', '0', 2)],
  [`itemVariation-${V}`, 'ItemVariationCreated', variationCreated(V, ITEM, { 11: STORE, 12: DEPOT }, 3)],
  [`itemVariation-${V}`, 'StockAdjusted', adjusted(ITEM, STORE, '5', '5', 4, 11)],
  // second batch
  [
    `itemVariation-${V}`,
    'ItemVariationLocationRemoved',
    { item_id: ITEM, item_variation_location_id: 12, location_id: DEPOT, removed_at: at(5) },
  ],
  [`itemVariation-${V}`, 'StockAdjusted', adjusted(ITEM, STORE, '-2', '3', 6, 11)],
  [
    `itemVariation-${V}`,
    'ItemVariationLocationAdded',
    {
      item_id: ITEM,
      item_variation_location_id: 13,
      location_id: DEPOT,
      zone_id: null,
      threshold: 0,
      added_at: at(7),
    },
  ],
);
const FIRST_BATCH = EVENTS.slice(0, 5);
const SECOND_BATCH = EVENTS.slice(5);

/** An estimate line as events store it; only type, item, variation row and quantity matter here. */
const line = (
  line_type: 'inventory' | 'service' | 'discount',
  item_id: string | null,
  quantity: string,
  item_variation_location_id: number | null = null,
) => ({ id: null, line_type, item_id, item_variation_location_id, quantity, subtotal: '0.0000' });

const estimateCreated = (id: string, lines: object[]) => ({
  id,
  account_id: ACCOUNT,
  estimate_number: 1,
  status_id: 5,
  lines,
  created_at: at(10),
});

describe.each(testDatabases())('inventory_quantities projector on $name', (target) => {
  const { project, ...spec } = projectorOn(target, inventoryQuantitiesProjector);

  const rows = async (schema: string) =>
    (
      await sql<
        Record<string, unknown>
      >`select item_id, variation_id, item_variation_location_id, location_id,
          on_hand, reserved, stocked, last_adjusted_at
        from ${sql.table(`${schema}.inventory_quantities`)} order by row_key`.execute(spec.db())
    ).rows;

  const row = (
    item: string,
    variation: string | null,
    ivl: number | null,
    location: string,
    onHand: string,
    stocked: boolean,
    minute: number | null,
  ) => ({
    item_id: item,
    variation_id: variation,
    item_variation_location_id: ivl,
    location_id: location,
    on_hand: onHand,
    reserved: '0',
    stocked,
    last_adjusted_at: minute === null ? null : new Date(at(minute)),
  });

  it('keeps one row per item, variation and location with the on-hand after the last adjustment', async () => {
    await project('first_only', [FIRST_BATCH]);
    expect(await rows('first_only')).toEqual([
      row(ITEM, null, null, STORE, '0', true, 2),
      row(ITEM, V, 11, STORE, '5', true, 4),
      row(ITEM, V, 12, DEPOT, '0', true, null),
      row(OTHER, null, null, DEPOT, '1.5', true, 1),
    ]);
  });

  it('ends with the same rows in batches or one by one; a removed row keeps its history', async () => {
    expect(await spec.projectedAlike(rows, [FIRST_BATCH, SECOND_BATCH])).toEqual([
      row(ITEM, null, null, STORE, '0', true, 2),
      row(ITEM, V, 11, STORE, '3', true, 6),
      row(ITEM, V, 13, DEPOT, '0', true, null),
      row(OTHER, null, null, DEPOT, '1.5', true, 1),
    ]);
  });

  it("marks a deleted variation's rows as no longer stocked", async () => {
    const deleted = log([
      `itemVariation-${V}`,
      'ItemVariationDeleted',
      { account_id: ACCOUNT, item_id: ITEM, deleted_at: at(9) },
    ]);
    await project('deleted', [FIRST_BATCH, deleted]);
    expect((await rows('deleted')).filter((r) => r.variation_id === V).map((r) => r.stocked)).toEqual([
      false,
      false,
    ]);
  });

  describe('on estimates', () => {
    const estimates = async (schema: string) =>
      (
        await sql<{ row_key: string; estimates: string; stocked: boolean }>`select row_key, estimates, stocked
          from ${sql.table(`${schema}.inventory_quantities`)} where item_id in (${ITEM}, ${PLAIN})
          order by row_key`.execute(spec.db())
      ).rows;

    // ITEM has variation rows 11 (STORE) and 12 (DEPOT) and its own old row at STORE; PLAIN has none yet.
    const E1_CREATED = log([
      `estimate-${E1}`,
      'EstimateCreated',
      estimateCreated(E1, [
        line('inventory', ITEM, '2', 11),
        line('inventory', ITEM, '1.5', 12),
        line('inventory', ITEM, '1', 11),
        line('inventory', PLAIN, '4'),
        line('service', SERVICE, '9'),
        line('inventory', ITEM, '7', 99), // a row that does not exist: counted nowhere
        line('discount', null, '1'),
      ]),
    ]);

    it('counts an open estimate on the variation rows its lines name and on the location-less row', async () => {
      await project('est_created', [FIRST_BATCH, E1_CREATED]);
      expect(await estimates('est_created')).toEqual([
        { row_key: k(ITEM, null, STORE), estimates: '0', stocked: true },
        { row_key: k(ITEM, V, STORE), estimates: '3', stocked: true },
        { row_key: k(ITEM, V, DEPOT), estimates: '1.5', stocked: true },
        { row_key: k(PLAIN, null, null), estimates: '4', stocked: false },
      ]);
    });

    it('sums every open estimate naming a row', async () => {
      const second = log([
        `estimate-${E2}`,
        'EstimateCreated',
        estimateCreated(E2, [line('inventory', PLAIN, '0.5'), line('inventory', ITEM, '10', 12)]),
      ]);
      await project('est_two', [FIRST_BATCH, E1_CREATED, second]);
      const byKey = Object.fromEntries((await estimates('est_two')).map((r) => [r.row_key, r.estimates]));
      expect(byKey[k(PLAIN, null, null)]).toBe('4.5');
      expect(byKey[k(ITEM, V, DEPOT)]).toBe('11.5');
      expect(byKey[k(ITEM, V, STORE)]).toBe('3');
    });

    it('recounts the items of the old and the new lines when an update replaces them', async () => {
      const updated = log([
        `estimate-${E1}`,
        'EstimateUpdated',
        { changes: {}, lines: [line('inventory', ITEM, '5', 12)], updated_at: at(11) },
      ]);
      const renamed = log([
        `estimate-${E1}`,
        'EstimateUpdated',
        { changes: { name: 'x' }, updated_at: at(12) },
      ]);
      await project('est_updated', [FIRST_BATCH, E1_CREATED, updated, renamed]);
      expect(await estimates('est_updated')).toEqual([
        { row_key: k(ITEM, null, STORE), estimates: '0', stocked: true },
        { row_key: k(ITEM, V, STORE), estimates: '0', stocked: true },
        { row_key: k(ITEM, V, DEPOT), estimates: '5', stocked: true },
        { row_key: k(PLAIN, null, null), estimates: '0', stocked: false },
      ]);
    });

    it.each([
      ['declined', 'EstimateDeclined', { status_id: 7, declined_at: at(11) }],
      ['expired', 'EstimateExpired', { status_id: 8, expiry_date: '2030-01-31', expired_at: at(11) }],
      ['deleted', 'EstimateDeleted', { deleted_at: at(11) }],
    ])('counts nothing for an estimate once %s', async (name, type, data) => {
      const ended = log([`estimate-${E1}`, type, data]);
      await project(`est_${name}`, [FIRST_BATCH, E1_CREATED, ended]);
      expect((await estimates(`est_${name}`)).map((r) => r.estimates)).toEqual(['0', '0', '0', '0']);
      const { rows: kept } = await sql`select * from ${sql.table(`est_${name}.estimate_quantities`)}`.execute(
        spec.db(),
      );
      expect(kept).toEqual([]);
    });

    it('ends with the same counts in one batch, one by one, or applied twice', async () => {
      const story = [
        ...FIRST_BATCH,
        ...E1_CREATED,
        ...log(
          [`estimate-${E2}`, 'EstimateCreated', estimateCreated(E2, [line('inventory', PLAIN, '2')])],
          [
            `estimate-${E1}`,
            'EstimateUpdated',
            { changes: {}, lines: [line('inventory', PLAIN, '1')], updated_at: at(11) },
          ],
          [`estimate-${E2}`, 'EstimateDeclined', { status_id: 7, declined_at: at(12) }],
        ),
      ];
      await project('est_batch', [story]);
      await project('est_single', oneByOne(story));
      await project('est_twice', [story, story.slice(5)]);
      const expected = [
        { row_key: k(ITEM, null, STORE), estimates: '0', stocked: true },
        { row_key: k(ITEM, V, STORE), estimates: '0', stocked: true },
        { row_key: k(ITEM, V, DEPOT), estimates: '0', stocked: true },
        { row_key: k(PLAIN, null, null), estimates: '1', stocked: false },
      ];
      expect(await estimates('est_batch')).toEqual(expected);
      expect(await estimates('est_single')).toEqual(expected);
      expect(await estimates('est_twice')).toEqual(expected);
    });
  });
});

describe.each(testDatabases())('inventory_quantities projector, invoices, on $name', (target) => {
  const { project, apply, ...spec } = projectorOn(target, inventoryQuantitiesProjector);

  const invLine = (id: string, item_id: string | null, quantity: string, row: number | null = null) => ({
    ...line('inventory', item_id, quantity, row),
    id,
  });
  const invoiceCreated = (id: string, lines: object[]) => ({
    id,
    account_id: ACCOUNT,
    invoice_number: 1,
    status_id: 9,
    lines,
    created_at: at(20),
  });

  // ITEM: variation rows 11 (STORE, 5 on hand) and 12 (DEPOT); PLAIN at STORE with 10; UNIQUE at
  // DEPOT with its one unit; NOWHERE without a location nor stock.
  const STOCK = [
    ...FIRST_BATCH,
    ...log(
      [`item-${PLAIN}`, 'ItemCreated', itemCreated(PLAIN, STORE)],
      [`item-${PLAIN}`, 'StockAdjusted', adjusted(PLAIN, STORE, '10', '10', 10)],
      [`item-${UNIQUE}`, 'ItemCreated', itemCreated(UNIQUE, DEPOT)],
      [`item-${UNIQUE}`, 'StockAdjusted', adjusted(UNIQUE, DEPOT, '1', '1', 11)],
      [`item-${NOWHERE}`, 'ItemCreated', itemCreated(NOWHERE, null)],
    ).map(stocked),
  ];
  /** Later events, ids and positions after STOCK's. */
  const later = (...entries: [stream: string, type: string, data: object][]) =>
    log(...entries).map((e, n) => ({
      ...e,
      id: `l${n}-${e.type}`,
      position: { commit: BigInt(200 + n), prepare: BigInt(200 + n) },
    }));

  it("flags the stocked rows away from their item's location, and follows the item when it moves", async () => {
    const away = async (schema: string) =>
      (
        await sql<{ row_key: string; away: boolean }>`select row_key, away
          from ${sql.table(`${schema}.inventory_quantities`)} where stocked order by row_key`.execute(
          spec.db(),
        )
      ).rows;
    const moves = later(
      [`item-${PLAIN}`, 'StockAdjusted', adjusted(PLAIN, DEPOT, '4', '4', 21)],
      [`item-${NOWHERE}`, 'StockAdjusted', adjusted(NOWHERE, STORE, '2', '2', 22)],
      [`item-${PLAIN}`, 'ItemUpdated', { changes: { location_id: DEPOT }, updated_at: at(23) }],
      [`item-${UNIQUE}`, 'ItemUpdated', { changes: { location_id: null }, updated_at: at(24) }],
    );
    const before = await spec.projectedAlike(away, [STOCK, moves.slice(0, 2)], 'away_before');
    expect(before).toEqual(
      expect.arrayContaining([
        { row_key: k(PLAIN, null, STORE), away: false },
        { row_key: k(PLAIN, null, DEPOT), away: true },
        { row_key: k(UNIQUE, null, DEPOT), away: false },
        { row_key: k(NOWHERE, null, STORE), away: true },
      ]),
    );
    const after = await spec.projectedAlike(away, [STOCK, moves], 'away_after');
    expect(after).toEqual(
      expect.arrayContaining([
        { row_key: k(PLAIN, null, STORE), away: true },
        { row_key: k(PLAIN, null, DEPOT), away: false },
        { row_key: k(UNIQUE, null, DEPOT), away: true },
        { row_key: k(NOWHERE, null, STORE), away: true },
      ]),
    );
  });

  const I1_LINES = [
    invLine('l1', ITEM, '2', 11),
    invLine('l2', PLAIN, '3'),
    invLine('l3', UNIQUE, '1'),
    invLine('l4', NOWHERE, '4'),
    { ...line('service', SERVICE, '9'), id: 'l5' },
    { ...line('discount', null, '1'), id: 'l6' },
  ];
  const I1_CREATED = later([`invoice-${I1}`, 'InvoiceCreated', invoiceCreated(I1, I1_LINES)]);

  /**
   * on_hand by row_key, rows of the items the invoices name. A row no adjustment stocked and nothing
   * counts on is left out: whether a batch that took and gave back the same quantity created it is
   * of no consequence to any reader (every sum is the same, it is not `stocked`).
   */
  const onHand = async (schema: string) =>
    Object.fromEntries(
      (
        await sql<{ row_key: string; on_hand: string }>`select row_key, on_hand
          from ${sql.table(`${schema}.inventory_quantities`)}
          where item_id in (${ITEM}, ${PLAIN}, ${UNIQUE}, ${NOWHERE})
            and (stocked or adjusted <> 0 or invoiced <> 0 or estimates <> 0) order by row_key`.execute(
          spec.db(),
        )
      ).rows.map((r) => [r.row_key, r.on_hand]),
    );
  const invoiceLines = async (schema: string) =>
    (
      await sql<Record<string, unknown>>`select invoice_id, line_id, item_id, item_variation_location_id,
          location_id, row_key, quantity, event_id
        from ${sql.table(`${schema}.invoice_quantities`)} order by invoice_id, line_id`.execute(spec.db())
    ).rows;

  const BEFORE = {
    [k(ITEM, null, STORE)]: '0',
    [k(ITEM, V, STORE)]: '5',
    [k(ITEM, V, DEPOT)]: '0',
    [k(PLAIN, null, STORE)]: '10',
    [k(UNIQUE, null, DEPOT)]: '1',
  };

  it("takes an invoice's inventory lines off on-hand: the variation row, else the item's location", async () => {
    await project('inv_created', [STOCK, I1_CREATED]);
    expect(await onHand('inv_created')).toEqual({
      ...BEFORE,
      [k(ITEM, V, STORE)]: '3',
      [k(PLAIN, null, STORE)]: '7',
      [k(UNIQUE, null, DEPOT)]: '0',
      // An item without a location: its location-less row, below zero.
      [k(NOWHERE, null, null)]: '-4',
    });
    // Every quantity explained: the line, the row it is counted on, the event that set it.
    expect(await invoiceLines('inv_created')).toEqual([
      { ...explained(I1, 'l1', ITEM, 11, STORE, k(ITEM, V, STORE), '2') },
      { ...explained(I1, 'l2', PLAIN, null, STORE, k(PLAIN, null, STORE), '3') },
      { ...explained(I1, 'l3', UNIQUE, null, DEPOT, k(UNIQUE, null, DEPOT), '1') },
      { ...explained(I1, 'l4', NOWHERE, null, null, k(NOWHERE, null, null), '4') },
    ]);
    function explained(
      invoice: string,
      lineId: string,
      item: string,
      row: number | null,
      location: string | null,
      rowKey: string,
      quantity: string,
    ) {
      return {
        invoice_id: invoice,
        line_id: lineId,
        item_id: item,
        item_variation_location_id: row,
        location_id: location,
        row_key: rowKey,
        quantity,
        event_id: I1_CREATED[0].id,
      };
    }
  });

  it('lets invoices take a quantity item below zero, and later adjustments keep them counted', async () => {
    const more = later(
      [`invoice-${I2}`, 'InvoiceCreated', invoiceCreated(I2, [invLine('m1', PLAIN, '12')])],
      [`item-${PLAIN}`, 'StockAdjusted', adjusted(PLAIN, STORE, '1', '11', 30)],
    );
    await project('inv_negative', [STOCK, I1_CREATED, more.slice(0, 1)]);
    expect((await onHand('inv_negative'))[k(PLAIN, null, STORE)]).toBe('-5');
    await apply('inv_negative', more.slice(1));
    // 11 adjusted, 15 on invoices.
    expect((await onHand('inv_negative'))[k(PLAIN, null, STORE)]).toBe('-4');
  });

  it('moves on-hand by the difference when an edit replaces the lines; an edit without lines moves nothing', async () => {
    const edited = later(
      [
        `invoice-${I1}`,
        'InvoiceUpdated',
        {
          changes: {},
          lines: [invLine('l2', PLAIN, '1'), invLine('l7', ITEM, '2.5', 12)],
          updated_at: at(21),
        },
      ],
      [`invoice-${I1}`, 'InvoiceUpdated', { changes: { notes: 'x' }, updated_at: at(22) }],
    );
    await project('inv_edited', [STOCK, I1_CREATED, edited]);
    expect(await onHand('inv_edited')).toEqual({
      ...BEFORE,
      [k(ITEM, V, DEPOT)]: '-2.5',
      [k(PLAIN, null, STORE)]: '9',
    });
    expect((await invoiceLines('inv_edited')).map((r) => [r.line_id, r.quantity])).toEqual([
      ['l2', '1'],
      ['l7', '2.5'],
    ]);
  });

  it.each([
    ['cancelled', 'InvoiceCancelled', { status_id: 15, cancelled_at: at(21) }],
    ['deleted', 'InvoiceDeleted', { deleted_at: at(21) }],
  ])('gives everything back once %s', async (name, type, data) => {
    const schema = `inv_${name}`;
    await project(schema, [STOCK, I1_CREATED, later([`invoice-${I1}`, type, data])]);
    expect(await onHand(schema)).toEqual(BEFORE);
    expect(await invoiceLines(schema)).toEqual([]);
  });

  it("keeps a line at the location it was taken from when the item moves; new lines take the item's new one", async () => {
    const moved = later(
      [`item-${PLAIN}`, 'ItemUpdated', { changes: { location_id: DEPOT }, updated_at: at(21) }],
      [
        `invoice-${I1}`,
        'InvoiceUpdated',
        { changes: {}, lines: [invLine('l2', PLAIN, '2'), invLine('l8', PLAIN, '1')], updated_at: at(22) },
      ],
    );
    const expected = {
      ...BEFORE,
      [k(ITEM, V, STORE)]: '5',
      [k(PLAIN, null, STORE)]: '8',
      [k(PLAIN, null, DEPOT)]: '-1',
      [k(UNIQUE, null, DEPOT)]: '1',
    };
    await project('inv_moved', [STOCK, I1_CREATED, moved]);
    await project('inv_moved_one', [[...STOCK, ...I1_CREATED, ...moved]]);
    await project(
      'inv_moved_each',
      [...STOCK, ...I1_CREATED, ...moved].map((e) => [e]),
    );
    for (const schema of ['inv_moved', 'inv_moved_one', 'inv_moved_each'])
      expect(await onHand(schema)).toEqual(expected);
  });

  it('ends with the same rows in one batch, one by one, or with the invoice events applied twice', async () => {
    const story = [
      ...STOCK,
      ...I1_CREATED,
      ...later(
        [`invoice-${I2}`, 'InvoiceCreated', invoiceCreated(I2, [invLine('m1', NOWHERE, '2')])],
        [`item-${NOWHERE}`, 'ItemUpdated', { changes: { location_id: STORE }, updated_at: at(21) }],
        [
          `invoice-${I1}`,
          'InvoiceUpdated',
          {
            changes: {},
            lines: [invLine('l4', NOWHERE, '1'), invLine('l9', NOWHERE, '5')],
            updated_at: at(22),
          },
        ],
        [`invoice-${I2}`, 'InvoiceCancelled', { status_id: 15, cancelled_at: at(23) }],
      ),
    ];
    const expected = {
      ...BEFORE,
      [k(ITEM, V, STORE)]: '5',
      [k(PLAIN, null, STORE)]: '10',
      [k(UNIQUE, null, DEPOT)]: '1',
      // l4 stays where it was taken (no location), l9 is taken at the item's new location.
      [k(NOWHERE, null, null)]: '-1',
      [k(NOWHERE, null, STORE)]: '-5',
    };
    await project('inv_batch', [story]);
    await project('inv_single', oneByOne(story));
    await project('inv_twice', [story, story.filter((e) => e.streamId.startsWith('invoice-'))]);
    expect(await onHand('inv_batch')).toEqual(expected);
    expect(await onHand('inv_single')).toEqual(expected);
    expect(await onHand('inv_twice')).toEqual(expected);
  });
});

describe.each(testDatabases())('inventory_quantities projector, sales orders, on $name', (target) => {
  const { project, apply, ...spec } = projectorOn(target, inventoryQuantitiesProjector);

  const S1 = uuid('b1');
  const S2 = uuid('b2');

  const soLine = (id: string, item_id: string | null, quantity: string, row: number | null = null) => ({
    ...line('inventory', item_id, quantity, row),
    id,
  });
  const orderCreated = (id: string, lines: object[]) => ({
    id,
    account_id: ACCOUNT,
    sales_order_number: 1,
    location_id: STORE,
    status_id: 29,
    lines,
    source_estimate_id: null,
    created_at: at(20),
  });
  const invoiced = (invoice: string, lines: [lineId: string, quantity: string][]) => ({
    invoice_id: invoice,
    lines: lines.map(([sales_order_line_id, quantity]) => ({ sales_order_line_id, quantity })),
    issue_date: '2030-01-01',
    with_shipping: false,
    invoiced_at: at(30),
  });
  /** The invoice the reactor makes of an invoicing: the order's lines with the invoiced quantities. */
  const invoiceCreated = (id: string, order: string, lines: object[]) => ({
    id,
    account_id: ACCOUNT,
    invoice_number: 1,
    status_id: 9,
    source_sales_order_id: order,
    lines,
    created_at: at(31),
  });

  // ITEM: variation rows 11 (STORE, 5 on hand) and 12 (DEPOT); PLAIN at STORE with 10; NOWHERE
  // without a location nor stock.
  const STOCK = [
    ...FIRST_BATCH,
    ...log(
      [`item-${PLAIN}`, 'ItemCreated', itemCreated(PLAIN, STORE)],
      [`item-${PLAIN}`, 'StockAdjusted', adjusted(PLAIN, STORE, '10', '10', 10)],
      [`item-${NOWHERE}`, 'ItemCreated', itemCreated(NOWHERE, null)],
    ).map(stocked),
  ];
  /** Later events, ids and positions after STOCK's; `from` keeps ids apart between calls. */
  let counter = 0;
  const later = (...entries: [stream: string, type: string, data: object][]) =>
    log(...entries).map((e) => {
      counter += 1;
      return {
        ...e,
        id: `l${counter}-${e.type}`,
        position: { commit: BigInt(200 + counter), prepare: BigInt(200 + counter) },
      };
    });

  const S1_LINES = [
    soLine('a', ITEM, '2', 11),
    soLine('b', PLAIN, '3'),
    soLine('c', NOWHERE, '4'),
    { ...line('service', SERVICE, '9'), id: 'd' },
    { ...line('discount', null, '1'), id: 'e' },
  ];
  const S1_CREATED = () => later([`salesOrder-${S1}`, 'SalesOrderCreated', orderCreated(S1, S1_LINES)]);

  /**
   * [on_hand, reserved] by row_key, rows where something is kept or counted: a row only sales orders
   * created, nothing reserved there any more, is of no consequence to any reader (not `stocked`).
   */
  const quantities = async (schema: string) =>
    Object.fromEntries(
      (
        await sql<{ row_key: string; on_hand: string; reserved: string }>`select row_key, on_hand, reserved
          from ${sql.table(`${schema}.inventory_quantities`)}
          where item_id in (${ITEM}, ${PLAIN}, ${NOWHERE})
            and (stocked or adjusted <> 0 or invoiced <> 0 or reserved <> 0) order by row_key`.execute(
          spec.db(),
        )
      ).rows.map((r) => [r.row_key, [r.on_hand, r.reserved]]),
    );
  const orderLines = async (schema: string) =>
    (
      await sql<Record<string, unknown>>`select sales_order_id, line_id, item_id, item_variation_location_id,
          location_id, row_key, ordered, invoiced, open, reserved
        from ${sql.table(`${schema}.sales_order_quantities`)} order by sales_order_id, line_id`.execute(
        spec.db(),
      )
    ).rows;

  const BEFORE = {
    [k(ITEM, null, STORE)]: ['0', '0'],
    [k(ITEM, V, STORE)]: ['5', '0'],
    [k(ITEM, V, DEPOT)]: ['0', '0'],
    [k(PLAIN, null, STORE)]: ['10', '0'],
  };
  const S1_RESERVED = {
    ...BEFORE,
    [k(ITEM, V, STORE)]: ['5', '2'],
    [k(PLAIN, null, STORE)]: ['10', '3'],
    // An item without a location: its location-less row.
    [k(NOWHERE, null, null)]: ['0', '4'],
  };

  it("reserves an open order's inventory lines on the variation row, else at the item's location; on-hand stays", async () => {
    await project('so_created', [STOCK, S1_CREATED()]);
    expect(await quantities('so_created')).toEqual(S1_RESERVED);
    const explained = (
      lineId: string,
      item: string,
      row: number | null,
      location: string | null,
      rowKey: string,
      ordered: string,
    ) => ({
      sales_order_id: S1,
      line_id: lineId,
      item_id: item,
      item_variation_location_id: row,
      location_id: location,
      row_key: rowKey,
      ordered,
      invoiced: '0',
      open: true,
      reserved: ordered,
    });
    expect(await orderLines('so_created')).toEqual([
      explained('a', ITEM, 11, STORE, k(ITEM, V, STORE), '2'),
      explained('b', PLAIN, null, STORE, k(PLAIN, null, STORE), '3'),
      explained('c', NOWHERE, null, null, k(NOWHERE, null, null), '4'),
    ]);
  });

  it("moves an invoiced quantity from reserved to the invoice's on-hand deduction", async () => {
    const invoicing = later(
      [
        `salesOrder-${S1}`,
        'SalesOrderInvoiced',
        invoiced(I1, [
          ['a', '1.5'],
          ['b', '3'],
          ['d', '9'],
        ]),
      ],
      [
        `invoice-${I1}`,
        'InvoiceCreated',
        invoiceCreated(I1, S1, [soLine('x1', ITEM, '1.5', 11), soLine('x2', PLAIN, '3')]),
      ],
    );
    await project('so_invoiced', [STOCK, S1_CREATED(), invoicing]);
    expect(await quantities('so_invoiced')).toEqual({
      ...S1_RESERVED,
      [k(ITEM, V, STORE)]: ['3.5', '0.5'],
      [k(PLAIN, null, STORE)]: ['7', '0'],
    });
    expect((await orderLines('so_invoiced')).map((r) => [r.line_id, r.invoiced, r.reserved])).toEqual([
      ['a', '1.5', '0.5'],
      ['b', '3', '0'],
      ['c', '0', '4'],
    ]);
  });

  it('gives a released invoicing back to reserved while the cancelled invoice gives on-hand back', async () => {
    const story = later(
      [`salesOrder-${S1}`, 'SalesOrderInvoiced', invoiced(I1, [['a', '1']])],
      [`invoice-${I1}`, 'InvoiceCreated', invoiceCreated(I1, S1, [soLine('x1', ITEM, '1', 11)])],
      [`salesOrder-${S1}`, 'SalesOrderInvoiced', invoiced(I2, [['a', '0.5']])],
      [`invoice-${I2}`, 'InvoiceCreated', invoiceCreated(I2, S1, [soLine('y1', ITEM, '0.5', 11)])],
      [`invoice-${I1}`, 'InvoiceCancelled', { status_id: 15, cancelled_at: at(40) }],
      [`salesOrder-${S1}`, 'SalesOrderInvoiceReleased', { invoice_id: I1, released_at: at(40) }],
    );
    await project('so_released', [STOCK, S1_CREATED(), story]);
    // Only I2's half stands: reserved 2 - 0.5, on hand 5 - 0.5.
    expect((await quantities('so_released'))[k(ITEM, V, STORE)]).toEqual(['4.5', '1.5']);
    const { rows: invoicings } = await sql`select invoice_id, line_id, quantity, released
      from so_released.sales_order_invoicings order by invoice_id`.execute(spec.db());
    expect(invoicings).toEqual([
      { invoice_id: I1, line_id: 'a', quantity: '1', released: true },
      { invoice_id: I2, line_id: 'a', quantity: '0.5', released: false },
    ]);
  });

  it('replaces the lines by line id when an edit sets them, keeping what was invoiced; an edit without lines moves nothing', async () => {
    const edited = later(
      [
        `salesOrder-${S1}`,
        'SalesOrderInvoiced',
        invoiced(I1, [
          ['a', '1'],
          ['b', '1'],
        ]),
      ],
      [
        `salesOrder-${S1}`,
        'SalesOrderUpdated',
        {
          changes: {},
          // a grows, b shrinks below what was invoiced (reserves nothing, not less), c goes, f comes.
          lines: [soLine('a', ITEM, '4', 11), soLine('b', PLAIN, '0.5'), soLine('f', ITEM, '2.5', 12)],
          updated_at: at(41),
        },
      ],
      [`salesOrder-${S1}`, 'SalesOrderUpdated', { changes: { notes: 'x' }, updated_at: at(42) }],
    );
    await project('so_edited', [STOCK, S1_CREATED(), edited]);
    expect(await quantities('so_edited')).toEqual({
      ...BEFORE,
      [k(ITEM, V, STORE)]: ['5', '3'],
      [k(ITEM, V, DEPOT)]: ['0', '2.5'],
    });
    expect(
      (await orderLines('so_edited')).map((r) => [r.line_id, r.ordered, r.invoiced, r.reserved]),
    ).toEqual([
      ['a', '4', '1', '3'],
      ['b', '0.5', '1', '0'],
      ['f', '2.5', '0', '2.5'],
    ]);
  });

  it('gives everything back once the order is deleted', async () => {
    const deleted = later(
      [`salesOrder-${S1}`, 'SalesOrderInvoiced', invoiced(I1, [['a', '1']])],
      [`salesOrder-${S1}`, 'SalesOrderInvoiceReleased', { invoice_id: I1, released_at: at(40) }],
      [`salesOrder-${S1}`, 'SalesOrderDeleted', { deleted_at: at(41) }],
    );
    await project('so_deleted', [STOCK, S1_CREATED(), deleted]);
    expect(await quantities('so_deleted')).toEqual(BEFORE);
    expect(await orderLines('so_deleted')).toEqual([]);
    const { rows } = await sql`select * from so_deleted.sales_order_invoicings`.execute(spec.db());
    expect(rows).toEqual([]);
  });

  it('reserves nothing for a closed order (status 30), and again once reopened', async () => {
    const closed = later([
      `salesOrder-${S1}`,
      'SalesOrderUpdated',
      { changes: { status_id: 30 }, updated_at: at(41) },
    ]);
    const reopened = later([
      `salesOrder-${S1}`,
      'SalesOrderUpdated',
      { changes: { status_id: 29 }, updated_at: at(42) },
    ]);
    await project('so_closed', [STOCK, S1_CREATED(), closed]);
    expect(await quantities('so_closed')).toEqual(BEFORE);
    await apply('so_closed', reopened);
    expect(await quantities('so_closed')).toEqual(S1_RESERVED);
  });

  it("keeps a line at the location it was first reserved when the item moves; new lines take the item's new one", async () => {
    const moved = () =>
      later(
        [`item-${PLAIN}`, 'ItemUpdated', { changes: { location_id: DEPOT }, updated_at: at(21) }],
        [
          `salesOrder-${S1}`,
          'SalesOrderUpdated',
          { changes: {}, lines: [soLine('b', PLAIN, '2'), soLine('g', PLAIN, '1')], updated_at: at(22) },
        ],
      );
    const expected = {
      ...BEFORE,
      [k(PLAIN, null, STORE)]: ['10', '2'],
      [k(PLAIN, null, DEPOT)]: ['0', '1'],
    };
    await project('so_moved', [STOCK, S1_CREATED(), moved()]);
    await project('so_moved_one', [[...STOCK, ...S1_CREATED(), ...moved()]]);
    await project(
      'so_moved_each',
      [...STOCK, ...S1_CREATED(), ...moved()].map((e) => [e]),
    );
    for (const schema of ['so_moved', 'so_moved_one', 'so_moved_each'])
      expect(await quantities(schema)).toEqual(expected);
  });

  it('after every order is fully invoiced, reserved is back to zero while on-hand dropped by the invoiced quantities', async () => {
    const story = later(
      [
        `salesOrder-${S2}`,
        'SalesOrderCreated',
        orderCreated(S2, [soLine('h', ITEM, '1', 12), soLine('i', PLAIN, '2.25')]),
      ],
      [
        `salesOrder-${S1}`,
        'SalesOrderInvoiced',
        invoiced(I1, [
          ['a', '2'],
          ['b', '1'],
          ['c', '4'],
          ['d', '9'],
        ]),
      ],
      [
        `invoice-${I1}`,
        'InvoiceCreated',
        invoiceCreated(I1, S1, [
          soLine('x1', ITEM, '2', 11),
          soLine('x2', PLAIN, '1'),
          soLine('x3', NOWHERE, '4'),
        ]),
      ],
      [
        `salesOrder-${S2}`,
        'SalesOrderInvoiced',
        invoiced(I2, [
          ['h', '1'],
          ['i', '2.25'],
        ]),
      ],
      [
        `invoice-${I2}`,
        'InvoiceCreated',
        invoiceCreated(I2, S2, [soLine('y1', ITEM, '1', 12), soLine('y2', PLAIN, '2.25')]),
      ],
      [`salesOrder-${S1}`, 'SalesOrderInvoiced', invoiced(uuid('a3'), [['b', '2']])],
      [
        `invoice-00000000-0000-4000-8000-0000000000a3`,
        'InvoiceCreated',
        invoiceCreated(uuid('a3'), S1, [soLine('z1', PLAIN, '2')]),
      ],
    );
    await project('so_fully', [STOCK, S1_CREATED(), story]);
    const after = await quantities('so_fully');
    expect(Object.values(after).every(([, reserved]) => reserved === '0')).toBe(true);
    expect(after).toEqual({
      ...BEFORE,
      [k(ITEM, V, STORE)]: ['3', '0'],
      [k(ITEM, V, DEPOT)]: ['-1', '0'],
      [k(PLAIN, null, STORE)]: ['4.75', '0'],
      [k(NOWHERE, null, null)]: ['-4', '0'],
    });
  });

  it('ends with the same rows in one batch, one by one, or with the sales-order events applied twice', async () => {
    const story = [
      ...STOCK,
      ...S1_CREATED(),
      ...later(
        [`salesOrder-${S2}`, 'SalesOrderCreated', orderCreated(S2, [soLine('h', NOWHERE, '2')])],
        [`item-${NOWHERE}`, 'ItemUpdated', { changes: { location_id: STORE }, updated_at: at(21) }],
        [
          `salesOrder-${S1}`,
          'SalesOrderInvoiced',
          invoiced(I1, [
            ['a', '1'],
            ['c', '1'],
          ]),
        ],
        [
          `salesOrder-${S1}`,
          'SalesOrderUpdated',
          {
            changes: {},
            lines: [soLine('a', ITEM, '2', 11), soLine('c', NOWHERE, '3'), soLine('j', NOWHERE, '5')],
            updated_at: at(22),
          },
        ],
        [`salesOrder-${S1}`, 'SalesOrderInvoiceReleased', { invoice_id: I1, released_at: at(23) }],
        [`salesOrder-${S1}`, 'SalesOrderInvoiced', invoiced(I2, [['a', '0.5']])],
        [`salesOrder-${S2}`, 'SalesOrderDeleted', { deleted_at: at(24) }],
      ),
    ];
    const expected = {
      ...BEFORE,
      [k(ITEM, V, STORE)]: ['5', '1.5'],
      [k(PLAIN, null, STORE)]: ['10', '0'],
      // c stays where it was first reserved (no location), j is reserved at the item's new location.
      [k(NOWHERE, null, null)]: ['0', '3'],
      [k(NOWHERE, null, STORE)]: ['0', '5'],
    };
    await project('so_batch', [story]);
    await project('so_single', oneByOne(story));
    await project('so_twice', [story, story.filter((e) => e.streamId.startsWith('salesOrder-'))]);
    for (const schema of ['so_batch', 'so_single', 'so_twice'])
      expect(await quantities(schema)).toEqual(expected);
    expect(await orderLines('so_twice')).toEqual(await orderLines('so_single'));
  });
});
