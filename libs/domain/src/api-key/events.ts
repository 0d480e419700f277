import { Scope } from '../shared/scopes';

/** `key_hash` is the SHA-256 (hex) of the full key, which is never recorded. */
export type ApiKeyCreated = {
  type: 'ApiKeyCreated';
  data: {
    id: string;
    account_id: string;
    user_id: string;
    name: string | null;
    scopes: Scope[];
    expires_at: string | null;
    key_hash: string;
    prefix: string;
    created_at: string;
  };
};

/** Final: the key stops authenticating at once and every later command answers 404. */
export type ApiKeyRevoked = { type: 'ApiKeyRevoked'; data: { revoked_at: string } };

export type ApiKeyEvent = ApiKeyCreated | ApiKeyRevoked;
