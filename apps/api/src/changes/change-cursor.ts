import { createHmac } from 'node:crypto';
import { ApiError, constantTimeEqual } from '@app/runtime';

/** Where a page of the change feed ends: the last examined change's log position, in one account. */
export interface ChangeCursor {
  accountId: string;
  commit: string;
  prepare: string;
}

const POSITION = /^\d{1,20}$/;

/**
 * Opaque continuation cursors: the position, the account and an HMAC-SHA256 of both under the
 * server's secret, base64url. The log keeps everything, so a cursor never expires; one changed
 * character, another account's cursor or a malformed one is 400 `invalid_cursor`.
 */
export function signCursor(cursor: ChangeCursor, secret: string): string {
  const payload = Buffer.from(JSON.stringify([cursor.accountId, cursor.commit, cursor.prepare])).toString(
    'base64url',
  );
  return `${payload}.${signature(payload, secret)}`;
}

export function readCursor(text: string, accountId: string, secret: string): ChangeCursor {
  const [payload, signed, ...rest] = text.split('.');
  if (!payload || !signed || rest.length > 0 || !constantTimeEqual(signed, signature(payload, secret)))
    throw invalidCursor();
  const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalidCursor();
  const [account, commit, prepare] = parsed as unknown[];
  if (account !== accountId || !isPosition(commit) || !isPosition(prepare)) throw invalidCursor();
  return { accountId, commit, prepare };
}

function isPosition(value: unknown): value is string {
  return typeof value === 'string' && POSITION.test(value);
}

function signature(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

function invalidCursor(): ApiError {
  return new ApiError(400, 'invalid_cursor', 'cursor is not a cursor this feed gave this account.', {
    param: 'cursor',
  });
}
