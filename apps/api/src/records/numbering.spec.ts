import { randomUUID } from 'node:crypto';
import { MemoryEventStore, StreamAppend, WrongExpectedVersionError } from '@app/event-store';
import { counterStream } from '@app/processes';
import { Numbering } from './numbering';

const ACCOUNT = randomUUID();
const OTHER_ACCOUNT = randomUUID();

describe('Numbering', () => {
  let store: MemoryEventStore;
  let numbering: Numbering;
  const draw = (accountId = ACCOUNT, sequence = 'item', on = numbering) =>
    on.next({ accountId, sequence, recordId: randomUUID() });
  const ascending = (numbers: number[]) => [...numbers].sort((a, b) => a - b);
  const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  beforeEach(() => {
    store = new MemoryEventStore();
    numbering = new Numbering(store);
  });

  it('gives 1, 2, 3 … per account and sequence', async () => {
    expect([await draw(), await draw(), await draw()]).toEqual([1, 2, 3]);
    expect(await draw(OTHER_ACCOUNT)).toBe(1);
    expect(await draw(ACCOUNT, 'invoice')).toBe(1);
    expect(await draw()).toBe(4);
  });

  it('records each number given, with the record it went to, on the counter stream', async () => {
    const recordId = randomUUID();
    await numbering.next({ accountId: ACCOUNT, sequence: 'item', recordId, now: '2030-01-01T00:00:00.000Z' });
    const [event] = await store.readStream(counterStream(ACCOUNT, 'item'));
    expect(event).toMatchObject({
      streamId: `counter-${ACCOUNT}-item`,
      type: 'NumberAssigned',
      data: {
        account_id: ACCOUNT,
        sequence: 'item',
        number: 1,
        record_id: recordId,
        assigned_at: '2030-01-01T00:00:00.000Z',
      },
    });
  });

  it('gives concurrent requests of one process consecutive numbers, recorded in few appends', async () => {
    const append = store.appendToStream.bind(store);
    let appends = 0;
    store.appendToStream = (...args) => {
      appends++;
      return append(...args);
    };
    const numbers = await Promise.all(Array.from({ length: 40 }, () => draw()));
    expect(ascending(numbers)).toEqual(oneTo(40));
    const events = await store.readStream(counterStream(ACCOUNT, 'item'));
    expect(events.map((event) => (event.data as { number: number }).number)).toEqual(oneTo(40));
    // Requests waiting while a draw is recorded share the next append.
    expect(appends).toBeLessThan(40);
  });

  it('never gives one number twice across processes sharing the store: the loser draws again', async () => {
    const other = new Numbering(store);
    const numbers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => draw(ACCOUNT, 'item', i % 2 === 0 ? numbering : other)),
    );
    expect(ascending(numbers)).toEqual(oneTo(30));
  });

  it('remembers its last draw: the next is one append, and a draw elsewhere meanwhile is caught up', async () => {
    await draw();
    const readLast = jest.spyOn(store, 'readLastEvent');
    expect(await draw()).toBe(2);
    expect(readLast).not.toHaveBeenCalled();
    expect(await draw(ACCOUNT, 'item', new Numbering(store))).toBe(3);
    expect(await draw()).toBe(4);
  });

  it('refuses every waiter of a draw the store refuses, and draws again for later requests', async () => {
    const append = store.appendToStream.bind(store);
    const failure = new Error('store unavailable');
    store.appendToStream = () => Promise.reject(failure);
    const refused = await Promise.allSettled([draw(), draw()]);
    expect(refused.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    store.appendToStream = append;
    expect(await draw()).toBe(1);
  });

  describe('a record appended with its number', () => {
    /** A creation on its own new stream, its number in its one event. */
    const creation =
      (streamId: string) =>
      (number: number): StreamAppend[] => [
        {
          streamId,
          events: [{ id: randomUUID(), type: 'WidgetCreated', data: { widget_number: number } }],
          expectedRevision: 'no_stream',
        },
      ];
    const create = (streamId = `widget-${randomUUID()}`, on = numbering, recordId = randomUUID()) =>
      on.append({ accountId: ACCOUNT, sequence: 'widget', recordId }, creation(streamId));
    const numbersOn = async (streamId: string) =>
      (await store.readStream(streamId)).map((e) => e.data as { widget_number?: number; number?: number });
    const counted = async () =>
      (await store.readStream(counterStream(ACCOUNT, 'widget')).catch(() => [])).map(
        (e) => (e.data as { number: number }).number,
      );

    it('lands with the counter’s record of its number, in one append: the number written in, the results its own', async () => {
      const stream = `widget-${randomUUID()}`;
      const recordId = randomUUID();
      const { number, results } = await create(stream, numbering, recordId);
      expect(number).toBe(1);
      expect(await numbersOn(stream)).toEqual([{ widget_number: 1 }]);
      const [assigned] = await store.readStream(counterStream(ACCOUNT, 'widget'));
      expect(assigned.data).toMatchObject({ number: 1, record_id: recordId });
      const [created] = await store.readStream(stream);
      expect(results).toEqual([{ nextExpectedRevision: 0, position: created.position }]);
      // One transaction: the counter's event and the record's are neighbours in the global log.
      const log = await store.readAll({ after: 'start', maxCount: 10 });
      expect(log.map((e) => e.streamId)).toEqual([counterStream(ACCOUNT, 'widget'), stream]);
    });

    it('consumes no number when its record cannot be appended (its stream moved): the next record gets it', async () => {
      const taken = `widget-${randomUUID()}`;
      await store.appendToStream(taken, [{ id: randomUUID(), type: 'WidgetCreated', data: {} }], {
        expectedRevision: 'no_stream',
      });
      await expect(create(taken)).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await counted()).toEqual([]);
      expect((await create()).number).toBe(1);
      expect(await counted()).toEqual([1]);
    });

    it('refuses only the request whose stream moved: the others waiting with it are numbered without a gap', async () => {
      const taken = `widget-${randomUUID()}`;
      await store.appendToStream(taken, [{ id: randomUUID(), type: 'WidgetCreated', data: {} }], {
        expectedRevision: 'no_stream',
      });
      const outcomes = await Promise.allSettled([create(), create(), create(taken), create(), create()]);
      expect(outcomes.map((o) => o.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      const numbers = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.number] : []));
      expect(ascending(numbers)).toEqual(oneTo(4));
      expect(await counted()).toEqual(oneTo(4));
    });

    it('gives concurrent requests of one process consecutive numbers, plain draws and records alike, in few appends', async () => {
      const appendMany = store.appendToStreams.bind(store);
      let appends = 0;
      store.appendToStreams = (...args) => {
        appends++;
        return appendMany(...args);
      };
      const streams = Array.from({ length: 30 }, () => `widget-${randomUUID()}`);
      const created = await Promise.all(streams.map((stream) => create(stream)));
      const drawn = await Promise.all(
        Array.from({ length: 10 }, () =>
          numbering.next({ accountId: ACCOUNT, sequence: 'widget', recordId: randomUUID() }),
        ),
      );
      expect(ascending([...created.map((c) => c.number), ...drawn])).toEqual(oneTo(40));
      for (const [i, stream] of streams.entries())
        expect(await numbersOn(stream)).toEqual([{ widget_number: created[i].number }]);
      expect(appends).toBeLessThan(30);
    });

    it('never gives one number twice across processes sharing the store: the loser draws again', async () => {
      const other = new Numbering(store);
      const created = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          create(`widget-${randomUUID()}`, i % 2 === 0 ? numbering : other),
        ),
      );
      expect(ascending(created.map((c) => c.number))).toEqual(oneTo(30));
      expect(ascending(await counted())).toEqual(oneTo(30));
    });

    it('puts requests that move one same stream in separate appends, each numbered', async () => {
      const shared = `unit-${randomUUID()}`;
      const movingTheUnit =
        (stream: string) =>
        (number: number): StreamAppend[] => [
          {
            streamId: shared,
            events: [{ id: randomUUID(), type: 'UnitMoved', data: {} }],
            expectedRevision: 'any',
          },
          ...creation(stream)(number),
        ];
      const both = await Promise.all(
        [1, 2].map(() =>
          numbering.append(
            { accountId: ACCOUNT, sequence: 'widget', recordId: randomUUID() },
            movingTheUnit(`widget-${randomUUID()}`),
          ),
        ),
      );
      expect(ascending(both.map((b) => b.number))).toEqual([1, 2]);
      expect(await store.readStream(shared)).toHaveLength(2);
      expect(await counted()).toEqual([1, 2]);
    });
  });
});
