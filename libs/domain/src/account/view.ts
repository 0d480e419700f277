import { AccountSettings, DEFAULT_ACCOUNT_SETTINGS } from './settings';
import { AccountRecord } from './state';

/** The account as the operator API returns it (EXTENSIONS.md §2). */
export type AccountView = {
  id: string;
  object: 'account';
  name: string;
  timezone: string;
  settings: AccountSettings;
  created_at: string;
};

/** Settings added since the account was created show their defaults. */
export function accountView(account: AccountRecord): AccountView {
  const { id, name, timezone, settings, created_at } = account;
  return {
    id,
    object: 'account',
    name,
    timezone,
    settings: { ...DEFAULT_ACCOUNT_SETTINGS, ...settings },
    created_at,
  };
}
