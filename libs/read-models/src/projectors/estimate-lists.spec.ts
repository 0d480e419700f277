import { sql } from 'kysely';
import {
  documentCreated,
  firstEditChanges,
  firstEditLines,
  documentTotals,
  listedDocument,
  listRows,
} from '../testing/document-events';
import { A, accountLog as log, at, B, C, projectorOn, uuid } from '../testing/projector-spec';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { ESTIMATE_LIST, estimateListsProjector } from './estimate-lists';

postgresSkipNotice('estimate_lists projector');

const ZED = uuid('c2');

const totals = (subtotal: string, discount = '0.0000') => documentTotals(subtotal, discount, '1.1100');

const created = (id: string, estimateNumber: number, minute: number, over: object = {}) =>
  documentCreated(id, minute, {
    estimate_number: estimateNumber,
    status_id: 5,
    customer_kind: 'prospect',
    expiry_date: '2030-01-31',
    custom_estimate_number: null,
    totals: totals('35.0000'),
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
      changes: firstEditChanges({ custom_estimate_number: 'Q-17' }),
      lines: firstEditLines(),
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
  const { project, apply, ...spec } = projectorOn(target, estimateListsProjector);

  const rows = (schema: string) => listRows(spec, ESTIMATE_LIST, schema);

  it('writes a created estimate as one row with the amounts its event carries', async () => {
    await project('created', [EVENTS.slice(0, 1)]);
    expect(await rows('created')).toEqual([
      {
        ...listedDocument(A, 0),
        estimate_number: 1,
        custom_estimate_number: null,
        customer_kind: 'prospect',
        status_id: 5,
        expiry_date: '2030-01-31',
        ...totals('35.0000'),
      },
    ]);
  });

  it('folds a batch: a created row carries its later changes, new totals and lines but not the discount line', async () => {
    await project('first_only', [FIRST_BATCH]);
    expect(await rows('first_only')).toEqual([
      expect.objectContaining({
        id: A,
        ...firstEditChanges({ custom_estimate_number: 'Q-17' }),
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
    await spec.projectedAlike(rows, [FIRST_BATCH, SECOND_BATCH]);
  });

  it('changes nothing when events the rows already reflect are applied again', async () => {
    const updatedAndDeclined = SECOND_BATCH.slice(0, 2);
    await project('again', [FIRST_BATCH, updatedAndDeclined]);
    const once = await rows('again');
    for (const batch of [FIRST_BATCH, updatedAndDeclined.slice(0, 1)]) {
      await apply('again', batch);
    }
    expect(await rows('again')).toEqual(once);
    expect(once[0]).toEqual(expect.objectContaining({ id: A, customer_id: ZED, status_id: 7, revision: 3 }));
  });

  it('keeps an expired estimate as status 8, its expiry moving updated_at', async () => {
    const expired = log(
      [`estimate-${B}`, 'EstimateCreated', created(B, 2, 1)],
      [`estimate-${B}`, 'EstimateExpired', { status_id: 8, expiry_date: '2030-01-31', expired_at: at(9) }],
    );
    await project('expired', [expired]);
    expect(await rows('expired')).toEqual([
      expect.objectContaining({ id: B, status_id: 8, revision: 1, updated_at: new Date(at(9)) }),
    ]);
  });

  it('creates the list indexes, trigram search included', async () => {
    await project('indexed', []);
    expect(await spec.indexes('indexed', 'estimates')).toEqual([
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

  it('bounds the trigram indexes pending lists, which every search reads whole', async () => {
    await project('pending', []);
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where schemaname = 'pending' and indexname like '%trgm%'`.execute(spec.db());
    expect(rows).toHaveLength(3);
    for (const { indexdef } of rows) expect(indexdef).toMatch(/gin_pending_list_limit='?256'?/);
  });
});
