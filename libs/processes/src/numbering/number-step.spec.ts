import { ACCOUNT_ID, LATER } from '@app/domain/testing/fixtures';
import { EventStore, RecordedEvent } from '@app/event-store';
import { reactorTools, stepEventId } from '@app/read-models';
import { counterStream } from './counter';
import { drawNumberStep } from './number-step';
import { eventsOf, STORES, storeFor, trigger } from '../testing/process-spec';

const COUNTER = counterStream(ACCOUNT_ID, 'invoice');
const recordId = (n: number) => `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe.each(STORES)('a number drawn by a step (drawNumberStep) on %s', (kind) => {
  const storeOf = storeFor(kind);

  /** A trigger on a stream of its own, for record `n`. */
  const triggerFor = (store: EventStore, n: number) =>
    trigger(store, `estimate-${recordId(n)}`, [
      { type: 'EstimateConverted', data: { document_id: recordId(n) } },
    ]);

  const draw = (store: EventStore, by: RecordedEvent, n: number) =>
    drawNumberStep(reactorTools(store, by), {
      accountId: ACCOUNT_ID,
      sequence: 'invoice',
      recordId: recordId(n),
      at: LATER,
    });

  it("records the account's first number as given to the record, id derived from the trigger", async () => {
    // given a trigger and no number drawn yet
    const store = storeOf();
    const first = await triggerFor(store, 1);

    // when its step draws, then it gets 1, recorded on the counter
    expect(await draw(store, first, 1)).toBe(1);
    expect(await eventsOf(store, COUNTER)).toEqual([
      expect.objectContaining({
        id: stepEventId(first.id, 'invoice-number', 0),
        type: 'NumberAssigned',
        data: {
          account_id: ACCOUNT_ID,
          sequence: 'invoice',
          number: 1,
          record_id: recordId(1),
          assigned_at: LATER,
        },
      }),
    ]);
  });

  it('given 16 steps drawing at once on one counter, then each gets its own number, 1 to 16, none given up', async () => {
    // given 16 triggers (16 conversions answered at once)
    const store = storeOf();
    const triggers = [];
    for (let n = 1; n <= 16; n++) triggers.push(await triggerFor(store, n));

    // when every step draws at once
    const numbers = await Promise.all(triggers.map((by, i) => draw(store, by, i + 1)));

    // then the draws that lost a race drew again until they won
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it('draws once per trigger: a repeat gets the same number, another trigger the next one', async () => {
    // given a number drawn for one trigger
    const store = storeOf();
    const [first, second] = [await triggerFor(store, 1), await triggerFor(store, 2)];
    await draw(store, first, 1);

    // when the same step draws again, and another trigger's step draws
    const repeat = await draw(store, first, 1);
    const next = await draw(store, second, 2);

    // then the repeat got its number back, the other the next one, and the counter holds two
    expect([repeat, next]).toEqual([1, 2]);
    expect((await eventsOf(store, COUNTER)).map((e) => e.data.record_id)).toEqual([recordId(1), recordId(2)]);
  });

  it('continues from the last number on the counter', async () => {
    // given a counter whose last number is 41 (drawn by a request)
    const store = storeOf();
    await trigger(store, COUNTER, [{ type: 'NumberAssigned', data: { number: 41, record_id: recordId(9) } }]);

    // when a step draws, then it gets 42
    expect(await draw(store, await triggerFor(store, 1), 1)).toBe(42);
  });
});
