import Decimal from 'decimal.js';
import {
  documentChangeEvents,
  DocumentSight,
  draftDocumentChange,
  draftNewDocument,
  headerOf,
  newDocumentData,
  numberedCreation,
  salesDocumentHeader,
  visibleDocument,
} from '../document';
import { numberedPacking } from '../document/packing';
import { optionalCalendarDate } from '../shared/dates';
import { Decision } from '../shared/decision';
import { conflict, DomainError, invalid, isDomainError } from '../shared/domain-error';
import { parseBody } from './body';
import { InvoiceCommand } from './commands';
import { InvoiceContext } from './context';
import { InvoiceEvent } from './events';
import { INVOICE_KIND, InvoiceFields, InvoiceInput } from './fields';
import { packInvoice, shipFulfillment } from './fulfillments';
import { progressAfter, quantityPacked } from './progress';
import { recordPayment, recordRefund } from './payments';
import { InvoiceAmounts, InvoiceRecord, InvoiceState } from './state';
import { INVOICE_STATUS } from './status';
import { alreadyCreated } from '../shared/recorded';

export function decideInvoice(
  command: InvoiceCommand,
  state: InvoiceState,
  context: InvoiceContext,
): Decision<InvoiceEvent> {
  if (command.type === 'CreateInvoice') {
    return alreadyCreated(state) ?? createInvoice(command.id, command.invoice_number, command.input, context);
  }
  const invoice = visibleInvoice(state, context);
  if (isDomainError(invoice)) return invoice;
  switch (command.type) {
    case 'UpdateInvoice':
      return updateInvoice(invoice, command.input, context);
    case 'RecordPayment':
      return recordPayment(invoice, command, context);
    case 'RecordRefund':
      return recordRefund(invoice, command, context);
    case 'DispatchInvoice':
      return dispatch(invoice, command.input, context);
    case 'ChangeDispatchDate':
      return changeDispatchDate(invoice, command.input, context);
    case 'CancelInvoice':
      return cancel(invoice, context);
    case 'DeleteInvoice':
      return remove(invoice, context);
    case 'PackInvoice':
      return packInvoice(invoice, command, context);
    case 'ShipInvoiceFulfillment':
      return shipFulfillment(invoice, command, context);
  }
}

/** A live invoice of the caller's account that the caller may see, else 404 whatever the reason. */
export function visibleInvoice(state: InvoiceState, sight: DocumentSight): InvoiceRecord | DomainError {
  return visibleDocument(state, sight);
}

/** Why an invoice cannot be edited (documents-api §2 `edit_block_reason`), before permissions. */
export function invoiceEditBlock(
  invoice: InvoiceRecord,
): 'invoice_not_unpaid' | 'invoice_sales_order_linked' | null {
  if (invoice.status_id !== INVOICE_STATUS.unpaid || invoice.payments.length > 0) return 'invoice_not_unpaid';
  if (invoice.source_sales_order_id !== null) return 'invoice_sales_order_linked';
  return null;
}

function createInvoice(
  id: string,
  invoiceNumber: number,
  input: InvoiceInput,
  context: InvoiceContext,
): Decision<InvoiceEvent> {
  const header = salesDocumentHeader<InvoiceFields>({ custom_invoice_number: null }, context);
  const drafted = draftNewDocument(INVOICE_KIND, input, context, header);
  if (isDomainError(drafted)) return drafted;
  return [
    {
      type: 'InvoiceCreated',
      data: {
        ...newDocumentData<InvoiceFields, InvoiceAmounts>(id, drafted, context),
        invoice_number: invoiceNumber,
        status_id: INVOICE_STATUS.unpaid,
        source_estimate_id: null,
      },
    },
  ];
}

/** Only an unpaid invoice without payments, not linked to a sales order; packed lines keep their packed quantity. */
function updateInvoice(
  invoice: InvoiceRecord,
  input: InvoiceInput,
  context: InvoiceContext,
): Decision<InvoiceEvent> {
  const blocked = invoiceEditBlock(invoice);
  if (blocked)
    return conflict(
      'invoice_update_not_allowed',
      blocked === 'invoice_not_unpaid'
        ? 'Only an unpaid invoice without payments can be updated.'
        : 'An invoice created from a sales order is changed through the sales order.',
    );
  const change = draftDocumentChange(INVOICE_KIND, invoice, invoiceFieldsOf, input, context);
  if (isDomainError(change)) return change;
  const underPacked = change?.lines && packedBeyond(invoice, change.lines);
  if (underPacked) return underPacked;
  return documentChangeEvents(change, (data) => {
    const event: InvoiceEvent = { type: 'InvoiceUpdated', data: { ...data, updated_at: context.now } };
    return data.lines ? progressAfter(invoice, event) : event;
  });
}

/**
 * A new line set may not drop a line, or its quantity, below what its packing lists hold, nor swap
 * the item or variation of a packed line (its packing lists packed that one).
 */
function packedBeyond(invoice: InvoiceRecord, lines: InvoiceRecord['lines']): DomainError | undefined {
  for (const line of invoice.lines) {
    const packed = quantityPacked(invoice, line.id as string);
    if (packed.isZero()) continue;
    const kept = lines.find((l) => l.id === line.id);
    if (!kept || new Decimal(kept.quantity).lessThan(packed))
      return conflict(
        'invoice_update_not_allowed',
        `Line ${line.id} has ${packed.toFixed()} packed: it cannot be removed or reduced below that.`,
      );
    if (
      kept.item_id !== line.item_id ||
      kept.item_variation_location_id !== line.item_variation_location_id ||
      kept.line_type !== line.line_type
    )
      return conflict(
        'invoice_update_not_allowed',
        `Line ${line.id} has ${packed.toFixed()} packed: its item cannot change.`,
      );
  }
  return undefined;
}

const DISPATCH_PARSERS = { date_sent: optionalCalendarDate() };

/** Sets `date_sent` once (today by default); a repeat keeps the first date and records nothing. */
function dispatch(
  invoice: InvoiceRecord,
  input: Record<string, unknown>,
  context: InvoiceContext,
): Decision<InvoiceEvent> {
  if (invoice.status_id === INVOICE_STATUS.cancelled)
    return conflict('invoice_dispatch_not_allowed', 'A cancelled invoice cannot be dispatched.');
  const body = parseBody(input, DISPATCH_PARSERS);
  if (isDomainError(body)) return body;
  if (invoice.date_sent !== null) return [];
  const date_sent = body.date_sent ?? context.today;
  return [
    {
      type: 'InvoiceDispatched',
      data: { date_sent, recipients: context.recipients, dispatched_at: context.now },
    },
  ];
}

function changeDispatchDate(
  invoice: InvoiceRecord,
  input: Record<string, unknown>,
  context: InvoiceContext,
): Decision<InvoiceEvent> {
  const body = parseBody(input, DISPATCH_PARSERS, ['date_sent']);
  if (isDomainError(body)) return body;
  if (!body.date_sent) return invalid('date_sent', 'date_sent is required: the new sending date.');
  if (invoice.status_id === INVOICE_STATUS.cancelled || invoice.date_sent === null)
    return conflict(
      'invoice_dispatch_date_edit_not_allowed',
      'Only an active invoice that was dispatched can have its sending date changed.',
    );
  if (body.date_sent === invoice.date_sent) return [];
  return [
    { type: 'InvoiceDispatchDateChanged', data: { date_sent: body.date_sent!, changed_at: context.now } },
  ];
}

/** Unpaid, no payments, nothing packed or shipped; repeating on a cancelled invoice is safe. */
function cancel(invoice: InvoiceRecord, context: InvoiceContext): Decision<InvoiceEvent> {
  if (invoice.status_id === INVOICE_STATUS.cancelled) return [];
  if (
    invoice.status_id !== INVOICE_STATUS.unpaid ||
    invoice.payments.length > 0 ||
    invoice.fulfillments.length > 0
  )
    return conflict(
      'invoice_cancel_not_allowed',
      'Only an unpaid invoice without payments, packing lists or shipments can be cancelled.',
    );
  return [
    { type: 'InvoiceCancelled', data: { status_id: INVOICE_STATUS.cancelled, cancelled_at: context.now } },
  ];
}

/** Never with payments, packing lists or a sales-order link. */
function remove(invoice: InvoiceRecord, context: InvoiceContext): Decision<InvoiceEvent> {
  if (
    invoice.payments.length > 0 ||
    invoice.fulfillments.length > 0 ||
    invoice.source_sales_order_id !== null
  )
    return conflict(
      'invoice_delete_not_allowed',
      'An invoice with payments, packing lists or a sales-order link cannot be deleted.',
    );
  return [{ type: 'InvoiceDeleted', data: { deleted_at: context.now } }];
}

export function invoiceFieldsOf(invoice: InvoiceRecord): InvoiceFields {
  return { ...headerOf(invoice), custom_invoice_number: invoice.custom_invoice_number };
}

/** A creation decided before its number was drawn, given the number drawn for it. */
export function numberedInvoice(events: InvoiceEvent[], invoiceNumber: number): InvoiceEvent[] {
  return numberedCreation(events, 'InvoiceCreated', 'invoice_number', invoiceNumber);
}

/** A pack decided before its packing-list number was drawn, given the number drawn for it. */
export function numberedPackingList(events: InvoiceEvent[], packingListNumber: number): InvoiceEvent[] {
  return numberedPacking(events, 'InvoicePacked', packingListNumber);
}
