import { AccountSettings } from './settings';

export type AccountOpened = {
  type: 'AccountOpened';
  data: { id: string; name: string; timezone: string; settings: AccountSettings; created_at: string };
};

export type AccountRenamed = { type: 'AccountRenamed'; data: { name: string; updated_at: string } };

export type AccountTimezoneChanged = {
  type: 'AccountTimezoneChanged';
  data: { timezone: string; updated_at: string };
};

/** Only the settings that changed, with their new values; the others keep theirs. */
export type AccountSettingsChanged = {
  type: 'AccountSettingsChanged';
  data: { settings: Partial<AccountSettings>; updated_at: string };
};

export type AccountEvent = AccountOpened | AccountRenamed | AccountTimezoneChanged | AccountSettingsChanged;
