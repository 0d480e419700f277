import { ChangeSignal } from './change-signal';
import { AllSubscription, ReadAllOptions, RecordedEvent } from './event-store';
import { Position } from './position';

export interface CatchUpSource {
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  signal: ChangeSignal;
  /** How long to sleep when caught up and nothing signals; the safety net, not the live path. */
  idleWaitMs(): number;
}

/**
 * Catch-up then live over any store that can page its global log: read pages until the head,
 * then sleep until the store signals a change (or the idle wait passes) and read again.
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
      const seen = source.signal.current;
      const batch = await source.readAll({ after: cursor, maxCount: maxBatchSize });
      if (abort.signal.aborted) return;
      if (batch.length > 0) {
        cursor = batch[batch.length - 1].position;
        yield batch;
        continue;
      }
      await source.signal.wait(seen, source.idleWaitMs(), abort.signal);
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
