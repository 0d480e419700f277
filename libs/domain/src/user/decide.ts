import { Clock, Decision } from '../shared/decision';
import { isDomainError } from '../shared/domain-error';
import { parseFields, changedFields, isEmpty, requireFields, sameValue } from '../shared/fields';
import { boolean, email, nullable, reference, requiredText } from '../shared/parsers';
import { PermissionGrants } from '../shared/permissions';
import { liveRecord } from '../shared/record-state';
import { CreateUser, UpdateUser, UserCommand } from './commands';
import { UserEvent } from './events';
import { parsePermissions } from './permissions-input';
import { UserRecord, UserState } from './state';
import { alreadyCreated } from '../shared/recorded';

export type UserContext = Clock;

const USER_PARSERS = {
  name: requiredText(),
  email: email(),
  permissions: parsePermissions,
  location_id: nullable(reference()),
  active: boolean(),
};

export function decideUser(
  command: UserCommand,
  state: UserState,
  context: UserContext,
): Decision<UserEvent> {
  switch (command.type) {
    case 'CreateUser':
      return create(command, state, context);
    case 'UpdateUser':
      return update(command, state, context);
    case 'DeleteUser': {
      const user = liveRecord(state);
      return isDomainError(user) ? user : [{ type: 'UserDeleted', data: { deleted_at: context.now } }];
    }
  }
}

/** A new user is active and, unless told otherwise, has no permission and no location restriction. */
function create(command: CreateUser, state: UserState, { now }: UserContext): Decision<UserEvent> {
  const exists = alreadyCreated(state, 'user');
  if (exists) return exists;
  const missing = requireFields(command.input, ['name', 'email']);
  if (missing) return missing;
  const given = parseFields(USER_PARSERS, { ...command.input, active: undefined });
  if (isDomainError(given)) return given;
  const data = {
    id: command.id,
    account_id: command.account_id,
    name: given.name as string,
    email: given.email as string,
    permissions: given.permissions ?? {},
    location_id: given.location_id ?? null,
    created_at: now,
  };
  return [{ type: 'UserCreated', data }];
}

function update(command: UpdateUser, state: UserState, { now }: UserContext): Decision<UserEvent> {
  const user = liveRecord(state);
  if (isDomainError(user)) return user;
  const given = parseFields(USER_PARSERS, command.input);
  if (isDomainError(given)) return given;
  return [
    ...profileChange(user, given, now),
    ...permissionsChange(user, given.permissions, now),
    ...locationChange(user, given.location_id, now),
    ...activityChange(user, given.active, now),
  ];
}

function profileChange(user: UserRecord, given: Partial<UserRecord>, now: string): UserEvent[] {
  const profile = changedFields(user, { name: given.name, email: given.email });
  return isEmpty(profile) ? [] : [{ type: 'UserProfileChanged', data: { ...profile, updated_at: now } }];
}

function permissionsChange(
  user: UserRecord,
  permissions: PermissionGrants | undefined,
  now: string,
): UserEvent[] {
  if (permissions === undefined || sameValue(permissions, user.permissions)) return [];
  return [{ type: 'UserPermissionsChanged', data: { permissions, updated_at: now } }];
}

function locationChange(user: UserRecord, locationId: string | null | undefined, now: string): UserEvent[] {
  if (locationId === undefined || locationId === user.location_id) return [];
  return [{ type: 'UserLocationChanged', data: { location_id: locationId, updated_at: now } }];
}

function activityChange(user: UserRecord, active: boolean | undefined, now: string): UserEvent[] {
  if (active === undefined || active === user.active) return [];
  return [{ type: active ? 'UserReactivated' : 'UserDeactivated', data: { updated_at: now } }];
}
