import { WrongExpectedVersionError } from '../errors';
import { anEvent, events, ids, newStreamId, StoreRef } from './fixtures';

export function idempotenceCases(store: StoreRef): void {
  describe('appending event ids the stream already holds', () => {
    it('given a batch appended, when the same batch is appended again with the same expectation, then the same result and nothing written twice', async () => {
      const streamId = newStreamId();
      const batch = events(2);
      const first = await store().appendToStream(streamId, batch, { expectedRevision: 'no_stream' });

      const again = await store().appendToStream(streamId, batch, { expectedRevision: 'no_stream' });

      expect(again).toEqual(first);
      expect(ids(await store().readStream(streamId))).toEqual(ids(batch));
    });

    it('given a batch appended, when it is appended again with any, then the same result and nothing written twice', async () => {
      const streamId = newStreamId();
      const batch = events(3);
      const first = await store().appendToStream(streamId, batch, { expectedRevision: 'any' });

      const again = await store().appendToStream(streamId, batch, { expectedRevision: 'any' });

      expect(again).toEqual(first);
      expect(ids(await store().readStream(streamId))).toEqual(ids(batch));
    });

    it('given later events after a batch, when the batch is retried with its original expectation, then the original result', async () => {
      const streamId = newStreamId();
      const batch = events(2);
      const first = await store().appendToStream(streamId, batch, { expectedRevision: 'no_stream' });
      const later = events(1);
      await store().appendToStream(streamId, later, { expectedRevision: 1 });

      const again = await store().appendToStream(streamId, batch, { expectedRevision: 'no_stream' });

      expect(again).toEqual(first);
      expect(ids(await store().readStream(streamId))).toEqual(ids([...batch, ...later]));
    });

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
