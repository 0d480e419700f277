import {
  InvoiceCancelled,
  invoiceAggregate,
  InvoiceEvent,
  releaseSalesOrderInvoice,
  salesOrderAggregate,
  SalesOrderEvent,
} from '@app/domain';
import { RecordedEvent } from '@app/event-store';
import { streamName } from '@app/event-store/aggregate';
import { defineReactor, StepEvent } from '@app/read-models';

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
    const before = (await tools.read(event.streamId)).filter((e) => e.revision < event.revision);
    const invoice = folded(invoiceAggregate, before);
    if (invoice.status === 'absent') throw new Error(`${event.streamId} holds no invoice`);
    const orderId = invoice.record.source_sales_order_id;
    if (orderId === null) return;
    const { cancelled_at } = event.data as InvoiceCancelled['data'];
    const command = { type: 'ReleaseSalesOrderInvoice' as const, invoice_id: invoice.record.id };
    await tools.decideAndAppend(streamName(salesOrderAggregate, orderId), 'release-invoice', (events) => {
      const order = folded(salesOrderAggregate, events);
      if (order.status !== 'live') return [];
      const decided = releaseSalesOrderInvoice(order.record, command, { now: cancelled_at });
      return Array.isArray(decided) ? (decided as unknown as StepEvent[]) : [];
    });
  },
});

function folded<S, E extends InvoiceEvent | SalesOrderEvent>(
  aggregate: { initialState: S; evolve(state: S, event: E): S },
  events: RecordedEvent[],
): S {
  return events.reduce(
    (state, event) => aggregate.evolve(state, event as unknown as E),
    aggregate.initialState,
  );
}
