import type { AggregateDefinition } from '@app/event-store';
import { ApiKeyEvent } from './events';
import { evolveApiKey, initialApiKeyState } from './evolve';
import { ApiKeyState } from './state';

/** Streams `apiKey-<uuid>`. */
export const apiKeyAggregate: AggregateDefinition<ApiKeyState, ApiKeyEvent> = {
  streamPrefix: 'apiKey',
  initialState: initialApiKeyState,
  evolve: evolveApiKey,
};
