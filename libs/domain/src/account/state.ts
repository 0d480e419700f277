import { RecordState } from '../shared/record-state';
import { AccountSettings } from './settings';

export type AccountRecord = {
  id: string;
  name: string;
  timezone: string;
  settings: AccountSettings;
  created_at: string;
  updated_at: string;
};

export type AccountState = RecordState<AccountRecord>;
