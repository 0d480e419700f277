import {
  decideItem,
  InvoiceEvent,
  invoiceAggregate,
  InvoiceState,
  itemAggregate,
  ItemEvent,
  ItemState,
} from '@app/domain';
import { RecordedEvent } from '@app/event-store';
import { streamName } from '@app/event-store/aggregate';
import { defineReactor } from '@app/read-models';
import { unitDecisionContext, unitItemIds } from './unit-lines';

/**
 * A cancelled or deleted invoice gives its unique items' units back (ItemUnitReleased on each
 * item's stream). The request appends the releases with the invoice's own event, atomically; this
 * reactor completes logs written before that, when a release followed the invoice's append and the
 * process stopped in between. A release by an invoice that no longer holds the unit appends
 * nothing, so running it on any cancel changes nothing.
 */
export const invoiceUnitsReactor = defineReactor({
  name: 'invoice_units',
  handles: ['InvoiceCancelled', 'InvoiceDeleted'],
  async react(event, tools) {
    const invoice = fold(invoiceAggregate, await tools.read(event.streamId)) as InvoiceState;
    if (invoice.status === 'absent') return;
    const { record } = invoice;
    const now = event.recordedAt.toISOString();
    for (const itemId of unitItemIds(record.lines))
      await tools.decideAndAppend(streamName(itemAggregate, itemId), `release-${itemId}`, (events) => {
        const item = fold(itemAggregate, events) as ItemState;
        const context = unitDecisionContext(record.account_id, now);
        const decided = decideItem({ type: 'ReleaseItemUnit', invoice_id: record.id }, item, context);
        return Array.isArray(decided) ? decided : [];
      });
  },
});

function fold<S, E extends InvoiceEvent | ItemEvent>(
  aggregate: { initialState: S; evolve(state: S, event: E): S },
  events: RecordedEvent[],
): S {
  return events.reduce(
    (state, event) => aggregate.evolve(state, event as unknown as E),
    aggregate.initialState,
  );
}
