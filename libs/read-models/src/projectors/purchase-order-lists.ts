import { PURCHASE_ORDER_KIND, PurchaseOrderEvent } from '@app/domain';
import {
  amountColumns,
  column,
  createdDocument,
  dateColumnsOf,
  DocumentListDeclaration,
  documentListProjector,
  fixedColumn,
  listIndexes,
  updatedDocument,
} from './document-lists';

/** Text searched by the list's `q` (a substring, case-insensitive): supplier name, custom number, name. */
export const PURCHASE_ORDER_SEARCH_COLUMNS = [
  'supplier_name',
  'custom_purchase_order_number',
  'name',
] as const;

/** The variation rows (`item_variation_location_id`) an order's lines name, each once. */
function variationLocationIds(lines: { item_variation_location_id?: number | null }[]): number[] {
  return [
    ...new Set(
      lines.flatMap((line) => (line.item_variation_location_id ? [line.item_variation_location_id] : [])),
    ),
  ];
}

/** The `purchase_orders` table: one row per live purchase order. */
export const PURCHASE_ORDER_LIST: DocumentListDeclaration<PurchaseOrderEvent['type']> = {
  table: 'purchase_orders',
  streamPrefix: 'purchaseOrder-',
  numberColumn: 'purchase_order_number',
  columns: {
    id: fixedColumn('uuid'),
    account_id: fixedColumn('uuid'),
    purchase_order_number: fixedColumn('integer'),
    assigned_user_id: fixedColumn('uuid'),
    custom_purchase_order_number: column('text', true),
    name: column('text', true),
    supplier_id: column('uuid'),
    supplier_name: column('text'),
    location_id: column('uuid'),
    status_id: column('integer'),
    issue_date: column('date'),
    date_sent: column('date', true),
    date_received: column('date', true),
    date_requested: column('date', true),
    date_needed: column('date', true),
    date_fully_paid: column('date', true),
    requested_from: column('text', true),
    attention: column('text', true),
    shipping_address: column('text', true),
    public_note: column('text', true),
    payment_terms: column('text', true),
    shipping_provider: column('text', true),
    shipping_tracking_code: column('text', true),
    shipping_fee: column('numeric'),
    discount_percent: column('numeric(6,3)'),
    ...amountColumns(PURCHASE_ORDER_KIND.amounts),
    amount_paid: column('numeric'),
    amount_due: column('numeric'),
    custom_field_values: column('jsonb'),
    line_count: column('integer'),
    // The variation rows its lines name, for the variations' delete rules.
    variation_location_ids: column('jsonb'),
    revision: column('integer'),
    created_at: fixedColumn('timestamptz'),
    updated_at: column('timestamptz'),
  },
  indexes: [
    // The list of a user without view-all: the orders assigned to them.
    {
      name: 'purchase_orders_assigned_idx',
      definition: '(account_id, assigned_user_id, purchase_order_number desc)',
    },
    ...listIndexes('purchase_orders', 'purchase_order_number', {
      byNumber: ['supplier_id', 'status_id', 'location_id'],
      byValue: ['issue_date', 'date_requested', 'date_needed', 'date_received'],
    }),
  ],
  searchColumns: PURCHASE_ORDER_SEARCH_COLUMNS,
  fold: {
    PurchaseOrderCreated: (d) =>
      createdDocument(PURCHASE_ORDER_KIND.amounts, d, {
        date_sent: null,
        date_received: null,
        date_fully_paid: null,
        amount_paid: '0.0000',
        amount_due: d.totals.total,
        variation_location_ids: variationLocationIds(d.lines),
      }),
    PurchaseOrderUpdated: (d) =>
      updatedDocument(PURCHASE_ORDER_KIND.amounts, d, {
        // Only a Not Sent order, never paid, changes its lines: what is due is its total.
        ...(d.totals ? { amount_due: d.totals.total } : {}),
        ...(d.lines ? { variation_location_ids: variationLocationIds(d.lines) } : {}),
      }),
    PurchaseOrderSent: (d) => ({
      changes: { date_sent: d.date_sent, status_id: d.status_id, updated_at: d.sent_at },
    }),
    PurchaseOrderReceived: (d) => ({
      changes: {
        status_id: d.status_id,
        ...(d.date_received !== null ? { date_received: d.date_received } : {}),
        updated_at: d.received_at,
      },
    }),
    PurchaseOrderPaymentRecorded: (d) => ({
      changes: {
        amount_paid: d.amount_paid,
        amount_due: d.amount_due,
        date_fully_paid: d.date_fully_paid,
        updated_at: d.payment.recorded_at,
      },
    }),
    PurchaseOrderPaymentDeleted: (d) => ({
      changes: {
        amount_paid: d.amount_paid,
        amount_due: d.amount_due,
        date_fully_paid: d.date_fully_paid,
        updated_at: d.deleted_at,
      },
    }),
    PurchaseOrderDeleted: () => ({ deleted: true }),
  },
};

/** Date columns of `purchase_orders`: read back as text, filtered by `<column>_from` / `_to`. */
export const PURCHASE_ORDER_DATE_COLUMNS = dateColumnsOf(PURCHASE_ORDER_LIST);

/**
 * Purchase orders as list rows (`purchase_orders`). Amounts, status, dates and the paid state are
 * copied from the events (each carries what it leaves). `revision` is the stream revision of the
 * order's last event.
 */
export const purchaseOrderListsProjector = documentListProjector({
  name: 'purchase_order_lists',
  version: 2,
  list: PURCHASE_ORDER_LIST,
});
