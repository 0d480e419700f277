import { sql } from 'kysely';
import {
  documentCreated,
  firstEditChanges,
  firstEditLines,
  documentLine as line,
  lineId,
  listedDocument,
  listRows,
  totalsWithDiscountTotal as totals,
} from '../testing/document-events';
import { A, ACCOUNT, accountLog as log, at, B, C, D, projectorOn, uuid } from '../testing/projector-spec';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { INVOICE_LIST, invoiceListsProjector } from './invoice-lists';

postgresSkipNotice('invoice_lists projector');

const ZED = uuid('c2');
const payment = (n: number) => uuid(`a${n}`);
const packingList = (n: number) => uuid(`e${n}`);

const created = (id: string, invoiceNumber: number, minute: number, over: object = {}) =>
  documentCreated(id, minute, {
    invoice_number: invoiceNumber,
    status_id: 9,
    custom_invoice_number: null,
    totals: totals('35.0000'),
    source_estimate_id: null,
    ...over,
  });

const paid = (
  id: string,
  amount: string,
  day: string,
  minute: number,
  balance: { status_id: number; amount_paid: string; amount_due: string; date_fully_paid?: string },
  refunded: string | null = null,
) => ({
  payment: {
    id,
    amount,
    type: amount.startsWith('-') ? 'refund' : 'payment',
    reference: refunded ? null : `chq ${id.slice(-2)}`,
    payment_date: day,
    card: null,
    refunded_payment_id: refunded,
    recorded_at: at(minute),
  },
  date_fully_paid: null,
  ...balance,
});

const packed = (id: string, number: number, minute: number, percents: [number, number]) => ({
  fulfillment: {
    id,
    packing_list_number: number,
    lines: [{ invoice_line_id: lineId(0), quantity: '1' }],
    shipped_date: null,
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    estimated_delivery_date: null,
    created_at: at(minute),
  },
  packed_percent: percents[0],
  shipped_percent: percents[1],
});

// A's story spans both batches; B is created, paid and deleted within the first; C (service lines
// only) changes its lines and is cancelled in the second; D, paid and packed in the first, is
// deleted in the second.
const EVENTS = log(
  [`invoice-${A}`, 'InvoiceCreated', created(A, 1, 0)],
  [`invoice-${B}`, 'InvoiceCreated', created(B, 2, 1)],
  [
    `invoice-${A}`,
    'InvoiceUpdated',
    {
      changes: firstEditChanges({ custom_invoice_number: 'INV-17' }),
      lines: firstEditLines(),
      totals: totals('31.5000', '3.5000'),
      packed_percent: 0,
      shipped_percent: 0,
      updated_at: at(2),
    },
  ],
  [
    `invoice-${A}`,
    'InvoicePaymentRecorded',
    paid(payment(1), '10.0000', '2030-01-03', 3, {
      status_id: 10,
      amount_paid: '10.0000',
      amount_due: '21.5000',
    }),
  ],
  [
    `invoice-${A}`,
    'InvoicePaymentReceiptQueued',
    { payment_id: payment(1), recipients: [], queued_at: at(3) },
  ],
  [
    `invoice-${C}`,
    'InvoiceCreated',
    created(C, 3, 4, { lines: [line(0, 'service', '5.0000')], totals: totals('5.0000') }),
  ],
  [
    `invoice-${B}`,
    'InvoicePaymentRecorded',
    paid(payment(2), '35.0000', '2030-01-01', 5, {
      status_id: 11,
      amount_paid: '35.0000',
      amount_due: '0.0000',
      date_fully_paid: '2030-01-01',
    }),
  ],
  [`invoice-${B}`, 'InvoiceDeleted', { deleted_at: at(6) }],
  [`invoice-${A}`, 'InvoicePacked', packed(packingList(1), 1, 7, [50, 0])],
  [`invoice-${D}`, 'InvoiceCreated', created(D, 4, 8)],
  [
    `invoice-${D}`,
    'InvoicePaymentRecorded',
    paid(payment(4), '5.0000', '2030-01-02', 9, {
      status_id: 10,
      amount_paid: '5.0000',
      amount_due: '30.0000',
    }),
  ],
  [`invoice-${D}`, 'InvoicePacked', packed(packingList(4), 1, 10, [50, 0])],
  // second batch
  [
    `invoice-${A}`,
    'InvoiceDispatched',
    { date_sent: '2030-01-05', recipients: ['a@example.com'], dispatched_at: at(11) },
  ],
  [
    `invoice-${A}`,
    'InvoiceShipped',
    {
      fulfillment_id: packingList(1),
      shipped_date: '2030-01-06',
      carrier: 'UPS',
      tracking_number: '1Z999',
      tracking_url: 'https://example.com/1Z999',
      estimated_delivery_date: '2030-01-09',
      shipped_at: at(12),
      packed_percent: 50,
      shipped_percent: 50,
    },
  ],
  [
    `invoice-${A}`,
    'InvoicePaymentRecorded',
    paid(
      payment(3),
      '-2.0000',
      '2030-01-07',
      13,
      { status_id: 10, amount_paid: '8.0000', amount_due: '23.5000' },
      payment(1),
    ),
  ],
  [`invoice-${A}`, 'InvoiceDispatchDateChanged', { date_sent: '2030-01-04', changed_at: at(14) }],
  [
    `invoice-${C}`,
    'InvoiceUpdated',
    {
      changes: { customer_id: ZED, customer_name: 'Zed' },
      lines: [line(0, 'service', '20.0000'), line(1, 'service', '30.0000')],
      totals: totals('50.0000'),
      packed_percent: 0,
      shipped_percent: null,
      updated_at: at(15),
    },
  ],
  [`invoice-${C}`, 'InvoiceCancelled', { status_id: 15, cancelled_at: at(16) }],
  [`invoice-${D}`, 'InvoiceDeleted', { deleted_at: at(17) }],
);
const FIRST_BATCH = EVENTS.slice(0, 12);
const SECOND_BATCH = EVENTS.slice(12);

describe.each(testDatabases())('invoice_lists projector on $name', (target) => {
  const { project, apply, ...spec } = projectorOn(target, invoiceListsProjector);

  const invoices = (schema: string) => listRows(spec, INVOICE_LIST, schema);
  const payments = (schema: string) =>
    spec.rows(
      schema,
      'invoice_payments',
      't.invoice_id, t.payment_date desc, t.recorded_at desc, t.id',
      'payment_date::text as payment_date',
    );
  const fulfillments = (schema: string) =>
    spec.rows(
      schema,
      'invoice_fulfillments',
      't.invoice_id, t.created_at desc, t.packing_list_number desc',
      'shipped_date::text as shipped_date, estimated_delivery_date::text as estimated_delivery_date',
    );
  const everything = async (schema: string) => ({
    invoices: await invoices(schema),
    payments: await payments(schema),
    fulfillments: await fulfillments(schema),
  });

  it('writes a created invoice as one row: the amounts its event carries, nothing paid, all due', async () => {
    await project('created', [EVENTS.slice(0, 1)]);
    expect(await invoices('created')).toEqual([
      {
        ...listedDocument(A, 0),
        invoice_number: 1,
        custom_invoice_number: null,
        status_id: 9,
        date_sent: null,
        date_fully_paid: null,
        ...totals('35.0000'),
        amount_paid: '0.0000',
        amount_due: '35.0000',
        shipped_percent: 0,
        // An event from before sales orders does not name one.
        source_sales_order_id: null,
      },
    ]);
  });

  it('keeps the sales order an invoice was made from, which later edits do not touch', async () => {
    const ORDER = uuid('b0');
    const linked = log(
      [`invoice-${A}`, 'InvoiceCreated', created(A, 1, 0, { source_sales_order_id: ORDER })],
      [`invoice-${B}`, 'InvoiceCreated', created(B, 2, 1, { source_sales_order_id: null })],
      [`invoice-${A}`, 'InvoiceUpdated', { changes: { name: 'Linked' }, updated_at: at(2) }],
    );
    await project('linked', [linked.slice(0, 2), linked.slice(2)]);
    const { rows } = await sql<{
      id: string;
      source_sales_order_id: string | null;
    }>`select id, source_sales_order_id
      from linked.invoices where account_id = ${ACCOUNT} and source_sales_order_id = ${ORDER}`.execute(
      spec.db(),
    );
    expect(rows).toEqual([{ id: A, source_sales_order_id: ORDER }]);
    expect((await invoices('linked')).map((r) => [r.id, r.name, r.source_sales_order_id])).toEqual([
      [A, 'Linked', ORDER],
      [B, null, null],
    ]);
  });

  it('drops the link when a linked invoice is cancelled', async () => {
    const ORDER = uuid('b0');
    const cancelled = log(
      [`invoice-${A}`, 'InvoiceCreated', created(A, 1, 0, { source_sales_order_id: ORDER })],
      [`invoice-${A}`, 'InvoiceCancelled', { status_id: 15, cancelled_at: at(1) }],
    );
    await project('unlinked', [cancelled]);
    expect((await invoices('unlinked')).map((r) => [r.id, r.status_id, r.source_sales_order_id])).toEqual([
      [A, 15, null],
    ]);
  });

  it('folds a batch: changes, payments, receipts and packing into the created rows; a deleted invoice leaves nothing', async () => {
    await project('first_only', [FIRST_BATCH]);
    const { invoices: rows, payments: paidRows, fulfillments: packedRows } = await everything('first_only');
    expect(rows).toEqual([
      expect.objectContaining({
        id: A,
        ...firstEditChanges({ custom_invoice_number: 'INV-17' }),
        total: '31.5000',
        discount_total: '3.5000',
        line_count: 2,
        status_id: 10,
        amount_paid: '10.0000',
        amount_due: '21.5000',
        shipped_percent: 0,
        revision: 4,
        updated_at: new Date(at(7)),
      }),
      expect.objectContaining({
        id: C,
        invoice_number: 3,
        shipped_percent: null,
        line_count: 1,
        revision: 0,
      }),
      expect.objectContaining({ id: D, amount_due: '30.0000', revision: 2 }),
    ]);
    expect(paidRows.map((row) => row.id)).toEqual([payment(1), payment(4)]);
    expect(paidRows[0]).toEqual({
      id: payment(1),
      account_id: ACCOUNT,
      invoice_id: A,
      amount: '10.0000',
      type: 'payment',
      reference: 'chq a1',
      payment_date: '2030-01-03',
      refunded_payment_id: null,
      recorded_at: new Date(at(3)),
    });
    expect(packedRows).toEqual([
      {
        id: packingList(1),
        account_id: ACCOUNT,
        invoice_id: A,
        packing_list_number: 1,
        status: 'packed',
        units_packed: '1',
        shipped_date: null,
        carrier: null,
        tracking_number: null,
        tracking_url: null,
        estimated_delivery_date: null,
        lines: [{ invoice_line_id: lineId(0), quantity: '1' }],
        created_at: new Date(at(7)),
        updated_at: new Date(at(7)),
      },
      expect.objectContaining({ id: packingList(4), invoice_id: D }),
    ]);
  });

  it('merges later events into stored rows: dispatch, shipment, refund, new totals, cancellation, deletion', async () => {
    await project('batched', [FIRST_BATCH, SECOND_BATCH]);
    const { invoices: rows, payments: paidRows, fulfillments: packedRows } = await everything('batched');
    expect(rows).toEqual([
      expect.objectContaining({
        id: A,
        name: 'Spring order',
        date_sent: '2030-01-04',
        status_id: 10,
        amount_paid: '8.0000',
        amount_due: '23.5000',
        total: '31.5000',
        shipped_percent: 50,
        revision: 8,
        updated_at: new Date(at(14)),
      }),
      expect.objectContaining({
        id: C,
        customer_id: ZED,
        customer_name: 'Zed',
        status_id: 15,
        total: '50.0000',
        amount_paid: '0.0000',
        // The new total less what was paid (the stored row's amount_paid).
        amount_due: '50.0000',
        shipped_percent: null,
        line_count: 2,
        revision: 2,
        updated_at: new Date(at(16)),
      }),
    ]);
    expect(paidRows).toEqual([
      expect.objectContaining({
        id: payment(3),
        invoice_id: A,
        amount: '-2.0000',
        type: 'refund',
        reference: null,
        payment_date: '2030-01-07',
        refunded_payment_id: payment(1),
      }),
      expect.objectContaining({ id: payment(1), invoice_id: A, amount: '10.0000' }),
    ]);
    expect(packedRows).toEqual([
      expect.objectContaining({
        id: packingList(1),
        status: 'shipped',
        shipped_date: '2030-01-06',
        carrier: 'UPS',
        tracking_number: '1Z999',
        tracking_url: 'https://example.com/1Z999',
        estimated_delivery_date: '2030-01-09',
        created_at: new Date(at(7)),
        updated_at: new Date(at(12)),
      }),
    ]);
  });

  it('ends with the same rows whether events come in batches, in one batch or one by one', async () => {
    const expected = await spec.projectedAlike(everything, [FIRST_BATCH, SECOND_BATCH]);
    await project('in_one', [EVENTS]);
    expect(await everything('in_one')).toEqual(expected);
  });

  it('changes nothing when events the rows already reflect are applied again', async () => {
    const upToTheRefund = SECOND_BATCH.slice(0, 3);
    await project('again', [FIRST_BATCH, upToTheRefund]);
    const once = await everything('again');
    for (const batch of [FIRST_BATCH.filter((event) => !event.streamId.endsWith(B)), upToTheRefund]) {
      await apply('again', batch);
    }
    expect(await everything('again')).toEqual(once);
    expect(once.invoices[0]).toEqual(
      expect.objectContaining({ id: A, amount_paid: '8.0000', shipped_percent: 50, revision: 7 }),
    );
  });

  it('creates the list, payment and packing list indexes, trigram search included', async () => {
    await project('indexed', []);
    expect(await spec.indexes('indexed')).toEqual([
      'invoice_fulfillments_account_idx',
      'invoice_fulfillments_invoice_idx',
      'invoice_fulfillments_pkey',
      'invoice_payments_account_idx',
      'invoice_payments_invoice_idx',
      'invoice_payments_pkey',
      'invoices_custom_invoice_number_trgm_idx',
      'invoices_customer_idx',
      'invoices_customer_name_trgm_idx',
      'invoices_date_fully_paid_idx',
      'invoices_date_sent_idx',
      'invoices_issue_date_idx',
      'invoices_name_trgm_idx',
      'invoices_number_idx',
      'invoices_pkey',
      'invoices_salesperson_idx',
      'invoices_source_sales_order_idx',
      'invoices_status_idx',
    ]);
  });
});
