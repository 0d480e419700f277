import { changeLive, createdRecord, markDeleted } from '../shared/record-state';
import { PartyFields } from './fields';
import { PartyState } from './record';

/** How customer and supplier events change a record: the same steps under each kind's event names. */

export function created<F extends PartyFields>(
  data: F & { id: string; account_id: string; created_at: string },
): PartyState<F> {
  return createdRecord({ ...data, archived: false }) as PartyState<F>;
}

export function updated<F extends PartyFields>(
  state: PartyState<F>,
  changes: Partial<F>,
  at: string,
): PartyState<F> {
  return changeLive(state, at, (record) => ({ ...record, ...changes }));
}

export function archivedAs<F extends PartyFields>(
  state: PartyState<F>,
  archived: boolean,
  at: string,
): PartyState<F> {
  return changeLive(state, at, (record) => ({ ...record, archived }));
}

export function deleted<F extends PartyFields>(state: PartyState<F>): PartyState<F> {
  return markDeleted(state);
}
