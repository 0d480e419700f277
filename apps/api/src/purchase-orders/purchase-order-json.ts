import {
  LiveSkus,
  PurchaseOrderParty,
  PurchaseOrderRecord,
  purchaseOrderView,
  PurchaseOrderViewer,
} from '@app/domain';
import { Actor, can } from '../auth/actor';
import { taxLabels } from '../documents/document-settings';
import { locationAccessible } from './purchase-order-access';

/** What the caller may do and see, and the live values shown. */
export function purchaseOrderViewer(
  actor: Actor,
  order: PurchaseOrderRecord,
  party?: PurchaseOrderParty | null,
): PurchaseOrderViewer {
  return {
    mayModify: can(actor, 'purchase_orders.modify') && locationAccessible(actor, order),
    showCost: can(actor, 'unit_cost.view'),
    party,
    taxLabels: taxLabels(actor),
  };
}

/** The detail JSON, with lines, the supplier's live contact fields and the lines' items' SKUs. */
export function purchaseOrderJson(
  order: PurchaseOrderRecord,
  revision: number,
  actor: Actor,
  party?: PurchaseOrderParty | null,
  skus?: LiveSkus,
) {
  return purchaseOrderView(order, revision, { ...purchaseOrderViewer(actor, order, party), skus });
}
