import { archivedAs, created, deleted, updated } from '../party/evolve';
import { ABSENT } from '../shared/record-state';
import { SupplierEvent } from './events';
import { SupplierState } from './state';

export const initialSupplierState: SupplierState = ABSENT;

export function evolveSupplier(state: SupplierState, event: SupplierEvent): SupplierState {
  switch (event.type) {
    case 'SupplierCreated':
      return created(event.data);
    case 'SupplierUpdated':
      return updated(state, event.data.changes, event.data.updated_at);
    case 'SupplierArchived':
      return archivedAs(state, true, event.data.archived_at);
    case 'SupplierRestored':
      return archivedAs(state, false, event.data.restored_at);
    case 'SupplierDeleted':
      return deleted(state);
    default:
      return state;
  }
}
