import { EventStore, isAfter, Position, RecordedEvent } from '@app/event-store';
import { accountOf, domainEvent } from '@app/read-models/projectors/domain-events';

/** What part of an account's log is asked for: `since` inclusive, `until` exclusive (recorded time). */
export interface AccountLogRange {
  accountId: string;
  since?: Date;
  until?: Date;
}

/** Log events read per page while scanning. */
const SCAN_PAGE = 500;

/** Whether the event is the account's (as the read models attribute it) and within the range's times. */
export function inAccountRange(event: RecordedEvent, range: AccountLogRange): boolean {
  if (accountOf(domainEvent(event)) !== range.accountId) return false;
  if (range.since && event.recordedAt < range.since) return false;
  return !range.until || event.recordedAt < range.until;
}

/**
 * The global log after `after`, up to and including `through` when given, in log order, read page by
 * page from the store itself (no read model that may lag). The store has no index by account: a
 * reader filters (inAccountRange), and the HTTP pages bound how much of the log one request scans.
 */
export async function* logEvents(
  store: EventStore,
  after: Position | 'start',
  through?: Position,
): AsyncGenerator<RecordedEvent> {
  let cursor = after;
  for (;;) {
    const page = await store.readAll({ after: cursor, maxCount: SCAN_PAGE });
    for (const event of page) {
      if (through && isAfter(event.position, through)) return;
      yield event;
    }
    if (page.length < SCAN_PAGE) return;
    cursor = page[page.length - 1].position;
  }
}

/** Object names whose stream prefix is not the name in camel case. */
const OBJECT_NAMES: Record<string, string> = { variationAttribute: 'item_variation_attribute' };

/**
 * The record a stream `<prefix>-<id>` holds: its object name as the API calls it (`salesOrder` →
 * `sales_order`) and its id (for a counter, `<account id>-<sequence>`).
 */
export function recordOfStream(streamId: string): { object: string; id: string } {
  const dash = streamId.indexOf('-');
  const prefix = dash < 0 ? streamId : streamId.slice(0, dash);
  const object = OBJECT_NAMES[prefix] ?? prefix.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return { object, id: dash < 0 ? '' : streamId.slice(dash + 1) };
}
