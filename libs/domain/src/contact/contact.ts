import type { AggregateDefinition } from '@app/event-store';
import { ContactEvent } from './events';
import { evolveContact, initialContactState } from './evolve';
import { ContactState } from './state';

/** Streams `contact-<uuid>`. */
export const contactAggregate: AggregateDefinition<ContactState, ContactEvent> = {
  streamPrefix: 'contact',
  initialState: initialContactState,
  evolve: evolveContact,
};
