import Decimal from 'decimal.js';
import { DocumentLineView } from '../document-lines';
import {
  actionView,
  DOCUMENT_FIELD_RUNS,
  documentDetailView,
  DocumentDetailViewer,
  documentHeaderView,
  documentLinesView,
  DocumentParty,
  documentPartyView,
  DocumentView,
  DocumentViewer,
  inFieldOrder,
} from '../document';
import { packingListView } from '../document/packing';
import { money, rate } from '../shared/money';
import { invoiceEditBlock } from './decide';
import { packBlockReason } from './fulfillments';
import { invoiceProgress, quantityPacked } from './progress';
import { amountDue } from './payments';
import { InvoiceFulfillment, InvoicePayment, InvoiceRecord } from './state';
import { invoiceStatusName } from './status';

/** The customer's contact and billing fields as they read now (live values, documents-api §2). */
export type InvoiceParty = DocumentParty;

/** Who is looking, and the live values an invoice's detail shows. */
export type InvoiceViewer = DocumentDetailViewer & {
  packingListsEnabled: boolean;
  packServiceLines: boolean;
  /** For an invoice made from a sales order: that order as it reads now. */
  salesOrder?: LinkedSalesOrder | null;
};

/** The sales order a linked invoice's packing and shipping progress comes from. */
export type LinkedSalesOrder = {
  id: string;
  sales_order_number: number;
  packed_percent: number;
  shipped_percent: number | null;
};

export type InvoiceView = DocumentView<'invoice'>;

/** The compact form of lists: no lines and no detail-only fields. */
export function invoiceSummaryView(invoice: InvoiceRecord, viewer: DocumentViewer): InvoiceView {
  return inFieldOrder(SUMMARY_ORDER, summaryValues(invoice, viewer)) as InvoiceView;
}

function summaryValues(invoice: InvoiceRecord, viewer: DocumentViewer) {
  return {
    id: invoice.id,
    object: 'invoice' as const,
    invoice_number: invoice.invoice_number,
    custom_invoice_number: invoice.custom_invoice_number,
    ...documentHeaderView(invoice, viewer),
    status_id: invoice.status_id,
    status: invoiceStatusName(invoice.status_id, invoice.date_sent !== null),
    expiry_date: null,
    date_sent: invoice.date_sent,
    date_fully_paid: invoice.date_fully_paid,
    discount_percent: rate(invoice.discount_percent),
    amount_paid: money(invoice.amount_paid),
    amount_due: money(amountDue(invoice)),
    shipped_percent: invoiceProgress(invoice).shipped_percent,
  };
}

/** The detail form: with lines, editability, packing progress, the live party and tax labels. */
export function invoiceView(invoice: InvoiceRecord, revision: number, viewer: InvoiceViewer): InvoiceView {
  const linked = invoice.source_sales_order_id === null ? null : (viewer.salesOrder ?? null);
  const progress = linked ?? invoiceProgress(invoice);
  const detail = {
    ...summaryValues(invoice, viewer),
    shipped_percent: progress.shipped_percent,
    ...actionView('edit', invoiceEditBlock(invoice), viewer),
    revision: String(revision),
    source_sales_order: linked,
    fulfillment_authority: invoice.source_sales_order_id === null ? 'invoice' : 'sales_order',
    fulfillment_sales_order_id: invoice.source_sales_order_id,
    packed_percent: progress.packed_percent,
    ...actionView('pack', packBlockReason(invoice, viewer), viewer),
    party: documentPartyView(invoice, viewer.party ?? null),
    ...documentDetailView(invoice, viewer),
    lines: documentLinesView(invoice, 'invoice_line', viewer).map((line) => ({
      ...line,
      ...(line.line_type === 'discount' ? { unit_name: 'discount' } : {}),
      ...lineProgress(invoice, line, linked),
    })),
  };
  return inFieldOrder(DETAIL_ORDER, detail) as InvoiceView;
}

/**
 * What of a line is packed and shipped: its packing lists' quantities, or for an invoice linked to a
 * sales order, the whole quantity of an inventory line once the order is fully packed (shipped),
 * else nothing (the order's partial progress is not allocated to the invoice's lines).
 */
function lineProgress(invoice: InvoiceRecord, line: DocumentLineView, linked: LinkedSalesOrder | null) {
  if (invoice.source_sales_order_id === null)
    return {
      quantity_packed: Number(quantityPacked(invoice, line.id as string).toFixed()),
      quantity_shipped: Number(quantityPacked(invoice, line.id as string, true).toFixed()),
    };
  const whole = (done: boolean) => (done && line.line_type === 'inventory' ? line.quantity : 0);
  return {
    quantity_packed: whole(linked?.packed_percent === 100),
    quantity_shipped: whole(linked?.shipped_percent === 100),
  };
}

/**
 * documents-api §2, Invoice payment: only these fields. `type` follows the sign, as specified
 * (`payment` non-negative, `refund` negative): a credit applied as a negative payment reads `refund`.
 */
export function paymentView(invoiceId: string, payment: InvoicePayment) {
  return {
    id: payment.id,
    object: 'payment' as const,
    invoice_id: invoiceId,
    amount: money(payment.amount),
    type: new Decimal(payment.amount).isNegative() ? ('refund' as const) : ('payment' as const),
    reference: payment.reference,
    payment_date: payment.payment_date,
    card: payment.card,
  };
}

/** A packing list of an invoice, with its status and the lines it packed (documents-api §2). */
export function invoiceFulfillmentView(invoice: InvoiceRecord, fulfillment: InvoiceFulfillment) {
  return {
    id: fulfillment.id,
    object: 'invoice_fulfillment' as const,
    invoice_id: invoice.id,
    invoice_number: invoice.invoice_number,
    ...packingListView(fulfillment, 'invoice_line_id'),
  };
}

const SUMMARY_ORDER = [
  'id',
  'object',
  'invoice_number',
  'custom_invoice_number',
  ...DOCUMENT_FIELD_RUNS.customer,
  'salesperson_id',
  ...DOCUMENT_FIELD_RUNS.status,
  'date_sent',
  'date_fully_paid',
  ...DOCUMENT_FIELD_RUNS.addressee,
  ...DOCUMENT_FIELD_RUNS.notes,
  ...DOCUMENT_FIELD_RUNS.amounts,
  'shipping_cost',
  'discount_percent',
  'custom_field_values',
  'shipped_percent',
  ...DOCUMENT_FIELD_RUNS.stamps,
];

const DETAIL_ORDER = [
  ...SUMMARY_ORDER.slice(0, SUMMARY_ORDER.indexOf('custom_field_values')),
  ...DOCUMENT_FIELD_RUNS.edit,
  'revision',
  'custom_field_values',
  'source_sales_order',
  'fulfillment_authority',
  'fulfillment_sales_order_id',
  'packed_percent',
  'shipped_percent',
  ...DOCUMENT_FIELD_RUNS.pack,
  'party',
  ...DOCUMENT_FIELD_RUNS.discount,
  ...DOCUMENT_FIELD_RUNS.stamps,
  'lines',
];
