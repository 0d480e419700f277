import { randomUUID } from 'node:crypto';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Caller, createCaller } from './operator';

/*
 * A small account holding one record of each kind, made through the API, for a fuzzer to aim
 * requests at: valid bodies name these records, path parameters default to them.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface World {
  owner: Caller;
  /** Stocked location with a zone; `spare` has no row of the shirt's variation yet. */
  home: Json;
  other: Json;
  spare: Json;
  zone: Json;
  category: Json;
  customer: Json;
  supplier: Json;
  contact: Json;
  /** An item without variations, at `home`. */
  widget: Json;
  /** Color: Red, Blue, Green. */
  color: Json;
  /** An item with one variation (Red), rows at `home` and `other`. */
  shirt: Json;
  variation: Json;
  /** The variation's row at `home`. */
  row: number;
  estimate: Json;
  /** An open invoice of the same lines, without payments. */
  invoice: Json;
  /** An open sales order of the same lines, at `home`, nothing packed. */
  salesOrder: Json;
  /** A pending stock transfer from `home` to `other`: the widget and the shirt's row. */
  stockTransfer: Json;
  /** A Sent purchase order at `home` from `supplier`: 1000 widgets and 1000 shirts (Red), nothing received or paid. */
  purchaseOrder: Json;
}

export async function createWorld(app: NestFastifyApplication): Promise<World> {
  const owner = await createCaller(app, { permissions: 'all' });
  const post = async (url: string, payload: Json): Promise<Json> => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...owner.headers, 'idempotency-key': randomUUID() },
    });
    if (res.statusCode !== 201) throw new Error(`world: POST ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const home = await post('/api/v3/locations', { name: 'Home', short_name: 'HM' });
  const other = await post('/api/v3/locations', { name: 'Other', short_name: 'OT' });
  const zone = await post(`/api/v3/locations/${home.id}/zones`, { name: 'Shelf', short_name: 'S1' });
  const category = await post('/api/v3/item-categories', { name: 'Hardware', inventory_type: 'quantity' });
  const customer = await post('/api/v3/customers', { name: 'Acme', tax_rate: 10 });
  const supplier = await post('/api/v3/suppliers', { name: 'Initech' });
  const contact = await post('/api/v3/contacts', { first_name: 'Ann', account_record_ids: [customer.id] });
  const widget = await post('/api/v3/items', {
    name: 'Widget',
    inventory_type: 'quantity',
    category_id: category.id,
    location_id: home.id,
    price: 12.5,
    cost: 7.25,
  });
  const color = await post('/api/v3/variation-attributes', {
    name: 'Color',
    values: ['Red', 'Blue', 'Green'],
  });
  const shirt = await post('/api/v3/items', {
    name: 'Shirt',
    inventory_type: 'quantity',
    category_id: category.id,
  });
  const variation = await post(`/api/v3/items/${shirt.id}/variations`, {
    variation_type: 'attributes',
    attributes: [{ attribute_id: color.id, value_id: color.values[0].id }],
  });
  const fresh = await app.inject({
    method: 'GET',
    url: `/api/v3/items/${shirt.id}/variations/${variation.id}`,
    headers: owner.headers,
  });
  const rows = fresh.json().locations as Json[];
  const row = rows.find((r) => r.location_id === home.id)?.item_variation_location_id as number;
  const spare = await post('/api/v3/locations', { name: 'Spare', short_name: 'SP' });
  const estimate = await post('/api/v3/estimates', {
    customer_id: customer.id,
    lines: [
      { item_id: widget.id, quantity: 2 },
      { item_id: shirt.id, item_variation_location_id: row, quantity: 1 },
    ],
  });
  const invoice = await post('/api/v3/invoices', {
    customer_id: customer.id,
    lines: [
      { item_id: widget.id, quantity: 2 },
      { item_id: shirt.id, item_variation_location_id: row, quantity: 1 },
    ],
  });
  const salesOrder = await post('/api/v3/sales-orders', {
    customer_id: customer.id,
    location_id: home.id,
    lines: [
      { item_id: widget.id, quantity: 2 },
      { item_id: shirt.id, item_variation_location_id: row, quantity: 1 },
    ],
  });
  const stockTransfer = await post('/api/v3/stock-transfers', {
    origin_location_id: home.id,
    destination_location_id: other.id,
    lines: [
      { item_id: widget.id, quantity: 2 },
      { item_id: shirt.id, item_variation_location_id: row, quantity: 1 },
    ],
  });
  const draft = await post('/api/v3/purchase-orders', {
    supplier_id: supplier.id,
    location_id: home.id,
    lines: [
      { item_id: widget.id, quantity: 1000 },
      { item_id: shirt.id, item_variation_location_id: row, quantity: 1000, unit_cost: 3 },
    ],
  });
  const sent = await app.inject({
    method: 'POST',
    url: `/api/v3/purchase-orders/${draft.id}/send`,
    payload: {},
    headers: owner.headers,
  });
  if (sent.statusCode !== 200) throw new Error(`world: send answered ${sent.statusCode}: ${sent.body}`);
  const purchaseOrder = sent.json();
  return {
    owner,
    home,
    other,
    spare,
    zone,
    category,
    customer,
    supplier,
    contact,
    widget,
    color,
    shirt,
    variation,
    row,
    estimate,
    invoice,
    salesOrder,
    stockTransfer,
    purchaseOrder,
  };
}

/**
 * The world's record a path parameter names, by the collection before it (`/customers/{id}`): the
 * shirt under variation paths, a variation row's location under an item. Undefined when the world
 * has none (photos, payments, fulfillments): such parameters get a random UUID.
 */
export function worldId(world: World, path: string, param: string): string | undefined {
  const segments = path.split('/');
  const collection = segments[segments.indexOf(`{${param}}`) - 1];
  const underVariations = /\/variation/.test(path);
  const ids: Record<string, string> = {
    customers: world.customer.id,
    suppliers: world.supplier.id,
    contacts: world.contact.id,
    'item-categories': world.category.id,
    'variation-attributes': world.color.id,
    estimates: world.estimate.id,
    invoices: world.invoice.id,
    'sales-orders': world.salesOrder.id,
    'stock-transfers': world.stockTransfer.id,
    'purchase-orders': world.purchaseOrder.id,
    zones: world.zone.id,
    variations: world.variation.id,
    items: underVariations ? world.shirt.id : world.widget.id,
    locations: world.home.id,
  };
  return ids[collection];
}
