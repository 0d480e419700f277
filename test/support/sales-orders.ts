import { Json, Shop } from './estimates';

/* Shared setup of the sales-order e2e suites (documents-api §2–§4, EXTENSIONS.md §3–§5, §8). */

export const SALES_ORDERS = '/api/v3/sales-orders';

/** The specified Sales order fields of a list entry in their order (documents-api §2), for a caller seeing costs. */
export const SALES_ORDER_SUMMARY_KEYS = [
  'id',
  'object',
  'sales_order_number',
  'name',
  'customer_id',
  'customer_name',
  'salesperson_id',
  'location_id',
  'status_id',
  'status',
  'issue_date',
  'expiry_date',
  'purchase_order_number',
  'attention',
  'shipping_address',
  'drop_shipped',
  'drop_ship_customer_id',
  'drop_ship_address',
  'public_note',
  'packing_list_note',
  'payment_terms',
  'subtotal',
  'shipping_fee',
  'tax',
  'tax_2',
  'total',
  'amount_paid',
  'amount_due',
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
  'created_at',
  'updated_at',
];

/** The detail: the summary with the detail-only fields before the custom fields, lines last. */
export const SALES_ORDER_DETAIL_KEYS = [
  ...SALES_ORDER_SUMMARY_KEYS.slice(0, SALES_ORDER_SUMMARY_KEYS.indexOf('edit_block_reason')),
  'party',
  'discount_percent',
  'pre_discount_total',
  'discount_total',
  'tax_label',
  'tax_2_label',
  'can_edit',
  'edit_block_reason',
  'can_pack',
  'pack_block_reason',
  'revision',
  'custom_field_values',
  'created_at',
  'updated_at',
  'lines',
];

/** A create body: the shop's customer and two widgets, with `over` on top. */
export function salesOrderBody(shop: Shop, over: Json = {}): Json {
  return { customer_id: shop.customer.id, lines: [{ item_id: shop.widget.id, quantity: 2 }], ...over };
}
