import { hasPermission, hasScopes, RecordState } from '@app/domain';
import { RecordWriter } from '@app/runtime';
import { Actor } from '../auth/actor';
import { FEED_RECORDS, FeedRecord } from './feed-records';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The kinds whose read scope the key holds and whose list permission its user has. */
export function readableKinds(actor: Actor): FeedRecord[] {
  return FEED_RECORDS.filter(({ scopes, permission }) => {
    return hasScopes(actor.scopes, scopes) && (!permission || hasPermission(actor.permissions, permission));
  });
}

/**
 * Whether the caller may see a record, as its history judges it: by its last state, deleted or
 * not. `sight` remembers the answer per record for one page. Also gives the record (for redaction).
 */
export async function recordInSight(
  writer: RecordWriter,
  actor: Actor,
  kind: FeedRecord,
  recordId: string,
  sight: Map<string, { record: any } | null>,
): Promise<{ record: any } | null> {
  const key = `${kind.streamPrefix}-${recordId}`;
  let seen = sight.get(key);
  if (seen === undefined) {
    const { state } = await writer.read(kind.aggregate, recordId);
    const record = (state as RecordState<any>).status === 'absent' ? undefined : (state as any).record;
    seen = record !== undefined && kind.history(record).visible(record, actor) ? { record } : null;
    sight.set(key, seen);
  }
  return seen;
}
