import { EventStore } from '@app/event-store';
import { UnfinishedStep } from '@app/read-models';
import { auditCrossRecordSteps } from './cross-record-audit';

/**
 * How long a decided step may stay undone before verify reports it: a request carries its steps
 * out at once and a reactor within seconds, so an older one was stopped (docs/reactors.md).
 */
export const DEFAULT_STEP_GRACE_MS = 60_000;

/** verify's audit of cross-record steps, up to the log's head when it runs. */
export function unfinishedStepsIn(
  store: EventStore,
  graceMs = DEFAULT_STEP_GRACE_MS,
): () => Promise<UnfinishedStep[]> {
  return () => auditCrossRecordSteps(store, { now: new Date(), graceMs });
}
