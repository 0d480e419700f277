import { AppendResult, EventStore, ExpectedRevision, JsonObject, RecordedEvent } from '@app/event-store';

/**
 * A later step of an operation that spans records: run for each event of the types it handles,
 * in global order, by one process at a time, with its own checkpoint that moves only once `react`
 * has returned. A crash before that runs `react` again for the same event: every append must go
 * through `tools.append` (deterministic ids, an expectation), so that a second run changes nothing.
 */
export interface Reactor {
  /** Stable and unique among reactors and projectors; a lower-case SQL identifier (checkpoint, lease). */
  readonly name: string;
  /** The event types that trigger it. */
  readonly handles: readonly string[];
  /** Carries out (or completes) the step for `event`; throwing stops the reactor, to be retried. */
  react(event: RecordedEvent, tools: ReactorTools): Promise<void>;
}

/** An event a step appends: the id is derived, the metadata carried over from the trigger. */
export interface StepEvent {
  type: string;
  data: JsonObject;
}

/** Where a step's events are, and what they say (as decided now, or as found from a first run). */
export interface StepResult extends AppendResult {
  events: StepEvent[];
}

export interface StepAppendOptions {
  /** `no_stream` for a record the step creates; the revision the step read for an existing one. */
  expectedRevision: ExpectedRevision;
}

/** What a reactor works with, bound to the triggering event. */
export interface ReactorTools {
  /** The event store, to read what the step needs (streams, a counter's revision). */
  readonly store: EventStore;
  /** Aborted when the reactor stops: a step that waits (until it is due) must give up then. */
  readonly signal: AbortSignal;
  /** The stream's events, or none when it does not exist. */
  read(streamId: string): Promise<RecordedEvent[]>;
  /**
   * Appends `events` as step `step` of the trigger: ids `stepEventId(trigger.id, step, i)`, the
   * trigger's metadata with `causation_id` the trigger. Done before (by a request or an earlier run):
   * nothing is written, and the result says where the events already are.
   */
  append(
    streamId: string,
    step: string,
    events: readonly StepEvent[],
    options: StepAppendOptions,
  ): Promise<AppendResult>;
  /**
   * For an existing stream (a counter, a customer): `decide` gets the stream's events and returns
   * the step's events (none: nothing to do), appended with the revision read as expectation; when
   * another writer moved the stream meanwhile, read and decide again (up to 50 times: every
   * concurrent step that wins costs the others one). A stream that already holds the step's events
   * (a repeat) is not decided on again: those events are returned, so a number drawn the first time
   * is the number a repeat gets.
   */
  decideAndAppend(
    streamId: string,
    step: string,
    decide: (stream: RecordedEvent[]) => readonly StepEvent[],
  ): Promise<StepResult | undefined>;
}

/** A reactor, typed: a declaration plus a function. */
export function defineReactor(reactor: Reactor): Reactor {
  return reactor;
}
