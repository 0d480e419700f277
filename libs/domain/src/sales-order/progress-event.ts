import { eventLeaving } from '../shared/event-leaving';
import { SalesOrderEvent } from './events';
import { evolveSalesOrder } from './evolve';
import { salesOrderInvoicing, SalesOrderInvoicing, salesOrderProgress, SalesOrderProgress } from './progress';
import { SalesOrderRecord } from './state';

/** An event with the progress it leaves (the projector copies it; views derive it from state). */
export function progressAfter<E extends SalesOrderEvent>(
  order: SalesOrderRecord,
  event: Omit<E, 'data'> & { data: Omit<E['data'], keyof SalesOrderProgress> },
): E {
  return eventLeaving(order, event, evolveSalesOrder, salesOrderProgress);
}

/** An invoicing or a release with the invoiced percentage and invoice count it leaves. */
export function invoicingAfter<E extends SalesOrderEvent>(
  order: SalesOrderRecord,
  event: Omit<E, 'data'> & { data: Omit<E['data'], keyof SalesOrderInvoicing> },
): E {
  return eventLeaving(order, event, evolveSalesOrder, salesOrderInvoicing);
}
