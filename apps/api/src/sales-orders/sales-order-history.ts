import { SalesOrderEvent, salesOrderAggregate, SalesOrderRecord, visibleSalesOrder } from '@app/domain';
import { HistoryDeclaration, redactDocumentCosts } from '../history';
import { salesOrderSight } from './sales-order-context';
import { salesOrderJson } from './sales-order-json';

/**
 * The event history of sales orders (EXTENSIONS.md §8): packing lists, shipments and invoicings
 * are all in it. Visible as the order is; without `unit_cost.view` the shipping cost and the lines'
 * costs are left out. A past view shows the customer's contact fields and the linked invoices'
 * payments as unknown (live values, not the order's). Revisions and ETags carry `so_`.
 */
export const SALES_ORDER_HISTORY: HistoryDeclaration<SalesOrderRecord, SalesOrderEvent> = {
  path: 'sales-orders',
  aggregate: salesOrderAggregate,
  scopes: ['sales_orders:read'],
  permission: 'sales_orders.list',
  visible: (record, actor) =>
    visibleSalesOrder({ status: 'live', record }, salesOrderSight(actor)) === record,
  view: (record, revision, actor) => salesOrderJson(record, revision, actor, { party: null }),
  etagPrefix: 'so_',
  redact: redactDocumentCosts,
};
