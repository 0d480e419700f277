import {
  actionView,
  DOCUMENT_FIELD_RUNS,
  documentAmountsView,
  documentDetailView,
  DocumentDetailViewer,
  documentLinesView,
  DocumentParty,
  documentPartyView,
  DocumentView,
  DocumentViewer,
  inFieldOrder,
} from '../document';
import { money, rate } from '../shared/money';
import { purchaseOrderEditBlock } from './decide';
import { quantityReceived } from './receiving';
import { PurchaseOrderPayment, PurchaseOrderRecord } from './state';
import { purchaseOrderStatusName } from './status';

/** The supplier's contact and address lines as they read now (documents-api §2, `party`). */
export type PurchaseOrderParty = DocumentParty;

export type PurchaseOrderViewer = DocumentDetailViewer;

export type PurchaseOrderView = DocumentView<'purchase_order', Record<string, unknown>>;

const SUMMARY_ORDER = [
  'id',
  'object',
  'purchase_order_number',
  'custom_purchase_order_number',
  'name',
  'supplier_id',
  'supplier_name',
  'assigned_user_id',
  'location_id',
  'status_id',
  'status',
  'issue_date',
  'date_sent',
  'date_received',
  'date_requested',
  'date_needed',
  'date_fully_paid',
  'requested_from',
  'attention',
  'shipping_address',
  ...DOCUMENT_FIELD_RUNS.notes,
  'shipping_provider',
  'shipping_tracking_code',
  'party',
  'discount_percent',
  ...DOCUMENT_FIELD_RUNS.discount,
  ...DOCUMENT_FIELD_RUNS.edit,
  'revision',
  'custom_field_values',
  ...DOCUMENT_FIELD_RUNS.amounts,
  ...DOCUMENT_FIELD_RUNS.stamps,
  'lines',
];

/** `revision` and ETag: the stream revision. */
export function purchaseOrderRevision(revision: number): string {
  return String(revision);
}

function summaryValues(order: PurchaseOrderRecord) {
  return {
    id: order.id,
    object: 'purchase_order' as const,
    purchase_order_number: order.purchase_order_number,
    custom_purchase_order_number: order.custom_purchase_order_number,
    name: order.name,
    supplier_id: order.supplier_id,
    supplier_name: order.supplier_name,
    assigned_user_id: order.assigned_user_id,
    location_id: order.location_id,
    status_id: order.status_id,
    status: purchaseOrderStatusName(order.status_id),
    issue_date: order.issue_date,
    date_sent: order.date_sent,
    date_received: order.date_received,
    date_requested: order.date_requested,
    date_needed: order.date_needed,
    date_fully_paid: order.date_fully_paid,
    requested_from: order.requested_from,
    attention: order.attention,
    shipping_address: order.shipping_address,
    public_note: order.public_note,
    payment_terms: order.payment_terms,
    shipping_provider: order.shipping_provider,
    shipping_tracking_code: order.shipping_tracking_code,
    custom_field_values: order.custom_field_values.map((entry) => ({ ...entry })),
    ...documentAmountsView(order),
    amount_paid: money(order.amount_paid),
    amount_due: money(order.amount_due),
    created_at: order.created_at,
    updated_at: order.updated_at,
  };
}

/** The compact form of lists: no lines and no detail-only fields. */
export function purchaseOrderSummaryView(order: PurchaseOrderRecord, revision: number): PurchaseOrderView {
  return inFieldOrder(SUMMARY_ORDER, {
    ...summaryValues(order),
    revision: purchaseOrderRevision(revision),
  }) as PurchaseOrderView;
}

/** The detail form: lines with their received quantities, party, labels and editability. */
export function purchaseOrderView(
  order: PurchaseOrderRecord,
  revision: number,
  viewer: PurchaseOrderViewer,
): PurchaseOrderView {
  const detail = {
    ...summaryValues(order),
    // No supplier found: the empty party, as any document shows a gone one.
    party: viewer.party ?? documentPartyView({ shipping_address: null }, null),
    discount_percent: rate(order.discount_percent),
    ...documentDetailView(order, viewer),
    ...actionView('edit', purchaseOrderEditBlock(order), viewer),
    revision: purchaseOrderRevision(revision),
    lines: purchaseOrderLinesView(order, viewer),
  };
  return inFieldOrder(SUMMARY_ORDER, detail) as PurchaseOrderView;
}

/** A purchase-order line: costs under their own names, with the quantity received. */
function purchaseOrderLinesView(
  order: PurchaseOrderRecord,
  viewer: DocumentViewer,
): Record<string, unknown>[] {
  return documentLinesView(order, 'purchase_order_line', { ...viewer, showCost: false }).map(
    (view, index) => {
      const line = order.lines[index];
      return {
        id: view.id,
        object: view.object,
        item_id: view.item_id,
        item_variation_location_id: view.item_variation_location_id,
        line_type: view.line_type,
        position: view.position,
        unit_name: view.unit_name,
        sku: view.sku,
        variation_values: view.variation_values,
        variation_number: view.variation_number,
        location_name: view.location_name,
        thumbnail_url: view.thumbnail_url,
        name: view.name,
        description: view.description,
        quantity: view.quantity,
        quantity_received:
          line.line_type === 'inventory' ? Number(quantityReceived(order, line.id as string).toFixed()) : 0,
        unit_id: view.unit_id,
        unit_cost: view.unit_price,
        discount_percent: view.discount_percent,
        tax_rate: view.tax_rate,
        tax_2_rate: view.tax_2_rate,
        discounted_unit_cost: view.discounted_unit_price,
        subtotal: view.subtotal,
      };
    },
  );
}

/** A payment as the API returns it. */
export function purchaseOrderPaymentView(orderId: string, payment: PurchaseOrderPayment) {
  return {
    id: payment.id,
    object: 'payment' as const,
    purchase_order_id: orderId,
    amount: money(payment.amount),
    type: payment.type,
    reference: payment.reference ?? '',
    payment_date: payment.payment_date,
    card: null,
  };
}
