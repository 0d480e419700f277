import type { AggregateDefinition } from '@app/event-store';
import { InvoiceEvent } from './events';
import { evolveInvoice, initialInvoiceState } from './evolve';
import { InvoiceState } from './state';

/** Streams `invoice-<uuid>`. */
export const invoiceAggregate: AggregateDefinition<InvoiceState, InvoiceEvent> = {
  streamPrefix: 'invoice',
  initialState: initialInvoiceState,
  evolve: evolveInvoice,
};
