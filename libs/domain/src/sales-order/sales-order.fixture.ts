import { BASIC_INPUT, documentContext, fulfillmentId, salesDocumentFixture } from '../testing/documents';
import { LATER, NOW, OTHER_USER_ID, RECORD_ID } from '../testing/fixtures';
import { SalesOrderCommand } from './commands';
import { SalesOrderContext } from './context';
import { decideSalesOrder } from './decide';
import { SalesOrderCreated, SalesOrderEvent } from './events';
import { evolveSalesOrder, initialSalesOrderState } from './evolve';
import { SalesOrderInput } from './fields';
import { SalesOrderState } from './state';
import { SalesDocumentKit } from '../testing/sales-document-cases';

export const folding = { initialState: initialSalesOrderState, evolve: evolveSalesOrder };

export * from '../testing/documents';

export const SALES_ORDER_NUMBER = 3001;
export const LOCATION_ID = '10c00000-0000-4000-8000-000000000001';

export const invoiceId = (n: number) => `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const RECIPIENTS = ['orders@acme.test'];

/** A user with every right acting at LATER; packing lists on, service lines not packed. */
export function salesOrderContext(over: Partial<SalesOrderContext> = {}): SalesOrderContext {
  return {
    ...documentContext(),
    packingListsEnabled: true,
    packServiceLines: false,
    automaticShippingNotifications: false,
    recipients: RECIPIENTS,
    ...over,
  };
}

export const createCommand = (
  input: SalesOrderInput,
  location_id: string | null = LOCATION_ID,
): SalesOrderCommand => ({
  type: 'CreateSalesOrder',
  id: RECORD_ID,
  sales_order_number: SALES_ORDER_NUMBER,
  location_id,
  input,
});
export const update = (input: SalesOrderInput): SalesOrderCommand => ({ type: 'UpdateSalesOrder', input });
export const remove: SalesOrderCommand = { type: 'DeleteSalesOrder' };
export const pack = (input: Record<string, unknown>, n = 1): SalesOrderCommand => ({
  type: 'PackSalesOrder',
  fulfillment_id: fulfillmentId(n),
  packing_list_number: n,
  input,
});
export const ship = (input: Record<string, unknown> = {}, n = 1): SalesOrderCommand => ({
  type: 'ShipSalesOrderFulfillment',
  fulfillment_id: fulfillmentId(n),
  input,
});
export const invoice = (input: Record<string, unknown> = {}, n = 1): SalesOrderCommand => ({
  type: 'InvoiceSalesOrder',
  invoice_id: invoiceId(n),
  invoice_number: 2000 + n,
  input,
});
export const release = (n = 1): SalesOrderCommand => ({
  type: 'ReleaseSalesOrderInvoice',
  invoice_id: invoiceId(n),
});

const document = salesDocumentFixture(folding, decideSalesOrder, salesOrderContext, createCommand);
/** The scenario; the context of a creation (at NOW, new lines lineId(1), lineId(2) …); arranging. */
export const { subject: salesOrder, creationContext, decided, after, recordAfter, acting } = document;

export function created(
  input: SalesOrderInput = BASIC_INPUT,
  context = creationContext(),
): SalesOrderCreated {
  return document.createdBy(input, context) as SalesOrderCreated;
}

/** The order after these events, closed (no event closes an order yet). */
export function closedState(...events: SalesOrderEvent[]): SalesOrderState {
  return { status: 'live', record: { ...recordAfter(...events), status_id: 30 } };
}

export { LATER, NOW, OTHER_USER_ID, RECORD_ID };

// Sales-order custom fields, for the shared cases.
export const FIELD_A = 'cf000000-0000-4000-8000-0000000000c1';
export const FIELD_B = 'cf000000-0000-4000-8000-0000000000c2';

/** How the sales documents' shared creation and update cases reach sales orders (testing/sales-document-cases.ts). */
export const salesOrderKit: SalesDocumentKit<SalesOrderEvent> = {
  noun: 'sales_order',
  createdType: 'SalesOrderCreated',
  updatedType: 'SalesOrderUpdated',
  createdAs: 'an open sales order',
  createdData: {
    sales_order_number: SALES_ORDER_NUMBER,
    location_id: LOCATION_ID,
    status_id: 29,
    expiry_date: null,
    packing_list_note: null,
    source_estimate_id: null,
  },
  // The account's sales-order custom fields, in every context.
  ...document.casesCalls(update, { customFieldIds: new Set([FIELD_A, FIELD_B]) }),
  mostLines: 100,
  takesProspects: false,
  changesCustomer: false,
  fields: [FIELD_A, FIELD_B],
  recordsDiscountTotal: true,
  givenFields: { name: 'Spring order', expiry_date: '2030-02-20', packing_list_note: 'Fragile' },
  unsupported: ['sales_order_number', 'custom_invoice_number'],
  invalid: [],
  protectedOnUpdate: ['customer_id', 'location_id', 'salesperson_id', 'status'],
};
