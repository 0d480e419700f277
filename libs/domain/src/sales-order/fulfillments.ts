import { numberedPacking, packDocument, shippedPackingList } from '../document/packing';
import { Decision } from '../shared/decision';
import { conflict, isDomainError } from '../shared/domain-error';
import { PackSalesOrder, ShipSalesOrderFulfillment } from './commands';
import { SalesOrderContext } from './context';
import { SalesOrderEvent } from './events';
import { SALES_ORDER_PACKING } from './packing-rules';
import { progressAfter } from './progress-event';
import { SalesOrderRecord } from './state';
import { SALES_ORDER_STATUS } from './status';

/**
 * A packing list: each line at most once, each quantity within what is left to pack on the
 * order's current state, so concurrent packs serialise on its stream and cannot overpack. Stock
 * does not move.
 */
export function packSalesOrder(
  order: SalesOrderRecord,
  command: PackSalesOrder,
  context: SalesOrderContext,
): Decision<SalesOrderEvent> {
  const closed = order.status_id !== SALES_ORDER_STATUS.open;
  const fulfillment = packDocument(
    SALES_ORDER_PACKING,
    order,
    command,
    context,
    closed ? 'A closed sales order cannot be packed.' : null,
  );
  if (isDomainError(fulfillment)) return fulfillment;
  return [progressAfter(order, { type: 'SalesOrderPacked', data: { fulfillment } })];
}

/**
 * Marks an unshipped packing list shipped, with the shipping details given; the customer's
 * notification queued with it when the account sends them.
 */
export function shipSalesOrderFulfillment(
  order: SalesOrderRecord,
  command: ShipSalesOrderFulfillment,
  context: SalesOrderContext,
): Decision<SalesOrderEvent> {
  // documents-api §4: shipping "needs packing lists enabled", as packing does.
  const refusal = context.packingListsEnabled
    ? undefined
    : conflict('sales_order_ship_not_allowed', 'Packing lists are turned off for this account.');
  const shipped = shippedPackingList(SALES_ORDER_PACKING, order.fulfillments, command, context, refusal);
  if (isDomainError(shipped)) return shipped;
  const events: SalesOrderEvent[] = [progressAfter(order, { type: 'SalesOrderShipped', data: shipped })];
  if (context.automaticShippingNotifications)
    events.push({
      type: 'SalesOrderShippingNotificationQueued',
      data: {
        fulfillment_id: shipped.fulfillment_id,
        recipients: context.recipients,
        queued_at: context.now,
      },
    });
  return events;
}

/** A pack decided before its packing-list number was drawn, given the number drawn for it. */
export function numberedSalesOrderPackingList(
  events: SalesOrderEvent[],
  packingListNumber: number,
): SalesOrderEvent[] {
  return numberedPacking(events, 'SalesOrderPacked', packingListNumber);
}
