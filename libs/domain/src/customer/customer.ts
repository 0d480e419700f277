import type { AggregateDefinition } from '@app/event-store';
import { CustomerEvent } from './events';
import { evolveCustomer, initialCustomerState } from './evolve';
import { CustomerState } from './state';

/** Streams `customer-<uuid>`; prospects are customers of kind `prospect`. */
export const customerAggregate: AggregateDefinition<CustomerState, CustomerEvent> = {
  streamPrefix: 'customer',
  initialState: initialCustomerState,
  evolve: evolveCustomer,
};
