import { RecordState } from '../shared/record-state';
import { ApiKeyCreated } from './events';

/** The key as created, until it is revoked. */
export type ApiKeyRecord = ApiKeyCreated['data'] & { revoked_at: string | null };

/** A revoked key is `deleted`: kept for the record, refused everywhere. */
export type ApiKeyState = RecordState<ApiKeyRecord>;
