import { Clock, Decision } from '../shared/decision';
import { isDomainError } from '../shared/domain-error';
import { parseFields, changedFields, isEmpty, requireFields } from '../shared/fields';
import { requiredText } from '../shared/parsers';
import { liveRecord } from '../shared/record-state';
import { timezone } from '../shared/timezone';
import { AccountCommand, AccountInput, OpenAccount, UpdateAccount } from './commands';
import { AccountEvent } from './events';
import { DEFAULT_ACCOUNT_SETTINGS, parseSettings } from './settings';
import { AccountState } from './state';
import { alreadyCreated } from '../shared/recorded';

export type AccountContext = Clock;

const DEFAULT_TIMEZONE = 'UTC';

const ACCOUNT_PARSERS = { name: requiredText(), timezone: timezone(), settings: parseSettings };

export function decideAccount(
  command: AccountCommand,
  state: AccountState,
  context: AccountContext,
): Decision<AccountEvent> {
  switch (command.type) {
    case 'OpenAccount':
      return open(command, state, context);
    case 'UpdateAccount':
      return update(command, state, context);
  }
}

function open(command: OpenAccount, state: AccountState, { now }: AccountContext): Decision<AccountEvent> {
  const exists = alreadyCreated(state, 'account');
  if (exists) return exists;
  const missing = requireFields(command.input, ['name']);
  if (missing) return missing;
  const given = parse(command.input);
  if (isDomainError(given)) return given;
  const data = {
    id: command.id,
    name: given.name as string,
    timezone: given.timezone ?? DEFAULT_TIMEZONE,
    settings: { ...DEFAULT_ACCOUNT_SETTINGS, ...given.settings },
    created_at: now,
  };
  return [{ type: 'AccountOpened', data }];
}

/** One event per aspect that really changed; an update that changes nothing appends nothing. */
function update(
  command: UpdateAccount,
  state: AccountState,
  { now }: AccountContext,
): Decision<AccountEvent> {
  const account = liveRecord(state);
  if (isDomainError(account)) return account;
  const given = parse(command.input);
  if (isDomainError(given)) return given;
  const events: AccountEvent[] = [];
  if (given.name !== undefined && given.name !== account.name)
    events.push({ type: 'AccountRenamed', data: { name: given.name, updated_at: now } });
  if (given.timezone !== undefined && given.timezone !== account.timezone)
    events.push({ type: 'AccountTimezoneChanged', data: { timezone: given.timezone, updated_at: now } });
  const settings = changedFields(account.settings, given.settings ?? {});
  if (!isEmpty(settings))
    events.push({ type: 'AccountSettingsChanged', data: { settings, updated_at: now } });
  return events;
}

function parse(input: AccountInput) {
  return parseFields(ACCOUNT_PARSERS, input);
}
