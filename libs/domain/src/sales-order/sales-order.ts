import type { AggregateDefinition } from '@app/event-store';
import { SalesOrderEvent } from './events';
import { evolveSalesOrder, initialSalesOrderState } from './evolve';
import { SalesOrderState } from './state';

/** Streams `salesOrder-<uuid>`. */
export const salesOrderAggregate: AggregateDefinition<SalesOrderState, SalesOrderEvent> = {
  streamPrefix: 'salesOrder',
  initialState: initialSalesOrderState,
  evolve: evolveSalesOrder,
};
