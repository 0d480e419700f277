import { ABSENT, changeLive, markDeleted } from '../shared/record-state';
import { PurchaseOrderEvent } from './events';
import { PurchaseOrderState } from './state';
import { changedDocument } from '../document/record';

export const initialPurchaseOrderState: PurchaseOrderState = ABSENT;

export function evolvePurchaseOrder(
  state: PurchaseOrderState,
  event: PurchaseOrderEvent,
): PurchaseOrderState {
  switch (event.type) {
    case 'PurchaseOrderCreated':
      return {
        status: 'live',
        record: {
          ...event.data,
          date_sent: null,
          date_received: null,
          amount_paid: '0.0000',
          amount_due: event.data.totals.total,
          date_fully_paid: null,
          received: {},
          payments: [],
          updated_at: event.data.created_at,
        },
      };
    case 'PurchaseOrderUpdated':
      return changeLive(state, event.data.updated_at, (record) => {
        const changed = changedDocument(record, event.data);
        return { ...changed, amount_due: changed.totals.total };
      });
    case 'PurchaseOrderSent':
      return changeLive(state, event.data.sent_at, (record) => ({
        ...record,
        date_sent: event.data.date_sent,
        status_id: event.data.status_id,
      }));
    case 'PurchaseOrderReceived': {
      const { lines, status_id, date_received, received_at } = event.data;
      return changeLive(state, received_at, (record) => ({
        ...record,
        status_id,
        date_received,
        received: {
          ...record.received,
          ...Object.fromEntries(lines.map((line) => [line.line_id, line.quantity_received_after])),
        },
      }));
    }
    case 'PurchaseOrderPaymentRecorded': {
      const { payment, ...balance } = event.data;
      return changeLive(state, payment.recorded_at, (record) => ({
        ...record,
        ...balance,
        payments: [...record.payments, payment],
      }));
    }
    case 'PurchaseOrderPaymentDeleted': {
      const { payment_id, deleted_at, ...balance } = event.data;
      return changeLive(state, deleted_at, (record) => ({
        ...record,
        ...balance,
        payments: record.payments.filter((payment) => payment.id !== payment_id),
      }));
    }
    case 'PurchaseOrderDeleted':
      return markDeleted(state);
    default:
      return state;
  }
}
