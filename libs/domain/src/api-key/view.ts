import { Scope } from '../shared/scopes';
import { ApiKeyRecord } from './state';

/** A key as the operator API lists it: never its hash; the key itself only in the creation response. */
export type ApiKeyView = {
  id: string;
  object: 'api_key';
  user_id: string;
  name: string | null;
  scopes: Scope[];
  key?: string;
  prefix: string;
  expires_at: string | null;
  created_at: string;
};

/** `key` is given only when answering the creation, the one time the full key is shown. */
export function apiKeyView(apiKey: ApiKeyRecord, key?: string): ApiKeyView {
  const { id, user_id, name, scopes, prefix, expires_at, created_at } = apiKey;
  const shown = key === undefined ? {} : { key };
  return {
    id,
    object: 'api_key',
    user_id,
    name,
    scopes: [...scopes],
    ...shown,
    prefix,
    expires_at,
    created_at,
  };
}
