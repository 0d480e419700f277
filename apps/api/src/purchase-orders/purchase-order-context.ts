import { Injectable } from '@nestjs/common';
import { PurchaseOrderContext, PurchaseOrderInput, PurchaseOrderState } from '@app/domain';
import { Actor } from '../auth/actor';
import { DocumentContexts } from '../documents/document-context';
import { PURCHASE_ORDER_ACCESS } from './purchase-order-access';
import { PurchaseOrderLocations } from './purchase-order-locations';

/**
 * The context of one purchase-order decision: a document's, with the suppliers the body names and
 * the order's own (its rates rate new lines), the items and variation rows at the order's
 * location (`location` when the command moves it), the account's payment setting and whether the
 * order's location is active.
 */
@Injectable()
export class PurchaseOrderContexts {
  constructor(
    private readonly documents: DocumentContexts,
    private readonly locations: PurchaseOrderLocations,
  ) {}

  async of(
    actor: Actor,
    state: PurchaseOrderState,
    input: PurchaseOrderInput,
    now: string,
    location?: string,
  ): Promise<PurchaseOrderContext> {
    const live = state.status === 'live' ? state.record : undefined;
    const current = live && input.lines !== undefined ? [live.supplier_id] : [];
    const at = location ?? live?.location_id ?? null;
    const party = { table: 'suppliers' as const, ids: [input.supplier_id, ...current] };
    const [context, locationActive] = await Promise.all([
      this.documents.withParty(actor, PURCHASE_ORDER_ACCESS, party, input, now, { ...actor, locationId: at }),
      live ? this.locations.active(actor.accountId, live.location_id) : Promise.resolve(true),
    ]);
    return {
      ...context,
      // Purchase orders set their costs freely (PURCHASE_ORDER_LINE_RULES), suppliers are not assigned.
      lines: { ...context.lines, mayModifyPrices: true },
      onlyCustomersAssignedTo: undefined,
      paymentsEnabled: actor.settings.purchase_order_payments_enabled,
      locationActive,
    };
  }
}
