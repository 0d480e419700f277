import { Inject, Injectable } from '@nestjs/common';
import {
  INVOICE_KIND,
  invoiceFulfillmentView,
  InvoiceRecord,
  LinkedSalesOrder,
  paymentView,
  salesOrderAggregate,
  salesOrderProgress,
  visibleInvoice,
} from '@app/domain';
import { Database, INVOICE_DATE_COLUMNS, INVOICE_SEARCH_COLUMNS } from '@app/read-models';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { DocumentListRequest } from '../documents/document-list-query';
import { DocumentTable, listDocuments } from '../documents/document-list';
import { newestFirst, newestPaymentsFirst, pageOfEntries, readVisible } from '../documents/document-reads';
import { Query } from '@app/runtime';
import { DATABASE } from '../store/tokens';
import { invoiceSight } from './invoice-context';
import { invoiceJson, invoiceSummaryJson } from './invoice-json';
import { DocumentLineSkus, LinesRead } from '../documents/document-line-skus';
import { DocumentParties } from '../documents/document-parties';
import { InvoiceWrites } from './invoice-writes';

/** The `invoices` read model (projector `invoice_lists`). */
export const INVOICE_TABLE: DocumentTable = {
  table: 'invoices',
  numberColumn: 'invoice_number',
  searchColumns: INVOICE_SEARCH_COLUMNS,
  dateColumns: INVOICE_DATE_COLUMNS,
  amounts: INVOICE_KIND.amounts,
};

/** The list's own date filters (documents-api §4): issue date bounds only. */
export const INVOICE_LIST_DATES = ['issue_date'];

/**
 * Invoice reads. A retrieve folds the invoice's stream (the source of truth, with its revision),
 * and so do its payments and packing lists; the list reads the `invoices` read model.
 */
@Injectable()
export class InvoiceReads {
  constructor(
    private readonly writes: InvoiceWrites,
    private readonly writer: RecordWriter,
    private readonly parties: DocumentParties,
    private readonly skus: DocumentLineSkus,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** A visible invoice and its revision, else 404. */
  read(actor: Actor, id: string) {
    return readVisible(this.writes, id, (state) => visibleInvoice(state, invoiceSight(actor)));
  }

  /** As `read`, named for what it is (its payments' controller). */
  async visible(actor: Actor, id: string): Promise<{ invoice: InvoiceRecord; revision: number }> {
    const { record, revision } = await this.read(actor, id);
    return { invoice: record, revision };
  }

  /** The detail JSON with the customer's and the items' live values and, for a linked invoice, its order's progress. */
  async detail(actor: Actor, invoice: InvoiceRecord, revision: number, lines: LinesRead = 'stored') {
    const [party, salesOrder, skus] = await Promise.all([
      this.parties.party(actor.accountId, invoice.customer_id),
      this.linkedSalesOrder(invoice),
      this.skus.live(actor.accountId, invoice.lines, lines),
    ]);
    return invoiceJson(invoice, revision, actor, party, salesOrder, skus);
  }

  /** The order a linked invoice's packing and shipping come from, as its stream tells it now. */
  private async linkedSalesOrder(invoice: InvoiceRecord): Promise<LinkedSalesOrder | null> {
    if (invoice.source_sales_order_id === null) return null;
    const { state } = await this.writer.read(salesOrderAggregate, invoice.source_sales_order_id);
    if (state.status === 'absent') return null;
    const { record } = state;
    return { id: record.id, sales_order_number: record.sales_order_number, ...salesOrderProgress(record) };
  }

  /**
   * Compact invoices. A linked invoice's `shipped_percent` is its sales order's (documents-api §2),
   * as in its detail: read from the order's list row.
   */
  async list(actor: Actor, request: DocumentListRequest, url: string) {
    const orderOf = new Map<string, string>();
    const envelope = await listDocuments(
      this.database.db,
      INVOICE_TABLE,
      invoiceSight(actor),
      request,
      url,
      (row) => {
        if (row.source_sales_order_id) orderOf.set(row.id, row.source_sales_order_id);
        return {
          ...invoiceSummaryJson(withListDefaults(row), actor),
          shipped_percent: row.shipped_percent === null ? null : Number(row.shipped_percent),
        };
      },
    );
    if (orderOf.size === 0) return envelope;
    const ids = [...new Set(orderOf.values())];
    const { rows } = await sql<{ id: string; shipped_percent: number | null }>`select id::text as id,
      shipped_percent from sales_orders where id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})`.execute(
      this.database.db,
    );
    const shipped = new Map(rows.map((row) => [row.id, row.shipped_percent]));
    const data = envelope.data.map((invoice) => {
      const orderId = orderOf.get(invoice.id);
      if (orderId === undefined || !shipped.has(orderId)) return invoice;
      const percent = shipped.get(orderId);
      return {
        ...invoice,
        shipped_percent: percent === null || percent === undefined ? null : Number(percent),
      };
    });
    return { ...envelope, data };
  }

  /** Payments and refunds, newest payment date first (the later recorded first on one day). */
  payments(actor: Actor, id: string, query: Query, url: string) {
    return pageOfEntries(query, url, async () => {
      const { record: invoice } = await this.read(actor, id);
      return newestPaymentsFirst(invoice.payments).map((payment) => paymentView(invoice.id, payment));
    });
  }

  /** Packing lists, newest first. */
  fulfillments(actor: Actor, id: string, query: Query, url: string) {
    return pageOfEntries(query, url, async () => {
      const { record: invoice } = await this.read(actor, id);
      return newestFirst(invoice.fulfillments).map((f) => invoiceFulfillmentView(invoice, f));
    });
  }
}

/** A list row has no payments or packing lists: its shown amounts come from its own columns. */
function withListDefaults(row: Record<string, unknown>): InvoiceRecord {
  return {
    payments: [],
    fulfillments: [],
    source_estimate_id: null,
    source_sales_order_id: null,
    ...row,
    date_sent: row.date_sent ?? null,
    date_fully_paid: row.date_fully_paid ?? null,
  } as unknown as InvoiceRecord;
}
