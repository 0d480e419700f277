import { ITEM_DEFAULTS } from '@app/domain';
import { randomUUID } from 'node:crypto';
import { PostgresEventStore, RecordedEvent } from '@app/event-store';
import { ProjectionRunner } from '../projection-runner';
import { recordingLogger } from '../testing/projection-fixtures';
import { sql } from 'kysely';
import { A, ACCOUNT, at, B, C, log, projectorOn, uuid } from '../testing/projector-spec';
import { stockAdjusted } from '../testing/stock-events';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { itemListsProjector } from './item-lists';

postgresSkipNotice('item_lists projector');

const CATEGORY = uuid('c1');
const STORE = uuid('d1');
const V1 = uuid('e1');
const V2 = uuid('e2');

const created = (id: string, number: number, minute: number, over: object = {}) => ({
  id,
  account_id: ACCOUNT,
  item_number: number,
  // The fields a creation leaves at the domain's defaults when not given.
  ...ITEM_DEFAULTS,
  name: 'Widget',
  inventory_type: 'quantity',
  category_id: CATEGORY,
  status_id: 12,
  created_at: at(minute),
  ...over,
});

const stock = (id: string, minute: number) => stockAdjusted(id, STORE, { quantity: '2', after: '2', minute });

// A's story spans both batches; B gets variations from their own streams.
const EVENTS = log(
  [`item-${A}`, 'ItemCreated', created(A, 1, 0, { price: '2.5000' })],
  [`item-${B}`, 'ItemCreated', created(B, 2, 1, { name: 'Bolt' })],
  [
    `item-${A}`,
    'ItemUpdated',
    {
      changes: { sku: 'W-1', location_id: STORE, custom_field_values: [{ custom_field_id: 'f', value: 1 }] },
      updated_at: at(2),
    },
  ],
  [
    `itemVariation-${V1}`,
    'ItemVariationCreated',
    { id: V1, account_id: ACCOUNT, item_id: B, locations: [], created_at: at(3) },
  ],
  [`item-${A}`, 'StockAdjusted', stock(A, 4)],
  [`item-${A}`, 'ItemArchived', { status_id: 13, archived_at: at(5) }],
  // second batch
  [
    `itemVariation-${V2}`,
    'ItemVariationCreated',
    { id: V2, account_id: ACCOUNT, item_id: B, locations: [], created_at: at(6) },
  ],
  [`itemVariation-${V1}`, 'ItemVariationDeleted', { account_id: ACCOUNT, item_id: B, deleted_at: at(7) }],
  [
    `itemVariation-${V2}`,
    'StockAdjusted',
    { ...stock(B, 8), variation_id: V2, item_variation_location_id: 1 },
  ],
  [`item-${A}`, 'ItemRestored', { status_id: 12, restored_at: at(9) }],
  [`item-${A}`, 'ItemUpdated', { changes: { price: null, sku: null }, updated_at: at(10) }],
);
const FIRST_BATCH = EVENTS.slice(0, 6);
const SECOND_BATCH = EVENTS.slice(6);

describe.each(testDatabases())('item_lists projector on $name', (target) => {
  const { project, ...spec } = projectorOn(target, itemListsProjector);

  const rows = async (schema: string) =>
    (
      await sql<Record<string, unknown>>`select * from ${sql.table(`${schema}.items`)} order by id`.execute(
        spec.db(),
      )
    ).rows;

  it('folds each item of a batch into one row; stock moves only the revision, variations the count', async () => {
    await project('first_only', [FIRST_BATCH]);
    expect(await rows('first_only')).toEqual([
      expect.objectContaining({
        id: A,
        account_id: ACCOUNT,
        item_number: 1,
        name: 'Widget',
        sku: 'W-1',
        location_id: STORE,
        price: '2.5000',
        custom_field_values: [{ custom_field_id: 'f', value: 1 }],
        archived: true,
        status_id: 13,
        variation_count: 0,
        revision: 3,
        created_at: new Date(at(0)),
        updated_at: new Date(at(5)),
      }),
      expect.objectContaining({
        id: B,
        name: 'Bolt',
        variation_count: 1,
        revision: 0,
        updated_at: new Date(at(1)),
      }),
    ]);
  });

  it('ends with the same rows whether events come in batches or one by one', async () => {
    expect(await spec.projectedAlike(rows, [FIRST_BATCH, SECOND_BATCH])).toEqual([
      expect.objectContaining({ id: A, sku: null, price: null, archived: false, status_id: 12, revision: 5 }),
      expect.objectContaining({ id: B, variation_count: 1, revision: 0 }),
    ]);
  });

  describe('a unique item on an invoice', () => {
    const INVOICE = uuid('f1');
    const STORY = log(
      [`item-${C}`, 'ItemCreated', created(C, 3, 0, { inventory_type: 'unique', name: 'Painting' })],
      [`item-${C}`, 'StockAdjusted', { ...stock(C, 1), quantity: '1', on_hand_after: '1' }],
      [
        `item-${C}`,
        'ItemUnitInvoiced',
        { invoice_id: INVOICE, status_id: 14, sold_date: at(2), invoiced_at: at(2) },
      ],
      [`item-${C}`, 'ItemUnitReleased', { invoice_id: INVOICE, status_id: 12, released_at: at(3) }],
    );
    const [SOLD, RELEASED] = [STORY.slice(0, 3), STORY.slice(3)];
    const soldCount = async (schema: string) =>
      (
        await sql<{
          n: number;
        }>`select coalesce(sum(n), 0)::int as n from ${sql.table(`${schema}.item_counts`)}
          where list_state = 'sold'`.execute(spec.db())
      ).rows[0].n;

    it('lists it sold (14) with its sold date while the invoice holds it, counted as sold', async () => {
      await project('unit_sold', [SOLD]);
      expect(await rows('unit_sold')).toEqual([
        expect.objectContaining({
          id: C,
          status_id: 14,
          sold_date: new Date(at(2)),
          revision: 2,
          updated_at: new Date(at(0)),
        }),
      ]);
      expect(await soldCount('unit_sold')).toBe(1);
    });

    it('lists it available (12) again once released, in one batch or two', async () => {
      await project('unit_released', [SOLD, RELEASED]);
      await project('unit_released_once', [[...SOLD, ...RELEASED]]);
      for (const schema of ['unit_released', 'unit_released_once']) {
        expect(await rows(schema)).toEqual([
          expect.objectContaining({ id: C, status_id: 12, sold_date: null, revision: 3 }),
        ]);
        expect(await soldCount(schema)).toBe(0);
      }
    });
  });

  it('keeps item_counts equal to the items per list state, type, category and location, in its own schema', async () => {
    for (const schema of ['alike_batched', 'alike_one_by_one']) {
      const { rows: counted } =
        await sql`select list_state, inventory_type, category_id, location_id, n::int as n
        from ${sql.table(`${schema}.item_counts`)} where n <> 0 order by 1, 2, 3, 4`.execute(spec.db());
      const { rows: actual } = await sql`select public.item_list_state(archived, inventory_type, status_id)
          as list_state, inventory_type, category_id, location_id, count(*)::int as n
        from ${sql.table(`${schema}.items`)} group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(spec.db());
      expect(counted).toEqual(actual);
      expect(counted.length).toBeGreaterThan(0);
    }
  });

  it('keeps counting after a rebuild has swapped its tables in', async () => {
    const fresh = await target.open();
    const store = await PostgresEventStore.open(fresh);
    const runner = new ProjectionRunner({
      db: fresh.db,
      store,
      projectors: [itemListsProjector],
      logger: recordingLogger(),
    });
    // Waits for the last append's own position: the visible head can lag behind it while another
    // transaction anywhere on the server is open.
    const append = async (events: RecordedEvent[]) => {
      let last;
      for (const e of events) {
        last = await store.appendToStream(e.streamId, [{ id: randomUUID(), type: e.type, data: e.data }], {
          expectedRevision: 'any',
        });
      }
      await runner.waitFor(last!.position);
    };
    try {
      await runner.start();
      await append(FIRST_BATCH);
      await runner.rebuild('item_lists');
      await append(SECOND_BATCH);
      const { rows: counted } = await sql`select list_state, category_id, sum(n)::int as n from item_counts
        where n <> 0 group by 1, 2 order by 1, 2`.execute(fresh.db);
      const { rows: actual } = await sql`select public.item_list_state(archived, inventory_type, status_id)
          as list_state, category_id, count(*)::int as n from items group by 1, 2 order by 1, 2`.execute(
        fresh.db,
      );
      expect(counted).toEqual(actual);
      expect(actual).toEqual([expect.objectContaining({ list_state: 'active', n: 2 })]);
    } finally {
      await runner.stop();
      await store.close();
      await fresh.close();
    }
  });

  it('indexes q with trigrams (pg_trgm is there on both databases) and item numbers per account', async () => {
    await project('indexed', [EVENTS]);
    const { rows: indexes } = await sql<{ indexname: string }>`select indexname from pg_indexes
      where schemaname = 'indexed' order by indexname`.execute(spec.db());
    expect(indexes.map((i) => i.indexname)).toEqual(
      expect.arrayContaining([
        'items_name_trgm_idx',
        'items_sku_trgm_idx',
        'items_barcode_trgm_idx',
        'items_serial_number_trgm_idx',
        'items_number_idx',
        'items_list_idx',
      ]),
    );
    const found = await sql`select id from indexed.items where lower(name) like ${'%olt%'}`.execute(
      spec.db(),
    );
    expect(found.rows).toEqual([{ id: B }]);
  });

  it('bounds the trigram indexes pending lists (a search reads them whole) and leaves empty values out', async () => {
    await project('pending', [EVENTS]);
    const { rows } = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef
      from pg_indexes where schemaname = 'pending' and indexname like '%trgm%' order by indexname`.execute(
      spec.db(),
    );
    expect(rows).toHaveLength(4);
    for (const { indexdef } of rows) expect(indexdef).toMatch(/gin_pending_list_limit='?256'?/);
    const unconditional = rows.filter((row) => !row.indexdef.includes('IS NOT NULL'));
    expect(unconditional.map((row) => row.indexname)).toEqual(['items_name_trgm_idx']);
  });
});
