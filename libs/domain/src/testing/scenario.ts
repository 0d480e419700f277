import { Decision } from '../shared/decision';

interface Folding<S, E> {
  initialState: S;
  evolve(state: S, event: E): S;
}

/**
 * Given events, when a command, then events or an error. The state is folded from the given events
 * and sent through JSON, as a snapshot would be, so every scenario also proves the state serialises.
 */
export function scenario<S, E, C, X>(
  aggregate: Folding<S, E>,
  decide: (command: C, state: S, context: X) => Decision<E>,
) {
  return {
    given(...events: E[]) {
      const state = stateAfter(aggregate, events);
      return {
        state,
        when: (command: C, context: X): Decision<E> => decide(command, state, context),
      };
    },
  };
}

export function stateAfter<S, E>(aggregate: Folding<S, E>, events: E[]): S {
  const folded = events.reduce((state, event) => aggregate.evolve(state, event), aggregate.initialState);
  return JSON.parse(JSON.stringify(folded)) as S;
}
