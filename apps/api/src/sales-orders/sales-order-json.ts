import {
  LiveSkus,
  SalesOrderBlockFacts,
  SalesOrderParty,
  SalesOrderPayments,
  SalesOrderRecord,
  salesOrderSummaryView,
  salesOrderView,
  SalesOrderViewer,
} from '@app/domain';
import { Actor, can } from '../auth/actor';
import { packingSettings, taxLabels } from '../documents/document-settings';
import { locationAccessible } from './sales-order-context';

/** The live values a sales order shows, looked up by the caller. */
export type SalesOrderLive = {
  payments?: SalesOrderPayments;
  party?: SalesOrderParty | null;
  skus?: LiveSkus;
};

/** What the caller may do and see, the account's packing settings, and the live values shown. */
export function salesOrderViewer(
  actor: Actor,
  order: SalesOrderRecord,
  live: SalesOrderLive = {},
): SalesOrderViewer {
  return {
    mayModify: can(actor, 'sales_orders.modify'),
    showCost: can(actor, 'unit_cost.view'),
    ...packingSettings(actor),
    locationAccessible: locationAccessible(actor, order),
    payments: live.payments,
    party: live.party,
    skus: live.skus,
    taxLabels: taxLabels(actor),
  };
}

/** The detail JSON, with lines, the live party, the lines' items' SKUs and the linked invoices' payments. */
export function salesOrderJson(
  order: SalesOrderRecord,
  revision: number,
  actor: Actor,
  live: SalesOrderLive = {},
) {
  return salesOrderView(order, revision, salesOrderViewer(actor, order, live));
}

/** A list entry: the row as a record, its revision, and the facts its block reasons follow from. */
export function salesOrderSummaryJson(
  order: SalesOrderRecord,
  revision: number,
  actor: Actor,
  payments: SalesOrderPayments,
  facts: SalesOrderBlockFacts,
) {
  return salesOrderSummaryView(order, revision, salesOrderViewer(actor, order, { payments }), facts);
}
