import { Clock, Decision } from '../shared/decision';
import { DomainError, invalid, isDomainError } from '../shared/domain-error';
import { parseFields } from '../shared/fields';
import { nullable, optionalText, timestamp } from '../shared/parsers';
import { liveRecord } from '../shared/record-state';
import { SCOPES } from '../shared/scopes';
import { ApiKeyCommand, CreateApiKey } from './commands';
import { ApiKeyEvent } from './events';
import { isExpired, isSha256Hex } from './key-format';
import { parseScopes } from './scopes-input';
import { ApiKeyState } from './state';
import { alreadyCreated } from '../shared/recorded';

export type ApiKeyContext = Clock;

const API_KEY_PARSERS = { name: optionalText(), scopes: parseScopes, expires_at: nullable(timestamp()) };

export function decideApiKey(
  command: ApiKeyCommand,
  state: ApiKeyState,
  context: ApiKeyContext,
): Decision<ApiKeyEvent> {
  switch (command.type) {
    case 'CreateApiKey':
      return create(command, state, context);
    case 'RevokeApiKey': {
      const key = liveRecord(state);
      return isDomainError(key) ? key : [{ type: 'ApiKeyRevoked', data: { revoked_at: context.now } }];
    }
  }
}

/** By default a key carries every scope and never expires. */
function create(command: CreateApiKey, state: ApiKeyState, { now }: ApiKeyContext): Decision<ApiKeyEvent> {
  const exists = alreadyCreated(state, 'API key');
  if (exists) return exists;
  if (!isSha256Hex(command.key_hash)) throw new TypeError('key_hash must be a SHA-256 hex digest');
  const given = parseFields(API_KEY_PARSERS, command.input);
  if (isDomainError(given)) return given;
  const expiresAt = given.expires_at ?? null;
  const past = inThePast(expiresAt, now);
  if (past) return past;
  const { id, account_id, user_id, key_hash, prefix } = command;
  const data = {
    id,
    account_id,
    user_id,
    name: given.name ?? null,
    scopes: given.scopes ?? [...SCOPES],
    expires_at: expiresAt,
    key_hash,
    prefix,
    created_at: now,
  };
  return [{ type: 'ApiKeyCreated', data }];
}

function inThePast(expiresAt: string | null, now: string): DomainError | undefined {
  return isExpired(expiresAt, now) ? invalid('expires_at', 'expires_at must be in the future.') : undefined;
}
