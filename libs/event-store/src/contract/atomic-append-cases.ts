import { EmptyAppendError, StreamNotFoundError, WrongExpectedVersionError } from '../errors';
import { AppendResult, StreamAppend } from '../event-store';
import { comparePositions } from '../position';
import {
  anEvent,
  events,
  headBefore,
  ids,
  inStreams,
  newStreamId,
  readAllAfter,
  StoreRef,
  untilVisible,
} from './fixtures';

const WRITERS = 5;

export function atomicAppendCases(store: StoreRef): void {
  /** A stream holding `count` events (revisions 0..count-1); 0 means it does not exist. */
  async function streamWith(count: number): Promise<string> {
    const streamId = newStreamId();
    if (count > 0) await store().appendToStream(streamId, events(count), { expectedRevision: 'no_stream' });
    return streamId;
  }

  async function idsOf(streamId: string): Promise<string[]> {
    try {
      return ids(await store().readStream(streamId));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  async function rejection(appends: StreamAppend[]): Promise<unknown> {
    return store()
      .appendToStreams(appends)
      .catch((e: unknown) => e);
  }

  /** The same call again answers with the first call's results and writes nothing to its streams. */
  async function expectRetryAnsweredAsFirst(appends: StreamAppend[], first: AppendResult[]): Promise<void> {
    const streams = appends.map((append) => append.streamId);
    const before = await Promise.all(streams.map(idsOf));
    expect(await store().appendToStreams(appends)).toEqual(first);
    expect(await Promise.all(streams.map(idsOf))).toEqual(before);
  }

  describe('atomic append to several streams', () => {
    it('given a new stream and two existing ones, when appended to together with their expectations, then each holds its events at the next revisions and a result per stream in order', async () => {
      const [fresh, one, two] = [await streamWith(0), await streamWith(1), await streamWith(3)];
      const before = { one: await idsOf(one), two: await idsOf(two) };
      const appends: StreamAppend[] = [
        { streamId: fresh, events: events(2), expectedRevision: 'no_stream' },
        { streamId: one, events: events(1), expectedRevision: 0 },
        { streamId: two, events: events(3), expectedRevision: 'stream_exists' },
      ];

      const results = await store().appendToStreams(appends);

      expect(results.map((r) => r.nextExpectedRevision)).toEqual([1, 1, 5]);
      expect(await idsOf(fresh)).toEqual(ids(appends[0].events));
      expect(await idsOf(one)).toEqual([...before.one, ...ids(appends[1].events)]);
      expect(await idsOf(two)).toEqual([...before.two, ...ids(appends[2].events)]);
      for (const [i, { streamId }] of appends.entries()) {
        expect((await store().readLastEvent(streamId))?.position).toEqual(results[i].position);
      }
    });

    it.each<[string, number, StreamAppend['expectedRevision'], number | 'no_stream']>([
      ['an exact revision that moved on', 2, 0, 1],
      ['no_stream on an existing stream', 1, 'no_stream', 0],
      ['stream_exists on a new stream', 0, 'stream_exists', 'no_stream'],
    ])(
      'given the middle of three streams not as expected (%s), when appended to together, then WrongExpectedVersionError names it and no stream is written',
      async (_, count, expectedRevision, actual) => {
        const [first, middle, last] = [await streamWith(1), await streamWith(count), await streamWith(0)];
        const before = [await idsOf(first), await idsOf(middle)];

        const error = await rejection([
          { streamId: first, events: events(1), expectedRevision: 0 },
          { streamId: middle, events: events(1), expectedRevision },
          { streamId: last, events: events(1), expectedRevision: 'no_stream' },
        ]);

        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect(error).toMatchObject({ streamId: middle, expected: expectedRevision, actual });
        expect([await idsOf(first), await idsOf(middle), await idsOf(last)]).toEqual([...before, []]);
      },
    );

    it('given an atomic append made, when the same call is made again, then the same results and nothing written twice', async () => {
      const [a, b] = [await streamWith(1), await streamWith(0)];
      const appends: StreamAppend[] = [
        { streamId: a, events: events(2), expectedRevision: 0 },
        { streamId: b, events: events(1), expectedRevision: 'no_stream' },
      ];
      const first = await store().appendToStreams(appends);

      await expectRetryAnsweredAsFirst(appends, first);
    });

    it('given an atomic append made and later events on one of its streams, when the call is retried, then the original results', async () => {
      const [a, b] = [await streamWith(0), await streamWith(0)];
      const appends: StreamAppend[] = [
        { streamId: a, events: events(1), expectedRevision: 'any' },
        { streamId: b, events: events(2), expectedRevision: 'no_stream' },
      ];
      const first = await store().appendToStreams(appends);
      await store().appendToStream(b, events(2), { expectedRevision: 1 });

      await expectRetryAnsweredAsFirst(appends, first);
    });

    it('given a batch already in one stream, when an atomic append holds that batch and a new one for another stream, then WrongExpectedVersionError names the first and nothing is written', async () => {
      const [a, b] = [await streamWith(0), await streamWith(0)];
      const batch = events(2);
      await store().appendToStream(a, batch, { expectedRevision: 'no_stream' });

      const error = await rejection([
        { streamId: a, events: batch, expectedRevision: 'no_stream' },
        { streamId: b, events: events(1), expectedRevision: 'no_stream' },
      ]);

      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ streamId: a, expected: 'no_stream', actual: 1 });
      expect([await idsOf(a), await idsOf(b)]).toEqual([ids(batch), []]);
    });

    it('given a stream without events or a stream named twice, when appended to together, then refused and nothing written', async () => {
      const [a, b] = [await streamWith(0), await streamWith(0)];

      const empty = await rejection([
        { streamId: a, events: events(1), expectedRevision: 'no_stream' },
        { streamId: b, events: [], expectedRevision: 'any' },
      ]);
      const twice = await rejection([
        { streamId: a, events: events(1), expectedRevision: 'no_stream' },
        { streamId: a, events: events(1), expectedRevision: 'any' },
      ]);

      expect(empty).toBeInstanceOf(EmptyAppendError);
      expect(twice).toBeInstanceOf(Error);
      expect([await idsOf(a), await idsOf(b)]).toEqual([[], []]);
    });

    it(`given ${WRITERS} atomic appends racing for one stream at revision 0, each with a stream of its own, then exactly one is written whole and the others not at all`, async () => {
      const shared = await streamWith(1);
      const own = await Promise.all(Array.from({ length: WRITERS }, () => streamWith(0)));

      const settled = await Promise.allSettled(
        own.map((streamId) =>
          store().appendToStreams([
            { streamId, events: events(1), expectedRevision: 'no_stream' },
            { streamId: shared, events: events(1), expectedRevision: 0 },
          ]),
        ),
      );

      const won = settled.flatMap((s, i) => (s.status === 'fulfilled' ? [own[i]] : []));
      expect(won).toHaveLength(1);
      for (const s of settled) {
        if (s.status === 'rejected')
          expect(s.reason).toMatchObject({ streamId: shared, expected: 0, actual: 1 });
      }
      const written = await Promise.all(own.map(async (streamId) => (await idsOf(streamId)).length));
      expect(written.filter((n) => n === 1)).toHaveLength(1);
      expect(await idsOf(won[0])).toHaveLength(1);
      expect(await idsOf(shared)).toHaveLength(2);
    });

    it(`given ${WRITERS} atomic appends expecting any on one stream, when they race, then all are written whole`, async () => {
      const shared = await streamWith(1);
      const own = await Promise.all(Array.from({ length: WRITERS }, () => streamWith(0)));

      await Promise.all(
        own.map((streamId) =>
          store().appendToStreams([
            { streamId: shared, events: events(1), expectedRevision: 'any' },
            { streamId, events: events(1), expectedRevision: 'no_stream' },
          ]),
        ),
      );

      expect(await idsOf(shared)).toHaveLength(1 + WRITERS);
      for (const streamId of own) expect(await idsOf(streamId)).toHaveLength(1);
    });

    it("given single appends to another stream racing with an atomic append, when the log is read, then the atomic append's events are contiguous and in the order given", async () => {
      const start = await headBefore(store());
      const [a, b, c, noise] = [await streamWith(0), await streamWith(0), await streamWith(0), newStreamId()];
      const appends: StreamAppend[] = [
        { streamId: b, events: events(2), expectedRevision: 'no_stream' },
        { streamId: a, events: [anEvent()], expectedRevision: 'no_stream' },
        { streamId: c, events: events(2), expectedRevision: 'no_stream' },
      ];

      const [results] = await Promise.all([
        store().appendToStreams(appends),
        ...Array.from({ length: 10 }, () =>
          store().appendToStream(noise, [anEvent()], { expectedRevision: 'any' }),
        ),
      ]);
      const last = results.reduce((x, y) => (comparePositions(x.position, y.position) >= 0 ? x : y));
      await untilVisible(store(), last.position);
      const read = await readAllAfter(store(), start, inStreams(a, b, c, noise));

      const mine = read.map((e) => e.streamId !== noise);
      const from = mine.indexOf(true);
      expect(mine.slice(from, from + 5)).toEqual([true, true, true, true, true]);
      expect(ids(read.filter((e) => e.streamId !== noise))).toEqual(appends.flatMap((x) => ids(x.events)));
      expect(read.filter((e) => e.streamId === noise)).toHaveLength(10);
    });
  });
}
