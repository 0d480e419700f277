import { EmptyAppendError, StreamNotFoundError, WrongExpectedVersionError } from '../errors';
import { ExpectedRevision } from '../event-store';
import { events, newStreamId, StoreRef } from './fixtures';

export function expectedRevisionCases(store: StoreRef): void {
  /** A stream holding `count` events (revisions 0..count-1); 0 means it does not exist. */
  async function streamWith(count: number): Promise<string> {
    const streamId = newStreamId();
    if (count > 0) await store().appendToStream(streamId, events(count), { expectedRevision: 'no_stream' });
    return streamId;
  }

  async function rejection(
    streamId: string,
    expectedRevision: ExpectedRevision,
  ): Promise<WrongExpectedVersionError> {
    const error = await store()
      .appendToStream(streamId, events(1), { expectedRevision })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    return error as WrongExpectedVersionError;
  }

  describe('expected revision', () => {
    it.each<[string, number, ExpectedRevision, number]>([
      ['no_stream on a new stream', 0, 'no_stream', 0],
      ['any on a new stream', 0, 'any', 0],
      ['any on an existing stream', 2, 'any', 2],
      ['stream_exists on an existing stream', 2, 'stream_exists', 2],
      ['the exact current revision', 3, 2, 3],
    ])(
      'given %s, when appending one event, then it is accepted at the next revision',
      async (_, count, expectedRevision, revision) => {
        const streamId = await streamWith(count);

        const result = await store().appendToStream(streamId, events(1), { expectedRevision });

        expect(result.nextExpectedRevision).toBe(revision);
        expect((await store().readStream(streamId)).length).toBe(count + 1);
      },
    );

    it.each<[string, number, ExpectedRevision, number | 'no_stream']>([
      ['no_stream on an existing stream', 2, 'no_stream', 1],
      ['stream_exists on a new stream', 0, 'stream_exists', 'no_stream'],
      ['an exact revision below the current one', 3, 1, 2],
      ['an exact revision above the current one', 3, 5, 2],
      ['an exact revision on a new stream', 0, 0, 'no_stream'],
    ])(
      'given %s, when appending, then WrongExpectedVersionError carries expected and actual, and nothing is written',
      async (_, count, expectedRevision, actual) => {
        const streamId = await streamWith(count);

        const error = await rejection(streamId, expectedRevision);

        expect(error.streamId).toBe(streamId);
        expect(error.expected).toBe(expectedRevision);
        expect(error.actual).toBe(actual);
        if (count === 0)
          await expect(store().readStream(streamId)).rejects.toBeInstanceOf(StreamNotFoundError);
        else expect((await store().readStream(streamId)).length).toBe(count);
      },
    );

    it('given a new stream, when a batch of 3 is appended, then the result names the last revision and its position', async () => {
      const streamId = newStreamId();

      const result = await store().appendToStream(streamId, events(3), { expectedRevision: 'no_stream' });

      expect(result.nextExpectedRevision).toBe(2);
      expect(result.position).toEqual((await store().readLastEvent(streamId))?.position);
    });

    it('given an empty list of events, when appended, then EmptyAppendError and no stream is created', async () => {
      const streamId = newStreamId();

      await expect(store().appendToStream(streamId, [], { expectedRevision: 'any' })).rejects.toBeInstanceOf(
        EmptyAppendError,
      );
      await expect(store().readStream(streamId)).rejects.toBeInstanceOf(StreamNotFoundError);
    });
  });
}
