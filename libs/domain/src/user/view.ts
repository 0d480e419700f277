import { PermissionGrants } from '../shared/permissions';
import { UserRecord } from './state';

/** The user as the operator API returns it (EXTENSIONS.md §2). */
export type UserView = {
  id: string;
  object: 'user';
  account_id: string;
  name: string;
  email: string;
  permissions: PermissionGrants;
  location_id: string | null;
  active: boolean;
};

export function userView(user: UserRecord): UserView {
  const { id, account_id, name, email, permissions, location_id, active } = user;
  const grants = permissions === 'all' ? 'all' : { ...permissions };
  return { id, object: 'user', account_id, name, email, permissions: grants, location_id, active };
}
