import type { AggregateDefinition } from '@app/event-store';
import { AccountEvent } from './events';
import { evolveAccount, initialAccountState } from './evolve';
import { AccountState } from './state';

/** Streams `account-<uuid>`. */
export const accountAggregate: AggregateDefinition<AccountState, AccountEvent> = {
  streamPrefix: 'account',
  initialState: initialAccountState,
  evolve: evolveAccount,
};
