import {
  invoiceAggregate,
  invoiceFromSalesOrder,
  salesOrderAggregate,
  SalesOrderInvoiced,
} from '@app/domain';
import { streamName } from '@app/event-store/aggregate';
import { defineReactor, stepEventId } from '@app/read-models';
import { triggerRecordState } from '../trigger-record';

/**
 * The later step of invoicing a sales order: the order's stream recorded SalesOrderInvoiced (the
 * quantities taken, the new invoice's id and number) first, so parallel invoicings never take more
 * than remains; then the invoice is created from the order as it was at that event. The request
 * runs this step for its answer; this reactor does when the process stopped first. Ids derive from
 * the invoicing, so a repeat creates nothing. The number was drawn by the request (Numbering, which
 * batches a busy account's draws) before the order's append: a step that drew it from the counter
 * stream would race every other invoice of the account for it.
 */
export const salesOrderInvoicingReactor = defineReactor({
  name: 'sales_order_invoicing',
  handles: ['SalesOrderInvoiced'],
  async react(event, tools) {
    const invoicing = event.data as SalesOrderInvoiced['data'];
    // The order as it was at the invoicing: later edits of its header do not reach the invoice.
    const order = await triggerRecordState(salesOrderAggregate, 'sales order', event, tools, event.revision);
    const created = invoiceFromSalesOrder(order.record, invoicing, lineIds(event.id));
    await tools.append(streamName(invoiceAggregate, invoicing.invoice_id), 'create-invoice', [created], {
      expectedRevision: 'no_stream',
    });
  },
});

/** The invoice's line ids, derived from the invoicing: the same invoicing makes the same lines. */
function lineIds(triggerId: string): () => string {
  let next = 0;
  return () => stepEventId(triggerId, 'invoice-line', next++);
}
