import { ABSENT, markDeleted, updateLive } from '../shared/record-state';
import { SalesOrderEvent } from './events';
import { SalesOrderRecord, SalesOrderState } from './state';

export const initialSalesOrderState: SalesOrderState = ABSENT;

export function evolveSalesOrder(state: SalesOrderState, event: SalesOrderEvent): SalesOrderState {
  switch (event.type) {
    case 'SalesOrderCreated':
      return {
        status: 'live',
        record: { ...event.data, updated_at: event.data.created_at, fulfillments: [], invoices: [] },
      };
    case 'SalesOrderUpdated':
      return change(state, event.data.updated_at, (record) => ({
        ...record,
        ...event.data.changes,
        lines: event.data.lines ?? record.lines,
        totals: (event.data.totals as SalesOrderRecord['totals'] | undefined) ?? record.totals,
      }));
    case 'SalesOrderPacked': {
      const { fulfillment } = event.data;
      return change(state, fulfillment.created_at, (record) => ({
        ...record,
        fulfillments: [...record.fulfillments, { ...fulfillment, updated_at: fulfillment.created_at }],
      }));
    }
    case 'SalesOrderShipped': {
      const { fulfillment_id, shipped_at, packed_percent: _p, shipped_percent: _s, ...shipping } = event.data;
      return change(state, shipped_at, (record) => ({
        ...record,
        fulfillments: record.fulfillments.map((f) =>
          f.id === fulfillment_id ? { ...f, ...shipping, updated_at: shipped_at } : f,
        ),
      }));
    }
    case 'SalesOrderShippingNotificationQueued':
    case 'CustomerNotificationSent':
    case 'CustomerNotificationFailed':
      return state;
    case 'SalesOrderInvoiced': {
      const { invoice_id, lines, with_shipping, invoiced_at } = event.data;
      return change(state, invoiced_at, (record) => ({
        ...record,
        invoices: [...record.invoices, { invoice_id, lines, with_shipping, invoiced_at, released_at: null }],
      }));
    }
    case 'SalesOrderInvoiceReleased': {
      const { invoice_id, released_at } = event.data;
      return change(state, released_at, (record) => ({
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

function change(
  state: SalesOrderState,
  at: string,
  apply: (record: SalesOrderRecord) => SalesOrderRecord,
): SalesOrderState {
  return updateLive(state, (record) => ({ ...apply(record), updated_at: at }));
}
