import { withPackingList, withShipment } from '../document/packing';
import { changedDocument, NOTHING_PAID } from '../document/record';
import { appended } from '../shared/appended';
import { evolver } from '../shared/evolver';
import { ABSENT, changeLive, createdRecord, markDeleted } from '../shared/record-state';
import { InvoiceEvent } from './events';
import { InvoiceState } from './state';

export const initialInvoiceState: InvoiceState = ABSENT;

// A payment receipt queued, and its outcome, change nothing of the invoice: they have no step.
export const evolveInvoice = evolver<InvoiceState, InvoiceEvent>({
  InvoiceCreated: (_, data) =>
    createdRecord({
      ...data,
      ...NOTHING_PAID,
      date_sent: null,
      fulfillments: [],
      source_sales_order_id: data.source_sales_order_id ?? null,
    }),
  InvoiceUpdated: (state, data) =>
    changeLive(state, data.updated_at, (record) => changedDocument(record, data)),
  InvoicePaymentRecorded: (state, { payment, status_id, amount_paid, date_fully_paid }) =>
    changeLive(state, payment.recorded_at, (record) => ({
      ...record,
      payments: appended(record.payments, payment),
      status_id,
      amount_paid,
      date_fully_paid,
    })),
  InvoiceDispatched: (state, { date_sent, dispatched_at }) =>
    changeLive(state, dispatched_at, (record) => ({ ...record, date_sent })),
  InvoiceDispatchDateChanged: (state, { date_sent, changed_at }) =>
    changeLive(state, changed_at, (record) => ({ ...record, date_sent })),
  // A cancelled invoice is no longer its sales order's (documents-api §3): the link goes.
  InvoiceCancelled: (state, { status_id, cancelled_at }) =>
    changeLive(state, cancelled_at, (record) => ({ ...record, status_id, source_sales_order_id: null })),
  InvoicePacked: (state, { fulfillment }) =>
    changeLive(state, fulfillment.created_at, (record) => withPackingList(record, fulfillment)),
  InvoiceShipped: (state, data) => changeLive(state, data.shipped_at, (record) => withShipment(record, data)),
  InvoiceDeleted: markDeleted,
});
