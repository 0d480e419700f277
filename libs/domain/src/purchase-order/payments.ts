import Decimal from 'decimal.js';
import { parseActionBody } from '../document';
import { AMOUNT_LIMIT } from '../document-lines/amounts';
import { Decision } from '../shared/decision';
import { calendarDate } from '../shared/dates';
import { conflict, invalid, isDomainError, notFound } from '../shared/domain-error';
import { money } from '../shared/money';
import { decimal, optionalText, Parser } from '../shared/parsers';
import { DeletePurchaseOrderPayment, RecordPurchaseOrderPayment } from './commands';
import { PurchaseOrderContext } from './context';
import { PurchaseOrderEvent } from './events';
import { PurchaseOrderBalance, PurchaseOrderPayment, PurchaseOrderRecord } from './state';
import { PURCHASE_ORDER_STATUS } from './status';
import { appended } from '../shared/appended';

const MAX_REFERENCE = 255;

/** A positive amount (a JSON number or a numeric string); its decimals are judged on the balance. */
const positiveAmount: Parser<Decimal> = (value, param) => {
  const parsed = decimal(value);
  if (!parsed || !parsed.greaterThan(0) || parsed.greaterThanOrEqualTo(AMOUNT_LIMIT))
    return invalid(param, `${param} must be a positive number (or numeric string) below 1000000000000.`);
  if (parsed.decimalPlaces() > 4) return invalid(param, `${param} must have at most 2 decimals.`);
  return parsed;
};

/**
 * At most two decimals, except an amount that pays the remaining balance exactly: totals keep four
 * decimals (a 10 % tax on 7.25 is 0.725), and an order must be payable in full
 * (docs/api-conventions.md).
 */
function centsOrBalance(amount: Decimal, due: Decimal) {
  if (amount.decimalPlaces() <= 2 || amount.equals(due)) return undefined;
  return invalid(
    'amount',
    `amount must have at most 2 decimals (or be the remaining balance, ${money(due)}).`,
  );
}

const PAYMENT_PARSERS = {
  amount: positiveAmount,
  payment_date: calendarDate(),
  reference: optionalText(MAX_REFERENCE),
};

const PAYABLE: readonly number[] = [
  PURCHASE_ORDER_STATUS.sent,
  PURCHASE_ORDER_STATUS.partiallyReceived,
  PURCHASE_ORDER_STATUS.received,
];

/** What the order still owes its supplier: its total less payments. */
export function purchaseOrderAmountDue(order: Pick<PurchaseOrderRecord, 'totals' | 'amount_paid'>): Decimal {
  return new Decimal(order.totals.total).minus(order.amount_paid);
}

/**
 * A manual payment, decided on the order's current balance (so parallel payments cannot overpay):
 * the account must take purchase-order payments, the order be Sent or (partially) received and
 * owe something; the amount positive, at most what is due, two decimals unless it pays it exactly.
 */
export function recordPurchaseOrderPayment(
  order: PurchaseOrderRecord,
  command: RecordPurchaseOrderPayment,
  context: PurchaseOrderContext,
): Decision<PurchaseOrderEvent> {
  if (!context.paymentsEnabled)
    return conflict(
      'purchase_order_payment_not_allowed',
      'This account does not take purchase-order payments.',
    );
  if (!PAYABLE.includes(order.status_id))
    return conflict(
      'purchase_order_payment_not_allowed',
      'Only a sent or received purchase order takes payments.',
    );
  const due = purchaseOrderAmountDue(order);
  if (!due.greaterThan(0))
    return conflict('purchase_order_payment_not_allowed', 'This purchase order is fully paid.');
  const body = parseActionBody(
    command.input,
    PAYMENT_PARSERS,
    ['amount', 'payment_date'],
    'unsupported_purchase_order_field',
  );
  if (isDomainError(body)) return body;
  const amount = body.amount!;
  if (amount.greaterThan(due))
    return invalid('amount', `amount cannot exceed the remaining balance of ${money(due)}.`);
  const cents = centsOrBalance(amount, due);
  if (cents) return cents;
  const payment: PurchaseOrderPayment = {
    id: command.payment_id,
    amount: money(amount),
    type: 'payment',
    reference: body.reference ?? null,
    payment_date: body.payment_date!,
    recorded_at: context.now,
  };
  const payments = appended(order.payments, payment);
  return [{ type: 'PurchaseOrderPaymentRecorded', data: { payment, ...balanceOf(order, payments) } }];
}

/** Deletes one positive manual payment; the paid state follows (a balance due again clears `date_fully_paid`). */
export function deletePurchaseOrderPayment(
  order: PurchaseOrderRecord,
  command: DeletePurchaseOrderPayment,
  context: PurchaseOrderContext,
): Decision<PurchaseOrderEvent> {
  const payment = order.payments.find((p) => p.id === command.payment_id.toLowerCase());
  if (!payment) return notFound('No such payment on this purchase order.');
  if (payment.type !== 'payment' || !new Decimal(payment.amount).greaterThan(0))
    return conflict(
      'purchase_order_payment_delete_not_allowed',
      'Only a positive manual payment can be deleted.',
    );
  const payments = order.payments.filter((p) => p.id !== payment.id);
  const balance = balanceOf(order, payments);
  if (new Decimal(balance.amount_paid).isNegative())
    return conflict(
      'purchase_order_payment_delete_not_allowed',
      'The deletion would leave a negative paid balance.',
    );
  return [
    {
      type: 'PurchaseOrderPaymentDeleted',
      data: { payment_id: payment.id, deleted_at: context.now, ...balance },
    },
  ];
}

/**
 * The paid state of `payments`: paid is their sum, due the total less it; fully paid (dated by the
 * latest payment date) once nothing is due, the date kept while it stays so.
 */
export function balanceOf(
  order: PurchaseOrderRecord,
  payments: PurchaseOrderPayment[],
): PurchaseOrderBalance {
  const paid = payments.reduce((sum, p) => sum.plus(p.amount), new Decimal(0));
  const due = new Decimal(order.totals.total).minus(paid);
  const fullyPaid = !due.greaterThan(0) && paid.greaterThan(0);
  const latest = payments.reduce((date, p) => (p.payment_date > date ? p.payment_date : date), '');
  return {
    amount_paid: money(paid),
    amount_due: money(due),
    date_fully_paid: fullyPaid ? (order.date_fully_paid ?? latest) : null,
  };
}
