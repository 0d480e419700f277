import { invalidQueryParameter, isoTimestampOf, queryText, refuseUnknownParams } from '@app/runtime';
import { ChangeCursor, readCursor } from './change-cursor';
import { FEED_OBJECTS } from './feed-records';

/** What a page of the change feed asks for. */
export interface ChangeQuery {
  cursor?: ChangeCursor;
  since?: Date;
  /** Record kinds (`object` names) to keep; all readable ones when absent. */
  objects?: readonly string[];
  limit: number;
  expandRecord: boolean;
}

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

/** `since` or `cursor` (not both), `object`, `limit` (1 to 100, default 20), `expand=record`. */
export function parseChangeQuery(
  query: Record<string, unknown>,
  accountId: string,
  secret: string,
): ChangeQuery {
  refuseUnknownParams(query, ['since', 'cursor', 'object', 'limit', 'expand']);
  const cursorText = queryText(query, 'cursor');
  const sinceText = queryText(query, 'since');
  if (cursorText !== undefined && sinceText !== undefined)
    throw invalidQueryParameter('since', 'Send since to start, or cursor to go on: not both.');
  return {
    cursor: cursorText === undefined ? undefined : readCursor(cursorText, accountId, secret),
    since: sinceText === undefined ? undefined : timestampParam('since', sinceText),
    objects: objectsParam(queryText(query, 'object')),
    limit: limitParam(queryText(query, 'limit')),
    expandRecord: expand(queryText(query, 'expand')),
  };
}

/** An ISO 8601 timestamp with its offset (`since`, `until`); else 422 naming the parameter. */
export function timestampParam(param: string, text: string): Date {
  const time = isoTimestampOf(text);
  if (!time)
    throw invalidQueryParameter(param, `${param} must be an ISO 8601 timestamp, e.g. 2026-01-31T00:00:00Z.`);
  return time;
}

/** `object`: record kinds of the feed, comma-separated; all when absent. */
export function objectsParam(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const names = text.split(',').map((name) => name.trim());
  const unknown = names.find((name) => !FEED_OBJECTS.includes(name));
  if (unknown !== undefined)
    throw invalidQueryParameter(
      'object',
      `object names record kinds, comma-separated: ${FEED_OBJECTS.join(', ')}.`,
    );
  return names;
}

/** The documentation of `object`, alike in the change feed and the account's events. */
export const OBJECT_QUERY = {
  name: 'object',
  required: false,
  description: `Record kinds, comma-separated: ${FEED_OBJECTS.join(', ')}`,
};

/** `limit`: 1 to 100, default 20. */
export function limitParam(text: string | undefined): number {
  if (text === undefined) return DEFAULT_LIMIT;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > MAX_LIMIT)
    throw invalidQueryParameter('limit', `limit must be an integer from 1 to ${MAX_LIMIT}.`);
  return value;
}

function expand(text: string | undefined): boolean {
  if (text === undefined) return false;
  if (text !== 'record') throw invalidQueryParameter('expand', 'expand takes one value: record.');
  return true;
}
