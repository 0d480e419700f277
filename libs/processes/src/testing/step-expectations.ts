import { AppendResult, EventStore, RecordedEvent } from '@app/event-store';
import { Reactor, runReactorStep } from '@app/read-models';
import { auditAfter, logOf } from './process-spec';

/** What every process spec expects of its step: a retry is harmless, and the audit sees a step not run. */

/**
 * Runs `reactor`'s step for `trigger` twice: the repeat must append nothing anywhere and answer as
 * the first run did (it finds that run's events), as a retry after a crash would.
 */
export async function expectRepeatChangesNothing(
  reactor: Reactor,
  trigger: RecordedEvent,
  store: EventStore,
): Promise<void> {
  const first = await runReactorStep(reactor, trigger, store);
  const again = await expectStepAppendsNothing(reactor, trigger, store);
  expect(again).toEqual(first);
}

/** Runs `reactor`'s step for `trigger`, which must append nothing anywhere; returns its answer. */
export async function expectStepAppendsNothing(
  reactor: Reactor,
  trigger: RecordedEvent,
  store: EventStore,
): Promise<AppendResult[]> {
  const log = await logOf(store);
  const answer = await runReactorStep(reactor, trigger, store);
  expect(await logOf(store)).toEqual(log);
  return answer;
}

/**
 * The audit, past the grace period, finds the step of `trigger` missing as `finding` says (one
 * finding, naming the trigger), and nothing once `reactor` has run the step.
 */
export async function expectAuditedUntilStepRuns(
  reactor: Reactor,
  trigger: RecordedEvent,
  store: EventStore,
  finding: { process: string; missing: unknown },
): Promise<void> {
  expect(await auditAfter(store, trigger)).toEqual([
    expect.objectContaining({
      ...finding,
      trigger: expect.objectContaining({ event_id: trigger.id, stream: trigger.streamId }),
    }),
  ]);
  await runReactorStep(reactor, trigger, store);
  expect(await auditAfter(store, trigger)).toEqual([]);
}
