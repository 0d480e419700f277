import {
  decideItem,
  initialItemState,
  InvoiceEvent,
  isDomainError,
  ItemEvent,
  NO_REFERENCES,
} from '@app/domain';
import { PAINTING } from '@app/domain/document-lines/document-lines.fixture';
import { ACME, cancel, created, decided, remove } from '@app/domain/invoice/invoice.fixture';
import { ACCOUNT_ID, LATER, RECORD_ID } from '@app/domain/testing/fixtures';
import { stateAfter } from '@app/domain/testing/scenario';
import { evolveItem } from '@app/domain/item/evolve';
import { EventStore } from '@app/event-store';
import { runReactorStep, stepEventId } from '@app/read-models';
import { invoiceUnitsReactor } from './invoice-units-reactor';
import { itemStocked } from '../testing/items';
import { auditAfter, eventsOf, given, storeFor, STORES, trigger } from '../testing/process-spec';
import {
  expectAuditedUntilStepRuns,
  expectRepeatChangesNothing,
  expectStepAppendsNothing,
} from '../testing/step-expectations';

const ITEM_STREAM = `item-${PAINTING}`;
const INVOICE_STREAM = `invoice-${RECORD_ID}`;

/** The painting (a unique item, its one unit on hand) with its unit taken by invoice RECORD_ID. */
function paintingHeld(): ItemEvent[] {
  const stocked = itemStocked(PAINTING, 'unique', '1');
  const state = stateAfter({ initialState: initialItemState, evolve: evolveItem }, stocked);
  const context = { now: LATER, accountId: ACCOUNT_ID, mayViewCost: false, references: NO_REFERENCES };
  const claim = decideItem({ type: 'InvoiceItemUnit', invoice_id: RECORD_ID }, state, context);
  if (isDomainError(claim)) throw claim;
  return [...stocked, ...claim];
}

/** Invoice RECORD_ID selling the painting, then ended by `end` (cancelled or deleted). */
function invoiceEnded(end: typeof cancel): InvoiceEvent[] {
  const invoiceCreated = created({ customer_id: ACME, lines: [{ item_id: PAINTING, quantity: 1 }] });
  return [invoiceCreated, ...decided([invoiceCreated], end)];
}

/** A log written before releases went with the invoice's own event: the unit still held. */
async function endInLog(store: EventStore, end = cancel) {
  await given(store, ITEM_STREAM, paintingHeld());
  return trigger(store, INVOICE_STREAM, invoiceEnded(end));
}

describe.each(STORES)('invoice units (InvoiceCancelled/InvoiceDeleted → units given back) on %s', (kind) => {
  const storeOf = storeFor(kind);

  it.each([
    ['cancelled', cancel],
    ['deleted', remove],
  ])("gives a %s invoice's unique unit back, id derived from the invoice's end", async (_, end) => {
    // given the painting held by an invoice that ended
    const store = storeOf();
    const ended = await endInLog(store, end);

    // when the step runs
    await runReactorStep(invoiceUnitsReactor, ended, store);

    // then the painting is available again
    expect((await eventsOf(store, ITEM_STREAM)).at(-1)).toMatchObject({
      id: stepEventId(ended.id, `release-${PAINTING}`, 0),
      type: 'ItemUnitReleased',
      data: { invoice_id: RECORD_ID, status_id: 12 },
      metadata: { causation_id: ended.id },
    });
  });

  it('appends nothing when the invoice no longer holds the unit (released with its own event)', async () => {
    // given the unit released already
    const store = storeOf();
    const ended = await endInLog(store);
    await given(store, ITEM_STREAM, [
      { type: 'ItemUnitReleased', data: { invoice_id: RECORD_ID, status_id: 12, released_at: LATER } },
    ]);

    // when the step runs, then nothing changed
    await expectStepAppendsNothing(invoiceUnitsReactor, ended, store);
  });

  it('changes nothing when the step runs again', async () => {
    // given a release carried out
    const store = storeOf();
    const ended = await endInLog(store);

    // when it runs again, then the unit was released once
    await expectRepeatChangesNothing(invoiceUnitsReactor, ended, store);
  });

  it('is audited: a unit still held by a cancelled invoice is one finding, none once the step ran', async () => {
    // given a cancellation whose release has not happened, past the grace period
    const store = storeOf();
    const ended = await endInLog(store);

    expect(ended.streamId).toBe(INVOICE_STREAM);

    // then the audit names the process, the item and the invoice, until the step runs
    await expectAuditedUntilStepRuns(invoiceUnitsReactor, ended, store, {
      process: 'invoice_units',
      missing: `item ${PAINTING}'s unit is still held by cancelled invoice ${RECORD_ID}`,
    });
  });

  it('is audited: a unit claimed for an invoice that never took it is one finding, none once it did', async () => {
    // given the painting's unit claimed for an invoice that was never written, past the grace period
    const store = storeOf();
    const claim = await trigger(store, ITEM_STREAM, paintingHeld());

    // then the audit names the claim
    expect(await auditAfter(store, claim)).toEqual([
      expect.objectContaining({
        process: 'unique_unit_claim',
        missing: `item ${PAINTING}'s unit is held for invoice ${RECORD_ID}, which never took it`,
        trigger: expect.objectContaining({ event_id: claim.id, stream: ITEM_STREAM }),
      }),
    ]);

    // when the invoice is created with the painting on a line, the audit finds nothing
    await given(store, INVOICE_STREAM, invoiceEnded(cancel).slice(0, 1));
    expect(await auditAfter(store, claim)).toEqual([]);
  });
});
