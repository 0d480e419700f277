import { ABSENT, markDeleted, updateLive } from '../shared/record-state';
import { ContactEvent } from './events';
import { ContactState } from './state';

export const initialContactState: ContactState = ABSENT;

export function evolveContact(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'ContactCreated':
      return { status: 'live', record: { ...event.data, updated_at: event.data.created_at } };
    case 'ContactUpdated':
      return updateLive(state, (record) => ({
        ...record,
        ...event.data.changes,
        updated_at: event.data.updated_at,
      }));
    case 'ContactDeleted':
      return markDeleted(state);
    default:
      return state;
  }
}
