import { evolver } from '../shared/evolver';
import { ABSENT, createdRecord, updateLive } from '../shared/record-state';
import { AccountEvent } from './events';
import { AccountRecord, AccountState } from './state';

export const initialAccountState: AccountState = ABSENT;

/** A rename or a new time zone carries its own updated_at. */
const renamed = (state: AccountState, data: Partial<AccountRecord>) =>
  updateLive(state, (account) => ({ ...account, ...data }));

export const evolveAccount = evolver<AccountState, AccountEvent>({
  AccountOpened: (_, data) => createdRecord(data),
  AccountRenamed: renamed,
  AccountTimezoneChanged: renamed,
  AccountSettingsChanged: (state, data) =>
    updateLive(state, (account) => ({
      ...account,
      settings: { ...account.settings, ...data.settings },
      updated_at: data.updated_at,
    })),
});
