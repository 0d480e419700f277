/**
 * The records whose changes a webhook endpoint can subscribe to, by their `object` name (the change
 * feed's kinds), and the actions that raise an event of their own beside `<object>.updated`.
 */
export const WEBHOOK_OBJECTS = [
  'customer',
  'supplier',
  'contact',
  'location',
  'item_category',
  'item',
  'item_variation',
  'item_variation_attribute',
  'estimate',
  'invoice',
  'sales_order',
  'purchase_order',
  'stock_transfer',
] as const;

export type WebhookObject = (typeof WEBHOOK_OBJECTS)[number];

export const WEBHOOK_ACTION_TYPES = [
  'invoice.dispatched',
  'invoice.payment_recorded',
  'invoice.refunded',
  'sales_order.shipped',
  'purchase_order.received',
  'stock_transfer.received',
] as const;

const CHANGES = ['created', 'updated', 'deleted'] as const;

export const WEBHOOK_EVENT_TYPES: readonly string[] = [
  ...WEBHOOK_OBJECTS.flatMap((object) => CHANGES.map((change) => `${object}.${change}`)),
  ...WEBHOOK_ACTION_TYPES,
];

/** Subscribes to every type, those added later included. */
export const ALL_WEBHOOK_EVENTS = '*';

const KNOWN: ReadonlySet<string> = new Set([...WEBHOOK_EVENT_TYPES, ALL_WEBHOOK_EVENTS]);

export function isWebhookEventType(name: string): boolean {
  return KNOWN.has(name);
}

export function subscribesTo(eventTypes: readonly string[], type: string): boolean {
  return eventTypes.includes(ALL_WEBHOOK_EVENTS) || eventTypes.includes(type);
}

/** One event of a write, as the log holds it; `data` is read only for payments (payment or refund). */
export interface WrittenEvent {
  type: string;
  data?: unknown;
}

/** The domain events that raise an action's webhook event (the first dispatch is InvoiceDispatched). */
const ACTION_OF_EVENT: Readonly<Record<string, string>> = {
  InvoiceDispatched: 'invoice.dispatched',
  SalesOrderShipped: 'sales_order.shipped',
  PurchaseOrderReceived: 'purchase_order.received',
  StockTransferReceived: 'stock_transfer.received',
};

/**
 * The webhook events of one write of one record (a row of the change feed): its change, then each
 * action's event once, in the order the write recorded them. A payment is a refund by its type.
 */
export function webhookTypesOf(
  object: string,
  change: 'created' | 'updated' | 'deleted',
  events: readonly WrittenEvent[],
): string[] {
  const types = [`${object}.${change}`];
  for (const event of events) {
    const action =
      event.type === 'InvoicePaymentRecorded' ? paymentType(event.data) : ACTION_OF_EVENT[event.type];
    if (action && !types.includes(action)) types.push(action);
  }
  return types;
}

function paymentType(data: unknown): string {
  const payment = (data as { payment?: { type?: string } } | undefined)?.payment;
  return payment?.type === 'refund' ? 'invoice.refunded' : 'invoice.payment_recorded';
}
