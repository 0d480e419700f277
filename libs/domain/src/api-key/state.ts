import { RecordState } from '../shared/record-state';
import { Scope } from '../shared/scopes';

export type ApiKeyRecord = {
  id: string;
  account_id: string;
  user_id: string;
  name: string | null;
  scopes: Scope[];
  expires_at: string | null;
  key_hash: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
};

/** A revoked key is `deleted`: kept for the record, refused everywhere. */
export type ApiKeyState = RecordState<ApiKeyRecord>;
