import { invoiceAggregate, InvoiceState } from '@app/domain';
import { EventStore, RecordedEvent } from '@app/event-store';
import { foldEvents } from '@app/event-store/aggregate';

/** The invoice as it was just before `trigger`, an event on its stream (as its reactors read it). */
export async function invoiceBefore(store: EventStore, trigger: RecordedEvent): Promise<InvoiceState> {
  const events = await store.readStream(trigger.streamId, { maxCount: trigger.revision });
  return foldEvents(invoiceAggregate, events);
}
