import { ChangeSignal } from './change-signal';
import { AllSubscription, ReadAllOptions, RecordedEvent } from './event-store';
import { Position } from './position';

/** A page of the global log, with what the subscription needs to know to read the next one. */
export interface CatchUpPage {
  events: RecordedEvent[];
  /**
   * The signal's version when the read began (a page shared with other readers, or kept from an
   * earlier read, carries its own): a change after it may be missing from the page.
   */
  asOf: number;
  /** The page ends at the log's readable head: nothing more can be read until a change after asOf. */
  atHead: boolean;
}

export interface CatchUpSource {
  readPage(options: ReadAllOptions): Promise<CatchUpPage>;
  signal: ChangeSignal;
  /** How long to sleep when caught up and nothing signals; the safety net, not the live path. */
  idleWaitMs(): number;
}

/**
 * Catch-up, then live over any store that can page its global log: read pages until the head,
 * then sleep until the store signals a change (or the idle wait passes) and read again. A page
 * that reached the head is not followed by a read that would find nothing: the next read waits for
 * a change after the page's read began, so none is missed.
 */
export function catchUpSubscription(
  source: CatchUpSource,
  after: Position | 'start',
  maxBatchSize = 1000,
): AllSubscription {
  const abort = new AbortController();
  let cursor = after;

  async function* batches(): AsyncGenerator<RecordedEvent[]> {
    while (!abort.signal.aborted) {
      const page = await source.readPage({ after: cursor, maxCount: maxBatchSize });
      if (abort.signal.aborted) return;
      if (page.events.length > 0) {
        cursor = page.events[page.events.length - 1].position;
        yield page.events;
        if (!page.atHead) continue;
      }
      await source.signal.wait(page.asOf, source.idleWaitMs(), abort.signal);
    }
  }

  const iterator = batches();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async close() {
      abort.abort();
    },
  };
}
