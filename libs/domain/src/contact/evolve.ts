import { evolver } from '../shared/evolver';
import { ABSENT, createdRecord, markDeleted, withChanges } from '../shared/record-state';
import { ContactEvent } from './events';
import { ContactState } from './state';

export const initialContactState: ContactState = ABSENT;

export const evolveContact = evolver<ContactState, ContactEvent>({
  ContactCreated: (_, data) => createdRecord(data),
  ContactUpdated: withChanges,
  ContactDeleted: markDeleted,
});
