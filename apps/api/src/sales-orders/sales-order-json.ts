import {
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

/** What the caller may do and see, the account's packing settings, and the live values shown. */
export function salesOrderViewer(
  actor: Actor,
  order: SalesOrderRecord,
  live: { payments?: SalesOrderPayments; party?: SalesOrderParty | null } = {},
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
    taxLabels: { tax_label: actor.settings.tax_label, tax_2_label: actor.settings.tax_2_label },
  };
}

/** The detail JSON, with lines, the live party and the linked invoices' payments. */
export function salesOrderJson(
  order: SalesOrderRecord,
  revision: number,
  actor: Actor,
  live: { payments?: SalesOrderPayments; party?: SalesOrderParty | null } = {},
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
