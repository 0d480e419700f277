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
import { Reactor, ReactorTools, StepEvent, StepResult } from './reactor';
import { stepEventId } from './step-event-id';

/** The tools of `trigger`'s step; `appended` collects what each append returned. */
export function reactorTools(
  store: EventStore,
  trigger: RecordedEvent,
  appended: AppendResult[] = [],
  signal: AbortSignal = NEVER,
): ReactorTools {
  const tools: ReactorTools = {
    store,
    signal,
    read: (streamId) => readWhole(store, streamId),
    async append(streamId, step, events, { expectedRevision }) {
      const data = stepEvents(trigger, step, events);
      const result = await appendOnce(store, streamId, data, expectedRevision);
      appended.push(result);
      return result;
    },
    async decideAndAppend(streamId, step, decide) {
      for (let attempt = 1; ; attempt++) {
        const stream = await readWhole(store, streamId);
        const done = stepAlreadyIn(stream, trigger.id, step);
        if (done) {
          appended.push({ nextExpectedRevision: done.nextExpectedRevision, position: done.position });
          return done;
        }
        const events = decide(stream);
        if (events.length === 0) return undefined;
        const expectedRevision = stream.length === 0 ? 'no_stream' : stream[stream.length - 1].revision;
        try {
          const result = await tools.append(streamId, step, events, { expectedRevision });
          return { ...result, events: [...events] };
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_DECIDE_ATTEMPTS) throw error;
        }
      }
    },
  };
  return tools;
}

/**
 * Decisions before a step gives up: each concurrent step that wins a stream (an account's counter,
 * drawn by every conversion at once) costs the others one more, as for Numbering.
 */
const MAX_DECIDE_ATTEMPTS = 50;

/** The signal of a step run by a request: nothing stops it but the request's own end. */
const NEVER = new AbortController().signal;

/** Where the step's events already are in `stream` (from its first derived id on), if they are. */
function stepAlreadyIn(stream: RecordedEvent[], triggerId: string, step: string): StepResult | undefined {
  const start = stream.findIndex((e) => e.id === stepEventId(triggerId, step, 0));
  if (start < 0) return undefined;
  let last = start;
  while (stream[last + 1]?.id === stepEventId(triggerId, step, last + 1 - start)) last++;
  const events = stream.slice(start, last + 1).map(({ type, data }) => ({ type, data }));
  return { nextExpectedRevision: stream[last].revision, position: stream[last].position, events };
}

/**
 * Runs `reactor`'s step for `trigger` now, as its loop would: a request completes the step itself for
 * its answer, and whichever of the two runs first wins. Returns the appends' results, in order.
 */
export async function runReactorStep(
  reactor: Reactor,
  trigger: RecordedEvent,
  store: EventStore,
  signal?: AbortSignal,
): Promise<AppendResult[]> {
  const appended: AppendResult[] = [];
  await reactor.react(trigger, reactorTools(store, trigger, appended, signal));
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
