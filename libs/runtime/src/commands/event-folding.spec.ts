import { AggregateDefinition } from '@app/event-store/aggregate';
import { CounterEvent, CounterState, counter } from '@app/event-store/aggregate/counter.fixture';
import { foldedWhenRead } from './event-folding';

const metadata = { user_id: 'u-1' };

/** The counter, noting every event it folds. */
function counting(): { definition: AggregateDefinition<CounterState, CounterEvent>; folded: () => number } {
  let folded = 0;
  const definition: AggregateDefinition<CounterState, CounterEvent> = {
    ...counter,
    evolve: (state, event) => {
      folded++;
      return counter.evolve(state, event);
    },
  };
  return { definition, folded: () => folded };
}

describe('foldedWhenRead: the state a write leaves for the next command', () => {
  it('folds the events only when the state is read, and once', () => {
    const { definition, folded } = counting();
    const events: CounterEvent[] = [
      { type: 'Incremented', data: { by: 2 } },
      { type: 'Incremented', data: { by: 3 } },
    ];
    const loaded = foldedWhenRead(
      definition,
      'c1',
      { ...counter.initialState, value: 10 },
      4,
      events,
      metadata,
    );
    expect(loaded).toMatchObject({ revision: 6, exists: true });
    expect(folded()).toBe(0);
    expect(loaded.state).toEqual({ value: 15, applied: 2, lastRevision: 6, lastUser: 'u-1' });
    expect(loaded.state).toEqual({ value: 15, applied: 2, lastRevision: 6, lastUser: 'u-1' });
    expect(folded()).toBe(2);
  });

  it('folds the events as they were appended, through JSON, whatever is done to them afterwards', () => {
    const { definition } = counting();
    const data: { by: number; note?: undefined } = { by: 2, note: undefined };
    const events: CounterEvent[] = [{ type: 'Incremented', data }];
    let seen: unknown;
    const noting: AggregateDefinition<CounterState, CounterEvent> = {
      ...definition,
      evolve: (state, event) => {
        seen = event.data;
        return definition.evolve(state, event);
      },
    };
    const loaded = foldedWhenRead(noting, 'c1', counter.initialState, -1, events, metadata);
    data.by = 100;
    expect(loaded.state.value).toBe(2);
    expect(seen).toEqual({ by: 2 });
    expect(Object.keys(seen as object)).toEqual(['by']);
  });
});
