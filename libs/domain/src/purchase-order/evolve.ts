import { changedDocument, NOTHING_PAID } from '../document/record';
import { evolver } from '../shared/evolver';
import { ABSENT, changeLive, createdRecord, markDeleted } from '../shared/record-state';
import { PurchaseOrderEvent } from './events';
import { PurchaseOrderState } from './state';
import { appended } from '../shared/appended';

export const initialPurchaseOrderState: PurchaseOrderState = ABSENT;

export const evolvePurchaseOrder = evolver<PurchaseOrderState, PurchaseOrderEvent>({
  PurchaseOrderCreated: (_, data) =>
    createdRecord({
      ...data,
      ...NOTHING_PAID,
      amount_due: data.totals.total,
      date_sent: null,
      date_received: null,
      received: {},
    }),
  PurchaseOrderUpdated: (state, data) =>
    changeLive(state, data.updated_at, (record) => {
      const changed = changedDocument(record, data);
      return { ...changed, amount_due: changed.totals.total };
    }),
  PurchaseOrderSent: (state, { date_sent, status_id, sent_at }) =>
    changeLive(state, sent_at, (record) => ({ ...record, date_sent, status_id })),
  PurchaseOrderReceived: (state, { lines, status_id, date_received, received_at }) =>
    changeLive(state, received_at, (record) => ({
      ...record,
      status_id,
      date_received,
      received: {
        ...record.received,
        ...Object.fromEntries(lines.map((line) => [line.line_id, line.quantity_received_after])),
      },
    })),
  PurchaseOrderPaymentRecorded: (state, { payment, ...balance }) =>
    changeLive(state, payment.recorded_at, (record) => ({
      ...record,
      ...balance,
      payments: appended(record.payments, payment),
    })),
  PurchaseOrderPaymentDeleted: (state, { payment_id, deleted_at, ...balance }) =>
    changeLive(state, deleted_at, (record) => ({
      ...record,
      ...balance,
      payments: record.payments.filter((payment) => payment.id !== payment_id),
    })),
  PurchaseOrderDeleted: markDeleted,
});
