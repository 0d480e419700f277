import { BASIC_INPUT, documentContext, fulfillmentId, salesDocumentFixture } from '../testing/documents';
import { LATER, NOW, OTHER_USER_ID, RECORD_ID } from '../testing/fixtures';
import { SalesOrderCommand } from './commands';
import { SalesOrderContext } from './context';
import { decideSalesOrder } from './decide';
import { SalesOrderCreated, SalesOrderEvent } from './events';
import { evolveSalesOrder, initialSalesOrderState } from './evolve';
import { SalesOrderInput } from './fields';
import { SalesOrderState } from './state';

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
