import type { AggregateDefinition } from '@app/event-store';
import { UserEvent } from './events';
import { evolveUser, initialUserState } from './evolve';
import { UserState } from './state';

/** Streams `user-<uuid>`. */
export const userAggregate: AggregateDefinition<UserState, UserEvent> = {
  streamPrefix: 'user',
  initialState: initialUserState,
  evolve: evolveUser,
};
