import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { apiOf, Json, ok, Shop } from './estimates';
import { Caller } from './operator';

/* Shared setup of the invoice e2e suites (documents-api §2–§4, EXTENSIONS.md §3–§5, §8). */

export const INVOICES = '/api/v3/invoices';

/** The specified Invoice fields of a list entry (documents-api §2), `shipping_cost` aside. */
export const INVOICE_SUMMARY_KEYS = [
  'id',
  'object',
  'invoice_number',
  'custom_invoice_number',
  'name',
  'customer_id',
  'customer_name',
  'salesperson_id',
  'status_id',
  'status',
  'issue_date',
  'expiry_date',
  'date_sent',
  'date_fully_paid',
  'purchase_order_number',
  'attention',
  'shipping_address',
  'public_note',
  'payment_terms',
  'subtotal',
  'shipping_fee',
  'tax',
  'tax_2',
  'total',
  'amount_paid',
  'amount_due',
  'discount_percent',
  'custom_field_values',
  'shipped_percent',
  'created_at',
  'updated_at',
];

/** The detail adds these (documents-api §2, "detail" and "additional detail-only fields"). */
export const INVOICE_DETAIL_KEYS = [
  ...INVOICE_SUMMARY_KEYS,
  'can_edit',
  'edit_block_reason',
  'revision',
  'source_sales_order',
  'fulfillment_authority',
  'fulfillment_sales_order_id',
  'packed_percent',
  'can_pack',
  'pack_block_reason',
  'party',
  'pre_discount_total',
  'discount_total',
  'tax_label',
  'tax_2_label',
  'lines',
];

/** A create body: the shop's customer and two widgets, with `over` on top. */
export function invoiceBody(shop: Shop, over: Json = {}): Json {
  return { customer_id: shop.customer.id, lines: [{ item_id: shop.widget.id, quantity: 2 }], ...over };
}

/** A service line of `amount`, untaxed unless rates are given. */
export function serviceLine(amount: number, over: Json = {}): Json {
  return { name: 'Service', unit_price: amount, quantity: 1, tax_rate: 0, tax_2_rate: 0, ...over };
}

/**
 * An invoice with a past for auditors (issue 30): created by the owner (Idempotency-Key
 * `create-1`), edited by `clerk` (key `edit-1`: purchase order number PO-77, shipping cost 4, the
 * line's quantity 2 → 3, total 28 → 42), paid 10 and refunded 3 by the owner; as it is now.
 */
export async function invoiceEditedPaidRefunded(
  app: NestFastifyApplication,
  shop: Shop,
  clerk: Caller,
): Promise<Json> {
  const owner = apiOf(app)(shop.owner);
  const created = await ok(
    owner('POST', INVOICES, invoiceBody(shop), { 'idempotency-key': 'create-1' }),
    201,
  );
  const url = `${INVOICES}/${created.id}`;
  const edit = {
    purchase_order_number: 'PO-77',
    shipping_cost: 4,
    lines: [{ id: created.lines[0].id, quantity: 3 }],
  };
  await ok(apiOf(app)(clerk)('PATCH', url, edit, { 'idempotency-key': 'edit-1' }));
  await ok(owner('POST', `${url}/payments`, { amount: 10, payment_date: '2030-01-10' }), 201);
  await ok(owner('POST', `${url}/refunds`, { amount: 3, refund_date: '2030-01-11' }), 201);
  return ok(owner('GET', url));
}
