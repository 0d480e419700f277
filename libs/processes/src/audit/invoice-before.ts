import { invoiceAggregate, InvoiceState } from '@app/domain';
import { EventStore, RecordedEvent } from '@app/event-store';
import { foldEvents } from '@app/event-store/aggregate';

/** The invoice as it was just before `trigger`, an event on its stream (as its reactors read it). */
export async function invoiceBefore(store: EventStore, trigger: RecordedEvent): Promise<InvoiceState> {
  const events = await store.readStream(trigger.streamId, { maxCount: trigger.revision });
  return foldEvents(invoiceAggregate, events);
}

/**
 * invoiceBefore for one pass over the log: a cancel is audited by two processes (its units, its
 * order's release), which share the one read of its invoice.
 */
export function invoicesBefore(store: EventStore): (trigger: RecordedEvent) => Promise<InvoiceState> {
  let last: { id: string; invoice: Promise<InvoiceState> } | undefined;
  return (trigger) => {
    if (last?.id !== trigger.id) last = { id: trigger.id, invoice: invoiceBefore(store, trigger) };
    return last.invoice;
  };
}
