import Decimal from 'decimal.js';
import { DocumentLine } from '../document-lines';
import { lineQuantity } from '../document-lines/amounts';
import { Decision } from '../shared/decision';
import { optionalCalendarDate } from '../shared/dates';
import { conflict, DomainError, invalid, isDomainError, notFound, validation } from '../shared/domain-error';
import { optionalText } from '../shared/parsers';
import { isRecordId } from '../shared/record-id';
import { parseBody, webAddress } from './body';
import { PackInvoice, ShipInvoiceFulfillment } from './commands';
import { InvoiceContext } from './context';
import { InvoiceEvent } from './events';
import { InvoiceFulfillment, InvoiceRecord } from './state';
import { INVOICE_STATUS } from './status';
import { progressAfter, quantityPacked } from './progress';

const MAX_PACK_LINES = 100;
const PACK_CODE = 'invalid_invoice_pack';
const PACK_FIELD_CODE = 'unsupported_invoice_pack_field';

/** Why an invoice cannot be packed now, or null when it can (documents-api §4, `can_pack`). */
export function packBlockReason(
  invoice: InvoiceRecord,
  settings: Pick<InvoiceContext, 'packingListsEnabled' | 'packServiceLines'>,
): string | null {
  if (invoice.source_sales_order_id !== null) return 'packing_managed_by_sales_order';
  if (invoice.status_id === INVOICE_STATUS.cancelled) return 'invoice_cancelled';
  if (!settings.packingListsEnabled) return 'packing_lists_disabled';
  const open = packableLines(invoice, settings.packServiceLines).some((line) =>
    remainingToPack(invoice, line).greaterThan(0),
  );
  return open ? null : 'invoice_fully_packed';
}

/** Lines a packing list may name: inventory lines, and service lines when the account packs them. */
export function packableLines(invoice: InvoiceRecord, packServiceLines: boolean): DocumentLine[] {
  return invoice.lines.filter(
    (line) => line.line_type === 'inventory' || (line.line_type === 'service' && packServiceLines),
  );
}

function remainingToPack(invoice: InvoiceRecord, line: DocumentLine): Decimal {
  return new Decimal(line.quantity).minus(quantityPacked(invoice, line.id as string));
}

/**
 * A packing list for a standalone invoice: each line at most once, each quantity within what is
 * left to pack on the invoice's current state, so concurrent packs serialise on its stream and
 * cannot overpack. Stock does not move.
 */
export function packInvoice(
  invoice: InvoiceRecord,
  command: PackInvoice,
  context: InvoiceContext,
): Decision<InvoiceEvent> {
  if (invoice.source_sales_order_id !== null) return managedBySalesOrder();
  const entries = packEntries(command.input);
  if (isDomainError(entries)) return entries;
  const lines: InvoiceFulfillment['lines'] = [];
  for (const [index, entry] of entries.entries()) {
    const line = invoice.lines.find((l) => l.id === entry.id);
    const refusal = unpackable(line, index, context);
    if (refusal) return refusal;
    if (new Decimal(entry.quantity).greaterThan(line!.quantity))
      return validation(PACK_CODE, `lines.${index}.quantity`, `The line has only ${line!.quantity} to pack.`);
    lines.push({ invoice_line_id: entry.id, quantity: entry.quantity });
  }
  if (invoice.status_id === INVOICE_STATUS.cancelled)
    return conflict('invoice_pack_not_allowed', 'A cancelled invoice cannot be packed.');
  if (!context.packingListsEnabled)
    return conflict('invoice_pack_not_allowed', 'Packing lists are turned off for this account.');
  for (const entry of lines) {
    const line = invoice.lines.find((l) => l.id === entry.invoice_line_id)!;
    const left = remainingToPack(invoice, line);
    if (!left.greaterThan(0))
      return conflict('invoice_line_already_packed', `Line ${line.id} is already fully packed.`);
    if (new Decimal(entry.quantity).greaterThan(left))
      return conflict(
        'invoice_pack_not_allowed',
        `Only ${left.toFixed()} of line ${line.id} is left to pack.`,
      );
  }
  const fulfillment = {
    id: command.fulfillment_id,
    packing_list_number: command.packing_list_number,
    lines,
    shipped_date: null,
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    estimated_delivery_date: null,
    created_at: context.now,
  };
  return [progressAfter(invoice, { type: 'InvoicePacked', data: { fulfillment } })];
}

type PackEntry = { id: string; quantity: string };

/** The pack body: only `lines`, 1 to 100 entries `{id, quantity}`, each line once. */
function packEntries(body: Record<string, unknown>): PackEntry[] | DomainError {
  const extra = Object.keys(body).find((key) => key !== 'lines');
  if (extra !== undefined)
    return validation(PACK_FIELD_CODE, extra, `A pack takes only lines, not ${extra}.`);
  const { lines } = body;
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > MAX_PACK_LINES)
    return validation(PACK_CODE, 'lines', `lines must hold 1 to ${MAX_PACK_LINES} entries {id, quantity}.`);
  const entries: PackEntry[] = [];
  const quantity = lineQuantity();
  for (const [index, entry] of lines.entries()) {
    const at = `lines.${index}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      return validation(PACK_CODE, at, `${at} must be an object {id, quantity}.`);
    const { id, quantity: given, ...rest } = entry as Record<string, unknown>;
    const other = Object.keys(rest)[0];
    if (other !== undefined)
      return validation(PACK_FIELD_CODE, `${at}.${other}`, `A pack line takes only id and quantity.`);
    if (!isRecordId(id))
      return validation(PACK_CODE, `${at}.id`, `${at}.id must be the id of an invoice line.`);
    if (entries.some((e) => e.id === id.toLowerCase()))
      return validation(PACK_CODE, `${at}.id`, `Line ${id} is named twice.`);
    const parsed = quantity(given, `${at}.quantity`);
    if (isDomainError(parsed)) return validation(PACK_CODE, `${at}.quantity`, parsed.message);
    entries.push({ id: id.toLowerCase(), quantity: parsed });
  }
  return entries;
}

function unpackable(
  line: DocumentLine | undefined,
  index: number,
  context: InvoiceContext,
): DomainError | undefined {
  const param = `lines.${index}.id`;
  if (!line) return validation(PACK_CODE, param, 'No such line on this invoice.');
  if (line.line_type === 'discount') return validation(PACK_CODE, param, 'A discount line is never packed.');
  if (line.line_type === 'service' && !context.packServiceLines)
    return validation(PACK_CODE, param, 'Service lines are packed only with packing_list_service_items on.');
  return undefined;
}

const SHIP_PARSERS = {
  shipped_date: optionalCalendarDate(),
  carrier: optionalText(60),
  tracking_number: optionalText(60),
  tracking_url: webAddress(250),
  estimated_delivery_date: optionalCalendarDate(),
};

/** Marks an unshipped packing list shipped, with the manual shipping details given. */
export function shipFulfillment(
  invoice: InvoiceRecord,
  command: ShipInvoiceFulfillment,
  context: InvoiceContext,
): Decision<InvoiceEvent> {
  if (invoice.source_sales_order_id !== null) return managedBySalesOrder();
  const fulfillment = invoice.fulfillments.find((f) => f.id === command.fulfillment_id);
  if (!fulfillment) return notFound('No such packing list on this invoice.');
  const body = parseBody(command.input, SHIP_PARSERS);
  if (isDomainError(body)) return body;
  const shippedDate = body.shipped_date ?? context.today;
  const delivery = body.estimated_delivery_date ?? null;
  if (delivery !== null && delivery < shippedDate)
    return invalid('estimated_delivery_date', 'estimated_delivery_date cannot precede shipped_date.');
  if (fulfillment.shipped_date !== null)
    return conflict('invoice_ship_not_allowed', 'This packing list is already shipped.');
  return [
    progressAfter(invoice, {
      type: 'InvoiceShipped',
      data: {
        fulfillment_id: fulfillment.id,
        shipped_date: shippedDate,
        carrier: body.carrier ?? null,
        tracking_number: body.tracking_number ?? null,
        tracking_url: body.tracking_url ?? null,
        estimated_delivery_date: delivery,
        shipped_at: context.now,
      },
    }),
  ];
}

function managedBySalesOrder(): DomainError {
  return conflict(
    'invoice_fulfillment_managed_by_sales_order',
    'This invoice was created from a sales order: pack and ship the sales order.',
  );
}
