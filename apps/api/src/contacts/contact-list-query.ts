import { invalidQueryParameter } from '@app/runtime';
import { PageRequest, parsePageRequest } from '@app/runtime';
import { isRecordId } from '@app/domain';
import { queryText, refuseUnknownParams } from '@app/runtime';

export interface ContactListRequest {
  page: PageRequest;
  /** Case-insensitive substring of a name (first, last, or both), an email or a phone number. */
  q?: string;
  /** Contacts linked to this customer, prospect or supplier (checked visible by the reads). */
  accountRecordId?: string;
}

type Query = Record<string, unknown>;

const PARAMS = ['page', 'limit', 'include_total', 'q', 'account_record_id'];

/** The list's query string; a parameter the list does not know is refused, not ignored. */
export function parseContactListQuery(query: Query = {}): ContactListRequest {
  refuseUnknownParams(query, PARAMS);
  const request: ContactListRequest = { page: parsePageRequest(query) };
  const q = queryText(query, 'q');
  if (q !== undefined && q.trim() !== '') request.q = q.trim();
  const recordId = queryText(query, 'account_record_id');
  if (recordId !== undefined) {
    if (!isRecordId(recordId)) throw notAVisibleRecord();
    request.accountRecordId = recordId.toLowerCase();
  }
  return request;
}

export function notAVisibleRecord() {
  return invalidQueryParameter(
    'account_record_id',
    'account_record_id must be the id of a customer, prospect or supplier of this account that you can see.',
  );
}
