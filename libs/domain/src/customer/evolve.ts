import { archivedAs, created, deleted, updated } from '../party/evolve';
import { ABSENT } from '../shared/record-state';
import { CustomerEvent } from './events';
import { CustomerState } from './state';

export const initialCustomerState: CustomerState = ABSENT;

export function evolveCustomer(state: CustomerState, event: CustomerEvent): CustomerState {
  switch (event.type) {
    case 'CustomerCreated':
      return created(event.data);
    case 'CustomerUpdated':
      return updated(state, event.data.changes, event.data.updated_at);
    case 'CustomerArchived':
      return archivedAs(state, true, event.data.archived_at);
    case 'CustomerRestored':
      return archivedAs(state, false, event.data.restored_at);
    case 'ProspectConvertedToCustomer':
      return updated(state, { kind: 'customer' }, event.data.converted_at);
    case 'CustomerDeleted':
      return deleted(state);
    default:
      return state;
  }
}
