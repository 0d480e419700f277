import { randomUUID } from 'node:crypto';
import { invalid } from '@app/domain';
import { MemoryEventStore } from '@app/event-store';
import { counterStream, Numbering } from './numbering';

const ACCOUNT = randomUUID();
const OTHER_ACCOUNT = randomUUID();

describe('Numbering', () => {
  let store: MemoryEventStore;
  let numbering: Numbering;
  const draw = (accountId = ACCOUNT, sequence = 'item') =>
    numbering.assign({ accountId, sequence, recordId: randomUUID() }, (n) => n);

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
    await numbering.assign(
      { accountId: ACCOUNT, sequence: 'item', recordId, now: '2030-01-01T00:00:00.000Z' },
      () => 'ok',
    );
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

  it('consumes no number when the decision refuses', async () => {
    const refusal = invalid('name', 'name is required.');
    expect(
      await numbering.assign({ accountId: ACCOUNT, sequence: 'item', recordId: randomUUID() }, () => refusal),
    ).toBe(refusal);
    expect(await draw()).toBe(1);
  });

  it('never gives one number twice to concurrent requests: the losers decide again with the next', async () => {
    const decided: number[] = [];
    const numbers = await Promise.all(
      Array.from({ length: 12 }, () =>
        numbering.assign({ accountId: ACCOUNT, sequence: 'item', recordId: randomUUID() }, async (n) => {
          decided.push(n);
          await new Promise((resolve) => setImmediate(resolve));
          return n;
        }),
      ),
    );
    expect([...numbers].sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(decided.length).toBeGreaterThan(12);
  });
});
