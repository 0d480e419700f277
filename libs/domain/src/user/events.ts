import { PermissionGrants } from '../shared/permissions';

export type UserCreated = {
  type: 'UserCreated';
  data: {
    id: string;
    account_id: string;
    name: string;
    email: string;
    permissions: PermissionGrants;
    location_id: string | null;
    created_at: string;
  };
};

/** Name and/or email changed: only the fields that changed are present. */
export type UserProfileChanged = {
  type: 'UserProfileChanged';
  data: { name?: string; email?: string; updated_at: string };
};

/** The complete new permission set (it replaces the previous one; unset names fall back or deny). */
export type UserPermissionsChanged = {
  type: 'UserPermissionsChanged';
  data: { permissions: PermissionGrants; updated_at: string };
};

/** null lifts the restriction to one location. */
export type UserLocationChanged = {
  type: 'UserLocationChanged';
  data: { location_id: string | null; updated_at: string };
};

/** The user's keys stop authenticating until the user is reactivated. */
export type UserDeactivated = { type: 'UserDeactivated'; data: { updated_at: string } };
export type UserReactivated = { type: 'UserReactivated'; data: { updated_at: string } };

/** Final: the user's keys stop working and every later command answers 404. */
export type UserDeleted = { type: 'UserDeleted'; data: { deleted_at: string } };

export type UserEvent =
  | UserCreated
  | UserProfileChanged
  | UserPermissionsChanged
  | UserLocationChanged
  | UserDeactivated
  | UserReactivated
  | UserDeleted;
