import { RecordState } from './record-state';

type AnyEvent = { type: string; data: object };

/**
 * `event` with what it leaves (`leaves` of the record after it; of the record before when it
 * ends it) added to its data: the projectors copy those values, the views derive them from state.
 */
export function eventLeaving<R, E extends AnyEvent, L extends object>(
  record: R,
  event: Omit<E, 'data'> & { data: Omit<E['data'], keyof L> },
  evolve: (state: RecordState<R>, event: E) => RecordState<R>,
  leaves: (record: R) => L,
): E {
  const after = evolve({ status: 'live', record }, event as unknown as E);
  const left = leaves(after.status === 'live' ? after.record : record);
  return { ...event, data: { ...event.data, ...left } } as unknown as E;
}
