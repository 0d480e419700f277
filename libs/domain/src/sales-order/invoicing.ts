import Decimal from 'decimal.js';
import { lineQuantity } from '../document-lines/amounts';
import { Clock, Decision } from '../shared/decision';
import { conflict, DomainError, isDomainError, validation } from '../shared/domain-error';
import { isRecordId } from '../shared/record-id';
import { InvoiceSalesOrder, ReleaseSalesOrderInvoice } from './commands';
import { SalesOrderContext } from './context';
import { SalesOrderEvent, SalesOrderInvoiced, SalesOrderInvoiceReleased } from './events';
import { invoicingAfter } from './progress-event';
import { remainingToInvoice } from './progress';
import { InvoicedLine, SalesOrderRecord } from './state';
import { SALES_ORDER_STATUS } from './status';

const INVALID = 'invalid_sales_order_invoice';
const MAX_INVOICE_LINES = 100;

/**
 * Quantities for a new invoice, taken on the order's stream: `{}` takes every remaining quantity,
 * `lines` the chosen ones, each within what remains. Deciding the same `invoice_id` again records
 * nothing (a retried step).
 */
export function invoiceSalesOrder(
  order: SalesOrderRecord,
  command: InvoiceSalesOrder,
  context: SalesOrderContext,
): Decision<SalesOrderEvent> {
  if (order.invoices.some((invoice) => invoice.invoice_id === command.invoice_id)) return [];
  const chosen = chosenLines(order, command.input);
  if (isDomainError(chosen)) return chosen;
  if (order.status_id !== SALES_ORDER_STATUS.open)
    return conflict('sales_order_invoice_not_allowed', 'A closed sales order cannot be invoiced.');
  const remaining = invoiceableLines(order);
  if (remaining.length === 0)
    return conflict('sales_order_already_invoiced', 'Everything on this sales order is already invoiced.');
  let lines: InvoicedLine[] = remaining;
  if (chosen !== null) {
    for (const [index, entry] of chosen.entries()) {
      const left = remaining.find((r) => r.sales_order_line_id === entry.sales_order_line_id);
      if (!left)
        return conflict(
          'sales_order_line_already_invoiced',
          `Line ${entry.sales_order_line_id} is already fully invoiced.`,
        );
      if (new Decimal(entry.quantity).greaterThan(left.quantity))
        return validation(
          INVALID,
          `lines.${index}.quantity`,
          `Only ${left.quantity} of the line is left to invoice.`,
        );
    }
    lines = chosen;
  }
  return [
    invoicingAfter<SalesOrderInvoiced>(order, {
      type: 'SalesOrderInvoiced',
      data: {
        invoice_id: command.invoice_id,
        invoice_number: command.invoice_number,
        lines,
        issue_date: context.today,
        with_shipping: !order.invoices.some(
          (invoice) => invoice.with_shipping && invoice.released_at === null,
        ),
        invoiced_at: context.now,
      },
    }),
  ];
}

/** The invoicing with the new invoice's number, drawn once the decision accepted it. */
export function numberedSalesOrderInvoicing(
  events: SalesOrderEvent[],
  invoiceNumber: number,
): SalesOrderEvent[] {
  return events.map((event) =>
    event.type === 'SalesOrderInvoiced'
      ? { ...event, data: { ...event.data, invoice_number: invoiceNumber } }
      : event,
  );
}

/** A linked invoice's cancellation gives its quantities back, once; unknown invoices change nothing. */
export function releaseSalesOrderInvoice(
  order: SalesOrderRecord,
  command: ReleaseSalesOrderInvoice,
  context: Clock,
): Decision<SalesOrderEvent> {
  const invoice = order.invoices.find((entry) => entry.invoice_id === command.invoice_id);
  if (!invoice || invoice.released_at !== null) return [];
  return [
    invoicingAfter<SalesOrderInvoiceReleased>(order, {
      type: 'SalesOrderInvoiceReleased',
      data: { invoice_id: command.invoice_id, released_at: context.now },
    }),
  ];
}

/** Every non-discount line with something left to invoice, and what is left. */
function invoiceableLines(order: SalesOrderRecord): InvoicedLine[] {
  return order.lines
    .filter((line) => line.line_type !== 'discount')
    .map((line) => ({ sales_order_line_id: line.id as string, quantity: remainingToInvoice(order, line) }))
    .filter((entry) => entry.quantity.greaterThan(0))
    .map((entry) => ({ ...entry, quantity: entry.quantity.toFixed() }));
}

/**
 * The body: `{}` (null: everything remaining) or only `lines`, 1 to 100 entries `{id, quantity}`
 * naming each non-discount line of the order once, with a positive quantity not above the line's.
 */
function chosenLines(
  order: SalesOrderRecord,
  body: Record<string, unknown>,
): InvoicedLine[] | null | DomainError {
  const extra = Object.keys(body).find((key) => key !== 'lines');
  if (extra !== undefined) return validation(INVALID, extra, `An invoicing takes only lines, not ${extra}.`);
  if (body.lines === undefined) return null;
  const { lines } = body;
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > MAX_INVOICE_LINES)
    return validation(INVALID, 'lines', `lines must hold 1 to ${MAX_INVOICE_LINES} entries {id, quantity}.`);
  const entries: InvoicedLine[] = [];
  const quantity = lineQuantity();
  for (const [index, entry] of lines.entries()) {
    const at = `lines.${index}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      return validation(INVALID, at, `${at} must be an object {id, quantity}.`);
    const { id, quantity: given, ...rest } = entry as Record<string, unknown>;
    const other = Object.keys(rest)[0];
    if (other !== undefined)
      return validation(INVALID, `${at}.${other}`, 'An invoicing line takes only id and quantity.');
    if (!isRecordId(id))
      return validation(INVALID, `${at}.id`, `${at}.id must be the id of a sales order line.`);
    const lineId = id.toLowerCase();
    if (entries.some((e) => e.sales_order_line_id === lineId))
      return validation(INVALID, `${at}.id`, `Line ${id} is named twice.`);
    const line = order.lines.find((l) => l.id === lineId);
    if (!line) return validation(INVALID, `${at}.id`, 'No such line on this sales order.');
    if (line.line_type === 'discount')
      return validation(INVALID, `${at}.id`, 'A discount line is invoiced through the order discount.');
    const parsed = quantity(given, `${at}.quantity`);
    if (isDomainError(parsed)) return validation(INVALID, `${at}.quantity`, parsed.message);
    if (new Decimal(parsed).greaterThan(line.quantity))
      return validation(INVALID, `${at}.quantity`, `The line has only ${line.quantity} in all.`);
    entries.push({ sales_order_line_id: lineId, quantity: parsed });
  }
  return entries;
}
