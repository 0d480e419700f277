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
