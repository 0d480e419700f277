import { RecordedEvent } from '@app/event-store';
import { sql } from 'kysely';
import { Database } from '../database';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { estimateListsProjector } from './estimate-lists';

postgresSkipNotice('estimate_lists projector');

const ACCOUNT = '00000000-0000-4000-8000-00000000000a';
const SALESPERSON = '00000000-0000-4000-8000-0000000000f1';
const ACME = '00000000-0000-4000-8000-0000000000c1';
const ZED = '00000000-0000-4000-8000-0000000000c2';
const FIELD = '00000000-0000-4000-8000-0000000000cf';
const WIDGET = '00000000-0000-4000-8000-0000000000b1';
const A = '00000000-0000-4000-8000-000000000001';
const B = '00000000-0000-4000-8000-000000000002';
const C = '00000000-0000-4000-8000-000000000003';

const at = (minute: number) => `2030-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;

/** Events as the store records them: revisions per stream, positions in the given order. */
function log(...entries: [stream: string, type: string, data: object][]): RecordedEvent[] {
  const revisions = new Map<string, number>();
  return entries.map(([streamId, type, data], n) => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    const position = { commit: BigInt(n + 1), prepare: BigInt(n + 1) };
    return {
      id: `e${n}`,
      streamId,
      revision,
      type,
      data: data as never,
      metadata: { account_id: ACCOUNT },
      position,
      recordedAt: new Date(),
    };
  });
}

/** A calculated line as an event stores it (only line_type matters to this projector). */
const line = (position: number, line_type: 'inventory' | 'service' | 'discount', total: string) => ({
  id: `11e00000-0000-4000-8000-00000000000${position}`,
  line_type,
  item_id: line_type === 'inventory' ? WIDGET : null,
  item_variation_location_id: null,
  name: line_type === 'discount' ? 'Discount' : 'Widget',
  description: null,
  quantity: line_type === 'discount' ? '1' : '2',
  unit_id: null,
  unit_name: null,
  sku: null,
  variation_values: {},
  variation_number: null,
  location_name: null,
  unique: false,
  unit_price: total,
  unit_cost: null,
  discount_percent: '0.000',
  tax_rate: '0.000',
  tax_2_rate: '0.000',
  discounted_unit_price: null,
  subtotal: total,
  tax: '0.0000',
  tax_2: '0.0000',
  total,
  total_cost: null,
  position,
});

const totals = (subtotal: string, discount = '0.0000') => ({
  pre_discount_subtotal: subtotal,
  discount,
  subtotal,
  tax: '1.1100',
  tax_2: '0.0000',
  total: subtotal,
});

const created = (id: string, estimateNumber: number, minute: number, over: object = {}) => ({
  id,
  account_id: ACCOUNT,
  estimate_number: estimateNumber,
  salesperson_id: SALESPERSON,
  status_id: 5,
  customer_id: ACME,
  customer_name: 'Acme',
  customer_kind: 'prospect',
  name: null,
  issue_date: '2030-01-01',
  expiry_date: '2030-01-31',
  custom_estimate_number: null,
  purchase_order_number: '',
  attention: null,
  shipping_address: null,
  public_note: null,
  payment_terms: 'Net 30',
  shipping_fee: '0.0000',
  shipping_cost: '0.0000',
  discount_percent: '0.000',
  custom_field_values: [],
  lines: [line(0, 'inventory', '25.0000'), line(1, 'service', '10.0000')],
  totals: totals('35.0000'),
  created_at: at(minute),
  ...over,
});

// A's story spans both batches; B is created and deleted within the first; C is deleted in the
// second.
const EVENTS = log(
  [`estimate-${A}`, 'EstimateCreated', created(A, 1, 0)],
  [`estimate-${B}`, 'EstimateCreated', created(B, 2, 1)],
  [
    `estimate-${A}`,
    'EstimateUpdated',
    {
      changes: {
        name: 'Spring order',
        custom_estimate_number: 'Q-17',
        payment_terms: null,
        discount_percent: '10.000',
        custom_field_values: [{ custom_field_id: FIELD, value: 'rush' }],
      },
      lines: [line(0, 'inventory', '25.0000'), line(1, 'service', '10.0000'), line(2, 'discount', '-3.5000')],
      totals: totals('31.5000', '3.5000'),
      updated_at: at(2),
    },
  ],
  [`estimate-${C}`, 'EstimateCreated', created(C, 3, 3)],
  [`estimate-${B}`, 'EstimateDeleted', { deleted_at: at(4) }],
  // second batch
  [
    `estimate-${A}`,
    'EstimateUpdated',
    {
      changes: {
        customer_id: ZED,
        customer_name: 'Zed',
        customer_kind: 'customer',
        expiry_date: '2030-02-15',
      },
      updated_at: at(5),
    },
  ],
  [`estimate-${A}`, 'EstimateDeclined', { status_id: 7, declined_at: at(6) }],
  [`estimate-${C}`, 'EstimateDeleted', { deleted_at: at(7) }],
);
const FIRST_BATCH = EVENTS.slice(0, 5);
const SECOND_BATCH = EVENTS.slice(5);

describe.each(testDatabases())('estimate_lists projector on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database?.close());

  async function project(schema: string, batches: RecordedEvent[][]): Promise<void> {
    await sql`create schema ${sql.id(schema)}`.execute(database.db);
    await database.db.transaction().execute((trx) => estimateListsProjector.setup(trx, schema));
    for (const batch of batches) {
      await database.db.transaction().execute((trx) => estimateListsProjector.apply(trx, batch, schema));
    }
  }

  // Dates as text: the drivers turn `date` into a Date in the process's zone.
  const rows = async (schema: string) =>
    (
      await sql<
        Record<string, unknown>
      >`select *, issue_date::text as issue_date, expiry_date::text as expiry_date
        from ${sql.table(`${schema}.estimates`)} order by estimate_number`.execute(database.db)
    ).rows;

  it('writes a created estimate as one row with the amounts its event carries', async () => {
    await project('created', [EVENTS.slice(0, 1)]);
    expect(await rows('created')).toEqual([
      {
        id: A,
        account_id: ACCOUNT,
        estimate_number: 1,
        salesperson_id: SALESPERSON,
        custom_estimate_number: null,
        name: null,
        customer_id: ACME,
        customer_name: 'Acme',
        customer_kind: 'prospect',
        status_id: 5,
        issue_date: '2030-01-01',
        expiry_date: '2030-01-31',
        purchase_order_number: '',
        attention: null,
        shipping_address: null,
        public_note: null,
        payment_terms: 'Net 30',
        shipping_fee: '0.0000',
        shipping_cost: '0.0000',
        discount_percent: '0.000',
        pre_discount_subtotal: '35.0000',
        discount: '0.0000',
        subtotal: '35.0000',
        tax: '1.1100',
        tax_2: '0.0000',
        total: '35.0000',
        custom_field_values: [],
        line_count: 2,
        revision: 0,
        created_at: new Date(at(0)),
        updated_at: new Date(at(0)),
      },
    ]);
  });

  it('folds a batch: a created row carries its later changes, new totals and lines but not the discount line', async () => {
    await project('first_only', [FIRST_BATCH]);
    expect(await rows('first_only')).toEqual([
      expect.objectContaining({
        id: A,
        name: 'Spring order',
        custom_estimate_number: 'Q-17',
        payment_terms: null,
        discount_percent: '10.000',
        custom_field_values: [{ custom_field_id: FIELD, value: 'rush' }],
        pre_discount_subtotal: '31.5000',
        discount: '3.5000',
        subtotal: '31.5000',
        line_count: 2,
        status_id: 5,
        revision: 1,
        created_at: new Date(at(0)),
        updated_at: new Date(at(2)),
      }),
      expect.objectContaining({ id: C, estimate_number: 3, revision: 0 }),
    ]);
  });

  it('merges updates into stored rows, keeps a declined estimate and removes a deleted one', async () => {
    await project('batched', [FIRST_BATCH, SECOND_BATCH]);
    expect(await rows('batched')).toEqual([
      expect.objectContaining({
        id: A,
        customer_id: ZED,
        customer_name: 'Zed',
        customer_kind: 'customer',
        expiry_date: '2030-02-15',
        issue_date: '2030-01-01',
        name: 'Spring order',
        total: '31.5000',
        line_count: 2,
        status_id: 7,
        revision: 3,
        updated_at: new Date(at(6)),
      }),
    ]);
  });

  it('ends with the same rows whether events come in batches or one by one', async () => {
    await project('in_batches', [FIRST_BATCH, SECOND_BATCH]);
    await project(
      'one_by_one',
      EVENTS.map((event) => [event]),
    );
    expect(await rows('one_by_one')).toEqual(await rows('in_batches'));
  });

  it('changes nothing when events the rows already reflect are applied again', async () => {
    const updatedAndDeclined = SECOND_BATCH.slice(0, 2);
    await project('again', [FIRST_BATCH, updatedAndDeclined]);
    const once = await rows('again');
    for (const batch of [FIRST_BATCH, updatedAndDeclined.slice(0, 1)]) {
      await database.db.transaction().execute((trx) => estimateListsProjector.apply(trx, batch, 'again'));
    }
    expect(await rows('again')).toEqual(once);
    expect(once[0]).toEqual(expect.objectContaining({ id: A, customer_id: ZED, status_id: 7, revision: 3 }));
  });

  it('creates the list indexes, trigram search included', async () => {
    await project('indexed', []);
    const { rows: indexes } = await sql<{ name: string }>`select indexname as name from pg_indexes
      where schemaname = 'indexed' and tablename = 'estimates' order by indexname`.execute(database.db);
    expect(indexes.map((index) => index.name)).toEqual([
      'estimates_custom_estimate_number_trgm_idx',
      'estimates_customer_idx',
      'estimates_customer_name_trgm_idx',
      'estimates_expiry_date_idx',
      'estimates_issue_date_idx',
      'estimates_name_trgm_idx',
      'estimates_number_idx',
      'estimates_pkey',
      'estimates_salesperson_idx',
      'estimates_status_idx',
    ]);
  });
});
