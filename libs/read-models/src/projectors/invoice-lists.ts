import { INVOICE_KIND, InvoiceEvent } from '@app/domain';
import { RecordedEvent } from '@app/event-store';
import Decimal from 'decimal.js';
import { sql, Transaction } from 'kysely';
import { batchIds, batchRows } from './batch-rows';
import { domainEvent } from './domain-events';
import {
  amountColumns,
  amountsOf,
  column,
  createdDocument,
  dateColumnsOf,
  DOCUMENT_HEADER_COLUMNS,
  DOCUMENT_TRAILING_COLUMNS,
  documentIdentityColumns,
  DocumentChildTables,
  DocumentListDeclaration,
  DocumentRow,
  documentListProjector,
  listIndexes,
} from './document-lists';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Text searched by the list's `q` (a substring, case-insensitive), each with a trigram index where possible. */
export const INVOICE_SEARCH_COLUMNS = ['customer_name', 'custom_invoice_number', 'name'] as const;

/** What an update assigns `amount_due`: the payment's balance, else a new total less what was paid. */
const AMOUNT_DUE_UPDATE = `case when r.changes ? 'amount_due' then (r.changes ->> 'amount_due')::numeric
  when r.changes ? 'total' then (r.changes ->> 'total')::numeric - t.amount_paid else t.amount_due end`;

/** Packing progress a creation leaves: none packed, so 0, or null without inventory lines. */
function shippedPercentOfNew(lines: { line_type: string }[]): number | null {
  return lines.some((line) => line.line_type === 'inventory') ? 0 : null;
}

/** The `invoices` table: one row per live invoice, cancelled ones included. */
export const INVOICE_LIST: DocumentListDeclaration<InvoiceEvent['type']> = {
  table: 'invoices',
  streamPrefix: 'invoice-',
  numberColumn: 'invoice_number',
  columns: {
    ...documentIdentityColumns('invoice_number', { custom_invoice_number: column('text', true) }),
    status_id: column('integer'),
    issue_date: column('date'),
    date_sent: column('date', true),
    date_fully_paid: column('date', true),
    ...DOCUMENT_HEADER_COLUMNS,
    ...amountColumns(INVOICE_KIND.amounts),
    amount_paid: column('numeric'),
    amount_due: { type: 'numeric', update: AMOUNT_DUE_UPDATE },
    shipped_percent: column('integer', true),
    // The sales order the invoice was made from (GET /sales-orders/{id}/invoices); null otherwise.
    // Set at creation from a sales order; a cancel removes the link.
    source_sales_order_id: column('uuid', true),
    ...DOCUMENT_TRAILING_COLUMNS,
  },
  // By salesperson: the list of a user without view-all (their own invoices only). Sent or fully
  // paid in a period: for analysts. By source sales order: a sales order's invoices.
  indexes: listIndexes('invoices', 'invoice_number', {
    byNumber: ['salesperson_id', 'customer_id', 'status_id'],
    byValue: ['issue_date', 'date_sent', 'date_fully_paid', 'source_sales_order_id'],
  }),
  searchColumns: INVOICE_SEARCH_COLUMNS,
  fold: {
    InvoiceCreated: (d) =>
      createdDocument(INVOICE_KIND.amounts, d, {
        date_sent: null,
        date_fully_paid: null,
        amount_paid: '0.0000',
        amount_due: d.totals.total,
        shipped_percent: shippedPercentOfNew(d.lines),
        // Absent from invoices created before sales orders.
        source_sales_order_id: d.source_sales_order_id ?? null,
      }),
    InvoiceUpdated: (d, known) => {
      const changes: DocumentRow = {
        ...d.changes,
        ...amountsOf(INVOICE_KIND.amounts, d.lines, d.totals),
        updated_at: d.updated_at,
      };
      if ('shipped_percent' in d) changes.shipped_percent = d.shipped_percent;
      else if (d.lines) changes.shipped_percent = shippedPercentOfNew(d.lines);
      if (d.totals) {
        // What was paid, if this batch knows it; else the update subtracts the stored amount.
        const paid = known('amount_paid');
        if (paid !== undefined)
          changes.amount_due = new Decimal(d.totals.total).minus(paid as string).toFixed(4);
      }
      return { changes };
    },
    InvoicePaymentRecorded: (d) => ({
      changes: {
        status_id: d.status_id,
        amount_paid: d.amount_paid,
        amount_due: d.amount_due,
        date_fully_paid: d.date_fully_paid,
        updated_at: d.payment.recorded_at,
      },
    }),
    // The receipt changes nothing listed but the revision (the invoice's ETag).
    InvoicePaymentReceiptQueued: () => undefined,
    // A notification's outcome changes nothing listed but the revision.
    CustomerNotificationSent: () => undefined,
    CustomerNotificationFailed: () => undefined,
    InvoiceDispatched: (d) => ({ changes: { date_sent: d.date_sent, updated_at: d.dispatched_at } }),
    InvoiceDispatchDateChanged: (d) => ({ changes: { date_sent: d.date_sent, updated_at: d.changed_at } }),
    InvoiceCancelled: (d) => ({
      changes: { status_id: d.status_id, source_sales_order_id: null, updated_at: d.cancelled_at },
    }),
    InvoicePacked: (d) => ({
      changes: { shipped_percent: d.shipped_percent, updated_at: d.fulfillment.created_at },
    }),
    InvoiceShipped: (d) => ({ changes: { shipped_percent: d.shipped_percent, updated_at: d.shipped_at } }),
    InvoiceDeleted: () => ({ deleted: true }),
  },
};

/** Date columns of `invoices`: read back as text, filtered by `<column>_from` / `_to`. */
export const INVOICE_DATE_COLUMNS = dateColumnsOf(INVOICE_LIST);

/** Columns of `invoice_payments`, in table order. */
const PAYMENT_COLUMNS = {
  id: 'uuid',
  account_id: 'uuid',
  invoice_id: 'uuid',
  amount: 'numeric',
  type: 'text',
  reference: 'text',
  payment_date: 'date',
  refunded_payment_id: 'uuid',
  recorded_at: 'timestamptz',
} as const;
const PAYMENT_NULLABLE = new Set(['reference', 'refunded_payment_id']);

/** Columns of `invoice_fulfillments`, in table order. */
const FULFILLMENT_COLUMNS = {
  id: 'uuid',
  account_id: 'uuid',
  invoice_id: 'uuid',
  packing_list_number: 'integer',
  status: 'text',
  units_packed: 'numeric',
  shipped_date: 'date',
  carrier: 'text',
  tracking_number: 'text',
  tracking_url: 'text',
  estimated_delivery_date: 'date',
  lines: 'jsonb',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;
const FULFILLMENT_NULLABLE = new Set([
  'shipped_date',
  'carrier',
  'tracking_number',
  'tracking_url',
  'estimated_delivery_date',
]);

/** The shipping details `InvoiceShipped` sets on a packing list. */
const SHIPPING = [
  'shipped_date',
  'carrier',
  'tracking_number',
  'tracking_url',
  'estimated_delivery_date',
] as const;

/**
 * An invoice's payments (`invoice_payments`) and packing lists (`invoice_fulfillments`), one row
 * each; a deleted invoice's rows are removed. Rows are keyed by the payment's or packing list's id,
 * so a payment or pack applied again is kept as it is, and a shipment applied again writes the same
 * values.
 */
const INVOICE_CHILDREN: DocumentChildTables = {
  tables: ['invoice_payments', 'invoice_fulfillments'],
  handles: [],
  async setup(db, schema) {
    await createTable(db, schema, 'invoice_payments', PAYMENT_COLUMNS, PAYMENT_NULLABLE);
    await createTable(db, schema, 'invoice_fulfillments', FULFILLMENT_COLUMNS, FULFILLMENT_NULLABLE);
    const index = (name: string, table: string, definition: string) =>
      sql`create index ${sql.id(name)} on ${sql.table(`${schema}.${table}`)} ${sql.raw(definition)}`.execute(
        db,
      );
    // Payments of an invoice, newest payment date first (recording order within a day).
    await index(
      'invoice_payments_invoice_idx',
      'invoice_payments',
      '(invoice_id, payment_date desc, recorded_at desc, id)',
    );
    await index('invoice_payments_account_idx', 'invoice_payments', '(account_id, payment_date)');
    // Packing lists of an invoice, newest first.
    await index(
      'invoice_fulfillments_invoice_idx',
      'invoice_fulfillments',
      '(invoice_id, created_at desc, packing_list_number desc)',
    );
    await index('invoice_fulfillments_account_idx', 'invoice_fulfillments', '(account_id, created_at)');
  },
  async apply(trx, events, schema) {
    await writeChildren(trx, schema, foldChildren(events));
  },
};

async function createTable(
  db: Parameters<DocumentChildTables['setup']>[0],
  schema: string,
  table: string,
  columns: Record<string, string>,
  nullable: Set<string>,
): Promise<void> {
  let create = db.schema.withSchema(schema).createTable(table);
  for (const [name, type] of Object.entries(columns)) {
    create = create.addColumn(name, sql.raw(type), (c) =>
      name === 'id' ? c.primaryKey() : nullable.has(name) ? c : c.notNull(),
    );
  }
  await create.execute();
}

interface ChildBatch {
  payments: DocumentRow[];
  /** Packing lists packed in the batch (shipped in it too, if so), by id. */
  packed: Map<string, DocumentRow>;
  /** Shipments of packing lists packed before the batch, by id (the last one wins). */
  shipped: Map<string, DocumentRow>;
  deletedInvoices: string[];
}

function foldChildren(events: RecordedEvent[]): ChildBatch {
  const batch: ChildBatch = { payments: [], packed: new Map(), shipped: new Map(), deletedInvoices: [] };
  for (const event of events) {
    const { type, data: d } = domainEvent(event);
    const invoiceId = event.streamId.slice('invoice-'.length);
    const accountId = event.metadata.account_id;
    switch (type) {
      case 'InvoicePaymentRecorded': {
        const p = d.payment;
        batch.payments.push({
          id: p.id,
          account_id: accountId,
          invoice_id: invoiceId,
          amount: p.amount,
          type: p.type,
          reference: p.reference ?? null,
          payment_date: p.payment_date,
          refunded_payment_id: p.refunded_payment_id ?? null,
          recorded_at: p.recorded_at,
        });
        break;
      }
      case 'InvoicePacked': {
        const f = d.fulfillment;
        batch.packed.set(f.id, {
          id: f.id,
          account_id: accountId,
          invoice_id: invoiceId,
          packing_list_number: f.packing_list_number,
          status: f.shipped_date === null ? 'packed' : 'shipped',
          units_packed: f.lines
            .reduce((sum: Decimal, line: { quantity: string }) => sum.plus(line.quantity), new Decimal(0))
            .toFixed(),
          ...Object.fromEntries(SHIPPING.map((name) => [name, f[name] ?? null])),
          lines: f.lines,
          created_at: f.created_at,
          updated_at: f.created_at,
        });
        break;
      }
      case 'InvoiceShipped': {
        const shipping = {
          ...Object.fromEntries(SHIPPING.map((name) => [name, d[name] ?? null])),
          status: 'shipped',
          updated_at: d.shipped_at,
        };
        const packed = batch.packed.get(d.fulfillment_id);
        if (packed) batch.packed.set(d.fulfillment_id, { ...packed, ...shipping });
        else batch.shipped.set(d.fulfillment_id, { id: d.fulfillment_id, ...shipping });
        break;
      }
      case 'InvoiceDeleted':
        batch.deletedInvoices.push(invoiceId);
        break;
    }
  }
  return batch;
}

async function writeChildren(trx: Transaction<any>, schema: string, batch: ChildBatch): Promise<void> {
  const payments = sql.table(`${schema}.invoice_payments`);
  const fulfillments = sql.table(`${schema}.invoice_fulfillments`);
  if (batch.payments.length > 0) await insertIgnoringKnown(trx, payments, PAYMENT_COLUMNS, batch.payments);
  if (batch.packed.size > 0)
    await insertIgnoringKnown(trx, fulfillments, FULFILLMENT_COLUMNS, [...batch.packed.values()]);
  if (batch.shipped.size > 0) {
    const columns = ['status', ...SHIPPING, 'updated_at'] as const;
    const definitions = columns.map((name) => `${name} ${FULFILLMENT_COLUMNS[name]}`).join(', ');
    const assignments = columns.map((name) => `${name} = r.${name}`).join(', ');
    await sql`update ${fulfillments} as t set ${sql.raw(assignments)}
      from ${batchRows([...batch.shipped.values()], `id uuid, ${definitions}`)} as r
      where t.id = r.id`.execute(trx);
  }
  if (batch.deletedInvoices.length > 0) {
    for (const table of [payments, fulfillments]) {
      await sql`delete from ${table} where invoice_id in ${batchIds(batch.deletedInvoices)}`.execute(trx);
    }
  }
}

/** Rows keyed by an id the events gave: a row already there stays as it is. */
async function insertIgnoringKnown(
  trx: Transaction<any>,
  target: ReturnType<typeof sql.table>,
  columns: Record<string, string>,
  rows: DocumentRow[],
): Promise<void> {
  const names = sql.raw(Object.keys(columns).join(', '));
  const definitions = sql.raw(
    Object.entries(columns)
      .map(([name, type]) => `${name} ${type}`)
      .join(', '),
  );
  await sql`insert into ${target} (${names})
    select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${definitions})
    on conflict (id) do nothing`.execute(trx);
}

/**
 * Invoices as list rows (`invoices`), with their payments (`invoice_payments`) and packing lists
 * (`invoice_fulfillments`). Amounts, balances and packing progress are copied from the events
 * (each carries what it leaves), never recomputed, except `amount_due` after a change of totals:
 * the new total less the amount paid. `revision` is the stream revision of the invoice's last event.
 */
export const invoiceListsProjector = documentListProjector({
  name: 'invoice_lists',
  version: 4,
  list: INVOICE_LIST,
  children: INVOICE_CHILDREN,
});
