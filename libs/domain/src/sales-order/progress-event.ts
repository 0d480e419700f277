import { eventLeaving } from '../shared/event-leaving';
import { salesOrderLeftToPack } from './blocks';
import { SalesOrderEvent, SalesOrderProgressLeft } from './events';
import { evolveSalesOrder } from './evolve';
import { salesOrderInvoicing, SalesOrderInvoicing, salesOrderProgress } from './progress';
import { SalesOrderRecord } from './state';

/**
 * An event with the progress it leaves, and what is left to pack (the projector copies them; views
 * derive them from state).
 */
export function progressAfter<E extends SalesOrderEvent>(
  order: SalesOrderRecord,
  event: Omit<E, 'data'> & { data: Omit<E['data'], keyof SalesOrderProgressLeft> },
): E {
  return eventLeaving(order, event, evolveSalesOrder, (after) => ({
    ...salesOrderProgress(after),
    left_to_pack: salesOrderLeftToPack(after),
  }));
}

/** An invoicing or a release with the invoiced percentage and invoice count it leaves. */
export function invoicingAfter<E extends SalesOrderEvent>(
  order: SalesOrderRecord,
  event: Omit<E, 'data'> & { data: Omit<E['data'], keyof SalesOrderInvoicing> },
): E {
  return eventLeaving(order, event, evolveSalesOrder, salesOrderInvoicing);
}
