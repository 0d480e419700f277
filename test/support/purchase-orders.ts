import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createLocation } from './catalog';
import { apiOf, createItem, Json, ok, openShop, Shop, ShopOptions } from './estimates';

/* Shared setup of the purchase-order e2e suites (documents-api §2–§4, EXTENSIONS.md §3–§5, §8). */

export const PURCHASE_ORDERS = '/api/v3/purchase-orders';

/** The specified Purchase order fields of a list entry, in their order (documents-api §2). */
export const PURCHASE_ORDER_SUMMARY_KEYS = [
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
  'public_note',
  'payment_terms',
  'shipping_provider',
  'shipping_tracking_code',
  'revision',
  'custom_field_values',
  'subtotal',
  'shipping_fee',
  'tax',
  'tax_2',
  'total',
  'amount_paid',
  'amount_due',
  'created_at',
  'updated_at',
];

/** The detail: the summary with the detail-only fields before the revision, lines last. */
export const PURCHASE_ORDER_DETAIL_KEYS = [
  ...PURCHASE_ORDER_SUMMARY_KEYS.slice(0, PURCHASE_ORDER_SUMMARY_KEYS.indexOf('revision')),
  'party',
  'discount_percent',
  'pre_discount_total',
  'discount_total',
  'tax_label',
  'tax_2_label',
  'can_edit',
  'edit_block_reason',
  ...PURCHASE_ORDER_SUMMARY_KEYS.slice(PURCHASE_ORDER_SUMMARY_KEYS.indexOf('revision')),
  'lines',
];

export const PURCHASE_ORDER_LINE_KEYS = [
  'id',
  'object',
  'item_id',
  'item_variation_location_id',
  'line_type',
  'position',
  'unit_name',
  'sku',
  'variation_values',
  'variation_number',
  'location_name',
  'thumbnail_url',
  'name',
  'description',
  'quantity',
  'quantity_received',
  'unit_id',
  'unit_cost',
  'discount_percent',
  'tax_rate',
  'tax_2_rate',
  'discounted_unit_cost',
  'subtotal',
];

/** A shop that buys: a receiving location, a supplier (tax 10 %) and an item kept there (cost 7.25). */
export interface Buyer extends Shop {
  warehouse: Json;
  supplier: Json;
  /** "Bolt" at the warehouse, cost 7.25. */
  bolt: Json;
}

export async function openBuyer(app: NestFastifyApplication, options: ShopOptions = {}): Promise<Buyer> {
  const shop = await openShop(app, options);
  const warehouse = await createLocation(app, shop.owner, { name: 'Warehouse' });
  const supplier = await ok(
    apiOf(app)(shop.owner)('POST', '/api/v3/suppliers', {
      name: 'Parts Co',
      tax_rate: 10,
      payment_terms: 'Net 30',
      account_number: 'S-1',
    }),
    201,
  );
  const bolt = await createItem(app, shop, {
    name: 'Bolt',
    cost: 7.25,
    price: 10,
    location_id: warehouse.id,
  });
  return { ...shop, warehouse, supplier, bolt };
}

/** A create body: the buyer's supplier and warehouse, ten bolts, with `over` on top. */
export function purchaseOrderBody(buyer: Buyer, over: Json = {}): Json {
  return {
    supplier_id: buyer.supplier.id,
    location_id: buyer.warehouse.id,
    lines: [{ item_id: buyer.bolt.id, quantity: 10 }],
    ...over,
  };
}
