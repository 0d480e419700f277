import type { AggregateDefinition } from '@app/event-store';
import { SupplierEvent } from './events';
import { evolveSupplier, initialSupplierState } from './evolve';
import { SupplierState } from './state';

/** Streams `supplier-<uuid>`. */
export const supplierAggregate: AggregateDefinition<SupplierState, SupplierEvent> = {
  streamPrefix: 'supplier',
  initialState: initialSupplierState,
  evolve: evolveSupplier,
};
