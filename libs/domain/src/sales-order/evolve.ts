import { ABSENT, changeLive, markDeleted } from '../shared/record-state';
import { SalesOrderEvent } from './events';
import { SalesOrderState } from './state';
import { changedDocument } from '../document/record';
import { withPackingList, withShipment } from '../document/packing';

export const initialSalesOrderState: SalesOrderState = ABSENT;

export function evolveSalesOrder(state: SalesOrderState, event: SalesOrderEvent): SalesOrderState {
  switch (event.type) {
    case 'SalesOrderCreated':
      return {
        status: 'live',
        record: { ...event.data, updated_at: event.data.created_at, fulfillments: [], invoices: [] },
      };
    case 'SalesOrderUpdated':
      return changeLive(state, event.data.updated_at, (record) => changedDocument(record, event.data));
    case 'SalesOrderPacked': {
      const { fulfillment } = event.data;
      return changeLive(state, fulfillment.created_at, (record) => withPackingList(record, fulfillment));
    }
    case 'SalesOrderShipped':
      return changeLive(state, event.data.shipped_at, (record) => withShipment(record, event.data));
    case 'SalesOrderShippingNotificationQueued':
      return state;
    case 'SalesOrderInvoiced': {
      const { invoice_id, lines, with_shipping, invoiced_at } = event.data;
      return changeLive(state, invoiced_at, (record) => ({
        ...record,
        invoices: [...record.invoices, { invoice_id, lines, with_shipping, invoiced_at, released_at: null }],
      }));
    }
    case 'SalesOrderInvoiceReleased': {
      const { invoice_id, released_at } = event.data;
      return changeLive(state, released_at, (record) => ({
        ...record,
        invoices: record.invoices.map((invoice) =>
          invoice.invoice_id === invoice_id ? { ...invoice, released_at } : invoice,
        ),
      }));
    }
    case 'SalesOrderDeleted':
      return markDeleted(state);
    default:
      return state;
  }
}
