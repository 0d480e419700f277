import { events, headBefore, ids, inStreams, iterate, newStreamId, pull, StoreRef } from './fixtures';

export function subscriptionCases(store: StoreRef): void {
  describe('subscribing to the global log', () => {
    it('given events already written, when subscribing, then it catches up and then receives new events live, each once and in order', async () => {
      const start = await headBefore(store());
      const streamId = newStreamId();
      const past = events(3);
      await store().appendToStream(streamId, past, { expectedRevision: 'no_stream' });
      const subscription = store().subscribeToAll({ after: start, maxBatchSize: 2 });
      const iterator = iterate(subscription);
      try {
        const caughtUp = await pull(iterator, 3, inStreams(streamId));
        const pending = pull(iterator, 2, inStreams(streamId));
        const future = events(2);
        await store().appendToStream(streamId, future.slice(0, 1), { expectedRevision: 2 });
        await store().appendToStream(streamId, future.slice(1), { expectedRevision: 3 });
        const live = await pending;

        expect(ids(caughtUp)).toEqual(ids(past));
        expect(ids(live)).toEqual(ids(future));
        expect(live.map((e) => e.revision)).toEqual([3, 4]);
      } finally {
        await subscription.close();
      }
    });

    it('given a checkpoint at an event position, when subscribing from it, then delivery resumes with the next event', async () => {
      const streamId = newStreamId();
      const written = events(4);
      await store().appendToStream(streamId, written.slice(0, 2), { expectedRevision: 'no_stream' });
      const checkpoint = (await store().readStream(streamId))[1].position;
      await store().appendToStream(streamId, written.slice(2), { expectedRevision: 1 });
      const subscription = store().subscribeToAll({ after: checkpoint });
      try {
        const resumed = await pull(iterate(subscription), 2, inStreams(streamId));

        expect(ids(resumed)).toEqual(ids(written.slice(2)));
      } finally {
        await subscription.close();
      }
    });

    it('given a subscription, when it is closed, then iteration ends', async () => {
      const subscription = store().subscribeToAll({ after: await headBefore(store()) });
      const iterator = iterate(subscription);
      const next = iterator.next();

      await subscription.close();

      expect((await next).done === true || Array.isArray((await next).value)).toBe(true);
      expect((await iterator.next()).done).toBe(true);
    });
  });
}
