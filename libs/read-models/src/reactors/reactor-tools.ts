import {
  AppendResult,
  EventData,
  EventStore,
  ExpectedRevision,
  findAlreadyAppended,
  RecordedEvent,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@app/event-store';
import { Reactor, ReactorTools, StepEvent } from './reactor';
import { stepEventId } from './step-event-id';

/** The tools of `trigger`'s step; `appended` collects what each append returned. */
export function reactorTools(
  store: EventStore,
  trigger: RecordedEvent,
  appended: AppendResult[] = [],
): ReactorTools {
  return {
    store,
    read: (streamId) => readWhole(store, streamId),
    async append(streamId, step, events, { expectedRevision }) {
      const data = stepEvents(trigger, step, events);
      const result = await appendOnce(store, streamId, data, expectedRevision);
      appended.push(result);
      return result;
    },
  };
}

/**
 * Runs `reactor`'s step for `trigger` now, as its loop would: a request completes the step itself for
 * its answer, and whichever of the two runs first wins. Returns the appends' results, in order.
 */
export async function runReactorStep(
  reactor: Reactor,
  trigger: RecordedEvent,
  store: EventStore,
): Promise<AppendResult[]> {
  const appended: AppendResult[] = [];
  await reactor.react(trigger, reactorTools(store, trigger, appended));
  return appended;
}

function stepEvents(trigger: RecordedEvent, step: string, events: readonly StepEvent[]): EventData[] {
  const metadata = {
    ...trigger.metadata,
    causation_id: trigger.id,
    correlation_id: trigger.metadata.correlation_id ?? trigger.id,
  };
  return events.map((event, i) => ({
    id: stepEventId(trigger.id, step, i),
    type: event.type,
    data: event.data,
    metadata,
  }));
}

/**
 * Appends, or finds the events already there: a store's own idempotence answers most repeats, but
 * a repeat racing the first write (or an adapter that checks the expectation first) fails with
 * WrongExpectedVersionError, which here means "done" when the stream holds the events.
 */
async function appendOnce(
  store: EventStore,
  streamId: string,
  events: EventData[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  try {
    return await store.appendToStream(streamId, events, { expectedRevision });
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    const from = typeof expectedRevision === 'number' ? expectedRevision + 1 : 0;
    const stream = await readWhole(store, streamId, from);
    const done = stream.length > 0 ? findAlreadyAppended(stream, events, expectedRevision) : undefined;
    if (done) return done;
    throw error;
  }
}

async function readWhole(store: EventStore, streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
  try {
    return await store.readStream(streamId, { fromRevision });
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
}
