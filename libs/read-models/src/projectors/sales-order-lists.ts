import {
  DocumentLine,
  SALES_ORDER_KIND,
  SalesOrderEvent,
  SalesOrderInvoicing,
  salesOrderLeftToPack,
  SalesOrderLeftToPack,
  SalesOrderProgressLeft,
} from '@app/domain';
import { RecordedEvent } from '@app/event-store';
import { sql, Transaction } from 'kysely';
import { batchIds, batchRows } from './batch-rows';
import { domainEvent } from './domain-events';
import {
  amountColumns,
  column,
  createdDocument,
  dateColumnsOf,
  DOCUMENT_HEADER_COLUMNS,
  DOCUMENT_TRAILING_COLUMNS,
  DocumentChildTables,
  documentIdentityColumns,
  DocumentListDeclaration,
  documentListProjector,
  listIndexes,
  updatedDocument,
} from './document-lists';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Text searched by the list's `q` (a substring, case-insensitive), each with a trigram index where possible. */
export const SALES_ORDER_SEARCH_COLUMNS = ['customer_name', 'purchase_order_number', 'name'] as const;

/** Progress the events carry as they leave it, with what is left to pack. */
const progress = (d: Partial<SalesOrderProgressLeft>, lines?: DocumentLine[]) => ({
  packed_percent: d.packed_percent,
  shipped_percent: d.shipped_percent,
  ...leftToPackColumns(d.left_to_pack ?? (lines ? unpacked(lines) : fromPercentages(d))),
});
/** Lines of an order with no packing list yet (lines change only on an untouched order). */
const unpacked = (lines: DocumentLine[]) => salesOrderLeftToPack({ lines, fulfillments: [] });
const leftToPackColumns = (left: SalesOrderLeftToPack | undefined) =>
  left ? { left_to_pack: left.inventory, left_to_pack_with_service: left.with_service } : {};
/**
 * An older event without `left_to_pack`: inventory left while packed_percent is below 100 (each
 * line counts up to its quantity); service lines' packing was not recorded, so they count as theirs.
 */
const fromPercentages = (d: Partial<SalesOrderProgressLeft>): SalesOrderLeftToPack | undefined => {
  if (d.packed_percent === undefined) return undefined;
  const inventory = d.shipped_percent !== null && d.shipped_percent !== undefined && d.packed_percent < 100;
  return { inventory, with_service: inventory };
};
const invoicing = (d: SalesOrderInvoicing) => ({
  invoiced_percent: d.invoiced_percent,
  invoice_count: d.invoice_count,
});

/** The `sales_orders` table: one row per live sales order. */
export const SALES_ORDER_LIST: DocumentListDeclaration<SalesOrderEvent['type']> = {
  table: 'sales_orders',
  streamPrefix: 'salesOrder-',
  numberColumn: 'sales_order_number',
  columns: {
    ...documentIdentityColumns('sales_order_number', {
      location_id: { type: 'uuid', nullable: true, fixed: true },
    }),
    status_id: column('integer'),
    issue_date: column('date'),
    expiry_date: column('date', true),
    ...DOCUMENT_HEADER_COLUMNS,
    packing_list_note: column('text', true),
    ...amountColumns(SALES_ORDER_KIND.amounts),
    amount_paid: column('numeric'),
    invoiced_percent: column('numeric', true),
    packed_percent: column('numeric'),
    shipped_percent: column('integer', true),
    invoice_count: column('integer'),
    // What the block reasons follow from (SalesOrderBlockFacts, with status_id and invoice_count).
    has_packing_lists: column('boolean'),
    left_to_pack: column('boolean'),
    left_to_pack_with_service: column('boolean'),
    ...DOCUMENT_TRAILING_COLUMNS,
  },
  // By salesperson: the list of a user without view-all (their own orders only).
  indexes: listIndexes('sales_orders', 'sales_order_number', {
    byNumber: ['salesperson_id', 'customer_id', 'status_id', 'location_id'],
    byValue: ['issue_date', 'expiry_date'],
  }),
  searchColumns: SALES_ORDER_SEARCH_COLUMNS,
  fold: {
    SalesOrderCreated: (d) =>
      createdDocument(SALES_ORDER_KIND.amounts, d, {
        amount_paid: '0.0000',
        // Nothing invoiced or packed yet: the percentages a new order's lines give.
        invoiced_percent: d.lines.some((line) => line.line_type !== 'discount') ? 0 : null,
        packed_percent: 0,
        shipped_percent: d.lines.some((line) => line.line_type === 'inventory') ? 0 : null,
        invoice_count: 0,
        has_packing_lists: false,
        ...leftToPackColumns(unpacked(d.lines)),
      }),
    SalesOrderUpdated: (d) =>
      updatedDocument(SALES_ORDER_KIND.amounts, d, 'packed_percent' in d ? progress(d, d.lines) : {}),
    SalesOrderPacked: (d) => ({
      changes: { ...progress(d), has_packing_lists: true, updated_at: d.fulfillment.created_at },
    }),
    SalesOrderShipped: (d) => ({ changes: { ...progress(d), updated_at: d.shipped_at } }),
    // The notification changes nothing listed but the revision (the order's ETag).
    SalesOrderShippingNotificationQueued: () => undefined,
    // A notification's outcome changes nothing listed but the revision.
    CustomerNotificationSent: () => undefined,
    CustomerNotificationFailed: () => undefined,
    SalesOrderInvoiced: (d) => ({ changes: { ...invoicing(d), updated_at: d.invoiced_at } }),
    SalesOrderInvoiceReleased: (d) => ({ changes: { ...invoicing(d), updated_at: d.released_at } }),
    SalesOrderDeleted: () => ({ deleted: true }),
  },
};

/** Date columns of `sales_orders`: read back as text, filtered by `<column>_from` / `_to`. */
export const SALES_ORDER_DATE_COLUMNS = dateColumnsOf(SALES_ORDER_LIST);

/**
 * `sales_order_invoices`: the invoices created from a sales order, with what each has been paid
 * (its payments less refunds), from the invoice events. After each batch the orders it touched get
 * `sales_orders.amount_paid` = the sum over their invoices. Every write is absolute (the invoice's
 * amount paid after the payment), so applying an event again changes nothing.
 */
const SALES_ORDER_INVOICES: DocumentChildTables = {
  tables: ['sales_order_invoices'],
  handles: ['InvoiceCreated', 'InvoicePaymentRecorded'],
  async setup(db, schema) {
    await db.schema
      .withSchema(schema)
      .createTable('sales_order_invoices')
      .addColumn('invoice_id', 'uuid', (c) => c.primaryKey())
      .addColumn('account_id', 'uuid', (c) => c.notNull())
      .addColumn('sales_order_id', 'uuid', (c) => c.notNull())
      .addColumn('amount_paid', 'numeric', (c) => c.notNull())
      .execute();
    await sql`create index sales_order_invoices_order_idx
      on ${sql.table(`${schema}.sales_order_invoices`)} (sales_order_id)`.execute(db);
  },
  async apply(trx, events, schema) {
    await writeLinkedInvoices(trx, schema, events);
  },
};

async function writeLinkedInvoices(
  trx: Transaction<any>,
  schema: string,
  events: RecordedEvent[],
): Promise<void> {
  const linked: Record<string, unknown>[] = [];
  const paid = new Map<string, string>();
  for (const event of events) {
    const { type, data: d } = domainEvent(event);
    const invoiceId = event.streamId.slice('invoice-'.length);
    if (type === 'InvoiceCreated' && d.source_sales_order_id) {
      linked.push({
        invoice_id: invoiceId,
        account_id: event.metadata.account_id ?? d.account_id,
        sales_order_id: d.source_sales_order_id,
        amount_paid: '0',
      });
    } else if (type === 'InvoicePaymentRecorded') {
      paid.set(invoiceId, d.amount_paid);
    }
  }
  if (linked.length === 0 && paid.size === 0) return;
  const invoices = sql.table(`${schema}.sales_order_invoices`);
  const orders = sql.table(`${schema}.sales_orders`);
  if (linked.length > 0)
    await sql`insert into ${invoices} (invoice_id, account_id, sales_order_id, amount_paid)
      select invoice_id, account_id, sales_order_id, amount_paid
      from jsonb_to_recordset(${JSON.stringify(linked)}::jsonb)
        as r(invoice_id uuid, account_id uuid, sales_order_id uuid, amount_paid numeric)
      on conflict (invoice_id) do nothing`.execute(trx);
  const payments = [...paid].map(([invoice_id, amount_paid]) => ({ invoice_id, amount_paid }));
  if (payments.length > 0)
    await sql`update ${invoices} as t set amount_paid = r.amount_paid
      from ${batchRows(payments, 'invoice_id uuid, amount_paid numeric')} as r
      where t.invoice_id = r.invoice_id`.execute(trx);
  const touched = batchIds([...linked.map((row) => row.invoice_id as string), ...paid.keys()]);
  await sql`update ${orders} as s set amount_paid = (
      select coalesce(sum(i.amount_paid), 0) from ${invoices} i where i.sales_order_id = s.id)
    where s.id in (select sales_order_id from ${invoices}
      where invoice_id in ${touched})`.execute(trx);
}

/**
 * Sales orders as list rows (`sales_orders`), with the money of their linked invoices
 * (`sales_order_invoices`). Amounts and progress are copied from the events (each carries what it
 * leaves); `amount_paid` is the sum of the linked invoices' amounts paid. `revision` is the stream
 * revision of the order's last event.
 */
export const salesOrderListsProjector = documentListProjector({
  name: 'sales_order_lists',
  // 2: has_packing_lists, left_to_pack, left_to_pack_with_service (the list's block reasons).
  version: 3,
  list: SALES_ORDER_LIST,
  children: SALES_ORDER_INVOICES,
});
