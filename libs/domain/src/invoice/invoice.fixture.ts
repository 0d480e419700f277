import {
  BASIC_INPUT,
  documentContext,
  fulfillmentId,
  salesDocumentFixture,
  TWO_LINES_AMOUNTS,
} from '../testing/documents';
import { LATER, RECORD_ID } from '../testing/fixtures';
import { SalesDocumentKit } from '../testing/sales-document-cases';
import { ActionBody } from '../document';
import { InvoiceCommand } from './commands';
import { InvoiceContext } from './context';
import { decideInvoice } from './decide';
import { InvoiceCreated, InvoiceEvent } from './events';
import { evolveInvoice, initialInvoiceState } from './evolve';
import { InvoiceInput } from './fields';

export const folding = { initialState: initialInvoiceState, evolve: evolveInvoice };

export * from '../testing/documents';

export const INVOICE_NUMBER = 2001;

// The account's invoice custom fields.
export const FIELD_A = 'cf000000-0000-4000-8000-0000000000a1';
export const FIELD_B = 'cf000000-0000-4000-8000-0000000000a2';

/** Payment and refund ids the handler draws. */
export const paymentId = (n: number) => `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const RECIPIENTS = ['ap@acme.test'];

/**
 * A user with every right (view-all, unit cost, selling prices) acting at LATER, in an account
 * with packing lists on (service lines not packed), automatic receipts off, default terms
 * "Due on receipt".
 */
export function invoiceContext(over: Partial<InvoiceContext> = {}): InvoiceContext {
  return {
    ...documentContext([FIELD_A, FIELD_B]),
    packingListsEnabled: true,
    packServiceLines: false,
    automaticPaymentReceipts: false,
    recipients: RECIPIENTS,
    ...over,
  };
}

export const BASIC_TOTAL = TWO_LINES_AMOUNTS.total;

export const createCommand = (input: InvoiceInput): InvoiceCommand => ({
  type: 'CreateInvoice',
  id: RECORD_ID,
  invoice_number: INVOICE_NUMBER,
  input,
});
export const update = (input: InvoiceInput): InvoiceCommand => ({ type: 'UpdateInvoice', input });
export const pay = (input: ActionBody, n = 1): InvoiceCommand => ({
  type: 'RecordPayment',
  payment_id: paymentId(n),
  input,
});
export const refund = (input: ActionBody, n = 1, refunded_payment_id?: string): InvoiceCommand => ({
  type: 'RecordRefund',
  payment_id: paymentId(n),
  input,
  ...(refunded_payment_id === undefined ? {} : { refunded_payment_id }),
});
export const dispatch = (input: ActionBody = {}): InvoiceCommand => ({ type: 'DispatchInvoice', input });
export const changeDispatchDate = (input: ActionBody): InvoiceCommand => ({
  type: 'ChangeDispatchDate',
  input,
});
export const cancel: InvoiceCommand = { type: 'CancelInvoice' };
export const remove: InvoiceCommand = { type: 'DeleteInvoice' };
export const pack = (input: ActionBody, n = 1): InvoiceCommand => ({
  type: 'PackInvoice',
  fulfillment_id: fulfillmentId(n),
  packing_list_number: n,
  input,
});
export const ship = (input: ActionBody = {}, n = 1): InvoiceCommand => ({
  type: 'ShipInvoiceFulfillment',
  fulfillment_id: fulfillmentId(n),
  input,
});

const document = salesDocumentFixture(folding, decideInvoice, invoiceContext, createCommand);
/** The scenario; the context of a creation (at NOW, new lines lineId(1), lineId(2) …); arranging. */
export const { subject: invoice, creationContext, decided, after, recordAfter, acting } = document;

/** The creation event the aggregate decides for this body (throws if it refuses, for arranging). */
export function created(input: InvoiceInput = BASIC_INPUT, context = creationContext()): InvoiceCreated {
  return document.createdBy(input, context) as InvoiceCreated;
}

/** An invoice created with these totals as recorded (a credit note's negative total, say). */
export function createdWithTotal(total: string): InvoiceCreated {
  const base = created();
  return { ...base, data: { ...base.data, totals: { ...base.data.totals, total } } };
}

export const cancelled: InvoiceEvent = {
  type: 'InvoiceCancelled',
  data: { status_id: 15, cancelled_at: LATER },
};
export const deleted: InvoiceEvent = { type: 'InvoiceDeleted', data: { deleted_at: LATER } };

/** The invoice after these events, as if invoiced from a sales order (no event sets this yet). */
export function linkedState(...events: InvoiceEvent[]) {
  return {
    status: 'live' as const,
    record: { ...recordAfter(...events), source_sales_order_id: '50000000-0000-4000-8000-000000000001' },
  };
}

/** How the sales documents' shared cases reach invoices (testing/sales-document-cases.ts). */
export const invoiceKit: SalesDocumentKit<InvoiceEvent> = {
  noun: 'invoice',
  createdType: 'InvoiceCreated',
  updatedType: 'InvoiceUpdated',
  createdAs: 'an unpaid invoice',
  createdData: {
    invoice_number: INVOICE_NUMBER,
    status_id: 9,
    custom_invoice_number: null,
    source_estimate_id: null,
  },
  ...document.casesCalls(update),
  mostLines: 100,
  changesCustomer: true,
  takesProspects: false,
  fields: [FIELD_A, FIELD_B],
  recordsDiscountTotal: true,
  givenFields: { name: 'January', custom_invoice_number: 'INV-'.padEnd(24, '7') },
  unsupported: [
    'invoice_number',
    'status',
    'source_sales_order',
    'source_estimate_id',
    'subtotal',
    'amount_paid',
    'amount_due',
    'payments',
    'date_sent',
    'date_fully_paid',
    'expiry_date',
    'packed_percent',
    'shipped_percent',
    'updated_at',
  ],
  invalid: [['custom_invoice_number', 'x'.repeat(25)]],
  protectedOnUpdate: ['amount_paid'],
};
