import { DomainError, notFound } from './domain-error';

/**
 * The life of a record as its stream tells it: not created yet, live, or deleted (a deleted record
 * keeps its last data for the history, but answers 404 to every command). Plain JSON, for snapshots.
 */
export type RecordState<R> =
  { status: 'absent' } | { status: 'live'; record: R } | { status: 'deleted'; record: R };

export const ABSENT: { status: 'absent' } = { status: 'absent' };

/** The live record, or 404: absent and deleted records look the same to a client. */
export function liveRecord<R>(state: RecordState<R>): R | DomainError {
  return state.status === 'live' ? state.record : notFound();
}

/** The live record of this account, or 404: another account's record must not be told apart from none. */
export function liveRecordIn<R extends { account_id: string }>(
  state: RecordState<R>,
  accountId: string,
): R | DomainError {
  return state.status === 'live' && state.record.account_id === accountId ? state.record : notFound();
}

/** Applies a change to the live record; events for an absent or deleted record change nothing. */
export function updateLive<R>(state: RecordState<R>, change: (record: R) => R): RecordState<R> {
  return state.status === 'live' ? { status: 'live', record: change(state.record) } : state;
}

export function markDeleted<R>(state: RecordState<R>): RecordState<R> {
  return state.status === 'live' ? { status: 'deleted', record: state.record } : state;
}

/** A record as its creation event leaves it: live, last updated when it was created. */
export function createdRecord<D extends { created_at: string }>(
  data: D,
): { status: 'live'; record: D & { updated_at: string } } {
  return { status: 'live', record: { ...data, updated_at: data.created_at } };
}

/** Applies a change to the live record and stamps it updated `at`. */
export function changeLive<R extends { updated_at: string }>(
  state: RecordState<R>,
  at: string,
  apply: (record: NoInfer<R>) => NoInfer<R>,
): RecordState<R> {
  return updateLive(state, (record) => ({ ...apply(record), updated_at: at }));
}

/** An update event's changes over the live record, stamped with its time. */
export function withChanges<R extends { updated_at: string }>(
  state: RecordState<R>,
  data: { changes: Partial<NoInfer<R>>; updated_at: string },
): RecordState<R> {
  return changeLive(state, data.updated_at, (record) => ({ ...record, ...data.changes }));
}
