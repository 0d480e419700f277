import { RecordedEvent } from '@app/event-store';
import { sql } from 'kysely';
import { Database } from '../database';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { inventoryQuantitiesProjector } from './inventory-quantities';

postgresSkipNotice('inventory_quantities projector');

const ACCOUNT = '00000000-0000-4000-8000-00000000000a';
const STORE = '00000000-0000-4000-8000-0000000000d1';
const DEPOT = '00000000-0000-4000-8000-0000000000d2';
const ITEM = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const V = '00000000-0000-4000-8000-0000000000e1';
const PLAIN = '00000000-0000-4000-8000-000000000003';
const SERVICE = '00000000-0000-4000-8000-000000000004';
const E1 = '00000000-0000-4000-8000-0000000000f1';
const E2 = '00000000-0000-4000-8000-0000000000f2';

const at = (minute: number) => `2030-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;

function log(...entries: [stream: string, type: string, data: object][]): RecordedEvent[] {
  const revisions = new Map<string, number>();
  return entries.map(([streamId, type, data], n) => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    const position = { commit: BigInt(n + 1), prepare: BigInt(n + 1) };
    const metadata = { account_id: ACCOUNT };
    return {
      id: `e${n}`,
      streamId,
      revision,
      type,
      data: data as never,
      metadata,
      position,
      recordedAt: new Date(),
    };
  });
}

const adjusted = (
  item: string,
  location: string,
  quantity: string,
  after: string,
  minute: number,
  row?: number,
) => ({
  account_id: ACCOUNT,
  item_id: item,
  variation_id: row === undefined ? null : V,
  item_variation_location_id: row ?? null,
  location_id: location,
  quantity,
  on_hand_after: after,
  reason: null,
  adjusted_at: at(minute),
});

const EVENTS = log(
  [`item-${ITEM}`, 'StockAdjusted', adjusted(ITEM, STORE, '5', '5', 0)],
  [`item-${OTHER}`, 'StockAdjusted', adjusted(OTHER, DEPOT, '1.5', '1.5', 1)],
  [`item-${ITEM}`, 'StockAdjusted', adjusted(ITEM, STORE, '-5', '0', 2)],
  [
    `itemVariation-${V}`,
    'ItemVariationCreated',
    {
      id: V,
      account_id: ACCOUNT,
      item_id: ITEM,
      locations: [
        { item_variation_location_id: 11, location_id: STORE, zone_id: null, threshold: 0 },
        { item_variation_location_id: 12, location_id: DEPOT, zone_id: null, threshold: 0 },
      ],
      created_at: at(3),
    },
  ],
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
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database?.close());

  async function project(schema: string, batches: RecordedEvent[][]): Promise<void> {
    await sql`create schema ${sql.id(schema)}`.execute(database.db);
    await inventoryQuantitiesProjector.setup(database.db, schema);
    for (const batch of batches) {
      await database.db
        .transaction()
        .execute((trx) => inventoryQuantitiesProjector.apply(trx, batch, schema));
    }
  }

  const rows = async (schema: string) =>
    (
      await sql<
        Record<string, unknown>
      >`select item_id, variation_id, item_variation_location_id, location_id,
          on_hand, reserved, stocked, last_adjusted_at
        from ${sql.table(`${schema}.inventory_quantities`)} order by row_key`.execute(database.db)
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
    await project('batched', [FIRST_BATCH, SECOND_BATCH]);
    await project(
      'one_by_one',
      EVENTS.map((event) => [event]),
    );
    expect(await rows('batched')).toEqual(await rows('one_by_one'));
    expect(await rows('batched')).toEqual([
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
          order by row_key`.execute(database.db)
      ).rows;
    const k = (item: string, variation: string | null, location: string | null) =>
      `${item}/${variation ?? '-'}/${location ?? '-'}`;

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
      ['deleted', 'EstimateDeleted', { deleted_at: at(11) }],
    ])('counts nothing for an estimate once %s', async (name, type, data) => {
      const ended = log([`estimate-${E1}`, type, data]);
      await project(`est_${name}`, [FIRST_BATCH, E1_CREATED, ended]);
      expect((await estimates(`est_${name}`)).map((r) => r.estimates)).toEqual(['0', '0', '0', '0']);
      const { rows: kept } = await sql`select * from ${sql.table(`est_${name}.estimate_quantities`)}`.execute(
        database.db,
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
      await project(
        'est_single',
        story.map((event) => [event]),
      );
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
