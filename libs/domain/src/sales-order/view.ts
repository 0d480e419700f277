import Decimal from 'decimal.js';
import { DocumentLineView } from '../document-lines';
import {
  DOCUMENT_FIELD_RUNS,
  documentDetailView,
  DocumentDetailViewer,
  documentHeaderView,
  documentLinesView,
  DocumentParty,
  documentPartyView,
  DocumentView,
  inFieldOrder,
} from '../document';
import { packingListView, remainingToPack } from '../document/packing';
import { money, rate } from '../shared/money';
import { salesOrderBlockFacts, SalesOrderBlockFacts, salesOrderBlocksView } from './blocks';
import {
  invoicedPercent,
  linkedInvoiceCount,
  salesOrderPayments,
  salesOrderProgress,
  salesOrderQuantityInvoiced,
  salesOrderQuantityPacked,
} from './progress';
import { SalesOrderFulfillment, SalesOrderRecord } from './state';
import { salesOrderStatusName } from './status';

/** The customer's contact and address lines as they read now (documents-api §2, `party`). */
export type SalesOrderParty = DocumentParty;

/** What the payments of the order's linked invoices add up to, from their read model. */
export type SalesOrderPayments = { amount_paid: string; paid_percent: number | null };

/** Who is looking, the account's packing settings, and the live values a view shows. */
export type SalesOrderViewer = DocumentDetailViewer & {
  packingListsEnabled: boolean;
  packServiceLines: boolean;
  /** Whether the user may work at the order's location (false: `location_restricted`). */
  locationAccessible?: boolean;
  payments?: SalesOrderPayments;
};

/** A sales-order line: a document line with its fulfillment quantities (documents-api §2). */
export type SalesOrderLineView = DocumentLineView & {
  quantity_invoiced: number;
  quantity_packed: number;
  quantity_shipped: number;
  quantity_remaining_to_pack: number;
};

export type SalesOrderView = DocumentView<'sales_order', SalesOrderLineView>;

/**
 * The compact form of lists: no lines and no detail-only fields, but the block reasons and the
 * revision (documents-api §2 does not mark them detail). A list row gives the facts the reasons
 * follow from; a record has them itself.
 */
export function salesOrderSummaryView(
  order: SalesOrderRecord,
  revision: number,
  viewer: SalesOrderViewer,
  facts: SalesOrderBlockFacts = salesOrderBlockFacts(order),
): SalesOrderView {
  const { edit_block_reason, pack_block_reason } = salesOrderBlocksView(facts, viewer);
  return inFieldOrder(SUMMARY_ORDER, {
    ...summaryValues(order, viewer),
    edit_block_reason,
    pack_block_reason,
    revision: salesOrderRevision(revision),
  }) as SalesOrderView;
}

function summaryValues(order: SalesOrderRecord, viewer: SalesOrderViewer) {
  const payments = viewer.payments ?? salesOrderPayments(order.totals.total, 0);
  const paid = new Decimal(payments.amount_paid);
  return {
    id: order.id,
    object: 'sales_order' as const,
    sales_order_number: order.sales_order_number,
    ...documentHeaderView(order, viewer),
    location_id: order.location_id,
    status_id: order.status_id,
    status: salesOrderStatusName(order.status_id),
    expiry_date: order.expiry_date,
    drop_shipped: false,
    drop_ship_customer_id: null,
    drop_ship_address: null,
    packing_list_note: order.packing_list_note,
    amount_paid: money(paid),
    // EXTENSIONS §9: total − amount_paid for every document (negative when overpaid).
    amount_due: money(new Decimal(order.totals.total).minus(paid)),
    invoiced_percent: invoicedPercent(order),
    paid_percent: payments.paid_percent,
    ...salesOrderProgress(order),
    invoice_count: linkedInvoiceCount(order),
  };
}

/** The detail form: with lines and their quantities, editability, packability, party and labels. */
export function salesOrderView(
  order: SalesOrderRecord,
  revision: number,
  viewer: SalesOrderViewer,
): SalesOrderView {
  const detail = {
    ...summaryValues(order, viewer),
    party: documentPartyView(order, viewer.party ?? null),
    discount_percent: rate(order.discount_percent),
    ...documentDetailView(order, viewer),
    ...salesOrderBlocksView(salesOrderBlockFacts(order), viewer),
    revision: salesOrderRevision(revision),
    lines: salesOrderLinesView(order, viewer),
  };
  return inFieldOrder(DETAIL_ORDER, detail) as SalesOrderView;
}

/** `revision` and ETag: the stream revision prefixed `so_`. */
export function salesOrderRevision(revision: number): string {
  return `so_${revision}`;
}

/** The lines with what is invoiced, packed, shipped and left to pack of each. */
function salesOrderLinesView(order: SalesOrderRecord, viewer: SalesOrderViewer): SalesOrderLineView[] {
  return documentLinesView(order, 'sales_order_line', viewer).map((view, index) => {
    const line = order.lines[index];
    const id = line.id as string;
    const packable =
      line.line_type === 'inventory' || (line.line_type === 'service' && viewer.packServiceLines);
    const quantities = {
      quantity_invoiced: Number(salesOrderQuantityInvoiced(order, id).toFixed()),
      quantity_packed: Number(salesOrderQuantityPacked(order, id).toFixed()),
      quantity_shipped: Number(salesOrderQuantityPacked(order, id, true).toFixed()),
      quantity_remaining_to_pack: packable
        ? Number(Decimal.max(0, remainingToPack(line, order.fulfillments, 'sales_order_line_id')).toFixed())
        : 0,
    };
    const entries = Object.entries(view);
    const at = entries.findIndex(([key]) => key === 'quantity') + 1;
    return Object.fromEntries([
      ...entries.slice(0, at),
      ...Object.entries(quantities),
      ...entries.slice(at),
    ]) as SalesOrderLineView;
  });
}

/** A packing list of a sales order (documents-api §2, Fulfillment of a sales order). */
export function salesOrderFulfillmentView(order: SalesOrderRecord, fulfillment: SalesOrderFulfillment) {
  return {
    id: fulfillment.id,
    object: 'fulfillment' as const,
    sales_order_id: order.id,
    ...packingListView(fulfillment, 'sales_order_line_id'),
  };
}

const SUMMARY_ORDER = [
  'id',
  'object',
  'sales_order_number',
  ...DOCUMENT_FIELD_RUNS.customer,
  'salesperson_id',
  'location_id',
  ...DOCUMENT_FIELD_RUNS.status,
  ...DOCUMENT_FIELD_RUNS.addressee,
  'drop_shipped',
  'drop_ship_customer_id',
  'drop_ship_address',
  'public_note',
  'packing_list_note',
  'payment_terms',
  ...DOCUMENT_FIELD_RUNS.amounts,
  'shipping_cost',
  'invoiced_percent',
  'paid_percent',
  'packed_percent',
  'shipped_percent',
  'invoice_count',
  'edit_block_reason',
  'pack_block_reason',
  'revision',
  'custom_field_values',
  ...DOCUMENT_FIELD_RUNS.stamps,
];

const DETAIL_ORDER = [
  ...SUMMARY_ORDER.slice(0, SUMMARY_ORDER.indexOf('edit_block_reason')),
  'party',
  'discount_percent',
  ...DOCUMENT_FIELD_RUNS.discount,
  ...DOCUMENT_FIELD_RUNS.edit,
  ...DOCUMENT_FIELD_RUNS.pack,
  'revision',
  'custom_field_values',
  ...DOCUMENT_FIELD_RUNS.stamps,
  'lines',
];
