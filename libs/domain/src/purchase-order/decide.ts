import {
  DocumentChange,
  DocumentCustomer,
  documentChangeEvents,
  draftDocumentChange,
  draftNewDocument,
  GivenFields,
  newDocumentHeader,
  numberedCreation,
} from '../document';
import { Decision } from '../shared/decision';
import { conflict, DomainError, invalid, isDomainError, notFound, validation } from '../shared/domain-error';
import { liveRecordIn } from '../shared/record-state';
import { PurchaseOrderCommand, UpdatePurchaseOrder } from './commands';
import { PurchaseOrderContext } from './context';
import { PurchaseOrderEvent } from './events';
import {
  PURCHASE_ORDER_INPUT_FIELDS,
  PURCHASE_ORDER_KIND,
  PurchaseOrderFields,
  PurchaseOrderInput,
  PurchaseOrderSupplierFields,
} from './fields';
import { deletePurchaseOrderPayment, recordPurchaseOrderPayment } from './payments';
import { receivePurchaseOrder, sendPurchaseOrder } from './receiving';
import { PurchaseOrderAmounts, PurchaseOrderRecord, PurchaseOrderState } from './state';
import { PURCHASE_ORDER_STATUS } from './status';
import { alreadyCreated } from '../shared/recorded';

/** Who is looking: account, user, and whether they see orders assigned to others. */
export type PurchaseOrderSight = { accountId: string; userId: string; onlyOwnDocuments: boolean };

export function decidePurchaseOrder(
  command: PurchaseOrderCommand,
  state: PurchaseOrderState,
  context: PurchaseOrderContext,
): Decision<PurchaseOrderEvent> {
  if (command.type === 'CreatePurchaseOrder') {
    return (
      alreadyCreated(state) ??
      createPurchaseOrder(
        command.id,
        command.purchase_order_number,
        command.location_id,
        command.input,
        context,
      )
    );
  }
  const order = visiblePurchaseOrder(state, context);
  if (isDomainError(order)) return order;
  switch (command.type) {
    case 'UpdatePurchaseOrder':
      return updatePurchaseOrder(order, command, context);
    case 'DeletePurchaseOrder':
      if (purchaseOrderDeleteBlocked(order))
        return conflict(
          'purchase_order_delete_not_allowed',
          'Only a Not Sent purchase order without payments or received quantities can be deleted.',
        );
      return [{ type: 'PurchaseOrderDeleted', data: { deleted_at: context.now } }];
    case 'SendPurchaseOrder':
      return sendPurchaseOrder(order, command, context);
    case 'ReceivePurchaseOrder':
      return receivePurchaseOrder(order, command, context);
    case 'RecordPurchaseOrderPayment':
      return recordPurchaseOrderPayment(order, command, context);
    case 'DeletePurchaseOrderPayment':
      return deletePurchaseOrderPayment(order, command, context);
  }
}

/** A live purchase order of the caller's account that the caller may see (assigned to them without view-all), else 404. */
export function visiblePurchaseOrder(
  state: PurchaseOrderState,
  sight: PurchaseOrderSight,
): PurchaseOrderRecord | DomainError {
  const order = liveRecordIn(state, sight.accountId);
  if (isDomainError(order)) return order;
  return sight.onlyOwnDocuments && order.assigned_user_id !== sight.userId ? notFound() : order;
}

/** Sent, received, paid or dated: anything processed keeps the order. */
export function purchaseOrderDeleteBlocked(order: PurchaseOrderRecord): boolean {
  return (
    order.status_id !== PURCHASE_ORDER_STATUS.notSent ||
    order.date_sent !== null ||
    order.date_received !== null ||
    order.payments.length > 0 ||
    Object.values(order.received).some((quantity) => Number(quantity) > 0)
  );
}

/** Why the order cannot be edited (documents-api §2 `edit_block_reason`), before permissions. */
export function purchaseOrderEditBlock(order: PurchaseOrderRecord): 'purchase_order_not_not_sent' | null {
  return order.status_id === PURCHASE_ORDER_STATUS.notSent ? null : 'purchase_order_not_not_sent';
}

function createPurchaseOrder(
  id: string,
  purchaseOrderNumber: number,
  locationId: string,
  body: PurchaseOrderInput,
  context: PurchaseOrderContext,
): Decision<PurchaseOrderEvent> {
  if (body.location_id === undefined) return invalid('location_id', 'location_id is required.');
  const { location_id: _checkedByHandler, ...input } = body;
  const unsupported = unsupportedField(input);
  if (unsupported) return unsupported;
  const header = (given: GivenFields, supplier: DocumentCustomer) =>
    newDocumentHeader<PurchaseOrderFields>(EMPTY_PURCHASE_ORDER, given, supplier, context);
  const drafted = draftNewDocument(PURCHASE_ORDER_KIND, input, context, header);
  if (isDomainError(drafted)) return drafted;
  return [
    {
      type: 'PurchaseOrderCreated',
      data: {
        id,
        account_id: context.accountId,
        purchase_order_number: purchaseOrderNumber,
        assigned_user_id: context.userId,
        location_id: locationId,
        status_id: PURCHASE_ORDER_STATUS.notSent,
        supplier_id: drafted.customer.id,
        supplier_name: drafted.customer.name,
        ...drafted.fields,
        lines: drafted.lines,
        totals: drafted.totals as PurchaseOrderAmounts,
        created_at: context.now,
      },
    },
  ];
}

const EMPTY_PURCHASE_ORDER: Omit<PurchaseOrderFields, 'issue_date' | 'payment_terms'> = {
  name: null,
  date_requested: null,
  date_needed: null,
  requested_from: null,
  custom_purchase_order_number: null,
  attention: null,
  shipping_address: null,
  public_note: null,
  shipping_fee: '0.0000',
  shipping_provider: null,
  shipping_tracking_code: null,
  discount_percent: '0.000',
  custom_field_values: [],
};

/** Unknown and protected fields alike, before any other rule. */
function unsupportedField(input: PurchaseOrderInput): DomainError | undefined {
  const key = Object.keys(input).find(
    (name) => !(PURCHASE_ORDER_INPUT_FIELDS as readonly string[]).includes(name),
  );
  return key === undefined
    ? undefined
    : validation('unsupported_purchase_order_field', key, `${key} cannot be set on a purchase order.`);
}

/**
 * PATCH of a Not Sent order: the creation fields; a new supplier or location needs the complete
 * lines (priced for the supplier, at the location).
 */
function updatePurchaseOrder(
  order: PurchaseOrderRecord,
  command: UpdatePurchaseOrder,
  context: PurchaseOrderContext,
): Decision<PurchaseOrderEvent> {
  const { location_id: _checkedByHandler, ...input } = command.input;
  const unsupported = unsupportedField(command.input);
  if (unsupported) return unsupported;
  if (order.status_id !== PURCHASE_ORDER_STATUS.notSent)
    return conflict('purchase_order_update_not_allowed', 'Only a Not Sent purchase order can be updated.');
  const newLocation =
    command.location_id !== undefined && command.location_id !== order.location_id
      ? command.location_id
      : undefined;
  if (newLocation !== undefined && input.lines === undefined)
    return invalid('lines', 'Changing location_id needs the complete lines, at the new location.');
  const change = draftDocumentChange<PurchaseOrderFields, PurchaseOrderRecord, PurchaseOrderSupplierFields>(
    PURCHASE_ORDER_KIND,
    order,
    purchaseOrderFieldsOf,
    input,
    context,
  );
  if (isDomainError(change)) return change;
  const located: DocumentChange<
    PurchaseOrderFields & { location_id: string },
    PurchaseOrderSupplierFields
  > | null =
    newLocation === undefined
      ? change
      : { ...(change ?? {}), changes: { ...(change?.changes ?? {}), location_id: newLocation } };
  return documentChangeEvents(located, (data) => ({
    type: 'PurchaseOrderUpdated' as const,
    data: { ...data, updated_at: context.now },
  }));
}

export function purchaseOrderFieldsOf(order: PurchaseOrderRecord): PurchaseOrderFields {
  return {
    name: order.name,
    issue_date: order.issue_date,
    date_requested: order.date_requested,
    date_needed: order.date_needed,
    requested_from: order.requested_from,
    custom_purchase_order_number: order.custom_purchase_order_number,
    attention: order.attention,
    shipping_address: order.shipping_address,
    public_note: order.public_note,
    payment_terms: order.payment_terms,
    shipping_fee: order.shipping_fee,
    shipping_provider: order.shipping_provider,
    shipping_tracking_code: order.shipping_tracking_code,
    discount_percent: order.discount_percent,
    custom_field_values: order.custom_field_values,
  };
}

/** A creation decided before its number was drawn, given the number drawn for it. */
export function numberedPurchaseOrder(events: PurchaseOrderEvent[], number: number): PurchaseOrderEvent[] {
  return numberedCreation(events, 'PurchaseOrderCreated', 'purchase_order_number', number);
}
