import Decimal from 'decimal.js';
import fc from 'fast-check';
import { isDomainError } from '../shared/domain-error';
import { InvoiceCommand } from './commands';
import { InvoiceEvent } from './events';
import {
  createdWithTotal,
  invoice,
  invoiceContext,
  pay,
  paymentId,
  recordAfter,
  refund,
} from './invoice.fixture';
import { amountDue } from './payments';
import { INVOICE_STATUS } from './status';

/** A signed amount with up to `decimals` decimals, between -max and max. */
const amount = (decimals: number, max: number) =>
  fc
    .integer({ min: -max * 10 ** decimals, max: max * 10 ** decimals })
    .map((units) => new Decimal(units).dividedBy(10 ** decimals).toFixed());

/** What a client may try: any payment, the exact balance, any refund, a refund of everything, a legacy refund. */
const attempt = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), amount: amount(4, 150) }),
  fc.record({ kind: fc.constant('payRest' as const) }),
  fc.record({ kind: fc.constant('refund' as const), amount: amount(2, 150) }),
  fc.record({ kind: fc.constant('refundAll' as const) }),
  fc.record({
    kind: fc.constant('legacyRefund' as const),
    amount: amount(2, 150),
    payment: fc.nat({ max: 20 }),
  }),
);

const positiveTotal = fc
  .integer({ min: 1, max: 100_000_000 })
  .map((units) => new Decimal(units).dividedBy(10_000).toFixed(4));

describe('Invoice payments and refunds (property)', () => {
  it('whatever is accepted, amount_paid stays within the total and is the sum of what was recorded', () => {
    fc.assert(
      fc.property(positiveTotal, fc.array(attempt, { maxLength: 25 }), (total, attempts) => {
        let events: InvoiceEvent[] = [createdWithTotal(total)];
        for (const [n, step] of attempts.entries()) {
          const record = recordAfter(...events);
          const date = { payment_date: '2030-01-16' };
          const refundDate = { refund_date: '2030-01-16' };
          const payments = record.payments.filter((p) => p.type === 'payment');
          const command: InvoiceCommand =
            step.kind === 'pay'
              ? pay({ amount: step.amount, ...date }, n + 1)
              : step.kind === 'payRest'
                ? pay({ amount: amountDue(record).toFixed(), ...date }, n + 1)
                : step.kind === 'refund'
                  ? refund({ amount: step.amount, ...refundDate }, n + 1)
                  : step.kind === 'refundAll'
                    ? refund(
                        {
                          amount: new Decimal(record.amount_paid)
                            .toDecimalPlaces(2, Decimal.ROUND_DOWN)
                            .toFixed(),
                          ...refundDate,
                        },
                        n + 1,
                      )
                    : refund(
                        { amount: step.amount, ...refundDate },
                        n + 1,
                        payments.length > 0 ? payments[step.payment % payments.length].id : paymentId(99),
                      );
          const decision = invoice.given(...events).when(command, invoiceContext());
          if (isDomainError(decision)) {
            expect([404, 422]).toContain(decision.status);
            continue;
          }
          events = [...events, ...decision];
          const after = recordAfter(...events);
          const paid = new Decimal(after.amount_paid);
          const recorded = after.payments.reduce((sum, p) => sum.plus(p.amount), new Decimal(0));
          expect(paid.equals(recorded)).toBe(true);
          expect(paid.greaterThan(total)).toBe(false);
          expect(paid.isNegative()).toBe(false);
          const [event] = decision;
          if (event.type !== 'InvoicePaymentRecorded') throw new Error(`unexpected ${event.type}`);
          expect(new Decimal(event.data.amount_due).equals(new Decimal(total).minus(paid))).toBe(true);
          const expected = paid.equals(total)
            ? INVOICE_STATUS.paidInFull
            : paid.isZero()
              ? INVOICE_STATUS.unpaid
              : INVOICE_STATUS.partiallyPaid;
          expect(after.status_id).toBe(expected);
          expect(after.date_fully_paid !== null).toBe(expected === INVOICE_STATUS.paidInFull);
        }
      }),
      { numRuns: 200 },
    );
  });
});
