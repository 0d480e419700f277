import { comparePositions } from '../position';
import { AppendResult, EventData } from '../event-store';
import {
  anEvent,
  headBefore,
  ids,
  inStreams,
  newStreamId,
  readAllAfter,
  StoreRef,
  untilVisible,
} from './fixtures';

export function globalLogCases(store: StoreRef): void {
  describe('the global log', () => {
    /** Appends one event at a time to three streams, in a known order. */
    async function interleaved() {
      const [a, b, c] = [newStreamId(), newStreamId(), newStreamId()];
      const plan: [string, EventData][] = [a, b, a, c, b, a].map((streamId) => [streamId, anEvent()]);
      const results: AppendResult[] = [];
      for (const [streamId, event] of plan) {
        results.push(await store().appendToStream(streamId, [event], { expectedRevision: 'any' }));
      }
      await untilVisible(store(), results[results.length - 1].position);
      return { streams: [a, b, c], written: plan.map(([, e]) => e), results };
    }

    it('given appends to several streams, when the log is read, then events come in append order with increasing positions', async () => {
      const start = await headBefore(store());
      const { streams, written, results } = await interleaved();

      const read = await readAllAfter(store(), start, inStreams(...streams));

      expect(ids(read)).toEqual(ids(written));
      expect(read.map((e) => e.position)).toEqual(results.map((r) => r.position));
      for (let i = 1; i < read.length; i++)
        expect(comparePositions(read[i - 1].position, read[i].position)).toBe(-1);
    });

    it('given appends, when the log is read in pages of 2, then the pages join into the same sequence with nothing repeated', async () => {
      const start = await headBefore(store());
      const { streams, written } = await interleaved();

      const paged = await readAllAfter(store(), start, inStreams(...streams), 2);
      const page = await store().readAll({ after: start, maxCount: 2 });

      expect(ids(paged)).toEqual(ids(written));
      expect(page.length).toBeLessThanOrEqual(2);
    });

    it('given appends, when the log is read after the position of one of them, then only the later ones', async () => {
      const start = await headBefore(store());
      const { streams, written, results } = await interleaved();

      const read = await readAllAfter(store(), results[2].position, inStreams(...streams));

      expect(ids(read)).toEqual(ids(written.slice(3)));
      expect(start === 'start' || comparePositions(results[0].position, start) > 0).toBe(true);
    });

    it('given an append, when the head position reaches it, then reading the log up to the head delivers the event', async () => {
      const start = await headBefore(store());
      const streamId = newStreamId();
      const event = anEvent();
      const result = await store().appendToStream(streamId, [event], { expectedRevision: 'no_stream' });

      await untilVisible(store(), result.position);
      const read = await readAllAfter(store(), start, inStreams(streamId));

      expect(ids(read)).toEqual([event.id]);
      expect(read[0].position).toEqual(result.position);
    });
  });
}
