import { PurchaseOrderRecord, permissionDenied } from '@app/domain';
import { Actor, can } from '../auth/actor';
import { DocumentAccess, documentSight } from '../documents/document-context';

export const PURCHASE_ORDER_ACCESS: DocumentAccess = {
  viewAll: 'purchase_orders.view_all',
  customFields: 'purchase_order_custom_fields',
  takesUnits: false,
};

/** Who may see which purchase orders: without view-all only those assigned to the user. */
export function purchaseOrderSight(actor: Actor) {
  return documentSight(actor, PURCHASE_ORDER_ACCESS);
}

/**
 * Every purchase-order endpoint needs `purchase_orders.access` (falling back to
 * `inventory.modify`) and `unit_cost.view` (documents-api §4, permissions of purchase orders);
 * the endpoint's own permission is checked by its Access rule.
 */
export function assertPurchaseOrderAccess(actor: Actor): void {
  if (!can(actor, 'purchase_orders.access'))
    throw permissionDenied('Purchase orders need the purchase-order access permission.');
  if (!can(actor, 'unit_cost.view'))
    throw permissionDenied('Purchase orders show unit costs: they need the unit-cost permission.');
}

/** A user restricted to one location creates, receives and pays only orders at that location. */
export function locationAccessible(actor: Actor, order: Pick<PurchaseOrderRecord, 'location_id'>): boolean {
  return actor.locationId === null || order.location_id === actor.locationId;
}
