import { RecordedEvent } from '@app/event-store';
import { setImmediate as turn } from 'node:timers/promises';
import { BatchEntry } from './copy-batch';
import { withCopyData } from './copy-text';
import { Projector } from './projector';
import { recordBatch } from './recorded-writes';
import { isRowSet, RowSet } from './row-sets';

/** Events projected between two turns of the event loop: about 2 ms of a rebuild's work. */
export const SLICE_EVENTS = 500;

/**
 * recordBatch for a projector without prepare, a slice of the events at a time with a turn of the
 * event loop before each, its row sets made COPY's text or binary data (withCopyData) and a row set that follows
 * one of the same table and columns joined to it: the entries of one recordBatch of the whole
 * batch, as a projector's writes do not depend on how the log is cut into batches (a live loop
 * cuts it by what has arrived). Why the turns: a rebuild projects a batch while the one before is
 * sent by COPY, whose text (about 1 MB) is more than the socket takes at once; the rest is written
 * only when the event loop is free, so without them the server waits for the whole projection.
 */
export async function recordInSlices(
  projector: Projector,
  events: RecordedEvent[],
  schema: string,
  { binary = false, sliceEvents = SLICE_EVENTS } = {},
): Promise<BatchEntry[]> {
  const entries: BatchEntry[] = [];
  for (let from = 0; from < events.length; from += sliceEvents) {
    await turn();
    const slice =
      from === 0 && events.length <= sliceEvents ? events : events.slice(from, from + sliceEvents);
    for (const entry of await recordBatch(projector, slice, schema)) {
      if (!isRowSet(entry)) entries.push(entry);
      else joinOrPush(entries, withCopyData(entry, binary));
    }
  }
  return entries;
}

/** `set` appended to the last entry when that is a row set of the same table, columns and format. */
function joinOrPush(entries: BatchEntry[], set: RowSet): void {
  const last = entries[entries.length - 1];
  if (!isRowSet(last) || !sameTarget(last, set)) entries.push(set);
  else if (last.binary && set.binary)
    entries[entries.length - 1] = { ...last, binary: [...last.binary, ...set.binary] };
  else if (last.text !== undefined && set.text !== undefined)
    entries[entries.length - 1] = { ...last, text: last.text + set.text };
  else entries.push(set);
}

function sameTarget(a: RowSet, b: RowSet): boolean {
  if (a.schema !== b.schema || a.table !== b.table) return false;
  const names = Object.keys(a.columns);
  return (
    names.length === Object.keys(b.columns).length &&
    names.every((name, i) => Object.keys(b.columns)[i] === name && a.columns[name] === b.columns[name])
  );
}
