import { withPackingList, withShipment } from '../document/packing';
import { changedDocument } from '../document/record';
import { evolver } from '../shared/evolver';
import { ABSENT, changeLive, createdRecord, markDeleted } from '../shared/record-state';
import { SalesOrderEvent } from './events';
import { SalesOrderState } from './state';

export const initialSalesOrderState: SalesOrderState = ABSENT;

// A shipping notification queued, and its outcome, change nothing of the order: they have no step.
export const evolveSalesOrder = evolver<SalesOrderState, SalesOrderEvent>({
  SalesOrderCreated: (_, data) => createdRecord({ ...data, fulfillments: [], invoices: [] }),
  SalesOrderUpdated: (state, data) =>
    changeLive(state, data.updated_at, (record) => changedDocument(record, data)),
  SalesOrderPacked: (state, { fulfillment }) =>
    changeLive(state, fulfillment.created_at, (record) => withPackingList(record, fulfillment)),
  SalesOrderShipped: (state, data) =>
    changeLive(state, data.shipped_at, (record) => withShipment(record, data)),
  SalesOrderInvoiced: (state, { invoice_id, lines, with_shipping, invoiced_at }) =>
    changeLive(state, invoiced_at, (record) => ({
      ...record,
      invoices: [...record.invoices, { invoice_id, lines, with_shipping, invoiced_at, released_at: null }],
    })),
  SalesOrderInvoiceReleased: (state, { invoice_id, released_at }) =>
    changeLive(state, released_at, (record) => ({
      ...record,
      invoices: record.invoices.map((invoice) =>
        invoice.invoice_id === invoice_id ? { ...invoice, released_at } : invoice,
      ),
    })),
  SalesOrderDeleted: markDeleted,
});
