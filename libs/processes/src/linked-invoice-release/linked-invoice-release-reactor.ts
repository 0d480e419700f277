import {
  InvoiceCancelled,
  invoiceAggregate,
  releaseSalesOrderInvoice,
  salesOrderAggregate,
} from '@app/domain';
import { foldEvents, streamName } from '@app/event-store/aggregate';
import { defineReactor } from '@app/read-models';
import { triggerRecordState } from '../trigger-record';

/**
 * The later step of cancelling an invoice made from a sales order: the invoice's stream recorded
 * InvoiceCancelled first; then the order takes the invoice's quantities back
 * (SalesOrderInvoiceReleased: invoiced quantities, percentage and invoice count as before it).
 * Decided on the order's stream with the revision read, and a second run finds the release already
 * there (the decision records nothing for a released invoice), so it happens exactly once.
 */
export const linkedInvoiceReleaseReactor = defineReactor({
  name: 'linked_invoice_release',
  handles: ['InvoiceCancelled'],
  async react(event, tools) {
    // The invoice as it was before its cancellation, which removed the link.
    const invoice = await triggerRecordState(invoiceAggregate, 'invoice', event, tools, event.revision - 1);
    const orderId = invoice.record.source_sales_order_id;
    if (orderId === null) return;
    const { cancelled_at } = event.data as InvoiceCancelled['data'];
    const command = { type: 'ReleaseSalesOrderInvoice' as const, invoice_id: invoice.record.id };
    await tools.decideAndAppend(streamName(salesOrderAggregate, orderId), 'release-invoice', (events) => {
      const order = foldEvents(salesOrderAggregate, events);
      if (order.status !== 'live') return [];
      const decided = releaseSalesOrderInvoice(order.record, command, { now: cancelled_at });
      return Array.isArray(decided) ? decided : [];
    });
  },
});
