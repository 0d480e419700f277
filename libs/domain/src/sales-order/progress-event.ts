import { SalesOrderEvent } from './events';
import { evolveSalesOrder } from './evolve';
import { salesOrderInvoicing, SalesOrderInvoicing, salesOrderProgress, SalesOrderProgress } from './progress';
import { SalesOrderRecord } from './state';

/** An event with the progress it leaves (the projector copies it; views derive it from state). */
export function progressAfter<E extends SalesOrderEvent>(
  order: SalesOrderRecord,
  event: Omit<E, 'data'> & { data: Omit<E['data'], keyof SalesOrderProgress> },
): E {
  const after = evolveSalesOrder({ status: 'live', record: order }, event as unknown as E);
  const progress = after.status === 'live' ? salesOrderProgress(after.record) : salesOrderProgress(order);
  return { ...event, data: { ...event.data, ...progress } } as unknown as E;
}

/** An invoicing or a release with the invoiced percentage and invoice count it leaves. */
export function invoicingAfter<E extends SalesOrderEvent>(
  order: SalesOrderRecord,
  event: Omit<E, 'data'> & { data: Omit<E['data'], keyof SalesOrderInvoicing> },
): E {
  const after = evolveSalesOrder({ status: 'live', record: order }, event as unknown as E);
  const invoicing = salesOrderInvoicing(after.status === 'live' ? after.record : order);
  return { ...event, data: { ...event.data, ...invoicing } } as unknown as E;
}
