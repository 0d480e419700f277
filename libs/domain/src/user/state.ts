import { PermissionGrants } from '../shared/permissions';
import { RecordState } from '../shared/record-state';

export type UserRecord = {
  id: string;
  account_id: string;
  name: string;
  email: string;
  permissions: PermissionGrants;
  location_id: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
};

export type UserState = RecordState<UserRecord>;
