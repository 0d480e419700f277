import { invalidQueryParameter, queryText, refuseUnknownParams } from '@app/runtime';
import { ChangeCursor, readCursor } from '../changes/change-cursor';
import { limitParam, objectsParam, timestampParam } from '../changes/change-query';

/** What a page of the account's log asks for (GET /api/v3/events). */
export interface AccountEventsQuery {
  cursor?: ChangeCursor;
  /** Recorded at or after (inclusive). */
  since?: Date;
  /** Recorded before (exclusive). */
  until?: Date;
  /** Record kinds (`object` names); every readable one when absent. */
  objects?: readonly string[];
  /** Event types (`InvoiceCreated`); all when absent. */
  types?: readonly string[];
  limit: number;
}

const EVENT_TYPE = /^[A-Z][A-Za-z0-9]{0,99}$/;

/**
 * `since`, `until`, `object`, `type`, `limit` and `cursor`: the filters apply to every page (send
 * them again with the cursor), the cursor says where the previous page ended.
 */
export function parseAccountEventsQuery(
  query: Record<string, unknown>,
  accountId: string,
  secret: string,
): AccountEventsQuery {
  refuseUnknownParams(query, ['since', 'until', 'object', 'type', 'limit', 'cursor']);
  const cursorText = queryText(query, 'cursor');
  const sinceText = queryText(query, 'since');
  const untilText = queryText(query, 'until');
  const since = sinceText === undefined ? undefined : timestampParam('since', sinceText);
  const until = untilText === undefined ? undefined : timestampParam('until', untilText);
  if (since && until && until <= since) throw invalidQueryParameter('until', 'until must be after since.');
  return {
    cursor: cursorText === undefined ? undefined : readCursor(cursorText, accountId, secret),
    since,
    until,
    objects: objectsParam(queryText(query, 'object')),
    types: eventTypes(queryText(query, 'type')),
    limit: limitParam(queryText(query, 'limit')),
  };
}

function eventTypes(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const names = text.split(',').map((name) => name.trim());
  if (names.some((name) => !EVENT_TYPE.test(name)))
    throw invalidQueryParameter('type', 'type names event types, comma-separated, e.g. InvoiceCreated.');
  return names;
}
