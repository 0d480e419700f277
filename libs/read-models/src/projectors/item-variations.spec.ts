import { RecordedEvent } from '@app/event-store';
import { sql } from 'kysely';
import { Database } from '../database';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { itemVariationsProjector } from './item-variations';

postgresSkipNotice('item_variations projector');

const ACCOUNT = '00000000-0000-4000-8000-00000000000a';
const ITEM = '00000000-0000-4000-8000-0000000000b1';
const V1 = '00000000-0000-4000-8000-000000000001';
const V2 = '00000000-0000-4000-8000-000000000002';
const ATTRIBUTE = '00000000-0000-4000-8000-0000000000c1';
const RED = '00000000-0000-4000-8000-0000000000d1';
const BLUE = '00000000-0000-4000-8000-0000000000d2';
const WAREHOUSE = '00000000-0000-4000-8000-0000000000e1';
const SHOP = '00000000-0000-4000-8000-0000000000e2';
const ZONE = '00000000-0000-4000-8000-0000000000f1';

const at = (minute: number) => `2030-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;

function log(...entries: [stream: string, type: string, data: object][]): RecordedEvent[] {
  const revisions = new Map<string, number>();
  return entries.map(([streamId, type, data], n) => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    return {
      id: `e${n}`,
      streamId,
      revision,
      type,
      data: data as never,
      metadata: { account_id: ACCOUNT },
      position: { commit: BigInt(n + 1), prepare: BigInt(n + 1) },
      recordedAt: new Date(),
    };
  });
}

const created = (id: string, value: string, numbers: [number, number], minute: number) => ({
  id,
  account_id: ACCOUNT,
  item_id: ITEM,
  attributes: [{ attribute_id: ATTRIBUTE, value_id: value }],
  barcode: '',
  image_id: null,
  unit_price_override: '2.5000',
  unit_cost_override: null,
  locations: [
    { item_variation_location_id: numbers[0], location_id: WAREHOUSE, zone_id: null, threshold: 0 },
    { item_variation_location_id: numbers[1], location_id: SHOP, zone_id: null, threshold: 3 },
  ],
  variation_type: null,
  created_at: at(minute),
});

const stock = (
  variation: string | null,
  location: string,
  quantity: string,
  after: string,
  minute: number,
) => ({
  account_id: ACCOUNT,
  item_id: ITEM,
  variation_id: variation,
  item_variation_location_id: null,
  location_id: location,
  quantity,
  on_hand_after: after,
  reason: null,
  adjusted_at: at(minute),
});

const EVENTS = log(
  [
    `variationAttribute-${ATTRIBUTE}`,
    'VariationAttributeCreated',
    {
      id: ATTRIBUTE,
      account_id: ACCOUNT,
      name: 'Color',
      display_name: 'Colour',
      values: [{ id: RED, value: 'Red' }],
      created_at: at(0),
    },
  ],
  [`itemVariation-${V1}`, 'ItemVariationCreated', created(V1, RED, [1, 2], 1)],
  [`itemVariation-${V2}`, 'ItemVariationCreated', created(V2, BLUE, [3, 4], 2)],
  [`item-${ITEM}`, 'StockAdjusted', stock(null, WAREHOUSE, '-5', '0', 3)],
  [`itemVariation-${V1}`, 'StockAdjusted', stock(V1, WAREHOUSE, '5', '5', 3)],
  [
    `itemVariation-${V1}`,
    'ItemVariationUpdated',
    {
      item_id: ITEM,
      changes: {
        barcode: 'B-1',
        unit_price_override: null,
        attributes: [{ attribute_id: ATTRIBUTE, value_id: BLUE }],
      },
      updated_at: at(4),
    },
  ],
  [
    `itemVariation-${V1}`,
    'ItemVariationLocationUpdated',
    {
      item_id: ITEM,
      item_variation_location_id: 2,
      location_id: SHOP,
      changes: { zone_id: ZONE, threshold: 7 },
      updated_at: at(5),
    },
  ],
  [
    `itemVariation-${V2}`,
    'ItemVariationLocationRemoved',
    {
      item_id: ITEM,
      item_variation_location_id: 4,
      location_id: SHOP,
      removed_at: at(6),
    },
  ],
  [
    `itemVariation-${V2}`,
    'ItemVariationLocationAdded',
    {
      item_id: ITEM,
      item_variation_location_id: 5,
      location_id: SHOP,
      zone_id: ZONE,
      threshold: 1,
      added_at: at(7),
    },
  ],
  [
    `variationAttribute-${ATTRIBUTE}`,
    'VariationAttributeUpdated',
    {
      changes: {
        values: [
          { id: RED, value: 'Red' },
          { id: BLUE, value: 'Blue' },
        ],
        display_name: 'Color',
      },
      updated_at: at(8),
    },
  ],
);
const DELETE_V2 = log(
  [`itemVariation-${V2}`, 'ItemVariationCreated', created(V2, BLUE, [3, 4], 2)],
  [`itemVariation-${V2}`, 'ItemVariationDeleted', { account_id: ACCOUNT, item_id: ITEM, deleted_at: at(9) }],
)[1];

describe.each(testDatabases())('item_variations projector on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database?.close());

  async function project(schema: string, batches: RecordedEvent[][]): Promise<void> {
    await sql`create schema ${sql.id(schema)}`.execute(database.db);
    await itemVariationsProjector.setup(database.db, schema);
    for (const batch of batches)
      await database.db.transaction().execute((trx) => itemVariationsProjector.apply(trx, batch, schema));
  }

  const rows = async (schema: string, table: string, order: string) =>
    (
      await sql<
        Record<string, unknown>
      >`select * from ${sql.table(`${schema}.${table}`)} order by ${sql.raw(order)}`.execute(database.db)
    ).rows;

  it('keeps variations, their rows with numbers and stock, and attributes', async () => {
    await project('all_events', [EVENTS.slice(0, 4), EVENTS.slice(4)]);
    expect(await rows('all_events', 'item_variations', 'id')).toEqual([
      expect.objectContaining({
        id: V1,
        account_id: ACCOUNT,
        item_id: ITEM,
        attribute_values: [{ attribute_id: ATTRIBUTE, value_id: BLUE }],
        barcode: 'B-1',
        unit_price_override: null,
        revision: 3,
        created_at: new Date(at(1)),
        updated_at: new Date(at(5)),
      }),
      expect.objectContaining({
        id: V2,
        unit_price_override: '2.5000',
        revision: 2,
        updated_at: new Date(at(7)),
      }),
    ]);
    const locationRows = await rows('all_events', 'item_variation_locations', 'item_variation_location_id');
    expect(
      locationRows.map((r) => [
        r.item_variation_location_id,
        r.variation_id,
        r.location_id,
        r.zone_id,
        r.threshold,
        Number(r.on_hand),
      ]),
    ).toEqual([
      [1, V1, WAREHOUSE, null, 0, 5],
      [2, V1, SHOP, ZONE, 7, 0],
      [3, V2, WAREHOUSE, null, 0, 0],
      [5, V2, SHOP, ZONE, 1, 0],
    ]);
    expect(locationRows.every((r) => r.account_id === ACCOUNT && r.item_id === ITEM)).toBe(true);
    expect(await rows('all_events', 'variation_attributes', 'id')).toEqual([
      expect.objectContaining({
        id: ATTRIBUTE,
        name: 'Color',
        display_name: 'Color',
        values: [
          { id: RED, value: 'Red' },
          { id: BLUE, value: 'Blue' },
        ],
        revision: 1,
      }),
    ]);
  });

  it('removes a deleted variation and its rows', async () => {
    await project('deleted', [EVENTS, [{ ...DELETE_V2, revision: 3 }]]);
    expect((await rows('deleted', 'item_variations', 'id')).map((r) => r.id)).toEqual([V1]);
    expect(
      (await rows('deleted', 'item_variation_locations', 'item_variation_location_id')).map(
        (r) => r.variation_id,
      ),
    ).toEqual([V1, V1]);
  });

  it('refuses a second row with a number the account already uses', async () => {
    await sql`create schema dup`.execute(database.db);
    await itemVariationsProjector.setup(database.db, 'dup');
    const clash = log([`itemVariation-${V1}`, 'ItemVariationCreated', created(V1, RED, [1, 1], 1)]);
    await expect(
      database.db.transaction().execute((trx) => itemVariationsProjector.apply(trx, clash, 'dup')),
    ).rejects.toThrow();
  });
});
