import { ABSENT, changeLive, markDeleted } from '../shared/record-state';
import { InvoiceEvent } from './events';
import { InvoiceState } from './state';
import { changedDocument } from '../document/record';
import { withPackingList, withShipment } from '../document/packing';

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
      return changeLive(state, event.data.updated_at, (record) => changedDocument(record, event.data));
    case 'InvoicePaymentRecorded': {
      const { payment, status_id, amount_paid, date_fully_paid } = event.data;
      return changeLive(state, payment.recorded_at, (record) => ({
        ...record,
        payments: [...record.payments, payment],
        status_id,
        amount_paid,
        date_fully_paid,
      }));
    }
    case 'InvoicePaymentReceiptQueued':
      return state;
    case 'InvoiceDispatched':
      return changeLive(state, event.data.dispatched_at, (record) => ({
        ...record,
        date_sent: event.data.date_sent,
      }));
    case 'InvoiceDispatchDateChanged':
      return changeLive(state, event.data.changed_at, (record) => ({
        ...record,
        date_sent: event.data.date_sent,
      }));
    case 'InvoiceCancelled':
      // A cancelled invoice is no longer its sales order's (documents-api §3): the link goes.
      return changeLive(state, event.data.cancelled_at, (record) => ({
        ...record,
        status_id: event.data.status_id,
        source_sales_order_id: null,
      }));
    case 'InvoicePacked': {
      const { fulfillment } = event.data;
      return changeLive(state, fulfillment.created_at, (record) => withPackingList(record, fulfillment));
    }
    case 'InvoiceShipped':
      return changeLive(state, event.data.shipped_at, (record) => withShipment(record, event.data));
    case 'InvoiceDeleted':
      return markDeleted(state);
    default:
      return state;
  }
}
