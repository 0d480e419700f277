import { DocumentLine } from '../document-lines';
import {
  anythingLeftToPack,
  packableDocumentLines,
  packDocument,
  PackingRules,
  shippedPackingList,
} from '../document/packing';
import { Decision } from '../shared/decision';
import { conflict, DomainError, isDomainError } from '../shared/domain-error';
import { PackInvoice, ShipInvoiceFulfillment } from './commands';
import { InvoiceContext } from './context';
import { InvoiceEvent } from './events';
import { InvoiceRecord } from './state';
import { INVOICE_STATUS } from './status';
import { progressAfter } from './progress';

/** An invoice's packing lists among the sales documents'. */
export const INVOICE_PACKING: PackingRules<'invoice_line_id'> = {
  noun: 'invoice',
  lineKey: 'invoice_line_id',
  invalidPackCode: 'invalid_invoice_pack',
  packFieldCode: 'unsupported_invoice_pack_field',
  shipFieldCode: 'unsupported_invoice_field',
  packNotAllowedCode: 'invoice_pack_not_allowed',
  lineAlreadyPackedCode: 'invoice_line_already_packed',
  shipNotAllowedCode: 'invoice_ship_not_allowed',
};

/** Why an invoice cannot be packed now, or null when it can (documents-api §4, `can_pack`). */
export function packBlockReason(
  invoice: InvoiceRecord,
  settings: Pick<InvoiceContext, 'packingListsEnabled' | 'packServiceLines'>,
): string | null {
  if (invoice.source_sales_order_id !== null) return 'packing_managed_by_sales_order';
  if (invoice.status_id === INVOICE_STATUS.cancelled) return 'invoice_cancelled';
  if (!settings.packingListsEnabled) return 'packing_lists_disabled';
  return anythingLeftToPack(INVOICE_PACKING, invoice, settings.packServiceLines)
    ? null
    : 'invoice_fully_packed';
}

/** Lines a packing list may name: inventory lines, and service lines when the account packs them. */
export function packableLines(invoice: InvoiceRecord, packServiceLines: boolean): DocumentLine[] {
  return packableDocumentLines(invoice.lines, packServiceLines);
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
  const cancelled = invoice.status_id === INVOICE_STATUS.cancelled;
  const fulfillment = packDocument(
    INVOICE_PACKING,
    invoice,
    command,
    context,
    cancelled ? 'A cancelled invoice cannot be packed.' : null,
  );
  if (isDomainError(fulfillment)) return fulfillment;
  return [progressAfter(invoice, { type: 'InvoicePacked', data: { fulfillment } })];
}

/** Marks an unshipped packing list shipped, with the manual shipping details given. */
export function shipFulfillment(
  invoice: InvoiceRecord,
  command: ShipInvoiceFulfillment,
  context: InvoiceContext,
): Decision<InvoiceEvent> {
  if (invoice.source_sales_order_id !== null) return managedBySalesOrder();
  const shipped = shippedPackingList(INVOICE_PACKING, invoice.fulfillments, command, context);
  if (isDomainError(shipped)) return shipped;
  return [progressAfter(invoice, { type: 'InvoiceShipped', data: shipped })];
}

function managedBySalesOrder(): DomainError {
  return conflict(
    'invoice_fulfillment_managed_by_sales_order',
    'This invoice was created from a sales order: pack and ship the sales order.',
  );
}
