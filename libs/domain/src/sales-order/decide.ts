import {
  DocumentChange,
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
import { Decision } from '../shared/decision';
import { conflict, DomainError, invalid, isDomainError, validation } from '../shared/domain-error';
import { SalesOrderCommand } from './commands';
import { SalesOrderContext } from './context';
import { SalesOrderEvent } from './events';
import {
  SALES_ORDER_FINANCIAL_FIELDS,
  SALES_ORDER_KIND,
  SALES_ORDER_UPDATE_KIND,
  SalesOrderFields,
  SalesOrderInput,
} from './fields';
import { packSalesOrder, shipSalesOrderFulfillment } from './fulfillments';
import { invoiceSalesOrder, releaseSalesOrderInvoice } from './invoicing';
import { progressAfter } from './progress-event';
import { salesOrderActivityStarted } from './blocks';
import { SalesOrderAmounts, SalesOrderRecord, SalesOrderState } from './state';
import { SALES_ORDER_STATUS } from './status';
import { alreadyCreated } from '../shared/recorded';

/** Fields a PATCH names that are never changed through it (422 `unsupported_sales_order_field`). */
const UNSUPPORTED_ON_UPDATE = ['customer_id', 'location_id', 'salesperson_id', 'status_id', 'status'];

export function decideSalesOrder(
  command: SalesOrderCommand,
  state: SalesOrderState,
  context: SalesOrderContext,
): Decision<SalesOrderEvent> {
  if (command.type === 'CreateSalesOrder') {
    return (
      alreadyCreated(state) ??
      createSalesOrder(command.id, command.sales_order_number, command.location_id, command.input, context)
    );
  }
  const order = visibleSalesOrder(state, context);
  if (isDomainError(order)) return order;
  switch (command.type) {
    case 'UpdateSalesOrder':
      return updateSalesOrder(order, command.input, context);
    case 'DeleteSalesOrder':
      if (salesOrderActivityStarted(order) || order.status_id !== SALES_ORDER_STATUS.open)
        return conflict(
          'sales_order_delete_not_allowed',
          'Only an open sales order without invoices, packing lists or shipments can be deleted.',
        );
      return [{ type: 'SalesOrderDeleted', data: { deleted_at: context.now } }];
    case 'PackSalesOrder':
      return packSalesOrder(order, command, context);
    case 'ShipSalesOrderFulfillment':
      return shipSalesOrderFulfillment(order, command, context);
    case 'InvoiceSalesOrder':
      return invoiceSalesOrder(order, command, context);
    case 'ReleaseSalesOrderInvoice':
      return releaseSalesOrderInvoice(order, command, context);
  }
}

/** A live sales order of the caller's account that the caller may see, else 404 whatever the reason. */
export function visibleSalesOrder(
  state: SalesOrderState,
  sight: DocumentSight,
): SalesOrderRecord | DomainError {
  return visibleDocument(state, sight);
}

/** The expiry date may not precede the issue date. */
function expiryCheck(fields: SalesOrderFields): DomainError | undefined {
  return fields.expiry_date !== null && fields.expiry_date < fields.issue_date
    ? invalid('expiry_date', 'expiry_date cannot precede issue_date.')
    : undefined;
}

function createSalesOrder(
  id: string,
  salesOrderNumber: number,
  locationId: string | null,
  body: SalesOrderInput,
  context: SalesOrderContext,
): Decision<SalesOrderEvent> {
  const { location_id: _checkedByHandler, ...input } = body;
  const header = salesDocumentHeader<SalesOrderFields>(
    { expiry_date: null, packing_list_note: null },
    context,
  );
  const drafted = draftNewDocument(SALES_ORDER_KIND, input, context, header, expiryCheck);
  if (isDomainError(drafted)) return drafted;
  return [
    {
      type: 'SalesOrderCreated',
      data: {
        ...newDocumentData<SalesOrderFields, SalesOrderAmounts>(id, drafted, context),
        sales_order_number: salesOrderNumber,
        location_id: locationId,
        status_id: SALES_ORDER_STATUS.open,
        source_estimate_id: null,
      },
    },
  ];
}

/**
 * PATCH of an open order: header fields always; `lines`, `shipping_fee`, `shipping_cost` and
 * `discount_percent` only while nothing has begun (409 when they would change anything).
 */
function updateSalesOrder(
  order: SalesOrderRecord,
  input: SalesOrderInput,
  context: SalesOrderContext,
): Decision<SalesOrderEvent> {
  const protectedField = Object.keys(input).find((key) => UNSUPPORTED_ON_UPDATE.includes(key));
  if (protectedField !== undefined)
    return validation(
      'unsupported_sales_order_field',
      protectedField,
      `${protectedField} cannot be changed on a sales order.`,
    );
  if (order.status_id !== SALES_ORDER_STATUS.open)
    return conflict('sales_order_update_not_allowed', 'Only an open sales order can be updated.');
  const change = draftDocumentChange(
    SALES_ORDER_UPDATE_KIND,
    order,
    salesOrderFieldsOf,
    input,
    context,
    expiryCheck,
  );
  if (isDomainError(change)) return change;
  if (change && touchesMoney(change) && salesOrderActivityStarted(order))
    return conflict(
      'sales_order_update_not_allowed',
      'Lines, shipping fee and cost and the discount change only before any invoice, packing list or shipment.',
    );
  return documentChangeEvents(change, (data) => {
    const event: SalesOrderEvent = { type: 'SalesOrderUpdated', data: { ...data, updated_at: context.now } };
    return data.lines ? progressAfter(order, event) : event;
  });
}

function touchesMoney(change: DocumentChange<SalesOrderFields>): boolean {
  return (
    change.lines !== undefined ||
    change.totals !== undefined ||
    SALES_ORDER_FINANCIAL_FIELDS.some((field) => change.changes[field] !== undefined)
  );
}

export function salesOrderFieldsOf(order: SalesOrderRecord): SalesOrderFields {
  return { ...headerOf(order), expiry_date: order.expiry_date, packing_list_note: order.packing_list_note };
}

/** A creation decided before its number was drawn, given the number drawn for it. */
export function numberedSalesOrder(events: SalesOrderEvent[], salesOrderNumber: number): SalesOrderEvent[] {
  return numberedCreation(events, 'SalesOrderCreated', 'sales_order_number', salesOrderNumber);
}
