import { ABSENT, createdRecord, markDeleted, withChanges } from '../shared/record-state';
import { ContactEvent } from './events';
import { ContactState } from './state';

export const initialContactState: ContactState = ABSENT;

export function evolveContact(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'ContactCreated':
      return createdRecord(event.data);
    case 'ContactUpdated':
      return withChanges(state, event.data);
    case 'ContactDeleted':
      return markDeleted(state);
    default:
      return state;
  }
}
