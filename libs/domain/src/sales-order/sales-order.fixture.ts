import { ITEMS, VARIATIONS, WIDGET } from '../document-lines/document-lines.fixture';
import { DocumentCustomer } from '../document';
import { isDomainError } from '../shared/domain-error';
import { ACCOUNT_ID, LATER, NOW, OTHER_USER_ID, RECORD_ID, USER_ID } from '../testing/fixtures';
import { scenario, stateAfter } from '../testing/scenario';
import { SalesOrderCommand } from './commands';
import { SalesOrderContext } from './context';
import { decideSalesOrder } from './decide';
import { SalesOrderCreated, SalesOrderEvent } from './events';
import { evolveSalesOrder, initialSalesOrderState } from './evolve';
import { SalesOrderInput } from './fields';
import { SalesOrderRecord, SalesOrderState } from './state';

export const folding = { initialState: initialSalesOrderState, evolve: evolveSalesOrder };
export const salesOrder = scenario(folding, decideSalesOrder);

export const SALES_ORDER_NUMBER = 3001;
export const LOCATION_ID = '10c00000-0000-4000-8000-000000000001';

export const ACME = 'c0000000-0000-4000-8000-000000000001'; // customer of USER_ID, "Net 15"
export const LEAD = 'c0000000-0000-4000-8000-000000000002'; // prospect
export const DORMANT = 'c0000000-0000-4000-8000-000000000003'; // archived customer
export const THEIRS = 'c0000000-0000-4000-8000-000000000004'; // customer of OTHER_USER_ID

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
  customer({ id: LEAD, name: 'Initech', kind: 'prospect' }),
  customer({ id: DORMANT, name: 'Dormant', archived: true }),
  customer({ id: THEIRS, name: 'Umbrella', assigned_user_id: OTHER_USER_ID }),
];

export const lineId = (n: number) => `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const addedLineId = (n: number) => `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const fulfillmentId = (n: number) => `f0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const invoiceId = (n: number) => `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function sequence(id: (n: number) => string): () => string {
  let drawn = 0;
  return () => id(++drawn);
}

export const TODAY = '2030-01-16';
export const CREATION_DAY = '2030-01-15';
export const RECIPIENTS = ['orders@acme.test'];

/** A user with every right acting at LATER; packing lists on, service lines not packed. */
export function salesOrderContext(over: Partial<SalesOrderContext> = {}): SalesOrderContext {
  return {
    now: LATER,
    accountId: ACCOUNT_ID,
    userId: USER_ID,
    onlyOwnDocuments: false,
    mayViewCosts: true,
    today: TODAY,
    defaultPaymentTerms: 'Due on receipt',
    customFieldIds: new Set(),
    customers: new Map(CUSTOMERS.map((entry) => [entry.id, entry])),
    lines: {
      items: new Map(ITEMS.map((entry) => [entry.id, entry])),
      variations: new Map(VARIATIONS.map((entry) => [entry.item_variation_location_id, entry])),
      mayModifyPrices: true,
    },
    newLineId: sequence(addedLineId),
    packingListsEnabled: true,
    packServiceLines: false,
    automaticShippingNotifications: false,
    recipients: RECIPIENTS,
    ...over,
  };
}

export function creationContext(over: Partial<SalesOrderContext> = {}): SalesOrderContext {
  return salesOrderContext({ now: NOW, today: CREATION_DAY, newLineId: sequence(lineId), ...over });
}

/** lineId(1): 2 widgets (inventory); lineId(2): labour (service). */
export const TWO_LINES = [
  { item_id: WIDGET, quantity: 2 },
  { name: 'Labour', unit_price: 40, tax_rate: 0 },
];
export const BASIC_INPUT = { customer_id: ACME, lines: TWO_LINES };

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

export function created(
  input: SalesOrderInput = BASIC_INPUT,
  context = creationContext(),
): SalesOrderCreated {
  const decision = salesOrder.given().when(createCommand(input), context);
  if (isDomainError(decision)) throw decision;
  return decision[0] as SalesOrderCreated;
}

export function decided(
  given: SalesOrderEvent[],
  command: SalesOrderCommand,
  context = salesOrderContext(),
): SalesOrderEvent[] {
  const decision = salesOrder.given(...given).when(command, context);
  if (isDomainError(decision)) throw decision;
  return decision;
}

export function after(given: SalesOrderEvent[], ...commands: SalesOrderCommand[]): SalesOrderEvent[] {
  return commands.reduce((events, command) => [...events, ...decided(events, command)], given);
}

export function recordAfter(...events: SalesOrderEvent[]): SalesOrderRecord {
  const state = stateAfter(folding, events);
  if (state.status !== 'live') throw new Error(`expected a live sales order, got ${state.status}`);
  return state.record;
}

/** The order after these events, closed (no event closes an order yet). */
export function closedState(...events: SalesOrderEvent[]): SalesOrderState {
  return { status: 'live', record: { ...recordAfter(...events), status_id: 30 } };
}

export { LATER, NOW, OTHER_USER_ID, RECORD_ID };
