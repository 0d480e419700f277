import { WrongExpectedVersionError } from '../errors';
import { AppendResult, ExpectedRevision } from '../event-store';
import { anEvent, events, newStreamId, StoreRef } from './fixtures';

const WRITERS = 10;

export function concurrencyCases(store: StoreRef): void {
  async function race(streamId: string, expectedRevision: ExpectedRevision) {
    const attempts = Array.from({ length: WRITERS }, (_, i) => anEvent('Raced', { writer: i }));
    const settled = await Promise.allSettled(
      attempts.map((event) => store().appendToStream(streamId, [event], { expectedRevision })),
    );
    const won = settled.flatMap((s, i) =>
      s.status === 'fulfilled' ? [{ event: attempts[i], result: s.value }] : [],
    );
    const lost = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
    return { won, lost };
  }

  describe('concurrent appends to one stream', () => {
    it(`given a stream at revision 0, when ${WRITERS} writers append expecting revision 0, then exactly one wins and the rest get WrongExpectedVersionError`, async () => {
      const streamId = newStreamId();
      await store().appendToStream(streamId, events(1), { expectedRevision: 'no_stream' });

      const { won, lost } = await race(streamId, 0);

      expect(won).toHaveLength(1);
      expect(won[0].result.nextExpectedRevision).toBe(1);
      expect(lost).toHaveLength(WRITERS - 1);
      for (const error of lost) {
        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect((error as WrongExpectedVersionError).expected).toBe(0);
        expect((error as WrongExpectedVersionError).actual).toBe(1);
      }
      const stream = await store().readStream(streamId);
      expect(stream.map((e) => e.id)).toEqual([stream[0].id, won[0].event.id]);
    });

    it(`given a new stream, when ${WRITERS} writers append expecting no_stream, then exactly one creates it`, async () => {
      const streamId = newStreamId();

      const { won, lost } = await race(streamId, 'no_stream');

      expect(won).toHaveLength(1);
      expect(lost.every((e) => e instanceof WrongExpectedVersionError)).toBe(true);
      expect(lost).toHaveLength(WRITERS - 1);
      expect((await store().readStream(streamId)).map((e) => e.id)).toEqual([won[0].event.id]);
    });

    it(`given a stream, when ${WRITERS} writers append with any, then all are written at distinct revisions without gaps`, async () => {
      const streamId = newStreamId();
      await store().appendToStream(streamId, events(1), { expectedRevision: 'no_stream' });

      const { won, lost } = await race(streamId, 'any');

      expect(lost).toEqual([]);
      const revisions = won
        .map((w: { result: AppendResult }) => w.result.nextExpectedRevision)
        .sort((a, b) => a - b);
      expect(revisions).toEqual(Array.from({ length: WRITERS }, (_, i) => i + 1));
      expect((await store().readStream(streamId)).map((e) => e.revision)).toEqual(
        Array.from({ length: WRITERS + 1 }, (_, i) => i),
      );
    });
  });
}
