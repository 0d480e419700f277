import { evolver } from '../shared/evolver';
import { ABSENT } from '../shared/record-state';
import { ApiKeyEvent } from './events';
import { ApiKeyState } from './state';

export const initialApiKeyState: ApiKeyState = ABSENT;

export const evolveApiKey = evolver<ApiKeyState, ApiKeyEvent>({
  ApiKeyCreated: (_, data) => ({ status: 'live', record: { ...data, revoked_at: null } }),
  ApiKeyRevoked: (state, { revoked_at }) =>
    state.status === 'live' ? { status: 'deleted', record: { ...state.record, revoked_at } } : state,
});
