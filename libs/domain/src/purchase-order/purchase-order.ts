import type { AggregateDefinition } from '@app/event-store';
import { PurchaseOrderEvent } from './events';
import { evolvePurchaseOrder, initialPurchaseOrderState } from './evolve';
import { PurchaseOrderState } from './state';

/** Streams `purchaseOrder-<uuid>`. */
export const purchaseOrderAggregate: AggregateDefinition<PurchaseOrderState, PurchaseOrderEvent> = {
  streamPrefix: 'purchaseOrder',
  initialState: initialPurchaseOrderState,
  evolve: evolvePurchaseOrder,
};
