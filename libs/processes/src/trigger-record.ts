import { RecordedEvent } from '@app/event-store';
import { AggregateDefinition, foldEvents } from '@app/event-store/aggregate';
import { ReactorTools } from '@app/read-models';

/**
 * The state of the trigger's own stream as it was at revision `upTo` (its end by default). The
 * trigger was appended on a record, so a stream without one is a broken log: the step throws.
 */
export async function triggerRecordState<S extends { status: string }>(
  aggregate: Pick<AggregateDefinition<S, never>, 'initialState' | 'evolve'>,
  kind: string,
  event: RecordedEvent,
  tools: Pick<ReactorTools, 'read'>,
  upTo = Infinity,
): Promise<Exclude<S, { status: 'absent' }>> {
  const state = foldEvents(aggregate, await tools.read(event.streamId), upTo);
  if (state.status === 'absent') throw new Error(`${event.streamId} holds no ${kind}`);
  return state as Exclude<S, { status: 'absent' }>;
}
