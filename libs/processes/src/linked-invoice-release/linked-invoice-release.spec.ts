import { invoiceFromSalesOrder, SalesOrderEvent, SalesOrderInvoiced } from '@app/domain';
import { cancel, created as plainInvoice, decided } from '@app/domain/invoice/invoice.fixture';
import {
  after,
  created,
  invoice,
  invoiceId,
  LATER,
  RECORD_ID,
  recordAfter,
} from '@app/domain/sales-order/sales-order.fixture';
import { lineId, sequence } from '@app/domain/testing/documents';
import { runReactorStep, stepEventId } from '@app/read-models';
import { linkedInvoiceReleaseReactor } from './linked-invoice-release-reactor';
import { auditAfter, eventsOf, given, storeFor, STORES, trigger } from '../testing/process-spec';
import {
  expectAuditedUntilStepRuns,
  expectRepeatChangesNothing,
  expectStepAppendsNothing,
} from '../testing/step-expectations';

const ORDER_STREAM = `salesOrder-${RECORD_ID}`;
const INVOICE_STREAM = `invoice-${invoiceId(1)}`;

/** A sales order invoiced whole, then its invoice (invoiceId(1)) cancelled. */
function cancelledLinkedInvoice() {
  const order = after([created()], invoice());
  const invoicing = order.at(-1) as SalesOrderInvoiced;
  const invoiceCreated = invoiceFromSalesOrder(recordAfter(...order), invoicing.data, sequence(lineId));
  return { order, invoice: [invoiceCreated, ...decided([invoiceCreated], cancel)] };
}

describe.each(STORES)('linked invoice release (InvoiceCancelled → the order takes back) on %s', (kind) => {
  const storeOf = storeFor(kind);

  async function cancellationInLog() {
    const store = storeOf();
    const { order, invoice: invoiceEvents } = cancelledLinkedInvoice();
    await given(store, ORDER_STREAM, order);
    return { store, cancellation: await trigger(store, INVOICE_STREAM, invoiceEvents) };
  }

  it("gives the cancelled invoice's quantities back to its sales order, id derived from the cancellation", async () => {
    // given an order's invoice cancelled
    const { store, cancellation } = await cancellationInLog();

    // when the step runs
    await runReactorStep(linkedInvoiceReleaseReactor, cancellation, store);

    // then the order released the invoice when it was cancelled, and counts no invoice
    const order = await eventsOf(store, ORDER_STREAM);
    expect(order.map((e) => e.type)).toEqual([
      'SalesOrderCreated',
      'SalesOrderInvoiced',
      'SalesOrderInvoiceReleased',
    ]);
    expect(order.at(-1)).toMatchObject({
      id: stepEventId(cancellation.id, 'release-invoice', 0),
      data: { invoice_id: invoiceId(1), released_at: LATER, invoice_count: 0 },
      metadata: { causation_id: cancellation.id },
    });
    // and the order can be invoiced again, whole
    const released = order.map(({ type, data }) => ({ type, data })) as SalesOrderEvent[];
    expect(after(released, invoice({}, 2)).at(-1)).toMatchObject({
      data: { invoice_id: invoiceId(2), lines: [{ quantity: '2' }, { quantity: '1' }] },
    });
  });

  it('appends nothing for the cancellation of an invoice made from no order', async () => {
    // given a plain invoice cancelled
    const store = storeOf();
    const created = plainInvoice();
    const cancellation = await trigger(store, `invoice-${created.data.id}`, [
      created,
      ...decided([created], cancel),
    ]);

    // when the step runs, then nothing changed, and nothing is due
    await expectStepAppendsNothing(linkedInvoiceReleaseReactor, cancellation, store);
    expect(await auditAfter(store, cancellation)).toEqual([]);
  });

  it('changes nothing when the step runs again', async () => {
    // given a release carried out
    const { store, cancellation } = await cancellationInLog();

    // when it runs again, then the order still released the invoice once
    await expectRepeatChangesNothing(linkedInvoiceReleaseReactor, cancellation, store);
  });

  it('is audited: a cancellation the order never took back is one finding, none once the step ran', async () => {
    // given a cancellation whose step has not run, past the grace period
    const { store, cancellation } = await cancellationInLog();

    expect(cancellation.streamId).toBe(INVOICE_STREAM);

    // then the audit names the process, the order and the invoice, until the step runs
    await expectAuditedUntilStepRuns(linkedInvoiceReleaseReactor, cancellation, store, {
      process: 'linked_invoice_release',
      missing: expect.stringMatching(new RegExp(`sales order ${RECORD_ID}.*invoice ${invoiceId(1)}`)),
    });
  });
});
