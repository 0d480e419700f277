import { ITEMS, VARIATIONS, WIDGET } from '../document-lines/document-lines.fixture';
import { DocumentCustomer } from '../document';
import { isDomainError } from '../shared/domain-error';
import { ACCOUNT_ID, LATER, NOW, OTHER_USER_ID, RECORD_ID, USER_ID } from '../testing/fixtures';
import { scenario, stateAfter } from '../testing/scenario';
import { ActionBody } from '../document';
import { InvoiceCommand } from './commands';
import { InvoiceContext } from './context';
import { decideInvoice } from './decide';
import { InvoiceCreated, InvoiceEvent } from './events';
import { evolveInvoice, initialInvoiceState } from './evolve';
import { InvoiceInput } from './fields';
import { InvoiceRecord } from './state';

export const folding = { initialState: initialInvoiceState, evolve: evolveInvoice };
export const invoice = scenario(folding, decideInvoice);

export const INVOICE_NUMBER = 2001;

// The account's customers and prospects, as the handler would find them (archived ones too).
export const ACME = 'c0000000-0000-4000-8000-000000000001'; // customer of USER_ID: 8.875 % / 1.5 %, "Net 15"
export const LEAD = 'c0000000-0000-4000-8000-000000000002'; // prospect of USER_ID
export const DORMANT = 'c0000000-0000-4000-8000-000000000003'; // archived customer of USER_ID
export const THEIRS = 'c0000000-0000-4000-8000-000000000004'; // customer of OTHER_USER_ID, no terms
export const NOBODY = 'c0000000-0000-4000-8000-000000000005'; // not found: absent, a supplier, elsewhere

const customer = (
  over: Partial<DocumentCustomer> & Pick<DocumentCustomer, 'id' | 'name'>,
): DocumentCustomer => ({
  kind: 'customer',
  tax_rate: '8.875',
  tax_2_rate: '1.500',
  payment_terms: null,
  archived: false,
  assigned_user_id: USER_ID,
  ...over,
});

export const CUSTOMERS: DocumentCustomer[] = [
  customer({ id: ACME, name: 'Acme', payment_terms: 'Net 15' }),
  customer({ id: LEAD, name: 'Initech', kind: 'prospect', tax_rate: '5.000', tax_2_rate: '0.000' }),
  customer({ id: DORMANT, name: 'Dormant', archived: true }),
  customer({ id: THEIRS, name: 'Umbrella', assigned_user_id: OTHER_USER_ID }),
];

// The account's invoice custom fields.
export const FIELD_A = 'cf000000-0000-4000-8000-0000000000a1';
export const FIELD_B = 'cf000000-0000-4000-8000-0000000000a2';

/** Ids the create context draws for new lines, in order: lineId(1), lineId(2) … */
export const lineId = (n: number) => `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Ids an update context draws for new lines, told apart from those of the creation. */
export const addedLineId = (n: number) => `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Payment, refund and packing-list ids the handler draws. */
export const paymentId = (n: number) => `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const fulfillmentId = (n: number) => `f0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function sequence(id: (n: number) => string): () => string {
  let drawn = 0;
  return () => id(++drawn);
}

/** The day of LATER: updates, payments, dispatches and packs happen then. */
export const TODAY = '2030-01-16';
/** The day of NOW: invoices are created then. */
export const CREATION_DAY = '2030-01-15';

export const RECIPIENTS = ['ap@acme.test'];

/**
 * A user with every right (view-all, unit cost, selling prices) acting at LATER, in an account
 * with packing lists on (service lines not packed), automatic receipts off, default terms
 * "Due on receipt".
 */
export function invoiceContext(over: Partial<InvoiceContext> = {}): InvoiceContext {
  return {
    now: LATER,
    accountId: ACCOUNT_ID,
    userId: USER_ID,
    onlyOwnDocuments: false,
    mayViewCosts: true,
    today: TODAY,
    defaultPaymentTerms: 'Due on receipt',
    customFieldIds: new Set([FIELD_A, FIELD_B]),
    customers: new Map(CUSTOMERS.map((entry) => [entry.id, entry])),
    lines: {
      items: new Map(ITEMS.map((entry) => [entry.id, entry])),
      variations: new Map(VARIATIONS.map((entry) => [entry.item_variation_location_id, entry])),
      mayModifyPrices: true,
    },
    newLineId: sequence(addedLineId),
    packingListsEnabled: true,
    packServiceLines: false,
    automaticPaymentReceipts: false,
    recipients: RECIPIENTS,
    ...over,
  };
}

/** The context of a creation: at NOW, its new lines numbered lineId(1), lineId(2) … */
export function creationContext(over: Partial<InvoiceContext> = {}): InvoiceContext {
  return invoiceContext({ now: NOW, today: CREATION_DAY, newLineId: sequence(lineId), ...over });
}

/** A widget (2 × 12.50 at Acme's 8.875 % and 1.5 %) and labour (40.00, no first tax): 68.1938. */
export const TWO_LINES = [
  { item_id: WIDGET, quantity: 2 },
  { name: 'Labour', unit_price: 40, tax_rate: 0 },
];
export const BASIC_INPUT = { customer_id: ACME, lines: TWO_LINES };
export const BASIC_TOTAL = '68.1938';

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

/** The creation event the aggregate decides for this body (throws if it refuses, for arranging). */
export function created(input: InvoiceInput = BASIC_INPUT, context = creationContext()): InvoiceCreated {
  const decision = invoice.given().when(createCommand(input), context);
  if (isDomainError(decision)) throw decision;
  return decision[0] as InvoiceCreated;
}

/** An invoice created with these totals as recorded (a credit note's negative total, say). */
export function createdWithTotal(total: string): InvoiceCreated {
  const base = created();
  return { ...base, data: { ...base.data, totals: { ...base.data.totals, total } } };
}

/** The events a command decides after `given` (throws if it refuses, for arranging). */
export function decided(
  given: InvoiceEvent[],
  command: InvoiceCommand,
  context = invoiceContext(),
): InvoiceEvent[] {
  const decision = invoice.given(...given).when(command, context);
  if (isDomainError(decision)) throw decision;
  return decision;
}

/** `given` followed by the events of each command in turn (throws if one refuses). */
export function after(given: InvoiceEvent[], ...commands: InvoiceCommand[]): InvoiceEvent[] {
  return commands.reduce((events, command) => [...events, ...decided(events, command)], given);
}

export const cancelled: InvoiceEvent = {
  type: 'InvoiceCancelled',
  data: { status_id: 15, cancelled_at: LATER },
};
export const deleted: InvoiceEvent = { type: 'InvoiceDeleted', data: { deleted_at: LATER } };

/** The live record after these events. */
export function recordAfter(...events: InvoiceEvent[]): InvoiceRecord {
  const state = stateAfter(folding, events);
  if (state.status !== 'live') throw new Error(`expected a live invoice, got ${state.status}`);
  return state.record;
}

/** The invoice after these events, as if invoiced from a sales order (no event sets this yet). */
export function linkedState(...events: InvoiceEvent[]) {
  return {
    status: 'live' as const,
    record: { ...recordAfter(...events), source_sales_order_id: '50000000-0000-4000-8000-000000000001' },
  };
}
