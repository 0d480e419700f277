import { ABSENT, createdRecord, updateLive } from '../shared/record-state';
import { AccountEvent } from './events';
import { AccountState } from './state';

export const initialAccountState: AccountState = ABSENT;

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountOpened':
      return createdRecord(event.data);
    case 'AccountRenamed':
      return updateLive(state, (account) => ({ ...account, ...event.data }));
    case 'AccountTimezoneChanged':
      return updateLive(state, (account) => ({ ...account, ...event.data }));
    case 'AccountSettingsChanged':
      return updateLive(state, (account) => ({
        ...account,
        settings: { ...account.settings, ...event.data.settings },
        updated_at: event.data.updated_at,
      }));
    default:
      return state;
  }
}
