import { conflictOf, missing, refusal, shippedToday } from '../testing/documents';
import { UNPRICED, WIDGET } from '../document-lines/document-lines.fixture';
import { LATER, NOW, OTHER_ACCOUNT_ID, OTHER_USER_ID, RECORD_ID, USER_ID } from '../testing/fixtures';
import { stateAfter } from '../testing/scenario';
import { describeSalesDocumentCases } from '../testing/sales-document-cases';
import { decideInvoice, numberedInvoice, numberedPackingList } from './decide';
import { InvoiceEvent, InvoicePaymentRecorded } from './events';
import { InvoiceInput } from './fields';
import {
  ACME,
  acting,
  addedLineId,
  after,
  BASIC_INPUT,
  BASIC_TOTAL,
  cancel,
  cancelled,
  changeDispatchDate,
  createCommand,
  created,
  createdWithTotal,
  creationContext,
  decided,
  deleted,
  dispatch,
  FIELD_A,
  folding,
  fulfillmentId,
  invoice,
  INVOICE_NUMBER,
  invoiceContext,
  invoiceKit,
  lineId,
  linkedState,
  pack,
  pay,
  paymentId,
  RECIPIENTS,
  recordAfter,
  refund,
  remove,
  ship,
  TODAY,
  update,
} from './invoice.fixture';
import { invoiceAggregate } from './invoice';
import { invoiceProgress } from './progress';
import { invoiceFulfillmentView, invoiceSummaryView, invoiceView, paymentView } from './view';

const create = (input: InvoiceInput, context = creationContext()) =>
  invoice.given().when(createCommand(input), context);

const base = created();
const paymentOf = (events: InvoiceEvent[]) =>
  (events.find((e) => e.type === 'InvoicePaymentRecorded') as InvoicePaymentRecorded).data;

describe('Invoice', () => {
  it('streams as invoice-<id>', () => {
    expect(invoiceAggregate.streamPrefix).toBe('invoice');
  });

  describe('create', () => {
    it('issues today in the account’s zone by default', () => {
      expect(create(BASIC_INPUT, creationContext({ today: '2030-12-31' }))).toMatchObject([
        { data: { issue_date: '2030-12-31' } },
      ]);
    });
  });

  describe('update', () => {
    const patch = (input: InvoiceInput, context = invoiceContext(), given: InvoiceEvent[] = [base]) =>
      invoice.given(...given).when(update(input), context);

    describe('lines', () => {
      it('may not swap the item of a packed line: its packing lists packed that item', () => {
        const packed = after([base], pack({ lines: [{ id: lineId(1), quantity: 1 }] }));
        expect(
          patch(
            { lines: [{ id: lineId(1), item_id: UNPRICED, quantity: 2 }, { id: lineId(2) }] },
            invoiceContext(),
            packed,
          ),
        ).toMatchObject(conflictOf('invoice_update_not_allowed'));
        expect(
          patch({ lines: [{ id: lineId(1), item_id: UNPRICED, quantity: 2 }, { id: lineId(2) }] }),
        ).toMatchObject([{ data: { lines: [{ id: lineId(1), item_id: UNPRICED }, {}] } }]);
      });

      it('may not remove a packed line, nor reduce it below its packed quantity', () => {
        const packed = after([base], pack({ lines: [{ id: lineId(1), quantity: 1.5 }] }));
        const conflict = conflictOf('invoice_update_not_allowed');
        expect(patch({ lines: [{ id: lineId(2) }] }, invoiceContext(), packed)).toMatchObject(conflict);
        expect(
          patch({ lines: [{ id: lineId(1), quantity: 1 }, { id: lineId(2) }] }, invoiceContext(), packed),
        ).toMatchObject(conflict);
        expect(patch({ lines: [{ id: lineId(1), quantity: 1.5 }] }, invoiceContext(), packed)).toMatchObject([
          { data: { packed_percent: 100, shipped_percent: 0 } },
        ]);
        expect(
          patch({ lines: [{ id: lineId(1), quantity: 3 }, { id: lineId(2) }] }, invoiceContext(), packed),
        ).toMatchObject([{ data: { packed_percent: 50 } }]);
      });
    });

    it.each([
      ['with a payment', () => after([base], pay({ amount: 10, payment_date: TODAY }))],
      [
        'paid and refunded back to unpaid',
        () =>
          after(
            [base],
            pay({ amount: 10, payment_date: TODAY }),
            refund({ amount: 10, refund_date: TODAY }, 2),
          ),
      ],
      ['cancelled', () => [base, cancelled]],
    ])('refuses an invoice %s: 409 invoice_update_not_allowed', (_case, given) => {
      expect(patch({ name: 'Spring' }, invoiceContext(), given())).toMatchObject(
        conflictOf('invoice_update_not_allowed'),
      );
    });

    it('refuses an invoice created from a sales order: 409 invoice_update_not_allowed', () => {
      expect(decideInvoice(update({ name: 'x' }), linkedState(base), invoiceContext())).toMatchObject(
        conflictOf('invoice_update_not_allowed'),
      );
    });
  });

  describe('payments', () => {
    const paying = acting(pay);

    it('records a payment with the status, amounts and date it leaves, in one event', () => {
      expect(paying({ amount: '10.1234', payment_date: '2030-01-16', reference: 'Cheque 12' })).toEqual([
        {
          type: 'InvoicePaymentRecorded',
          data: {
            payment: {
              id: paymentId(1),
              amount: '10.1234',
              type: 'payment',
              reference: 'Cheque 12',
              payment_date: '2030-01-16',
              card: null,
              refunded_payment_id: null,
              recorded_at: LATER,
            },
            status_id: 10,
            amount_paid: '10.1234',
            amount_due: '58.0704',
            date_fully_paid: null,
          },
        },
      ]);
    });

    it('goes unpaid → partially paid → paid in full, dating the payment that settles it', () => {
      const first = after([base], pay({ amount: 60, payment_date: '2030-01-16' }));
      expect(paymentOf(first.slice(1))).toMatchObject({ status_id: 10, amount_due: '8.1938' });
      const second = decided(first, pay({ amount: 8.1938, payment_date: '2030-01-20' }, 2));
      expect(paymentOf(second)).toMatchObject({
        status_id: 11,
        amount_paid: BASIC_TOTAL,
        amount_due: '0.0000',
        date_fully_paid: '2030-01-20',
      });
      expect(recordAfter(...first, ...second)).toMatchObject({
        status_id: 11,
        amount_paid: BASIC_TOTAL,
        date_fully_paid: '2030-01-20',
        payments: [{ id: paymentId(1) }, { id: paymentId(2) }],
        updated_at: LATER,
      });
    });

    it('dates full payment by the latest payment date, even when the settling payment is back-dated; refunds do not date it', () => {
      const first = after([base], pay({ amount: 60, payment_date: '2030-01-20' }));
      const second = decided(first, pay({ amount: '8.1938', payment_date: '2030-01-10' }, 2));
      expect(paymentOf(second)).toMatchObject({ status_id: 11, date_fully_paid: '2030-01-20' });
      const refunded = after([...first, ...second], refund({ amount: 10, refund_date: '2030-01-25' }, 3));
      const again = decided(refunded, pay({ amount: 10, payment_date: '2030-01-22' }, 4));
      expect(paymentOf(again)).toMatchObject({ status_id: 11, date_fully_paid: '2030-01-22' });
    });

    it('pays in full at once', () => {
      expect(paymentOf(decided([base], pay({ amount: BASIC_TOTAL, payment_date: '2030-01-17' })))).toEqual({
        payment: expect.objectContaining({ amount: BASIC_TOTAL }),
        status_id: 11,
        amount_paid: BASIC_TOTAL,
        amount_due: '0.0000',
        date_fully_paid: '2030-01-17',
      });
    });

    it.each([
      ['more than is due', 68.1939],
      ['five decimals', '1.00001'],
      ['zero while some is due', 0],
      ['negative against a positive balance', -1],
      ['not a number', 'ten'],
      ['a boolean', true],
      ['missing', undefined],
    ])('refuses an amount %s, naming amount', (_case, amount) => {
      expect(paying({ amount, payment_date: TODAY })).toMatchObject(refusal('amount'));
    });

    it('refuses anything but zero once nothing is due; a zero payment then is taken', () => {
      const paid = after([base], pay({ amount: BASIC_TOTAL, payment_date: TODAY }));
      expect(paying({ amount: 0.01, payment_date: TODAY }, paid)).toMatchObject(refusal('amount'));
      expect(paymentOf(decided(paid, pay({ amount: 0, payment_date: '2030-02-01' }, 2)))).toMatchObject({
        status_id: 11,
        date_fully_paid: TODAY,
      });
    });

    it('takes a zero payment on a zero-total invoice, marking it paid in full', () => {
      const free = created({ customer_id: ACME, lines: [{ name: 'Free', unit_price: 0 }] });
      expect(paymentOf(decided([free], pay({ amount: '0', payment_date: TODAY })))).toMatchObject({
        payment: { amount: '0.0000', type: 'payment' },
        status_id: 11,
        amount_paid: '0.0000',
        amount_due: '0.0000',
        date_fully_paid: TODAY,
      });
    });

    it('applies a credit (a negative amount) only against a negative balance, never past it', () => {
      const credit = createdWithTotal('-10.0000');
      expect(paying({ amount: 5, payment_date: TODAY }, [credit])).toMatchObject(refusal('amount'));
      expect(paying({ amount: -10.0001, payment_date: TODAY }, [credit])).toMatchObject(refusal('amount'));
      expect(paymentOf(decided([credit], pay({ amount: -4, payment_date: TODAY })))).toMatchObject({
        payment: { amount: '-4.0000', type: 'payment' },
        status_id: 10,
        amount_paid: '-4.0000',
        amount_due: '-6.0000',
      });
      expect(paymentOf(decided([credit], pay({ amount: '-10', payment_date: TODAY })))).toMatchObject({
        status_id: 11,
        amount_due: '0.0000',
        date_fully_paid: TODAY,
      });
    });

    it('refuses a bad date, a long reference and other fields, naming them', () => {
      expect(paying({ amount: 1, payment_date: '2030-13-01' })).toMatchObject(refusal('payment_date'));
      expect(paying({ amount: 1 })).toMatchObject(refusal('payment_date'));
      expect(paying({ amount: 1, payment_date: TODAY, reference: 'r'.repeat(256) })).toMatchObject(
        refusal('reference'),
      );
      expect(paying({ amount: 1, payment_date: TODAY, reference: 'r'.repeat(255) })).toHaveLength(1);
      expect(paying({ amount: 1, payment_date: TODAY, card: {} })).toMatchObject({
        status: 422,
        param: 'card',
      });
    });

    it('queues a receipt for a positive payment when automatic receipts are on', () => {
      const receipts = invoiceContext({ automaticPaymentReceipts: true });
      expect(paying({ amount: 5, payment_date: TODAY }, [base], receipts)).toEqual([
        expect.objectContaining({ type: 'InvoicePaymentRecorded' }),
        {
          type: 'InvoicePaymentReceiptQueued',
          data: { payment_id: paymentId(1), recipients: RECIPIENTS, queued_at: LATER },
        },
      ]);
      expect(paying({ amount: 5, payment_date: TODAY })).toHaveLength(1);
      const free = created({ customer_id: ACME, lines: [{ name: 'Free', unit_price: 0 }] });
      expect(paying({ amount: 0, payment_date: TODAY }, [free], receipts)).toHaveLength(1);
      expect(
        paying({ amount: -1, payment_date: TODAY }, [createdWithTotal('-5.0000')], receipts),
      ).toHaveLength(1);
    });

    it('a queued receipt changes nothing in the record', () => {
      const events = decided(
        [base],
        pay({ amount: 5, payment_date: TODAY }),
        invoiceContext({
          automaticPaymentReceipts: true,
        }),
      );
      expect(recordAfter(base, ...events)).toEqual(recordAfter(base, events[0]));
    });

    it('refuses a cancelled invoice: 409 invoice_payment_not_allowed', () => {
      expect(paying({ amount: 1, payment_date: TODAY }, [base, cancelled])).toMatchObject(
        conflictOf('invoice_payment_not_allowed'),
      );
    });

    it('answers 404 for another account’s, a deleted, or another salesperson’s invoice', () => {
      const input = { amount: 1, payment_date: TODAY };
      expect(paying(input, [base], invoiceContext({ accountId: OTHER_ACCOUNT_ID }))).toMatchObject(missing);
      expect(paying(input, [base, deleted])).toMatchObject(missing);
      expect(paying(input, [])).toMatchObject(missing);
      expect(
        paying(input, [base], invoiceContext({ onlyOwnDocuments: true, userId: OTHER_USER_ID })),
      ).toMatchObject(missing);
      expect(paying(input, [base], invoiceContext({ userId: OTHER_USER_ID }))).toHaveLength(1);
    });
  });

  describe('refunds', () => {
    const paid = after(
      [base],
      pay({ amount: 50, payment_date: '2030-01-16' }, 1),
      pay({ amount: 18.1938, payment_date: '2030-01-17' }, 2),
    );
    const refunding = (input: Record<string, unknown>, given = paid, refundedPaymentId?: string) =>
      invoice.given(...given).when(refund(input, 9, refundedPaymentId), invoiceContext());

    it('records a negative refund; the status goes back and date_fully_paid is cleared', () => {
      expect(recordAfter(...paid)).toMatchObject({ status_id: 11, date_fully_paid: '2030-01-17' });
      expect(refunding({ amount: 20.5, refund_date: '2030-01-20', reference: 'RMA-1' })).toEqual([
        {
          type: 'InvoicePaymentRecorded',
          data: {
            payment: {
              id: paymentId(9),
              amount: '-20.5000',
              type: 'refund',
              reference: 'RMA-1',
              payment_date: '2030-01-20',
              card: null,
              refunded_payment_id: null,
              recorded_at: LATER,
            },
            status_id: 10,
            amount_paid: '47.6938',
            amount_due: '20.5000',
            date_fully_paid: null,
          },
        },
      ]);
    });

    it('refunds everything back to unpaid, never more than payments less refunds', () => {
      const all = refunding({ amount: '68.19', refund_date: TODAY });
      expect(paymentOf(all as InvoiceEvent[])).toMatchObject({ status_id: 10, amount_paid: '0.0038' });
      const half = after(paid, refund({ amount: 30, refund_date: TODAY }, 3));
      expect(refunding({ amount: 38.2, refund_date: TODAY }, half)).toMatchObject(refusal('amount'));
      const rest = after([base], pay({ amount: 40, payment_date: TODAY }));
      expect(paymentOf(decided(rest, refund({ amount: 40, refund_date: TODAY }, 2)))).toMatchObject({
        status_id: 9,
        amount_paid: '0.0000',
        amount_due: BASIC_TOTAL,
        date_fully_paid: null,
      });
    });

    it.each([
      ['zero', 0],
      ['negative', -5],
      ['with three decimals', '1.005'],
      ['not a number', 'all'],
      ['missing', undefined],
    ])('refuses an amount %s, naming amount', (_case, amount) => {
      expect(refunding({ amount, refund_date: TODAY })).toMatchObject(refusal('amount'));
    });

    it('needs refund_date and refuses payment_date', () => {
      expect(refunding({ amount: 1 })).toMatchObject(refusal('refund_date'));
      expect(refunding({ amount: 1, refund_date: TODAY, payment_date: TODAY })).toMatchObject({
        status: 422,
        param: 'payment_date',
      });
    });

    it('refuses any refund of an invoice without payments', () => {
      expect(refunding({ amount: 1, refund_date: TODAY }, [base])).toMatchObject(refusal('amount'));
    });

    describe('through the legacy route, against one payment', () => {
      it('refunds up to that payment’s unrefunded amount, linked to it', () => {
        expect(refunding({ amount: 18.19, refund_date: TODAY }, paid, paymentId(2))).toMatchObject([
          { data: { payment: { amount: '-18.1900', refunded_payment_id: paymentId(2) }, status_id: 10 } },
        ]);
        expect(refunding({ amount: 18.2, refund_date: TODAY }, paid, paymentId(2))).toMatchObject(
          refusal('amount'),
        );
        const once = after(paid, refund({ amount: 10, refund_date: TODAY }, 3, paymentId(2)));
        expect(refunding({ amount: 8.2, refund_date: TODAY }, once, paymentId(2))).toMatchObject(
          refusal('amount'),
        );
        expect(refunding({ amount: 8.19, refund_date: TODAY }, once, paymentId(2))).toHaveLength(1);
      });

      it('never beyond the invoice’s net paid amount', () => {
        const netted = after(paid, refund({ amount: 60, refund_date: TODAY }, 3));
        expect(refunding({ amount: 10, refund_date: TODAY }, netted, paymentId(1))).toMatchObject(
          refusal('amount'),
        );
        expect(refunding({ amount: 8.19, refund_date: TODAY }, netted, paymentId(1))).toHaveLength(1);
      });

      it('answers 404 for a payment that is not this invoice’s, or a refund', () => {
        expect(refunding({ amount: 1, refund_date: TODAY }, paid, paymentId(7))).toMatchObject(missing);
        const refunded = after(paid, refund({ amount: 1, refund_date: TODAY }, 3));
        expect(refunding({ amount: 1, refund_date: TODAY }, refunded, paymentId(3))).toMatchObject(missing);
      });
    });
  });

  describe('dispatch', () => {
    it('sets date_sent, today by default, naming who it goes to', () => {
      expect(decided([base], dispatch())).toEqual([
        {
          type: 'InvoiceDispatched',
          data: { date_sent: TODAY, recipients: RECIPIENTS, dispatched_at: LATER },
        },
      ]);
      expect(decided([base], dispatch({ date_sent: '2030-01-10' }))).toMatchObject([
        { data: { date_sent: '2030-01-10' } },
      ]);
    });

    it('records nothing when repeated: the first date is kept', () => {
      const sent = after([base], dispatch({ date_sent: '2030-01-10' }));
      expect(decided(sent, dispatch({ date_sent: '2030-01-12' }))).toEqual([]);
      expect(recordAfter(...sent).date_sent).toBe('2030-01-10');
    });

    it('dispatches partially paid and paid invoices', () => {
      const paid = after([base], pay({ amount: BASIC_TOTAL, payment_date: TODAY }));
      expect(decided(paid, dispatch())).toHaveLength(1);
    });

    it('refuses a cancelled invoice: 409 invoice_dispatch_not_allowed', () => {
      expect(invoice.given(base, cancelled).when(dispatch(), invoiceContext())).toMatchObject(
        conflictOf('invoice_dispatch_not_allowed'),
      );
    });

    it('refuses a bad date and other fields', () => {
      expect(invoice.given(base).when(dispatch({ date_sent: 'today' }), invoiceContext())).toMatchObject(
        refusal('date_sent'),
      );
      expect(invoice.given(base).when(dispatch({ email: true }), invoiceContext())).toMatchObject({
        status: 422,
        param: 'email',
      });
    });

    describe('date change', () => {
      const sent = after([base], dispatch({ date_sent: '2030-01-10' }));

      it('changes the date of a dispatched invoice, with no new dispatch', () => {
        expect(decided(sent, changeDispatchDate({ date_sent: '2030-01-11' }))).toEqual([
          { type: 'InvoiceDispatchDateChanged', data: { date_sent: '2030-01-11', changed_at: LATER } },
        ]);
        expect(decided(sent, changeDispatchDate({ date_sent: '2030-01-10' }))).toEqual([]);
      });

      it('needs date_sent', () => {
        expect(invoice.given(...sent).when(changeDispatchDate({}), invoiceContext())).toMatchObject(
          refusal('date_sent'),
        );
      });

      it('refuses a never-dispatched or a cancelled invoice: 409 invoice_dispatch_date_edit_not_allowed', () => {
        const change = changeDispatchDate({ date_sent: '2030-01-11' });
        const conflict = conflictOf('invoice_dispatch_date_edit_not_allowed');
        expect(invoice.given(base).when(change, invoiceContext())).toMatchObject(conflict);
        expect(invoice.given(...sent, cancelled).when(change, invoiceContext())).toMatchObject(conflict);
      });
    });
  });

  describe('cancel', () => {
    it('cancels an unpaid invoice, keeping its lines; a repeat records nothing', () => {
      expect(decided([base], cancel)).toEqual([
        { type: 'InvoiceCancelled', data: { status_id: 15, cancelled_at: LATER } },
      ]);
      expect(recordAfter(base, cancelled)).toMatchObject({ status_id: 15, lines: base.data.lines });
      expect(decided([base, cancelled], cancel)).toEqual([]);
    });

    it.each([
      ['a payment', () => after([base], pay({ amount: 1, payment_date: TODAY }))],
      [
        'a payment refunded',
        () =>
          after(
            [base],
            pay({ amount: 1, payment_date: TODAY }),
            refund({ amount: 1, refund_date: TODAY }, 2),
          ),
      ],
      ['a packing list', () => after([base], pack({ lines: [{ id: lineId(1), quantity: 1 }] }))],
    ])('refuses an invoice with %s: 409 invoice_cancel_not_allowed', (_case, given) => {
      expect(invoice.given(...given()).when(cancel, invoiceContext())).toMatchObject(
        conflictOf('invoice_cancel_not_allowed'),
      );
    });
  });

  describe('delete', () => {
    it('deletes an invoice; it then answers 404 to every command', () => {
      expect(decided([base], remove)).toEqual([{ type: 'InvoiceDeleted', data: { deleted_at: LATER } }]);
      expect(stateAfter(folding, [base, deleted]).status).toBe('deleted');
      expect(invoice.given(base, deleted).when(remove, invoiceContext())).toMatchObject(missing);
      expect(decided([base, cancelled], remove)).toHaveLength(1);
    });

    it.each([
      ['a payment', () => after([base], pay({ amount: 1, payment_date: TODAY }))],
      ['a packing list', () => after([base], pack({ lines: [{ id: lineId(1), quantity: 1 }] }))],
    ])('refuses an invoice with %s: 409 invoice_delete_not_allowed', (_case, given) => {
      expect(invoice.given(...given()).when(remove, invoiceContext())).toMatchObject(
        conflictOf('invoice_delete_not_allowed'),
      );
    });

    it('refuses an invoice created from a sales order', () => {
      expect(decideInvoice(remove, linkedState(base), invoiceContext())).toMatchObject(
        conflictOf('invoice_delete_not_allowed'),
      );
    });
  });

  describe('pack', () => {
    const packing = acting(pack);
    const badPack = (param: string) => refusal(param, 'invalid_invoice_pack');

    it('records a packing list with the progress it leaves; stock does not move', () => {
      expect(packing({ lines: [{ id: lineId(1).toUpperCase(), quantity: '1.5' }] })).toEqual([
        {
          type: 'InvoicePacked',
          data: {
            fulfillment: {
              id: fulfillmentId(1),
              packing_list_number: 1,
              lines: [{ invoice_line_id: lineId(1), quantity: '1.5' }],
              shipped_date: null,
              carrier: null,
              tracking_number: null,
              tracking_url: null,
              estimated_delivery_date: null,
              created_at: LATER,
            },
            packed_percent: 75,
            shipped_percent: 0,
          },
        },
      ]);
    });

    it('packs what is left, then refuses a fully packed line and quantities beyond what is left', () => {
      const half = after([base], pack({ lines: [{ id: lineId(1), quantity: 1 }] }));
      expect(packing({ lines: [{ id: lineId(1), quantity: 1.5 }] }, half)).toMatchObject(
        conflictOf('invoice_pack_not_allowed'),
      );
      const full = after(half, pack({ lines: [{ id: lineId(1), quantity: 1 }] }, 2));
      expect(recordAfter(...full).fulfillments).toHaveLength(2);
      expect(packing({ lines: [{ id: lineId(1), quantity: 1 }] }, full)).toMatchObject(
        conflictOf('invoice_line_already_packed'),
      );
      // More than the line holds at all is a bad body, not a stale one.
      expect(packing({ lines: [{ id: lineId(1), quantity: 3 }] })).toMatchObject(badPack('lines.0.quantity'));
    });

    it('packs service lines only when the account packs them; discount lines never', () => {
      expect(packing({ lines: [{ id: lineId(2), quantity: 1 }] })).toMatchObject(badPack('lines.0.id'));
      expect(
        packing(
          { lines: [{ id: lineId(2), quantity: 1 }] },
          [base],
          invoiceContext({ packServiceLines: true }),
        ),
      ).toMatchObject([{ data: { packed_percent: 0, shipped_percent: 0 } }]);
      const discounted = created({ ...BASIC_INPUT, discount_percent: 10 });
      expect(
        packing(
          { lines: [{ id: lineId(3), quantity: 1 }] },
          [discounted],
          invoiceContext({ packServiceLines: true }),
        ),
      ).toMatchObject(badPack('lines.0.id'));
    });

    it.each([
      ['no lines', {}, 'lines', 'invalid_invoice_pack'],
      ['empty lines', { lines: [] }, 'lines', 'invalid_invoice_pack'],
      [
        'more than 100',
        { lines: Array.from({ length: 101 }, () => ({ id: lineId(1), quantity: 0.01 })) },
        'lines',
        'invalid_invoice_pack',
      ],
      ['lines not an array', { lines: { id: lineId(1) } }, 'lines', 'invalid_invoice_pack'],
      ['an entry not an object', { lines: [7] }, 'lines.0', 'invalid_invoice_pack'],
      [
        'a zero quantity',
        { lines: [{ id: lineId(1), quantity: 0 }] },
        'lines.0.quantity',
        'invalid_invoice_pack',
      ],
      [
        'a negative quantity',
        { lines: [{ id: lineId(1), quantity: -1 }] },
        'lines.0.quantity',
        'invalid_invoice_pack',
      ],
      ['no quantity', { lines: [{ id: lineId(1) }] }, 'lines.0.quantity', 'invalid_invoice_pack'],
      ['no id', { lines: [{ quantity: 1 }] }, 'lines.0.id', 'invalid_invoice_pack'],
      [
        'an unknown line',
        { lines: [{ id: addedLineId(1), quantity: 1 }] },
        'lines.0.id',
        'invalid_invoice_pack',
      ],
      [
        'a line named twice',
        {
          lines: [
            { id: lineId(1), quantity: 1 },
            { id: lineId(1).toUpperCase(), quantity: 0.5 },
          ],
        },
        'lines.1.id',
        'invalid_invoice_pack',
      ],
      [
        'another field',
        { lines: [{ id: lineId(1), quantity: 1 }], carrier: 'UPS' },
        'carrier',
        'unsupported_invoice_pack_field',
      ],
      [
        'another entry field',
        { lines: [{ id: lineId(1), quantity: 1, note: 'x' }] },
        'lines.0.note',
        'unsupported_invoice_pack_field',
      ],
    ])('refuses %s: 422 naming it', (_case, input, param, code) => {
      expect(packing(input)).toMatchObject(refusal(param, code));
    });

    it('packs up to 100 distinct lines at once', () => {
      const lines = Array.from({ length: 100 }, () => ({ item_id: WIDGET, quantity: 1 }));
      const big = created({ customer_id: ACME, lines });
      const entries = big.data.lines.map((line) => ({ id: line.id, quantity: 1 }));
      expect(packing({ lines: entries }, [big])).toMatchObject([{ data: { packed_percent: 100 } }]);
    });

    it('refuses a cancelled invoice and an account without packing lists: 409 invoice_pack_not_allowed', () => {
      const input = { lines: [{ id: lineId(1), quantity: 1 }] };
      expect(packing(input, [base, cancelled])).toMatchObject(conflictOf('invoice_pack_not_allowed'));
      expect(packing(input, [base], invoiceContext({ packingListsEnabled: false }))).toMatchObject(
        conflictOf('invoice_pack_not_allowed'),
      );
    });

    it('refuses an invoice created from a sales order: 409 invoice_fulfillment_managed_by_sales_order', () => {
      const command = pack({ lines: [{ id: lineId(1), quantity: 1 }] });
      expect(decideInvoice(command, linkedState(base), invoiceContext())).toMatchObject(
        conflictOf('invoice_fulfillment_managed_by_sales_order'),
      );
    });
  });

  describe('ship', () => {
    const packed = after([base], pack({ lines: [{ id: lineId(1), quantity: 1 }] }));
    const shipping = (input: Record<string, unknown>, given = packed, n = 1) =>
      invoice.given(...given).when(ship(input, n), invoiceContext());

    it('marks a packing list shipped, today by default, with the progress it leaves', () => {
      expect(shipping({})).toEqual([{ type: 'InvoiceShipped', data: shippedToday() }]);
    });

    it('keeps the shipping details given', () => {
      const details = {
        shipped_date: '2030-01-17',
        carrier: 'UPS',
        tracking_number: '1Z999',
        tracking_url: 'https://ups.test/track?n=1Z999',
        estimated_delivery_date: '2030-01-17',
      };
      const events = decided(packed, ship(details));
      expect(events).toMatchObject([{ data: details }]);
      expect(recordAfter(...packed, ...events).fulfillments[0]).toMatchObject({
        ...details,
        updated_at: LATER,
      });
    });

    it.each([
      ['a tracking URL that is not http(s)', { tracking_url: 'ftp://ups.test/1' }, 'tracking_url'],
      ['a tracking URL that is not a URL', { tracking_url: 'ups' }, 'tracking_url'],
      ['a carrier over 60 characters', { carrier: 'c'.repeat(61) }, 'carrier'],
      ['a bad shipped date', { shipped_date: '2030-02-30' }, 'shipped_date'],
      [
        'an estimated delivery before the shipped date',
        { shipped_date: '2030-01-17', estimated_delivery_date: '2030-01-16' },
        'estimated_delivery_date',
      ],
      [
        'an estimated delivery before today’s default',
        { estimated_delivery_date: '2030-01-15' },
        'estimated_delivery_date',
      ],
    ])('refuses %s, naming it', (_case, input, param) => {
      expect(shipping(input)).toMatchObject(refusal(param));
    });

    it('takes an http tracking URL', () => {
      expect(shipping({ tracking_url: 'http://carrier.test/1' })).toHaveLength(1);
    });

    it('refuses an already shipped packing list: 409 invoice_ship_not_allowed', () => {
      const shipped = after(packed, ship());
      expect(shipping({}, shipped)).toMatchObject(conflictOf('invoice_ship_not_allowed'));
    });

    it('answers 404 for a packing list not on this invoice', () => {
      expect(shipping({}, packed, 2)).toMatchObject(missing);
    });

    it('refuses an invoice created from a sales order', () => {
      expect(decideInvoice(ship(), linkedState(...packed), invoiceContext())).toMatchObject(
        conflictOf('invoice_fulfillment_managed_by_sales_order'),
      );
    });
  });

  describe('numbers drawn after the decision', () => {
    it('numbers the creation and the packing list, leaving other events alone', () => {
      expect(numberedInvoice([base], 3001)).toEqual([
        { ...base, data: { ...base.data, invoice_number: 3001 } },
      ]);
      const packed = decided([base], pack({ lines: [{ id: lineId(1), quantity: 1 }] }, 0));
      const [numbered] = numberedPackingList(packed, 17);
      expect(numbered).toMatchObject({
        type: 'InvoicePacked',
        data: { fulfillment: { packing_list_number: 17 } },
      });
      const payment = decided([base], pay({ amount: 1, payment_date: TODAY }));
      expect(numberedPackingList(payment, 17)).toEqual(payment);
      expect(numberedInvoice(payment, 3001)).toEqual(payment);
    });
  });

  describe('progress', () => {
    const three = created({
      customer_id: ACME,
      lines: [
        { item_id: WIDGET, quantity: 3 },
        { item_id: WIDGET, quantity: 1 },
        { name: 'Labour', unit_price: 40 },
      ],
    });

    it('is packed and shipped units over the inventory lines’ quantities', () => {
      expect(invoiceProgress(recordAfter(three))).toEqual({ packed_percent: 0, shipped_percent: 0 });
      const one = after([three], pack({ lines: [{ id: lineId(1), quantity: 1 }] }));
      expect(invoiceProgress(recordAfter(...one))).toEqual({ packed_percent: 25, shipped_percent: 0 });
      const shipped = after(one, ship());
      expect(invoiceProgress(recordAfter(...shipped))).toEqual({ packed_percent: 25, shipped_percent: 25 });
    });

    it('rounds down: packed to two decimals, shipped to a whole number', () => {
      const odd = created({ customer_id: ACME, lines: [{ item_id: WIDGET, quantity: 3 }] });
      const events = after([odd], pack({ lines: [{ id: lineId(1), quantity: 2 }] }), ship());
      expect(invoiceProgress(recordAfter(...events))).toEqual({ packed_percent: 66.66, shipped_percent: 66 });
    });

    it('counts service lines neither packed nor ordered; without inventory lines: 0 packed and no shipped', () => {
      const service = created({ customer_id: ACME, lines: [{ name: 'Labour', unit_price: 40 }] });
      expect(invoiceProgress(recordAfter(service))).toEqual({ packed_percent: 0, shipped_percent: null });
    });

    it('counts a line at most up to its own quantity', () => {
      const record = recordAfter(...after([base], pack({ lines: [{ id: lineId(1), quantity: 2 }] })));
      const shrunk = {
        ...record,
        lines: record.lines.map((l) => (l.id === lineId(1) ? { ...l, quantity: '1' } : l)),
      };
      expect(invoiceProgress(shrunk)).toEqual({ packed_percent: 100, shipped_percent: 0 });
    });
  });

  describe('evolve', () => {
    it('after creation: unpaid, nothing paid, sent, packed, nor linked', () => {
      expect(stateAfter(folding, [base])).toEqual({
        status: 'live',
        record: {
          ...base.data,
          updated_at: NOW,
          date_sent: null,
          date_fully_paid: null,
          amount_paid: '0.0000',
          payments: [],
          fulfillments: [],
          source_sales_order_id: null,
        },
      });
    });

    it('after a deletion: deleted, keeping its last data for the history', () => {
      expect(stateAfter(folding, [base, deleted])).toMatchObject({
        status: 'deleted',
        record: { id: RECORD_ID },
      });
    });

    it('events for an absent invoice change nothing', () => {
      expect(stateAfter(folding, [cancelled])).toEqual({ status: 'absent' });
    });
  });

  describe('view', () => {
    const full = created({
      ...BASIC_INPUT,
      name: 'January',
      shipping_fee: 5,
      shipping_cost: 2.5,
      discount_percent: 10,
      custom_field_values: [{ custom_field_id: FIELD_A, value: 'x' }],
    });
    const everything = {
      mayModify: true,
      showCost: true,
      packingListsEnabled: true,
      packServiceLines: false,
    };

    it('renders the detail in the specified field order', () => {
      const view = invoiceView(recordAfter(full), 0, everything);
      expect(Object.keys(view)).toEqual([
        'id',
        'object',
        'invoice_number',
        'custom_invoice_number',
        'name',
        'customer_id',
        'customer_name',
        'salesperson_id',
        'status_id',
        'status',
        'issue_date',
        'expiry_date',
        'date_sent',
        'date_fully_paid',
        'purchase_order_number',
        'attention',
        'shipping_address',
        'public_note',
        'payment_terms',
        'subtotal',
        'shipping_fee',
        'tax',
        'tax_2',
        'total',
        'amount_paid',
        'amount_due',
        'shipping_cost',
        'discount_percent',
        'can_edit',
        'edit_block_reason',
        'revision',
        'custom_field_values',
        'source_sales_order',
        'fulfillment_authority',
        'fulfillment_sales_order_id',
        'packed_percent',
        'shipped_percent',
        'can_pack',
        'pack_block_reason',
        'party',
        'pre_discount_total',
        'discount_total',
        'tax_label',
        'tax_2_label',
        'created_at',
        'updated_at',
        'lines',
      ]);
      const { lines, ...rest } = view;
      expect(rest).toEqual({
        id: RECORD_ID,
        object: 'invoice',
        invoice_number: INVOICE_NUMBER,
        custom_invoice_number: null,
        name: 'January',
        customer_id: ACME,
        customer_name: 'Acme',
        salesperson_id: USER_ID,
        status_id: 9,
        status: 'Unpaid',
        issue_date: '2030-01-15',
        expiry_date: null,
        date_sent: null,
        date_fully_paid: null,
        purchase_order_number: '',
        attention: null,
        shipping_address: null,
        public_note: null,
        payment_terms: 'Due on receipt',
        subtotal: '58.5000',
        shipping_fee: '5.0000',
        tax: '1.9969',
        tax_2: '0.8775',
        total: '66.3744',
        amount_paid: '0.0000',
        amount_due: '66.3744',
        shipping_cost: '2.5000',
        discount_percent: '10.000',
        can_edit: true,
        edit_block_reason: null,
        revision: '0',
        custom_field_values: [{ custom_field_id: FIELD_A, value: 'x' }],
        source_sales_order: null,
        fulfillment_authority: 'invoice',
        fulfillment_sales_order_id: null,
        packed_percent: 0,
        shipped_percent: 0,
        can_pack: true,
        pack_block_reason: null,
        party: { account_number: null, phone: null, email: null, billing_address: [], shipping_address: [] },
        pre_discount_total: BASIC_TOTAL,
        discount_total: '-6.8194',
        tax_label: null,
        tax_2_label: null,
        created_at: NOW,
        updated_at: NOW,
      });
      expect(lines!.map((line) => [line.object, line.id, line.line_type, line.unit_name])).toEqual([
        ['invoice_line', lineId(1), 'inventory', 'box'],
        ['invoice_line', lineId(2), 'service', null],
        ['invoice_line', lineId(3), 'discount', 'discount'],
      ]);
      expect(lines![0]).toMatchObject({
        quantity: 2,
        quantity_packed: 0,
        quantity_shipped: 0,
        unit_price: '12.5000',
        unit_cost: '7.2500',
        total_cost: '14.5000',
      });
    });

    it('lists compactly: no lines and no detail-only fields', () => {
      const view = invoiceSummaryView(recordAfter(full), everything);
      for (const key of [
        'lines',
        'can_edit',
        'edit_block_reason',
        'revision',
        'party',
        'can_pack',
        'packed_percent',
      ])
        expect(view).not.toHaveProperty(key);
      expect(view).toMatchObject({ amount_paid: '0.0000', amount_due: '66.3744', shipped_percent: 0 });
    });

    it('names status 9 "Unpaid", and "Sent" once dispatched', () => {
      expect(invoiceSummaryView(recordAfter(base), everything).status).toBe('Unpaid');
      const sent = after([base], dispatch());
      expect(invoiceSummaryView(recordAfter(...sent), everything)).toMatchObject({
        status_id: 9,
        status: 'Sent',
        date_sent: TODAY,
      });
      const partly = after(sent, pay({ amount: 1, payment_date: TODAY }));
      expect(invoiceSummaryView(recordAfter(...partly), everything)).toMatchObject({
        status_id: 10,
        status: 'Partially Paid',
        amount_paid: '1.0000',
        amount_due: '67.1938',
      });
      const paid = after(partly, pay({ amount: '67.1938', payment_date: TODAY }, 2));
      expect(invoiceSummaryView(recordAfter(...paid), everything)).toMatchObject({
        status: 'Paid in Full',
        date_fully_paid: TODAY,
      });
      expect(invoiceSummaryView(recordAfter(base, cancelled), everything).status).toBe('Cancelled');
    });

    it.each([
      ['unpaid, with invoices.modify', [], true, true, null],
      ['unpaid, without invoices.modify', [], false, false, 'permission_denied'],
      ['with a payment', [pay({ amount: 1, payment_date: TODAY })], true, false, 'invoice_not_unpaid'],
      ['cancelled', [cancel], true, false, 'invoice_not_unpaid'],
    ] as const)('tells whether it can be edited: %s', (_case, commands, mayModify, canEdit, reason) => {
      const record = recordAfter(...after([base], ...commands));
      expect(invoiceView(record, 1, { ...everything, mayModify })).toMatchObject({
        can_edit: canEdit,
        edit_block_reason: reason,
      });
    });

    it('tells a linked invoice is edited and packed through its sales order', () => {
      const { record } = linkedState(base);
      expect(invoiceView(record, 1, everything)).toMatchObject({
        can_edit: false,
        edit_block_reason: 'invoice_sales_order_linked',
        fulfillment_authority: 'sales_order',
        fulfillment_sales_order_id: record.source_sales_order_id,
        can_pack: false,
        pack_block_reason: 'packing_managed_by_sales_order',
      });
    });

    it.each([
      ['packable, with invoices.modify', [], {}, true, null],
      ['packable, without invoices.modify', [], { mayModify: false }, false, 'permission_denied'],
      ['with packing lists off', [], { packingListsEnabled: false }, false, 'packing_lists_disabled'],
      ['cancelled', [cancel], {}, false, 'invoice_cancelled'],
      [
        'fully packed',
        [pack({ lines: [{ id: lineId(1), quantity: 2 }] })],
        {},
        false,
        'invoice_fully_packed',
      ],
      [
        'with the service line left, packed by the account',
        [pack({ lines: [{ id: lineId(1), quantity: 2 }] })],
        { packServiceLines: true },
        true,
        null,
      ],
    ] as const)('tells whether it can be packed: %s', (_case, commands, over, canPack, reason) => {
      const record = recordAfter(...after([base], ...commands));
      expect(invoiceView(record, 1, { ...everything, ...over })).toMatchObject({
        can_pack: canPack,
        pack_block_reason: reason,
      });
    });

    it('shows packed and shipped quantities per line, and the progress', () => {
      const events = after([base], pack({ lines: [{ id: lineId(1), quantity: 2 }] }), ship());
      const view = invoiceView(recordAfter(...events), 2, everything);
      expect(view).toMatchObject({ packed_percent: 100, shipped_percent: 100 });
      expect(view.lines![0]).toMatchObject({ quantity_packed: 2, quantity_shipped: 2 });
      expect(view.lines![1]).toMatchObject({ quantity_packed: 0, quantity_shipped: 0 });
    });

    it('leaves out shipping_cost and the lines’ costs without the unit-cost permission', () => {
      const view = invoiceView(recordAfter(full), 0, { ...everything, showCost: false });
      expect(view).not.toHaveProperty('shipping_cost');
      expect(invoiceSummaryView(recordAfter(full), { mayModify: true, showCost: false })).not.toHaveProperty(
        'shipping_cost',
      );
      for (const line of view.lines!) {
        expect(line).not.toHaveProperty('unit_cost');
        expect(line).not.toHaveProperty('total_cost');
      }
    });

    it('shows the live party, the stored shipping address first, and the account’s tax labels', () => {
      const shipTo = created({ ...BASIC_INPUT, shipping_address: '9 Dock Rd' });
      const party = {
        account_number: 'A-1',
        phone: '555',
        email: 'ap@acme.test',
        billing_address: ['1 Main St'],
        shipping_address: ['2 Side St'],
      };
      const viewer = { ...everything, party, taxLabels: { tax_label: 'GST', tax_2_label: 'PST' } };
      expect(invoiceView(recordAfter(base), 0, viewer)).toMatchObject({
        party,
        tax_label: 'GST',
        tax_2_label: 'PST',
      });
      expect(invoiceView(recordAfter(shipTo), 0, viewer).party).toEqual({
        ...party,
        shipping_address: ['9 Dock Rd'],
      });
    });

    it('renders a payment with exactly the specified fields', () => {
      const events = after([base], pay({ amount: '5.5', payment_date: TODAY, reference: 'R' }));
      const [payment] = recordAfter(...events).payments;
      const view = paymentView(RECORD_ID, payment);
      expect(Object.keys(view)).toEqual([
        'id',
        'object',
        'invoice_id',
        'amount',
        'type',
        'reference',
        'payment_date',
        'card',
      ]);
      expect(view).toEqual({
        id: paymentId(1),
        object: 'payment',
        invoice_id: RECORD_ID,
        amount: '5.5000',
        type: 'payment',
        reference: 'R',
        payment_date: TODAY,
        card: null,
      });
      const refunded = after(events, refund({ amount: 2, refund_date: '2030-01-20' }, 2));
      expect(paymentView(RECORD_ID, recordAfter(...refunded).payments[1])).toMatchObject({
        amount: '-2.0000',
        type: 'refund',
        payment_date: '2030-01-20',
      });
    });

    it('counts a packing list’s units in decimals, not binary fractions', () => {
      const two = created({
        customer_id: ACME,
        lines: [
          { item_id: WIDGET, quantity: 1 },
          { item_id: WIDGET, quantity: 1 },
        ],
      });
      const packed = after(
        [two],
        pack({
          lines: [
            { id: lineId(1), quantity: 0.1 },
            { id: lineId(2), quantity: 0.2 },
          ],
        }),
      );
      const record = recordAfter(...packed);
      expect(invoiceFulfillmentView(record, record.fulfillments[0]).units_packed).toBe(0.3);
    });

    it('types a payment by its sign: an applied credit (negative) reads as a refund', () => {
      const events = after([createdWithTotal('-10.0000')], pay({ amount: -4, payment_date: TODAY }));
      const [credit] = recordAfter(...events).payments;
      expect(credit.type).toBe('payment');
      expect(paymentView(RECORD_ID, credit)).toMatchObject({ amount: '-4.0000', type: 'refund' });
    });

    it('renders a packing list: packed, then shipped', () => {
      const packed = after([base], pack({ lines: [{ id: lineId(1), quantity: 1.5 }] }));
      const record = recordAfter(...packed);
      expect(invoiceFulfillmentView(record, record.fulfillments[0])).toMatchObject({
        id: fulfillmentId(1),
        invoice_id: RECORD_ID,
        packing_list_number: 1,
        status: 'packed',
        units_packed: 1.5,
        lines: [{ invoice_line_id: lineId(1), quantity: 1.5 }],
      });
      const shipped = recordAfter(...after(packed, ship({ carrier: 'UPS' })));
      expect(invoiceFulfillmentView(shipped, shipped.fulfillments[0])).toMatchObject({
        status: 'shipped',
        shipped_date: TODAY,
        carrier: 'UPS',
        updated_at: LATER,
      });
    });
  });

  describe('visibility', () => {
    const commands = [
      ['update', update({ name: 'x' })],
      ['dispatch', dispatch()],
      ['cancel', cancel],
      ['delete', remove],
      ['pack', pack({ lines: [{ id: lineId(1), quantity: 1 }] })],
      ['refund', refund({ amount: 1, refund_date: TODAY })],
    ] as const;

    it.each(commands)(
      '%s answers 404 for another account or another salesperson’s invoice',
      (_case, command) => {
        const elsewhere = invoiceContext({ accountId: OTHER_ACCOUNT_ID });
        const notOwn = invoiceContext({ onlyOwnDocuments: true, userId: OTHER_USER_ID });
        expect(invoice.given(base).when(command, elsewhere)).toMatchObject(missing);
        expect(invoice.given(base).when(command, notOwn)).toMatchObject(missing);
        expect(invoice.given(base, deleted).when(command, invoiceContext())).toMatchObject(missing);
      },
    );
  });

  // Creation and update as every sales document has them (testing/sales-document-cases.ts).
  describeSalesDocumentCases(invoiceKit);
});
