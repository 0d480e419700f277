import {
  contactAggregate,
  customerAggregate,
  estimateAggregate,
  invoiceAggregate,
  invoiceFulfillmentView,
  itemAggregate,
  itemCategoryAggregate,
  itemVariationAggregate,
  locationAggregate,
  paymentView,
  purchaseOrderAggregate,
  purchaseOrderPaymentView,
  salesOrderAggregate,
  salesOrderFulfillmentView,
  stockTransferAggregate,
  supplierAggregate,
  variationAttributeAggregate,
  webhookEndpointAggregate,
  zoneView,
} from '@app/domain';
import { streamName } from '@app/event-store/aggregate';
import { formatETag } from '../http/etag';
import { LandedWrite, RebuiltBody } from './landed-write';

type Rebuild = (landed: LandedWrite) => Promise<RebuiltBody | undefined>;

/** How the answer of one keyed route is rebuilt after its write landed: the status it answered first. */
export interface RebuildRule {
  method: 'POST' | 'PATCH' | 'PUT';
  /** Under /api/v3; `:name` matches one segment. */
  path: string;
  status: 200 | 201;
  rebuild: Rebuild;
}

type Prefixed = { streamPrefix: string };

/** The record the write created (the first written stream of `aggregate`), as retrieved after it. */
function created(aggregate: Prefixed, collection: string | ((l: LandedWrite) => string)): Rebuild {
  return async (landed) => {
    const id = landed.createdId(aggregate.streamPrefix);
    if (!id) return undefined;
    const revision = await landed.revisionOf(streamName(aggregate, id));
    const base = typeof collection === 'string' ? collection : collection(landed);
    return landed.retrieve(`/api/v3/${base}/${id}`, revision);
  };
}

/** The record the path names (`:id`, or `param`), as retrieved right after the write changed it. */
function changed(aggregate: Prefixed, url: (l: LandedWrite) => string, param = 'id'): Rebuild {
  return async (landed) => {
    const revision = await landed.revisionOf(streamName(aggregate, landed.param(param)));
    return revision === undefined ? undefined : landed.retrieve(url(landed), revision);
  };
}

const record = (aggregate: Prefixed, collection: string) =>
  changed(aggregate, (l) => `/api/v3/${collection}/${l.param('id')}`);
const variation = changed(
  itemVariationAggregate,
  (l) => `/api/v3/items/${l.param('id')}/variations/${l.param('variation_id')}`,
  'variation_id',
);
/**
 * The item as the adjustment left it; one naming a variation row (`item_variation_location_id`)
 * writes only the variation's stream: then the item as it is.
 */
const itemAdjusted: Rebuild = async (landed) => {
  const id = landed.param('id');
  const revision = await landed.revisionOf(streamName(itemAggregate, id));
  return landed.retrieve(`/api/v3/items/${id}`, revision);
};
/** The gallery has no history: the item with its photos as they are. */
const itemWithGallery: Rebuild = (landed) => landed.retrieve(`/api/v3/items/${landed.param('item_id')}`);

/**
 * A payment or refund as its event recorded it, with the ETag of the record it was recorded on:
 * the revision the write left it at, which may follow the payment's event (a receipt queued).
 */
function payment(
  aggregate: Prefixed,
  type: string,
  view: (recordId: string, payment: never) => unknown,
): Rebuild {
  return async (landed) => {
    const id = landed.param('id');
    const stream = streamName(aggregate, id);
    const event = await landed.keyedEvent(stream, [type]);
    if (!event) return undefined;
    const revision = (await landed.revisionOf(stream)) ?? event.revision;
    const body = view(id, event.data.payment as never);
    return { body, headers: { ETag: formatETag(revision) } };
  };
}

/**
 * The packing list the write packed or shipped, as it was right after the write (whose last event
 * may follow the packing list's, e.g. a shipping notification queued), with that revision's ETag.
 */
function fulfillment(kind: 'invoice' | 'sales_order'): Rebuild {
  const aggregate = kind === 'invoice' ? invoiceAggregate : salesOrderAggregate;
  const types =
    kind === 'invoice' ? ['InvoicePacked', 'InvoiceShipped'] : ['SalesOrderPacked', 'SalesOrderShipped'];
  return async (landed) => {
    const id = landed.param('id');
    const stream = streamName(aggregate, id);
    const event = await landed.keyedEvent(stream, types);
    if (!event) return undefined;
    const revision = (await landed.revisionOf(stream)) ?? event.revision;
    const data = event.data as { fulfillment?: { id: string }; fulfillment_id?: string };
    const fulfillmentId = data.fulfillment?.id ?? data.fulfillment_id;
    const body =
      kind === 'invoice'
        ? await invoiceFulfillment(landed, id, revision, fulfillmentId)
        : await salesOrderFulfillment(landed, id, revision, fulfillmentId);
    const etag = formatETag(revision, kind === 'invoice' ? '' : 'so_');
    return body && { body, headers: { ETag: etag } };
  };
}

async function invoiceFulfillment(landed: LandedWrite, id: string, revision: number, fulfillmentId?: string) {
  const state = await landed.stateAt(invoiceAggregate, id, revision);
  const found = state.status === 'live' && state.record.fulfillments.find((f) => f.id === fulfillmentId);
  return found ? invoiceFulfillmentView(state.record, found) : undefined;
}

async function salesOrderFulfillment(
  landed: LandedWrite,
  id: string,
  revision: number,
  fulfillmentId?: string,
) {
  const state = await landed.stateAt(salesOrderAggregate, id, revision);
  const found = state.status === 'live' && state.record.fulfillments.find((f) => f.id === fulfillmentId);
  return found ? salesOrderFulfillmentView(state.record, found) : undefined;
}

/** The zone the write created or changed, as its location held it right after. */
const zone: Rebuild = async (landed) => {
  const id = landed.param('location_id');
  const event = await landed.keyedEvent(streamName(locationAggregate, id), ['ZoneCreated', 'ZoneUpdated']);
  if (!event) return undefined;
  const state = await landed.stateAt(locationAggregate, id, event.revision);
  const zoneId = (event.data as { zone_id: string }).zone_id;
  const found = state.status === 'live' && state.record.zones.find((z) => z.id === zoneId);
  return found ? { body: zoneView(found), headers: {} } : undefined;
};

/** The sales-order invoicing and the conversions create their document through a reactor step. */
const invoiceCreated = created(invoiceAggregate, 'invoices');
const salesOrderCreated = created(salesOrderAggregate, 'sales-orders');

/** The plain resources: create (201) and change (200) as retrieved. */
const RESOURCES: [Prefixed, string][] = [
  [contactAggregate, 'contacts'],
  [customerAggregate, 'customers'],
  [supplierAggregate, 'suppliers'],
  [estimateAggregate, 'estimates'],
  [invoiceAggregate, 'invoices'],
  [salesOrderAggregate, 'sales-orders'],
  [purchaseOrderAggregate, 'purchase-orders'],
  [stockTransferAggregate, 'stock-transfers'],
  [itemAggregate, 'items'],
  [itemCategoryAggregate, 'item-categories'],
  [variationAttributeAggregate, 'variation-attributes'],
  [locationAggregate, 'locations'],
  // After a crash, create and rotate-secret answer without the secret: rotate it again to see one.
  [webhookEndpointAggregate, 'webhook-endpoints'],
];

/**
 * Every keyed write of the public API (POST, PATCH, PUT under /api/v3) and how its answer is
 * rebuilt from what landed, with the status its first attempt answered. Previews write nothing:
 * they never need one. The idempotency test suite holds this table to the OpenAPI document.
 */
export const REBUILD_RULES: readonly RebuildRule[] = [
  ...RESOURCES.flatMap(([aggregate, collection]): RebuildRule[] => [
    { method: 'POST', path: collection, status: 201, rebuild: created(aggregate, collection) },
    { method: 'PATCH', path: `${collection}/:id`, status: 200, rebuild: record(aggregate, collection) },
  ]),
  ...['customers', 'suppliers'].flatMap((collection): RebuildRule[] => {
    const aggregate = collection === 'customers' ? customerAggregate : supplierAggregate;
    return ['archive', 'restore'].map((action) => ({
      method: 'POST',
      path: `${collection}/:id/${action}`,
      status: 200,
      rebuild: record(aggregate, collection),
    }));
  }),
  {
    method: 'POST',
    path: 'estimates/:id/decline',
    status: 200,
    rebuild: record(estimateAggregate, 'estimates'),
  },
  {
    method: 'POST',
    path: 'webhook-endpoints/:id/rotate-secret',
    status: 200,
    rebuild: record(webhookEndpointAggregate, 'webhook-endpoints'),
  },
  // A retry appends nothing: no write can have landed, so the request runs again (harmless: due now).
  {
    method: 'POST',
    path: 'webhook-endpoints/:id/deliveries/:delivery_id/retry',
    status: 200,
    rebuild: async () => undefined,
  },
  { method: 'POST', path: 'estimates/:id/convert-to-invoice', status: 201, rebuild: invoiceCreated },
  { method: 'POST', path: 'estimates/:id/convert-to-sales-order', status: 201, rebuild: salesOrderCreated },
  {
    method: 'POST',
    path: 'invoices/:id/dispatch',
    status: 200,
    rebuild: record(invoiceAggregate, 'invoices'),
  },
  {
    method: 'PATCH',
    path: 'invoices/:id/dispatch',
    status: 200,
    rebuild: record(invoiceAggregate, 'invoices'),
  },
  { method: 'POST', path: 'invoices/:id/cancel', status: 200, rebuild: record(invoiceAggregate, 'invoices') },
  { method: 'POST', path: 'invoices/:id/payments', status: 201, rebuild: invoicePayment() },
  { method: 'POST', path: 'invoices/:id/refunds', status: 201, rebuild: invoicePayment() },
  {
    method: 'POST',
    path: 'invoices/:id/payments/:payment_id/refunds',
    status: 201,
    rebuild: invoicePayment(),
  },
  { method: 'POST', path: 'invoices/:id/fulfillments', status: 201, rebuild: fulfillment('invoice') },
  {
    method: 'POST',
    path: 'invoices/:id/fulfillments/:fulfillment_id/ship',
    status: 200,
    rebuild: fulfillment('invoice'),
  },
  { method: 'POST', path: 'sales-orders/:id/invoice', status: 201, rebuild: invoiceCreated },
  { method: 'POST', path: 'sales-orders/:id/fulfillments', status: 201, rebuild: fulfillment('sales_order') },
  {
    method: 'POST',
    path: 'sales-orders/:id/fulfillments/:fulfillment_id/ship',
    status: 200,
    rebuild: fulfillment('sales_order'),
  },
  ...['send', 'receive'].map((action): RebuildRule => ({
    method: 'POST',
    path: `purchase-orders/:id/${action}`,
    status: 200,
    rebuild: record(purchaseOrderAggregate, 'purchase-orders'),
  })),
  {
    method: 'POST',
    path: 'purchase-orders/:id/payments',
    status: 201,
    rebuild: payment(purchaseOrderAggregate, 'PurchaseOrderPaymentRecorded', purchaseOrderPaymentView),
  },
  ...['send', 'receive'].map((action): RebuildRule => ({
    method: 'POST',
    path: `stock-transfers/:id/${action}`,
    status: 200,
    rebuild: record(stockTransferAggregate, 'stock-transfers'),
  })),
  ...['archive', 'restore'].map((action): RebuildRule => ({
    method: 'POST',
    path: `items/:id/${action}`,
    status: 200,
    rebuild: record(itemAggregate, 'items'),
  })),
  { method: 'POST', path: 'items/:id/adjustments', status: 201, rebuild: itemAdjusted },
  {
    method: 'POST',
    path: 'items/:id/variations',
    status: 201,
    rebuild: created(itemVariationAggregate, (l) => `items/${l.param('id')}/variations`),
  },
  { method: 'PATCH', path: 'items/:id/variations/:variation_id', status: 200, rebuild: variation },
  { method: 'POST', path: 'items/:id/variations/:variation_id/locations', status: 201, rebuild: variation },
  {
    method: 'PATCH',
    path: 'items/:id/variations/:variation_id/locations/:location_id',
    status: 200,
    rebuild: variation,
  },
  {
    method: 'POST',
    path: 'items/:id/variations/:variation_id/locations/:location_id/adjustments',
    status: 201,
    rebuild: variation,
  },
  { method: 'POST', path: 'items/:item_id/photos', status: 201, rebuild: itemWithGallery },
  { method: 'PUT', path: 'items/:item_id/photos/order', status: 200, rebuild: itemWithGallery },
  { method: 'POST', path: 'items/:item_id/photos/:photo_id', status: 200, rebuild: itemWithGallery },
  { method: 'POST', path: 'items/:item_id/photos/:photo_id/crop', status: 200, rebuild: itemWithGallery },
  { method: 'POST', path: 'locations/:location_id/zones', status: 201, rebuild: zone },
  { method: 'PATCH', path: 'locations/:location_id/zones/:zone_id', status: 200, rebuild: zone },
];

function invoicePayment(): Rebuild {
  return payment(invoiceAggregate, 'InvoicePaymentRecorded', paymentView);
}

/** The rule of a request's route and its path parameters; undefined for a route without one. */
export function ruleFor(
  method: string,
  url: string,
): { rule: RebuildRule; params: Record<string, string> } | undefined {
  const segments = url
    .split('?')[0]
    .replace(/^\/api\/v3\//, '')
    .split('/');
  for (const rule of REBUILD_RULES) {
    if (rule.method !== method) continue;
    const params = matchPath(rule.path.split('/'), segments);
    if (params) return { rule, params };
  }
  return undefined;
}

function matchPath(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(segments[i]);
    else if (part !== segments[i]) return undefined;
  }
  return params;
}
