import { UserRecord } from './state';

/** The user as the operator API returns it (EXTENSIONS.md §2). */
export type UserView = { object: 'user' } & Omit<UserRecord, 'created_at' | 'updated_at'>;

export function userView(user: UserRecord): UserView {
  const { id, account_id, name, email, permissions, location_id, active } = user;
  const grants = permissions === 'all' ? 'all' : { ...permissions };
  return { id, object: 'user', account_id, name, email, permissions: grants, location_id, active };
}
