import { randomUUID } from 'node:crypto';
import { MemoryEventStore } from '@app/event-store';
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
});
