import { comparePositions, EventStore, isAfter, Position } from '@app/event-store';
import { estimateConversionAudit } from '../estimate-conversion/estimate-conversion-audit';
import { firstVariationAudit } from '../first-variation/first-variation-audit';
import { invoiceUnitsAudit } from '../invoice-units/invoice-units-audit';
import { linkedInvoiceReleaseAudit } from '../linked-invoice-release/linked-invoice-release-audit';
import { invoicesBefore } from './invoice-before';
import { AuditPass, ProcessAudit, UnfinishedStep } from './open-steps';
import { salesOrderInvoicingAudit } from '../sales-order-invoicing/sales-order-invoicing-audit';
import { transferMovementAudit } from '../transfer-movement/transfer-movement-audit';
import { unitClaimAudit } from '../invoice-units/unit-claim-audit';

export type { UnfinishedStep } from './open-steps';

/** Every cross-record process audited (docs/reactors.md, "Auditing the steps"). Add a new one here. */
const PROCESSES: readonly ((pass: AuditPass) => ProcessAudit)[] = [
  estimateConversionAudit,
  salesOrderInvoicingAudit,
  linkedInvoiceReleaseAudit,
  invoiceUnitsAudit,
  unitClaimAudit,
  firstVariationAudit,
  transferMovementAudit,
];

const PAGE = 1000;

/**
 * The cross-record steps decided and not carried out, in one pass over the log (up to `until`, or
 * the head when the audit starts): each process pairs its triggers with their completions, which
 * always come later in the log (a step runs once its trigger committed), and drops a trigger when
 * its completion is seen. Reported: triggers recorded more than `graceMs` before `now` still open
 * at the end (a younger one may be a step in flight), in log order.
 */
export async function auditCrossRecordSteps(
  store: EventStore,
  options: { now: Date; graceMs: number; until?: Position },
): Promise<UnfinishedStep[]> {
  const until = options.until ?? (await store.headPosition());
  if (until === undefined) return [];
  const due = options.now.getTime() - options.graceMs;
  const pass: AuditPass = {
    store,
    until,
    due: (trigger) => trigger.recordedAt.getTime() < due,
    invoiceBefore: invoicesBefore(store),
  };
  const audits = PROCESSES.map((audit) => audit(pass));
  for (let after: Position | 'start' = 'start'; ;) {
    const page = await store.readAll({ after, maxCount: PAGE });
    const within = page.filter((event) => !isAfter(event.position, until));
    for (const event of within) for (const audit of audits) await audit.observe(event);
    const last = within.at(-1)?.position;
    if (last === undefined || !isAfter(until, last)) break; // the head, or `until`, reached
    after = last;
  }
  const found = (await Promise.all(audits.map((audit) => audit.unfinished()))).flat();
  return found.sort((a, b) => comparePositions(a.at, b.at)).map(({ step }) => step);
}
