import { Decision } from '../shared/decision';
import { isDomainError } from '../shared/domain-error';

export interface Folding<S, E> {
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

/**
 * For arranging: `decided(given, command)` is the events the command decides after `given` (it
 * throws if the aggregate refuses), `after(given, ...commands)` is `given` followed by theirs in turn.
 */
export function arranging<E, C, X>(
  subject: { given(...events: E[]): { when(command: C, context: X): Decision<E> } },
  defaultContext: () => X,
) {
  const decided = (given: E[], command: C, context = defaultContext()): E[] => {
    const decision = subject.given(...given).when(command, context);
    if (isDomainError(decision)) throw decision;
    return decision;
  };
  const after = (given: E[], ...commands: C[]): E[] =>
    commands.reduce((events, command) => [...events, ...decided(events, command)], given);
  return { decided, after };
}

type LiveRecord<S> = S extends { status: 'live'; record: infer R } ? R : never;

/** The record of a live state; for arranging, it throws on an absent or deleted one. */
export function liveRecordOf<S extends { status: string }>(state: S): LiveRecord<S> {
  if (state.status !== 'live') throw new Error(`expected a live record, got ${state.status}`);
  return (state as unknown as { record: LiveRecord<S> }).record;
}

/** The live record after these events (folded through JSON, as stateAfter does). */
export function liveRecordAfter<S extends { status: string }, E>(
  aggregate: Folding<S, E>,
  events: E[],
): LiveRecord<S> {
  return liveRecordOf(stateAfter(aggregate, events));
}
