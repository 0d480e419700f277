import {
  PurchaseOrderEvent,
  purchaseOrderAggregate,
  PurchaseOrderRecord,
  visiblePurchaseOrder,
} from '@app/domain';
import { can } from '../auth/actor';
import { HistoryDeclaration } from '../history';
import { purchaseOrderSight } from './purchase-order-access';
import { purchaseOrderJson } from './purchase-order-json';

/**
 * The event history of purchase orders (EXTENSIONS.md §8): sends, receipts and payments are all in
 * it. Visible as the order is, to users who may see purchase orders (which needs `unit_cost.view`:
 * nothing is redacted). A past view shows the supplier's contact fields as unknown (live values,
 * not the order's).
 */
export const PURCHASE_ORDER_HISTORY: HistoryDeclaration<PurchaseOrderRecord, PurchaseOrderEvent> = {
  path: 'purchase-orders',
  aggregate: purchaseOrderAggregate,
  scopes: ['purchase_orders:read'],
  permission: 'purchase_orders.access',
  visible: (record, actor) =>
    can(actor, 'unit_cost.view') &&
    visiblePurchaseOrder({ status: 'live', record }, purchaseOrderSight(actor)) === record,
  view: (record, revision, actor) => purchaseOrderJson(record, revision, actor, null),
};
