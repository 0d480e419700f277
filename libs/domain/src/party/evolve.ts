import { markDeleted, updateLive } from '../shared/record-state';
import { PartyFields } from './fields';
import { PartyRecord, PartyState } from './record';

/** How customer and supplier events change a record: the same steps under each kind's event names. */

export function created<F extends PartyFields>(
  data: F & { id: string; account_id: string; created_at: string },
): PartyState<F> {
  return {
    status: 'live',
    record: { ...data, archived: false, updated_at: data.created_at } as PartyRecord<F>,
  };
}

export function updated<F extends PartyFields>(
  state: PartyState<F>,
  changes: Partial<F>,
  at: string,
): PartyState<F> {
  return updateLive(state, (record) => ({ ...record, ...changes, updated_at: at }));
}

export function archivedAs<F extends PartyFields>(
  state: PartyState<F>,
  archived: boolean,
  at: string,
): PartyState<F> {
  return updateLive(state, (record) => ({ ...record, archived, updated_at: at }));
}

export function deleted<F extends PartyFields>(state: PartyState<F>): PartyState<F> {
  return markDeleted(state);
}
