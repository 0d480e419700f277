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
import { locationAccessible, salesOrderSettings } from './sales-order-context';

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
  const settings = salesOrderSettings(actor);
  return {
    mayModify: can(actor, 'sales_orders.modify'),
    showCost: can(actor, 'unit_cost.view'),
    packingListsEnabled: settings.packingListsEnabled,
    packServiceLines: settings.packServiceLines,
    locationAccessible: locationAccessible(actor, order),
    payments: live.payments,
    party: live.party,
    skus: live.skus,
    taxLabels: { tax_label: actor.settings.tax_label, tax_2_label: actor.settings.tax_2_label },
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
