import { ABSENT, createdRecord, markDeleted, updateLive } from '../shared/record-state';
import { UserEvent } from './events';
import { UserState } from './state';

export const initialUserState: UserState = ABSENT;

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserCreated':
      return createdRecord({ ...event.data, active: true });
    case 'UserProfileChanged':
    case 'UserPermissionsChanged':
    case 'UserLocationChanged':
      return updateLive(state, (user) => ({ ...user, ...event.data }));
    case 'UserDeactivated':
      return updateLive(state, (user) => ({ ...user, active: false, updated_at: event.data.updated_at }));
    case 'UserReactivated':
      return updateLive(state, (user) => ({ ...user, active: true, updated_at: event.data.updated_at }));
    case 'UserDeleted':
      return markDeleted(state);
    default:
      return state;
  }
}
