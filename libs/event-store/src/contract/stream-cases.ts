import { StreamNotFoundError } from '../errors';
import { anEvent, events, ids, newStreamId, StoreRef } from './fixtures';

export function streamCases(store: StoreRef): void {
  describe('reading and writing one stream', () => {
    it('given events appended, when the stream is read, then id, type, data, metadata and revision come back as written', async () => {
      const streamId = newStreamId();
      const data = {
        text: 'Grüße ✓ "quoted"',
        amount: '12.30',
        count: 3,
        flag: true,
        none: null,
        nested: { list: [1, 'a', { b: 2 }] },
      };
      const metadata = {
        account_id: 'acc-1',
        user_id: 'user-1',
        request_id: 'req-1',
        correlation_id: 'corr-1',
        extra: { k: 1 },
      };
      const first = anEvent('InvoiceCreated', data, metadata);
      const second = anEvent('InvoiceSent');
      const before = Date.now();

      await store().appendToStream(streamId, [first, second], { expectedRevision: 'no_stream' });
      const read = await store().readStream(streamId);

      expect(read.map((e) => [e.id, e.streamId, e.revision, e.type])).toEqual([
        [first.id, streamId, 0, 'InvoiceCreated'],
        [second.id, streamId, 1, 'InvoiceSent'],
      ]);
      expect(read[0].data).toEqual(data);
      expect(read[0].metadata).toEqual(metadata);
      expect(read[1].data).toEqual({});
      expect(read[1].metadata).toEqual({});
      // A loose bound: the store's clock may be another machine's.
      expect(read[0].recordedAt).toBeInstanceOf(Date);
      expect(Math.abs(read[0].recordedAt.getTime() - before)).toBeLessThan(10 * 60_000);
    });

    it('given a stream of 5 events, when read from revision 2 with maxCount 2, then revisions 2 and 3', async () => {
      const streamId = newStreamId();
      const written = events(5);
      await store().appendToStream(streamId, written, { expectedRevision: 'no_stream' });

      const read = await store().readStream(streamId, { fromRevision: 2, maxCount: 2 });

      expect(read.map((e) => e.revision)).toEqual([2, 3]);
      expect(ids(read)).toEqual(ids(written.slice(2, 4)));
    });

    it('given a stream of 3 events, when read from revision 1 without maxCount, then the rest of the stream', async () => {
      const streamId = newStreamId();
      await store().appendToStream(streamId, events(3), { expectedRevision: 'no_stream' });

      const read = await store().readStream(streamId, { fromRevision: 1 });

      expect(read.map((e) => e.revision)).toEqual([1, 2]);
    });

    it('given a stream of 2 events, when read from past its end, then nothing', async () => {
      const streamId = newStreamId();
      await store().appendToStream(streamId, events(2), { expectedRevision: 'no_stream' });

      expect(await store().readStream(streamId, { fromRevision: 2 })).toEqual([]);
    });

    it('given a stream appended in several batches, when read, then revisions run 0..n-1 without gaps', async () => {
      const streamId = newStreamId();
      await store().appendToStream(streamId, events(2), { expectedRevision: 'no_stream' });
      await store().appendToStream(streamId, events(1), { expectedRevision: 1 });
      await store().appendToStream(streamId, events(3), { expectedRevision: 'any' });

      const read = await store().readStream(streamId);

      expect(read.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it('given no event in a stream, when it is read, then StreamNotFoundError names it', async () => {
      const streamId = newStreamId();

      const error = await store()
        .readStream(streamId)
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(StreamNotFoundError);
      expect((error as StreamNotFoundError).streamId).toBe(streamId);
    });

    it('given a stream, when its last event is read, then the newest event with its revision and position', async () => {
      const streamId = newStreamId();
      const written = events(3);
      const result = await store().appendToStream(streamId, written, { expectedRevision: 'no_stream' });

      const last = await store().readLastEvent(streamId);

      expect(last?.id).toBe(written[2].id);
      expect(last?.revision).toBe(2);
      expect(last?.position).toEqual(result.position);
    });

    it('given no event in a stream, when its last event is read, then undefined', async () => {
      expect(await store().readLastEvent(newStreamId())).toBeUndefined();
    });
  });
}
