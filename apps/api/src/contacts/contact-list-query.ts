import { invalidQueryParameter } from '@app/runtime';
import { PageRequest, queryText } from '@app/runtime';
import { isRecordId } from '@app/domain';
import { searchListQuery } from '../http/list-page';

export interface ContactListRequest {
  page: PageRequest;
  /** Case-insensitive substring of a name (first, last, or both), an email or a phone number. */
  q?: string;
  /** Contacts linked to this customer, prospect or supplier (checked visible by the reads). */
  accountRecordId?: string;
}

type Query = Record<string, unknown>;

/** The list's query string; a parameter the list does not know is refused, not ignored. */
export function parseContactListQuery(query: Query = {}): ContactListRequest {
  const request: ContactListRequest = searchListQuery(query, ['account_record_id']);
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
