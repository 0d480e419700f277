import { Injectable } from '@nestjs/common';
import { SalesOrderContext, SalesOrderInput, SalesOrderRecord, SalesOrderState } from '@app/domain';
import { Actor } from '../auth/actor';
import { DocumentAccess, DocumentContexts, documentSight } from '../documents/document-context';
import { DocumentParties } from '../documents/document-parties';
import { packingSettings } from '../documents/document-settings';

export const SALES_ORDER_ACCESS: DocumentAccess = {
  viewAll: 'sales_orders.view_all',
  customFields: 'sales_order_custom_fields',
  // An order holds no unit: the invoice made from it takes them.
  takesUnits: false,
};

/** Who may see which sales orders: the domain's visibility inputs for a caller. */
export function salesOrderSight(actor: Actor) {
  return documentSight(actor, SALES_ORDER_ACCESS);
}

/** The account's packing and shipping-notification settings a sales-order decision reads. */
export function salesOrderSettings(actor: Actor) {
  return {
    ...packingSettings(actor),
    automaticShippingNotifications: actor.settings.automatic_shipping_notifications,
  };
}

/**
 * Whether the user may work at the order's location: a user restricted to one location only at
 * theirs (an order without a location is not theirs); any other user everywhere.
 */
export function locationAccessible(actor: Actor, order: Pick<SalesOrderRecord, 'location_id'>): boolean {
  return actor.locationId === null || order.location_id === actor.locationId;
}

/**
 * The context of one sales-order decision: a document's, the account's packing settings, and
 * (only when `withRecipients`: a shipment with notifications on) who the customer's mail goes to.
 */
@Injectable()
export class SalesOrderContexts {
  constructor(
    private readonly documents: DocumentContexts,
    private readonly parties: DocumentParties,
  ) {}

  async of(
    actor: Actor,
    state: SalesOrderState,
    input: SalesOrderInput,
    now: string,
    withRecipients = false,
  ): Promise<SalesOrderContext> {
    const context = await this.documents.of(actor, SALES_ORDER_ACCESS, state, input, now);
    const recipients =
      withRecipients && state.status === 'live'
        ? await this.parties.recipients(actor.accountId, state.record.customer_id)
        : [];
    return { ...context, ...salesOrderSettings(actor), recipients };
  }
}
