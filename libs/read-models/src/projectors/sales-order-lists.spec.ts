import { sql } from 'kysely';
import {
  ACME,
  documentCreated,
  documentLine as line,
  lineId,
  SALESPERSON,
  totalsWithDiscountTotal as totals,
} from '../testing/document-events';
import { A, ACCOUNT, accountLog as log, at, B, projectorOn, uuid } from '../testing/projector-spec';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { salesOrderListsProjector } from './sales-order-lists';

postgresSkipNotice('sales_order_lists projector');

const HOME = uuid('d1');
const invoice = (n: number) => uuid(`e${n}`);
const packingList = (n: number) => uuid(`a${n}`);

const created = (id: string, number: number, minute: number, over: object = {}) =>
  documentCreated(id, minute, {
    sales_order_number: number,
    location_id: HOME,
    status_id: 29,
    expiry_date: null,
    packing_list_note: null,
    lines: [line(0, 'inventory', '40.0000'), line(1, 'service', '60.0000')],
    totals: totals('100.0000'),
    source_estimate_id: null,
    ...over,
  });

/** A's invoice `n` (its n-th), of 2 units of line `line`, leaving `percent` of the order invoiced. */
const invoiced = (
  n: number,
  line: number,
  minute: number,
  percent: number,
  details: { issue_date: string; with_shipping: boolean },
) => ({
  invoice_id: invoice(n),
  lines: [{ sales_order_line_id: lineId(line), quantity: '2' }],
  ...details,
  invoiced_at: at(minute),
  invoiced_percent: percent,
  invoice_count: n,
});

const linkedInvoice = (orderId: string | undefined) => ({
  id: 'ignored',
  account_id: ACCOUNT,
  lines: [],
  totals: totals('50.0000'),
  ...(orderId ? { source_sales_order_id: orderId } : {}),
});

const payment = (amountPaid: string, minute: number) => ({
  payment: { id: `p${minute}`, amount: amountPaid, recorded_at: at(minute) },
  amount_paid: amountPaid,
});

// A is packed, shipped, invoiced twice (one released) and paid through its invoices; B is created
// and deleted; an invoice of no order is paid without touching either.
const EVENTS = log(
  [`salesOrder-${A}`, 'SalesOrderCreated', created(A, 1, 0)],
  [`salesOrder-${B}`, 'SalesOrderCreated', created(B, 2, 1, { location_id: null })],
  [
    `salesOrder-${A}`,
    'SalesOrderUpdated',
    { changes: { name: 'Spring', expiry_date: '2030-02-01' }, updated_at: at(2) },
  ],
  [
    `salesOrder-${A}`,
    'SalesOrderPacked',
    {
      fulfillment: {
        id: packingList(1),
        packing_list_number: 1,
        lines: [{ sales_order_line_id: lineId(0), quantity: '1' }],
        created_at: at(3),
      },
      packed_percent: 50,
      shipped_percent: 0,
    },
  ],
  [
    `salesOrder-${A}`,
    'SalesOrderInvoiced',
    invoiced(1, 0, 4, 50, { issue_date: '2030-01-01', with_shipping: true }),
  ],
  [`invoice-${invoice(1)}`, 'InvoiceCreated', linkedInvoice(A)],
  [`invoice-${invoice(1)}`, 'InvoicePaymentRecorded', payment('10.0000', 5)],
  [`salesOrder-${B}`, 'SalesOrderDeleted', { deleted_at: at(6) }],
  // second batch
  [
    `salesOrder-${A}`,
    'SalesOrderShipped',
    {
      fulfillment_id: packingList(1),
      shipped_date: '2030-01-07',
      shipped_at: at(7),
      packed_percent: 50,
      shipped_percent: 50,
    },
  ],
  [
    `salesOrder-${A}`,
    'SalesOrderShippingNotificationQueued',
    { fulfillment_id: packingList(1), recipients: [], queued_at: at(7) },
  ],
  [
    `salesOrder-${A}`,
    'SalesOrderInvoiced',
    invoiced(2, 1, 8, 100, { issue_date: '2030-01-08', with_shipping: false }),
  ],
  [`invoice-${invoice(2)}`, 'InvoiceCreated', linkedInvoice(A)],
  [`invoice-${invoice(1)}`, 'InvoicePaymentRecorded', payment('25.0000', 9)],
  [`invoice-${invoice(2)}`, 'InvoicePaymentRecorded', payment('5.5000', 10)],
  [`invoice-${invoice(3)}`, 'InvoiceCreated', linkedInvoice(undefined)],
  [`invoice-${invoice(3)}`, 'InvoicePaymentRecorded', payment('50.0000', 11)],
  [
    `salesOrder-${A}`,
    'SalesOrderInvoiceReleased',
    { invoice_id: invoice(2), released_at: at(12), invoiced_percent: 50, invoice_count: 1 },
  ],
);
const FIRST_BATCH = EVENTS.slice(0, 8);
const SECOND_BATCH = EVENTS.slice(8);

describe.each(testDatabases())('sales_order_lists projector on $name', (target) => {
  const { project, ...spec } = projectorOn(target, salesOrderListsProjector);

  const orders = (schema: string) =>
    spec.rows(
      schema,
      'sales_orders',
      'sales_order_number',
      `issue_date::text as issue_date, expiry_date::text as expiry_date, amount_paid::text as amount_paid,
        packed_percent::float as packed_percent, invoiced_percent::float as invoiced_percent`,
    );
  const invoices = async (schema: string) =>
    (
      await sql<Record<string, unknown>>`select invoice_id, account_id, sales_order_id,
          amount_paid::float as amount_paid
        from ${sql.table(`${schema}.sales_order_invoices`)} order by invoice_id`.execute(spec.db())
    ).rows;
  const everything = async (schema: string) => ({
    orders: await orders(schema),
    invoices: await invoices(schema),
  });

  it('writes a created order as one row: amounts, nothing invoiced, packed or paid', async () => {
    await project('created', [EVENTS.slice(0, 1)]);
    const [row] = await orders('created');
    expect(row).toMatchObject({
      id: A,
      account_id: ACCOUNT,
      sales_order_number: 1,
      salesperson_id: SALESPERSON,
      location_id: HOME,
      customer_id: ACME,
      status_id: 29,
      issue_date: '2030-01-01',
      expiry_date: null,
      total: '100.0000',
      amount_paid: '0.0000',
      invoiced_percent: 0,
      packed_percent: 0,
      shipped_percent: 0,
      invoice_count: 0,
      line_count: 2,
      revision: 0,
    });
  });

  it('folds the story: progress and invoicing as the events leave them, amount paid summed over linked invoices', async () => {
    await project('story', [FIRST_BATCH, SECOND_BATCH]);
    const { orders: rows, invoices: linked } = await everything('story');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: A,
      name: 'Spring',
      expiry_date: '2030-02-01',
      packed_percent: 50,
      shipped_percent: 50,
      invoiced_percent: 50,
      invoice_count: 1,
      amount_paid: '30.5000',
      revision: 7,
      updated_at: new Date(at(12)),
    });
    expect(linked).toEqual([
      { invoice_id: invoice(1), account_id: ACCOUNT, sales_order_id: A, amount_paid: 25 },
      { invoice_id: invoice(2), account_id: ACCOUNT, sales_order_id: A, amount_paid: 5.5 },
    ]);
  });

  it('gives the same tables whether events come in one batch, one at a time, or applied twice', async () => {
    const expected = await spec.projectedAlike(everything, [FIRST_BATCH, SECOND_BATCH]);
    await project('whole', [EVENTS]);
    await project('again', [FIRST_BATCH, FIRST_BATCH, SECOND_BATCH, EVENTS]);
    expect(await everything('whole')).toEqual(expected);
    expect(await everything('again')).toEqual(expected);
  });
});
