import Decimal from 'decimal.js';
import { Decision } from '../shared/decision';
import { calendarDate } from '../shared/dates';
import { conflict, DomainError, invalid, isDomainError, notFound } from '../shared/domain-error';
import { decimal, optionalText, Parser } from '../shared/parsers';
import { money } from '../shared/money';
import { AMOUNT_LIMIT } from '../document-lines/amounts';
import { parseBody } from './body';
import { RecordPayment, RecordRefund } from './commands';
import { InvoiceContext } from './context';
import { InvoiceEvent } from './events';
import { InvoicePayment, InvoiceRecord, InvoiceStatusFields } from './state';
import { INVOICE_STATUS } from './status';
import { appended } from '../shared/appended';

const MAX_REFERENCE = 255;

/** A signed amount with at most `decimals` decimals (a JSON number or a numeric string). */
function signedAmount(decimals: number): Parser<Decimal> {
  return (value, param) => {
    const parsed = decimal(value);
    if (!parsed || parsed.abs().greaterThanOrEqualTo(AMOUNT_LIMIT))
      return invalid(param, `${param} must be a number (or numeric string) below 1000000000000.`);
    if (parsed.decimalPlaces() > decimals)
      return invalid(param, `${param} must have at most ${decimals} decimals.`);
    return parsed;
  };
}

const PAYMENT_PARSERS = {
  amount: signedAmount(4),
  payment_date: calendarDate(),
  reference: optionalText(MAX_REFERENCE),
};

const REFUND_PARSERS = {
  amount: signedAmount(2),
  refund_date: calendarDate(),
  reference: optionalText(MAX_REFERENCE),
};

/** What the invoice owes: its total less payments net of refunds (docs/calculations.md). */
export function amountDue(invoice: Pick<InvoiceRecord, 'totals' | 'amount_paid'>): Decimal {
  return new Decimal(invoice.totals.total).minus(invoice.amount_paid);
}

/**
 * A manual payment, decided on the invoice's current balance: positive up to what is due, negative
 * only as a credit against a negative balance, zero only when nothing is due. The payment and the
 * status, amounts and date it leaves are one event.
 */
export function recordPayment(
  invoice: InvoiceRecord,
  command: RecordPayment,
  context: InvoiceContext,
): Decision<InvoiceEvent> {
  if (invoice.status_id === INVOICE_STATUS.cancelled)
    return conflict('invoice_payment_not_allowed', 'A cancelled invoice takes no payments.');
  const body = parseBody(command.input, PAYMENT_PARSERS, ['amount', 'payment_date']);
  if (isDomainError(body)) return body;
  const amount = body.amount!;
  const refusal = beyondBalance(amount, amountDue(invoice));
  if (refusal) return refusal;
  const payment: InvoicePayment = {
    id: command.payment_id,
    amount: money(amount),
    type: 'payment',
    reference: body.reference ?? null,
    payment_date: body.payment_date!,
    card: null,
    refunded_payment_id: null,
    recorded_at: context.now,
  };
  const events: InvoiceEvent[] = [
    { type: 'InvoicePaymentRecorded', data: { payment, ...balanceAfter(invoice, payment) } },
  ];
  if (amount.greaterThan(0) && context.automaticPaymentReceipts)
    events.push({
      type: 'InvoicePaymentReceiptQueued',
      data: { payment_id: payment.id, recipients: context.recipients, queued_at: context.now },
    });
  return events;
}

/** The signed balance bounds a payment: it may bring what is due to zero, never past it. */
function beyondBalance(amount: Decimal, due: Decimal): DomainError | undefined {
  if (amount.isZero())
    return due.isZero()
      ? undefined
      : invalid('amount', `amount must not be zero while ${money(due)} is due.`);
  if (due.isZero())
    return invalid('amount', 'Nothing is due on this invoice: only a zero payment is accepted.');
  if (amount.isNegative() !== due.isNegative())
    return invalid(
      'amount',
      due.isNegative()
        ? `The balance is a credit of ${money(due.negated())}: only a negative amount applies it.`
        : 'A negative amount only applies a credit against a negative balance.',
    );
  if (amount.abs().greaterThan(due.abs()))
    return invalid('amount', `amount cannot exceed the remaining balance of ${money(due)}.`);
  return undefined;
}

/**
 * A manual refund of the net paid amount (or, through the legacy route, of one payment's
 * unrefunded part): positive, two decimals, recorded as a negative `refund` payment.
 */
export function recordRefund(
  invoice: InvoiceRecord,
  command: RecordRefund,
  context: InvoiceContext,
): Decision<InvoiceEvent> {
  const refunded = command.refunded_payment_id;
  const original = refunded === undefined ? undefined : refundablePayment(invoice, refunded);
  if (isDomainError(original)) return original;
  const body = parseBody(command.input, REFUND_PARSERS, ['amount', 'refund_date']);
  if (isDomainError(body)) return body;
  const amount = body.amount!;
  if (!amount.greaterThan(0)) return invalid('amount', 'amount must be positive.');
  const limit = original
    ? Decimal.min(unrefunded(invoice, original), invoice.amount_paid)
    : new Decimal(invoice.amount_paid);
  if (amount.greaterThan(limit))
    return invalid(
      'amount',
      `amount cannot exceed ${money(Decimal.max(limit, 0))}, the payments less refunds.`,
    );
  const refund: InvoicePayment = {
    id: command.payment_id,
    amount: money(amount.negated()),
    type: 'refund',
    reference: body.reference ?? null,
    payment_date: body.refund_date!,
    card: null,
    refunded_payment_id: original?.id ?? null,
    recorded_at: context.now,
  };
  return [{ type: 'InvoicePaymentRecorded', data: { payment: refund, ...balanceAfter(invoice, refund) } }];
}

function refundablePayment(invoice: InvoiceRecord, paymentId: string): InvoicePayment | DomainError {
  const payment = invoice.payments.find((p) => p.id === paymentId.toLowerCase());
  if (!payment || payment.type !== 'payment') return notFound('No such payment on this invoice.');
  return payment;
}

/** What is left of a payment once the refunds made against it are taken off. */
function unrefunded(invoice: InvoiceRecord, payment: InvoicePayment): Decimal {
  return invoice.payments
    .filter((p) => p.refunded_payment_id === payment.id)
    .reduce((left, refund) => left.plus(refund.amount), new Decimal(payment.amount));
}

/**
 * The status, amounts and date a payment leaves: paid in full once nothing is due (a zero-balance
 * invoice once a payment is recorded), partially paid while some is paid, unpaid otherwise.
 * `date_fully_paid` is the latest date among the payments (not refunds) that settle it (a
 * back-dated payment cannot date full payment before a payment it needed), kept while it stays paid.
 */
export function balanceAfter(invoice: InvoiceRecord, payment: InvoicePayment): InvoiceStatusFields {
  const paid = new Decimal(invoice.amount_paid).plus(payment.amount);
  const due = new Decimal(invoice.totals.total).minus(paid);
  const paidInFull = due.isZero() && (!paid.isZero() || new Decimal(invoice.totals.total).isZero());
  const status_id = paidInFull
    ? INVOICE_STATUS.paidInFull
    : paid.isZero()
      ? INVOICE_STATUS.unpaid
      : INVOICE_STATUS.partiallyPaid;
  const date_fully_paid = !paidInFull
    ? null
    : invoice.status_id === INVOICE_STATUS.paidInFull
      ? invoice.date_fully_paid
      : latestDate(appended(invoice.payments, payment));
  return { status_id, amount_paid: money(paid), amount_due: money(due), date_fully_paid };
}

/** A refund never settles an invoice: its date is not when it was paid. */
function latestDate(payments: InvoicePayment[]): string {
  return payments
    .filter((p) => p.type === 'payment')
    .reduce((latest, p) => (p.payment_date > latest ? p.payment_date : latest), '');
}
