import { WrongExpectedVersionError } from '../errors';
import { ExpectedRevision } from '../event-store';
import { anEvent, events, ids, newStreamId, StoreRef } from './fixtures';

export function idempotenceCases(store: StoreRef): void {
  describe('appending event ids the stream already holds', () => {
    /** Each kind of expectation, on a stream in the state it accepts: [name, events before, expectation]. */
    const kinds: [string, number, ExpectedRevision][] = [
      ['no_stream', 0, 'no_stream'],
      ['an exact revision', 2, 1],
      ['any', 1, 'any'],
      ['stream_exists', 1, 'stream_exists'],
    ];

    async function appendedOnce(before: number, expectedRevision: ExpectedRevision) {
      const streamId = newStreamId();
      const earlier = events(before);
      if (before > 0) await store().appendToStream(streamId, earlier, { expectedRevision: 'no_stream' });
      const batch = events(2);
      const first = await store().appendToStream(streamId, batch, { expectedRevision });
      return { streamId, earlier, batch, first };
    }

    it.each(kinds)(
      'given a batch appended expecting %s, when the same batch is appended again with the same expectation, then the same result and nothing written twice',
      async (_, before, expectedRevision) => {
        const { streamId, earlier, batch, first } = await appendedOnce(before, expectedRevision);

        const again = await store().appendToStream(streamId, batch, { expectedRevision });

        expect(again).toEqual(first);
        expect(ids(await store().readStream(streamId))).toEqual(ids([...earlier, ...batch]));
      },
    );

    it.each(kinds)(
      'given a batch appended expecting %s and later events, when the batch is retried with its original expectation, then the original result',
      async (_, before, expectedRevision) => {
        const { streamId, earlier, batch, first } = await appendedOnce(before, expectedRevision);
        const later = events(3);
        await store().appendToStream(streamId, later, { expectedRevision: first.nextExpectedRevision });

        const again = await store().appendToStream(streamId, batch, { expectedRevision });

        expect(again).toEqual(first);
        expect(ids(await store().readStream(streamId))).toEqual(ids([...earlier, ...batch, ...later]));
      },
    );

    it('given a batch appended, when a batch holding only some of its ids is appended, then WrongExpectedVersionError and nothing written', async () => {
      const streamId = newStreamId();
      const batch = events(3);
      await store().appendToStream(streamId, batch, { expectedRevision: 'no_stream' });

      const error = await store()
        .appendToStream(streamId, [batch[0], anEvent()], { expectedRevision: 'no_stream' })
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect((error as WrongExpectedVersionError).expected).toBe('no_stream');
      expect((error as WrongExpectedVersionError).actual).toBe(2);
      expect(ids(await store().readStream(streamId))).toEqual(ids(batch));
    });
  });
}
