import { EvolveSteps } from '../shared/evolver';
import { changeLive, createdRecord, markDeleted, withChanges } from '../shared/record-state';
import { PartyEvents } from './events';
import { PartyFields } from './fields';
import { PartyRecord, PartyState } from './record';

type PartyEvent<N extends string, F> = PartyEvents<N, F>[keyof PartyEvents<N, F>];

/** How customer and supplier events change a record: the same steps under each kind's event names. */
export function partySteps<N extends string, F extends PartyFields>(
  name: N,
): EvolveSteps<PartyState<F>, PartyEvent<N, F>> {
  const archivedAs = (state: PartyState<F>, archived: boolean, at: string) =>
    changeLive(state, at, (record) => ({ ...record, archived }));
  // Keys built from the name lose their literal types: the cast restores what the events say.
  const steps = {
    [`${name}Created`]: (_: PartyState<F>, data: PartyEvents<N, F>['created']['data']) =>
      createdRecord({ ...data, archived: false }) as PartyState<F>,
    [`${name}Updated`]: withChanges<PartyRecord<F>>,
    [`${name}Archived`]: (state: PartyState<F>, data: { archived_at: string }) =>
      archivedAs(state, true, data.archived_at),
    [`${name}Restored`]: (state: PartyState<F>, data: { restored_at: string }) =>
      archivedAs(state, false, data.restored_at),
    [`${name}Deleted`]: markDeleted,
  };
  return steps as unknown as EvolveSteps<PartyState<F>, PartyEvent<N, F>>;
}
