import { ABSENT, markDeleted, updateLive } from '../shared/record-state';
import { PurchaseOrderEvent } from './events';
import { PurchaseOrderRecord, PurchaseOrderState } from './state';

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
      return change(state, event.data.updated_at, (record) => {
        const totals = (event.data.totals as PurchaseOrderRecord['totals'] | undefined) ?? record.totals;
        return {
          ...record,
          ...event.data.changes,
          lines: event.data.lines ?? record.lines,
          totals,
          amount_due: totals.total,
        };
      });
    case 'PurchaseOrderSent':
      return change(state, event.data.sent_at, (record) => ({
        ...record,
        date_sent: event.data.date_sent,
        status_id: event.data.status_id,
      }));
    case 'PurchaseOrderReceived': {
      const { lines, status_id, date_received, received_at } = event.data;
      return change(state, received_at, (record) => ({
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
      return change(state, payment.recorded_at, (record) => ({
        ...record,
        ...balance,
        payments: [...record.payments, payment],
      }));
    }
    case 'PurchaseOrderPaymentDeleted': {
      const { payment_id, deleted_at, ...balance } = event.data;
      return change(state, deleted_at, (record) => ({
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

function change(
  state: PurchaseOrderState,
  at: string,
  apply: (record: PurchaseOrderRecord) => PurchaseOrderRecord,
): PurchaseOrderState {
  return updateLive(state, (record) => ({ ...apply(record), updated_at: at }));
}
