import { ABSENT } from '../shared/record-state';
import { ApiKeyEvent } from './events';
import { ApiKeyState } from './state';

export const initialApiKeyState: ApiKeyState = ABSENT;

export function evolveApiKey(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyCreated':
      return { status: 'live', record: { ...event.data, revoked_at: null } };
    case 'ApiKeyRevoked':
      return state.status === 'live'
        ? { status: 'deleted', record: { ...state.record, revoked_at: event.data.revoked_at } }
        : state;
    default:
      return state;
  }
}
