import { ABSENT, markDeleted, updateLive } from '../shared/record-state';
import { InvoiceEvent } from './events';
import { InvoiceRecord, InvoiceState } from './state';

export const initialInvoiceState: InvoiceState = ABSENT;

export function evolveInvoice(state: InvoiceState, event: InvoiceEvent): InvoiceState {
  switch (event.type) {
    case 'InvoiceCreated':
      return {
        status: 'live',
        record: {
          ...event.data,
          updated_at: event.data.created_at,
          date_sent: null,
          date_fully_paid: null,
          amount_paid: '0.0000',
          payments: [],
          fulfillments: [],
          source_sales_order_id: event.data.source_sales_order_id ?? null,
        },
      };
    case 'InvoiceUpdated':
      return change(state, event.data.updated_at, (record) => ({
        ...record,
        ...event.data.changes,
        lines: event.data.lines ?? record.lines,
        totals: (event.data.totals as InvoiceRecord['totals'] | undefined) ?? record.totals,
      }));
    case 'InvoicePaymentRecorded': {
      const { payment, status_id, amount_paid, date_fully_paid } = event.data;
      return change(state, payment.recorded_at, (record) => ({
        ...record,
        payments: [...record.payments, payment],
        status_id,
        amount_paid,
        date_fully_paid,
      }));
    }
    case 'InvoicePaymentReceiptQueued':
    case 'CustomerNotificationSent':
    case 'CustomerNotificationFailed':
      return state;
    case 'InvoiceDispatched':
      return change(state, event.data.dispatched_at, (record) => ({
        ...record,
        date_sent: event.data.date_sent,
      }));
    case 'InvoiceDispatchDateChanged':
      return change(state, event.data.changed_at, (record) => ({
        ...record,
        date_sent: event.data.date_sent,
      }));
    case 'InvoiceCancelled':
      // A cancelled invoice is no longer its sales order's (documents-api §3): the link goes.
      return change(state, event.data.cancelled_at, (record) => ({
        ...record,
        status_id: event.data.status_id,
        source_sales_order_id: null,
      }));
    case 'InvoicePacked': {
      const { fulfillment } = event.data;
      return change(state, fulfillment.created_at, (record) => ({
        ...record,
        fulfillments: [...record.fulfillments, { ...fulfillment, updated_at: fulfillment.created_at }],
      }));
    }
    case 'InvoiceShipped': {
      const { fulfillment_id, shipped_at, packed_percent: _p, shipped_percent: _s, ...shipping } = event.data;
      return change(state, shipped_at, (record) => ({
        ...record,
        fulfillments: record.fulfillments.map((f) =>
          f.id === fulfillment_id ? { ...f, ...shipping, updated_at: shipped_at } : f,
        ),
      }));
    }
    case 'InvoiceDeleted':
      return markDeleted(state);
    default:
      return state;
  }
}

function change(
  state: InvoiceState,
  at: string,
  apply: (record: InvoiceRecord) => InvoiceRecord,
): InvoiceState {
  return updateLive(state, (record) => ({ ...apply(record), updated_at: at }));
}
