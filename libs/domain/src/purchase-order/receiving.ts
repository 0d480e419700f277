import Decimal from 'decimal.js';
import { parseActionBody } from '../document';
import { DocumentLine } from '../document-lines';
import { Decision } from '../shared/decision';
import { optionalCalendarDate } from '../shared/dates';
import { conflict, DomainError, invalid, isDomainError } from '../shared/domain-error';
import { decimal } from '../shared/parsers';
import { ReceivePurchaseOrder, SendPurchaseOrder } from './commands';
import { PurchaseOrderContext } from './context';
import { PurchaseOrderEvent, ReceivedLine } from './events';
import { PurchaseOrderRecord } from './state';
import { PURCHASE_ORDER_STATUS } from './status';

const UNSUPPORTED = 'unsupported_purchase_order_field';
const MAX_RECEIVE_ENTRIES = 100;

/** What is received of a line so far. */
export function quantityReceived(order: PurchaseOrderRecord, lineId: string): Decimal {
  return new Decimal(order.received[lineId] ?? '0');
}

/** What remains to receive of an inventory line (never below zero). */
export function quantityRemaining(order: PurchaseOrderRecord, line: DocumentLine): Decimal {
  return Decimal.max(0, new Decimal(line.quantity).minus(quantityReceived(order, line.id as string)));
}

/**
 * Send: a Not Sent order becomes Sent with `date_sent` (given, else today); a Sent order stays
 * Sent with its first date (the event is recorded again: the incoming refresh is repeated).
 */
export function sendPurchaseOrder(
  order: PurchaseOrderRecord,
  command: SendPurchaseOrder,
  context: PurchaseOrderContext,
): Decision<PurchaseOrderEvent> {
  const body = parseActionBody(command.input, { date_sent: optionalCalendarDate() }, [], UNSUPPORTED);
  if (isDomainError(body)) return body;
  if (order.status_id !== PURCHASE_ORDER_STATUS.notSent && order.status_id !== PURCHASE_ORDER_STATUS.sent)
    return conflict(
      'purchase_order_send_not_allowed',
      'A partially received or received purchase order cannot be sent.',
    );
  const date_sent = order.date_sent ?? body.date_sent ?? context.today;
  const lines = order.lines
    .filter((line) => line.line_type === 'inventory' && line.item_id !== null)
    .map((line) => ({
      line_id: line.id as string,
      item_id: line.item_id as string,
      item_variation_location_id: line.item_variation_location_id,
      location_id: order.location_id,
      quantity: line.quantity,
    }));
  const status_id = PURCHASE_ORDER_STATUS.sent;
  return [{ type: 'PurchaseOrderSent', data: { date_sent, status_id, lines, sent_at: context.now } }];
}

/**
 * A receipt: 1 to 100 entries of this order's inventory lines, each once, each a positive quantity
 * up to what remains; all together or none. The order becomes Received (with `received_date`,
 * default today) once every inventory line is, else Partially Received.
 */
export function receivePurchaseOrder(
  order: PurchaseOrderRecord,
  command: ReceivePurchaseOrder,
  context: PurchaseOrderContext,
): Decision<PurchaseOrderEvent> {
  const body = parseActionBody(
    command.input,
    { lines: (value: unknown) => value, received_date: optionalCalendarDate() },
    ['lines'],
    UNSUPPORTED,
  );
  if (isDomainError(body)) return body;
  const receivable =
    order.status_id === PURCHASE_ORDER_STATUS.sent ||
    order.status_id === PURCHASE_ORDER_STATUS.partiallyReceived;
  if (!receivable)
    return conflict(
      'purchase_order_receive_not_allowed',
      order.status_id === PURCHASE_ORDER_STATUS.notSent
        ? 'A Not Sent purchase order cannot be received: send it first.'
        : 'This purchase order is already fully received.',
    );
  if (!context.locationActive)
    return conflict('purchase_order_receive_not_allowed', "The order's receiving location is not active.");
  const entries = receivedLines(order, body.lines);
  if (isDomainError(entries)) return entries;
  const after = {
    ...order.received,
    ...Object.fromEntries(entries.map((e) => [e.line_id, e.quantity_received_after])),
  };
  const complete = order.lines
    .filter((line) => line.line_type === 'inventory')
    .every((line) => new Decimal(after[line.id as string] ?? '0').greaterThanOrEqualTo(line.quantity));
  return [
    {
      type: 'PurchaseOrderReceived',
      data: {
        receipt_id: context.newLineId(),
        lines: entries,
        status_id: complete ? PURCHASE_ORDER_STATUS.received : PURCHASE_ORDER_STATUS.partiallyReceived,
        date_received: complete ? (body.received_date ?? context.today) : null,
        received_at: context.now,
      },
    },
  ];
}

function receivedLines(order: PurchaseOrderRecord, value: unknown): ReceivedLine[] | DomainError {
  if (!Array.isArray(value) || value.length < 1 || value.length > MAX_RECEIVE_ENTRIES)
    return invalid('lines', `lines must be an array of 1 to ${MAX_RECEIVE_ENTRIES} {line_id, quantity}.`);
  const seen = new Set<string>();
  const received: ReceivedLine[] = [];
  for (const [index, entry] of value.entries()) {
    const at = `lines.${index}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      return invalid(at, `${at} must be an object {line_id, quantity}.`);
    const { line_id, quantity, ...rest } = entry as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined) return invalid(`${at}.${extra}`, `A receipt line does not take ${extra}.`);
    const id = typeof line_id === 'string' ? line_id.toLowerCase() : undefined;
    const line = order.lines.find((candidate) => candidate.id === id);
    if (id === undefined || line === undefined)
      return invalid(`${at}.line_id`, `${at}.line_id must be a line of this purchase order.`);
    if (line.line_type !== 'inventory' || line.item_id === null)
      return invalid(`${at}.line_id`, 'Only inventory lines can be received.');
    if (seen.has(id)) return invalid(`${at}.line_id`, `lines names ${id} twice.`);
    seen.add(id);
    const amount = decimal(quantity);
    if (amount === undefined || !amount.greaterThan(0) || amount.decimalPlaces() > 4)
      return invalid(`${at}.quantity`, `${at}.quantity must be a positive number (at most four decimals).`);
    const remaining = quantityRemaining(order, line);
    if (amount.greaterThan(remaining))
      return invalid(
        `${at}.quantity`,
        `${at}.quantity cannot exceed the ${remaining.toFixed()} left to receive.`,
      );
    received.push({
      line_id: id,
      item_id: line.item_id,
      item_variation_location_id: line.item_variation_location_id,
      location_id: order.location_id,
      quantity: amount.toFixed(),
      quantity_received_after: quantityReceived(order, id).plus(amount).toFixed(),
    });
  }
  return received;
}
