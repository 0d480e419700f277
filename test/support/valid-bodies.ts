import { World } from './fuzz-world';

/*
 * A body each operation accepts, aimed at a fresh world's records: the fuzzer changes one field of
 * it at a time. An operation taking a body but missing here is still fuzzed on its path, query and
 * headers, and named in the fuzzer's report; add it here to fuzz its body too.
 */

type Json = Record<string, unknown>;

/** A new estimate: an inventory line, a variation's, a service line. */
function estimate(world: World): Json {
  return {
    customer_id: world.customer.id,
    name: 'Spring order',
    lines: [
      { item_id: world.widget.id, quantity: 2, unit_price: 12, tax_rate: 5 },
      { item_id: world.shirt.id, item_variation_location_id: world.row, quantity: 1 },
      { name: 'Labour', description: 'Fitting', quantity: 1.5, unit_price: 40 },
    ],
    shipping_fee: 5,
    discount_percent: 10,
    attention: 'Ann',
    payment_terms: 'Net 30',
  };
}

/** A preview of a new estimate, shorter: the create's lines are fuzzed already. */
function estimatePreview(world: World): Json {
  return {
    customer_id: world.customer.id,
    lines: [{ item_id: world.shirt.id, item_variation_location_id: world.row, quantity: 1 }],
    issue_date: '2030-01-15',
  };
}

/** A PATCH of the world's estimate: its first line kept, one added. */
function estimateChange(world: World): Json {
  const [first] = world.estimate.lines as { id: string }[];
  return {
    lines: [
      { id: first.id, quantity: 3 },
      { item_id: world.shirt.id, item_variation_location_id: world.row, quantity: 2 },
    ],
    public_note: 'Thanks',
  };
}

/** A preview of changes: a kept line and a service line. */
function estimateChangePreview(world: World): Json {
  const [first] = world.estimate.lines as { id: string }[];
  return { lines: [{ id: first.id }, { name: 'Labour', unit_price: 40 }], shipping_fee: 5 };
}

/** A new invoice: an inventory line, a variation's, a service line. */
function invoice(world: World): Json {
  return {
    customer_id: world.customer.id,
    lines: [
      { item_id: world.widget.id, quantity: 2, unit_price: 12 },
      { item_id: world.shirt.id, item_variation_location_id: world.row, quantity: 1 },
      { name: 'Fitting', quantity: 1, unit_price: 40, tax_rate: 5 },
    ],
    issue_date: '2030-01-15',
    shipping_fee: 5,
  };
}

/** A new sales order at the world's home location: an inventory line and a service line. */
function salesOrder(world: World): Json {
  return {
    customer_id: world.customer.id,
    location_id: world.home.id,
    lines: [
      { item_id: world.widget.id, quantity: 2, unit_price: 12 },
      { name: 'Fitting', quantity: 1, unit_price: 40, tax_rate: 5 },
    ],
    issue_date: '2030-01-15',
    expiry_date: '2030-02-15',
    packing_list_note: 'Fragile',
  };
}

/** A PATCH of the world's invoice: its first line kept, one added. */
function invoiceChange(world: World): Json {
  const [first] = world.invoice.lines as { id: string }[];
  return {
    lines: [
      { id: first.id, quantity: 3 },
      { item_id: world.shirt.id, item_variation_location_id: world.row, quantity: 2 },
    ],
    attention: 'Ann',
  };
}

export const VALID_BODIES: Record<string, (world: World) => Json> = {
  'POST /api/v3/customers': () => ({
    name: 'Globex',
    email: 'ap@globex.test',
    tax_rate: 5,
    kind: 'prospect',
    payment_terms: 'Net 15',
  }),
  'PATCH /api/v3/customers/{id}': (w) => ({
    name: 'Acme Ltd',
    phone: '555-0100',
    assigned_user_id: w.owner.userId,
  }),
  'POST /api/v3/suppliers': () => ({ name: 'Umbrella', email: 'sales@umbrella.test', tax_2_rate: 2 }),
  'PATCH /api/v3/suppliers/{id}': () => ({ name: 'Initech Ltd', account_number: 'S-1' }),
  'POST /api/v3/contacts': (w) => ({
    first_name: 'Bea',
    last_name: 'Lee',
    email_1: 'bea@example.test',
    auto_add_email: true,
    account_record_ids: [w.customer.id, w.supplier.id],
  }),
  'PATCH /api/v3/contacts/{id}': (w) => ({ job_title: 'Buyer', account_record_ids: [w.supplier.id] }),
  'POST /api/v3/locations': () => ({
    name: 'Depot',
    short_name: 'DP',
    city: 'Lyon',
    email: 'depot@example.test',
  }),
  'PATCH /api/v3/locations/{id}': () => ({ name: 'Main', short_name: 'MN', country: 'FR' }),
  'POST /api/v3/locations/{location_id}/zones': () => ({
    name: 'Shelf 2',
    short_name: 'S2',
    description: 'Low',
  }),
  'PATCH /api/v3/locations/{location_id}/zones/{zone_id}': () => ({ name: 'Top shelf', short_name: 'S1' }),
  'POST /api/v3/item-categories': (w) => ({
    name: 'Tools',
    inventory_type: 'quantity',
    parent_id: w.category.id,
    weight: 2,
    custom_fields: [{ name: 'Voltage', publish_on_documents: true }],
  }),
  'PATCH /api/v3/item-categories/{id}': () => ({ name: 'Hardware 2', weight: 3 }),
  'PUT /api/v3/items/{item_id}/photos/order': () => ({ photo_ids: [] }),
  'POST /api/v3/items': (w) => ({
    name: 'Gadget',
    inventory_type: 'quantity',
    category_id: w.category.id,
    location_id: w.home.id,
    zone_id: w.zone.id,
    supplier_ids: [w.supplier.id],
    price: 20,
    cost: 8,
    threshold: 2,
    weight: 1,
  }),
  'PATCH /api/v3/items/{id}': () => ({ name: 'Widget 2', price: 11, threshold: 4, sku: 'W-2' }),
  'POST /api/v3/items/{id}/adjustments': (w) => ({ location_id: w.home.id, quantity: 3, reason: 'count' }),
  // A second variation: variation_type is for the first only.
  'POST /api/v3/items/{id}/variations': (w) => ({
    attributes: [{ attribute_id: w.color.id, value_id: (w.color.values as { id: string }[])[1].id }],
    barcode: 'B-2',
    unit_price_override: 9,
  }),
  'PATCH /api/v3/items/{id}/variations/{variation_id}': () => ({ barcode: 'B-9', unit_price_override: 8 }),
  'POST /api/v3/items/{id}/variations/{variation_id}/locations': (w) => ({
    location_id: w.spare.id,
    threshold: 1,
  }),
  'PATCH /api/v3/items/{id}/variations/{variation_id}/locations/{location_id}': (w) => ({
    threshold: 5,
    zone_id: w.zone.id,
  }),
  'POST /api/v3/items/{id}/variations/{variation_id}/locations/{location_id}/adjustments': () => ({
    quantity: 2,
    reason: 'count',
  }),
  'POST /api/v3/variation-attributes': () => ({ name: 'Size', values: ['S', 'M', 'L'] }),
  'PATCH /api/v3/variation-attributes/{id}': () => ({ display_name: 'Colour' }),
  'POST /api/v3/estimates': estimate,
  'POST /api/v3/estimates/preview': estimatePreview,
  'PATCH /api/v3/estimates/{id}': estimateChange,
  'POST /api/v3/estimates/{id}/preview': estimateChangePreview,
  'POST /api/v3/estimates/{id}/decline': () => ({}),
  'POST /api/v3/estimates/{id}/convert-to-invoice': () => ({ issue_date: '2030-01-20' }),
  'POST /api/v3/invoices': invoice,
  'PATCH /api/v3/invoices/{id}': invoiceChange,
  'POST /api/v3/invoices/{id}/dispatch': () => ({ date_sent: '2030-02-01' }),
  'PATCH /api/v3/invoices/{id}/dispatch': () => ({ date_sent: '2030-02-02' }),
  'POST /api/v3/invoices/{id}/cancel': () => ({}),
  'POST /api/v3/invoices/{id}/payments': () => ({ amount: 5, payment_date: '2030-01-10', reference: 'R-1' }),
  'POST /api/v3/invoices/{id}/refunds': () => ({ amount: 1, refund_date: '2030-01-13' }),
  'POST /api/v3/invoices/{id}/payments/{payment_id}/refunds': () => ({
    amount: 1,
    refund_date: '2030-01-13',
  }),
  'POST /api/v3/invoices/{id}/fulfillments': (w) => ({
    lines: [{ id: (w.invoice.lines as { id: string }[])[0].id, quantity: 1 }],
  }),
  'POST /api/v3/sales-orders': salesOrder,
  'PATCH /api/v3/sales-orders/{id}': () => ({ name: 'Rush', public_note: 'Call first' }),
  'POST /api/v3/sales-orders/{id}/fulfillments': (w) => ({
    lines: [{ id: (w.salesOrder.lines as { id: string }[])[0].id, quantity: 1 }],
  }),
  'POST /api/v3/sales-orders/{id}/fulfillments/{fulfillment_id}/ship': () => ({
    shipped_date: '2030-02-02',
    carrier: 'DHL',
    tracking_number: 'T-1',
  }),
  'POST /api/v3/stock-transfers': (w) => ({
    origin_location_id: w.home.id,
    destination_location_id: w.other.id,
    shipping_provider: 'Truck',
    lines: [
      { item_id: w.widget.id, quantity: 2, description: 'Boxed' },
      { item_id: w.shirt.id, item_variation_location_id: w.row, quantity: 1 },
    ],
  }),
  'PATCH /api/v3/stock-transfers/{id}': (w) => ({
    issue_date: '2030-01-20',
    shipping_tracking_code: 'TRK-1',
    lines: [{ id: (w.stockTransfer.lines as { id: string }[])[0].id, quantity: 3 }],
  }),
  'POST /api/v3/stock-transfers/{id}/send': () => ({ date_sent: '2030-01-21', shipping_provider: 'Truck' }),
  'POST /api/v3/stock-transfers/{id}/receive': () => ({ date_received: '2030-01-22' }),
  'POST /api/v3/purchase-orders': (w) => ({
    supplier_id: w.supplier.id,
    location_id: w.home.id,
    lines: [
      { item_id: w.widget.id, quantity: 5, unit_cost: 7 },
      { name: 'Freight', unit_cost: 20, tax_rate: 0 },
    ],
    date_needed: '2030-03-01',
    shipping_fee: 4,
  }),
  // The world's order is Sent: PATCH and send are fuzzed without a valid body (they would be 409).
  'POST /api/v3/purchase-orders/{id}/receive': (w) => ({
    lines: [{ line_id: (w.purchaseOrder.lines as { id: string }[])[0].id, quantity: 1 }],
  }),
  'POST /api/v3/purchase-orders/{id}/payments': () => ({
    amount: 1,
    payment_date: '2030-01-10',
    reference: 'P-1',
  }),
  'POST /api/v3/invoices/{id}/fulfillments/{fulfillment_id}/ship': () => ({
    shipped_date: '2030-02-02',
    carrier: 'DHL',
    tracking_number: 'T-1',
  }),
};

/** Operations that need the record's current revision in If-Match to get past it (428 otherwise). */
export const NEEDS_REVISION = new Set(['POST /api/v3/estimates/{id}/preview']);
