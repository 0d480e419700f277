import { invalidQueryParameter } from '../http/api-error';
import { PageRequest, parsePageRequest } from '../http/pagination';
import { isRecordId } from '../records/record-id';

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
  const unknown = Object.keys(query).find((name) => !PARAMS.includes(name));
  if (unknown !== undefined)
    throw invalidQueryParameter(unknown, `${unknown} is not a parameter of this list.`);
  const request: ContactListRequest = { page: parsePageRequest(query) };
  const q = single(query, 'q');
  if (q !== undefined && q.trim() !== '') request.q = q.trim();
  const recordId = single(query, 'account_record_id');
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

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidQueryParameter(name, `${name} must be given once.`);
  // PostgreSQL text cannot hold NUL: a query with one would fail in the database.
  if (value.includes('\u0000')) throw invalidQueryParameter(name, `${name} must not contain NUL.`);
  return value;
}
