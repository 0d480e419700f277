/** Values as the client sent them: the domain checks each one (see decide). */
export type ApiKeyInput = {
  name?: unknown;
  scopes?: unknown;
  expires_at?: unknown;
};

/**
 * `id` is a new UUID; `user_id` and `account_id` name the live user the handler loaded;
 * `key_hash` and `prefix` come from the key the handler generated (randomness and hashing are I/O here).
 */
export type CreateApiKey = {
  type: 'CreateApiKey';
  id: string;
  account_id: string;
  user_id: string;
  key_hash: string;
  prefix: string;
  input: ApiKeyInput;
};

export type RevokeApiKey = { type: 'RevokeApiKey' };

export type ApiKeyCommand = CreateApiKey | RevokeApiKey;
