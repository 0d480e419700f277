import { CustomerNotificationOutcome } from '../customer-notification/events';
import { DocumentLine } from '../document-lines';
import { DocumentChange, DocumentCustomerFields } from '../document';
import { Shipment } from '../document/packing';
import { SalesOrderLeftToPack } from './blocks';
import { SalesOrderFields } from './fields';
import { SalesOrderInvoicing, SalesOrderProgress } from './progress';
import { InvoicedLine, SalesOrderAmounts, SalesOrderFulfillment } from './state';
import { SalesOrderStatusId } from './status';

/**
 * The progress a packing-related event leaves, and what it leaves to pack (`left_to_pack`; absent
 * in older events: the list then derives it from the percentages).
 */
export type SalesOrderProgressLeft = SalesOrderProgress & { left_to_pack?: SalesOrderLeftToPack };

/** Lines are recorded calculated, as an invoice's. */
export type SalesOrderCreated = {
  type: 'SalesOrderCreated';
  data: SalesOrderFields &
    DocumentCustomerFields & {
      id: string;
      account_id: string;
      sales_order_number: number;
      salesperson_id: string;
      location_id: string | null;
      status_id: SalesOrderStatusId;
      lines: DocumentLine[];
      totals: SalesOrderAmounts;
      /** Set when converted from an estimate. */
      source_estimate_id: string | null;
      created_at: string;
    };
};

/**
 * Only what changed; `lines` and `totals` when they changed (an untouched order). A PATCH never
 * changes `status_id`, but the read models take a closing (30) or reopening (29) as a change of it.
 */
export type SalesOrderUpdated = {
  type: 'SalesOrderUpdated';
  data: DocumentChange<SalesOrderFields & { status_id: SalesOrderStatusId }> &
    Partial<SalesOrderProgressLeft> & { updated_at: string };
};

/** A packing list with its number, and the progress it leaves. */
export type SalesOrderPacked = {
  type: 'SalesOrderPacked';
  data: { fulfillment: Omit<SalesOrderFulfillment, 'updated_at'> } & SalesOrderProgressLeft;
};

/** A packing list shipped, with the shipping details given. */
export type SalesOrderShipped = {
  type: 'SalesOrderShipped';
  data: Shipment & { fulfillment_id: string; shipped_at: string } & SalesOrderProgressLeft;
};

/** A shipment's notification to send, when the account's automatic shipping notifications are on. */
export type SalesOrderShippingNotificationQueued = {
  type: 'SalesOrderShippingNotificationQueued';
  data: { fulfillment_id: string; recipients: string[]; queued_at: string };
};

/**
 * Quantities taken by a new invoice, decided on the order's stream so that parallel invoicings
 * cannot take more than remains; a reactor then creates invoice `invoice_id`.
 */
export type SalesOrderInvoiced = {
  type: 'SalesOrderInvoiced';
  data: {
    invoice_id: string;
    /** The new invoice's number, drawn before this was recorded: the step creating it draws none. */
    invoice_number: number;
    lines: InvoicedLine[];
    /** The new invoice's issue date: the account's today when invoiced. */
    issue_date: string;
    /** The invoice carries the order's shipping fee and cost: no standing invoice of it does. */
    with_shipping: boolean;
    invoiced_at: string;
  } & SalesOrderInvoicing;
};

/** A linked invoice was cancelled: its quantities are the order's again. */
export type SalesOrderInvoiceReleased = {
  type: 'SalesOrderInvoiceReleased';
  data: { invoice_id: string; released_at: string } & SalesOrderInvoicing;
};

/** Final: the order answers 404 everywhere but its event history. */
export type SalesOrderDeleted = { type: 'SalesOrderDeleted'; data: { deleted_at: string } };

export type SalesOrderEvent =
  | CustomerNotificationOutcome
  | SalesOrderCreated
  | SalesOrderUpdated
  | SalesOrderPacked
  | SalesOrderShipped
  | SalesOrderShippingNotificationQueued
  | SalesOrderInvoiced
  | SalesOrderInvoiceReleased
  | SalesOrderDeleted;
