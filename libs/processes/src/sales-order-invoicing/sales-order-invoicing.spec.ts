import {
  after,
  created,
  invoice,
  invoiceId,
  RECORD_ID,
  TODAY,
  update,
} from '@app/domain/sales-order/sales-order.fixture';
import { RecordedEvent } from '@app/event-store';
import { runReactorStep, stepEventId } from '@app/read-models';
import { salesOrderInvoicingReactor } from './sales-order-invoicing-reactor';
import { eventsOf, given, storeFor, STORES, trigger } from '../testing/process-spec';
import { expectAuditedUntilStepRuns, expectRepeatChangesNothing } from '../testing/step-expectations';

const ORDER_STREAM = `salesOrder-${RECORD_ID}`;
const INVOICE_STREAM = `invoice-${invoiceId(1)}`;

/** A sales order (two widgets, labour) invoiced whole: invoice invoiceId(1), number 2001. */
const invoicedOrder = () => after([created()], invoice());

describe.each(STORES)('sales-order invoicing (SalesOrderInvoiced → the invoice) on %s', (kind) => {
  const storeOf = storeFor(kind);

  it('creates the invoice from the order with the quantities taken, ids derived from the invoicing', async () => {
    // given an order invoiced whole
    const store = storeOf();
    const invoicing = await trigger(store, ORDER_STREAM, invoicedOrder());

    // when the step runs
    await runReactorStep(salesOrderInvoicingReactor, invoicing, store);

    // then the invoice exists under the number the invoicing recorded, linked to the order
    const lineId = (i: number) => stepEventId(invoicing.id, 'invoice-line', i);
    expect(await eventsOf(store, INVOICE_STREAM)).toEqual([
      expect.objectContaining({
        id: stepEventId(invoicing.id, 'create-invoice', 0),
        type: 'InvoiceCreated',
        data: expect.objectContaining({
          id: invoiceId(1),
          invoice_number: 2001,
          source_sales_order_id: RECORD_ID,
          issue_date: TODAY,
          lines: [
            expect.objectContaining({ id: lineId(0), quantity: '2' }),
            expect.objectContaining({ id: lineId(1), name: 'Labour' }),
          ],
          totals: expect.objectContaining({ total: '68.1938' }),
        }),
        metadata: expect.objectContaining({ causation_id: invoicing.id }),
      }),
    ]);
  });

  it('makes the invoice of the order as it was when invoiced, not as edited since', async () => {
    // given an order invoiced, then its note edited
    const store = storeOf();
    const invoicing = await trigger(store, ORDER_STREAM, invoicedOrder());
    await given(
      store,
      ORDER_STREAM,
      after(invoicedOrder(), update({ public_note: 'Edited later' })).slice(-1),
    );

    // when the step runs (late)
    await runReactorStep(salesOrderInvoicingReactor, invoicing, store);

    // then the invoice carries the note of the invoicing's time
    const [invoiceCreated] = await eventsOf(store, INVOICE_STREAM);
    expect(invoiceCreated.data).toMatchObject({ public_note: null });
  });

  it('changes nothing when the step runs again', async () => {
    // given an invoicing whose step ran
    const store = storeOf();
    const invoicing = await trigger(store, ORDER_STREAM, invoicedOrder());

    // when it runs again, then there is still one invoice, where the first run put it
    await expectRepeatChangesNothing(salesOrderInvoicingReactor, invoicing, store);
  });

  it('is audited: an invoicing without its invoice is one finding, none once the step ran', async () => {
    // given an invoicing whose step has not run, past the grace period
    const store = storeOf();
    const invoicing: RecordedEvent = await trigger(store, ORDER_STREAM, invoicedOrder());

    // then the audit names the process and the missing invoice, until the step runs
    await expectAuditedUntilStepRuns(salesOrderInvoicingReactor, invoicing, store, {
      process: 'sales_order_invoicing',
      missing: expect.stringContaining(`invoice ${invoiceId(1)}`),
    });
  });
});
