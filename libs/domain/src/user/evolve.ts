import { evolver } from '../shared/evolver';
import { ABSENT, createdRecord, markDeleted, updateLive } from '../shared/record-state';
import { UserEvent } from './events';
import { UserRecord, UserState } from './state';

export const initialUserState: UserState = ABSENT;

/** A change that carries its own fields and updated_at. */
const changed = (state: UserState, data: Partial<UserRecord>) =>
  updateLive(state, (user) => ({ ...user, ...data }));
const activeAs = (active: boolean) => (state: UserState, data: { updated_at: string }) =>
  updateLive(state, (user) => ({ ...user, active, updated_at: data.updated_at }));

export const evolveUser = evolver<UserState, UserEvent>({
  UserCreated: (_, data) => createdRecord({ ...data, active: true }),
  UserProfileChanged: changed,
  UserPermissionsChanged: changed,
  UserLocationChanged: changed,
  UserDeactivated: activeAs(false),
  UserReactivated: activeAs(true),
  UserDeleted: markDeleted,
});
