/** One step of an aggregate's fold: how an event of one type changes the state. */
export type EvolveStep<S, D> = (state: S, data: D) => S;

/** The steps of an aggregate's fold by event type; a type without one changes nothing. */
export type EvolveSteps<S, E extends { type: string; data: unknown }> = {
  [T in E['type']]?: EvolveStep<S, Extract<E, { type: T }>['data']>;
};

/** An aggregate's `evolve` from its table of steps, so each aggregate states only what its events do. */
export function evolver<S, E extends { type: string; data: unknown }>(
  steps: EvolveSteps<S, E>,
): (state: S, event: E) => S {
  return (state, event) => {
    const step = steps[event.type as E['type']] as EvolveStep<S, E['data']> | undefined;
    return step ? step(state, event.data) : state;
  };
}
