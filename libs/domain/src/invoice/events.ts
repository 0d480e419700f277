import { CustomerNotificationOutcome } from '../customer-notification/events';
import { DocumentLine } from '../document-lines';
import { DocumentChange, DocumentCustomerFields } from '../document';
import { InvoiceFields } from './fields';
import { InvoiceAmounts, InvoiceFulfillment, InvoicePayment, InvoiceStatusFields } from './state';
import { InvoiceStatusId } from './status';
import { InvoiceProgress } from './progress';

/**
 * Lines are recorded calculated (item snapshot, rates, amounts, the generated discount line last),
 * so an auditor can check every amount against the formulas without the catalogue as it was.
 */
export type InvoiceCreated = {
  type: 'InvoiceCreated';
  data: InvoiceFields &
    DocumentCustomerFields & {
      id: string;
      account_id: string;
      invoice_number: number;
      salesperson_id: string;
      status_id: InvoiceStatusId;
      lines: DocumentLine[];
      totals: InvoiceAmounts;
      /** Set when converted from an estimate. */
      source_estimate_id: string | null;
      /**
       * Set when made from a sales order (absent in events recorded before sales orders): the
       * order then manages packing and shipping, and the invoice cannot be edited or deleted.
       */
      source_sales_order_id?: string | null;
      created_at: string;
    };
};

/** Only what changed; `lines` and `totals` when they changed (an unpaid invoice without payments). */
export type InvoiceUpdated = {
  type: 'InvoiceUpdated';
  data: DocumentChange<InvoiceFields> & Partial<InvoiceProgress> & { updated_at: string };
};

/**
 * A payment or refund and the balance it leaves, committed together: the amounts paid and due,
 * the status and the date it was fully paid follow from the payments recorded before and this one.
 */
export type InvoicePaymentRecorded = {
  type: 'InvoicePaymentRecorded';
  data: { payment: InvoicePayment } & InvoiceStatusFields;
};

/** A positive payment's receipt to send, when the account's automatic payment receipts are on. */
export type InvoicePaymentReceiptQueued = {
  type: 'InvoicePaymentReceiptQueued';
  data: { payment_id: string; recipients: string[]; queued_at: string };
};

/** The first dispatch: `date_sent` set, and who the invoice goes to (for a delivery outbox). */
export type InvoiceDispatched = {
  type: 'InvoiceDispatched';
  data: { date_sent: string; recipients: string[]; dispatched_at: string };
};

/** A dispatched invoice's sending date corrected: no new notification. */
export type InvoiceDispatchDateChanged = {
  type: 'InvoiceDispatchDateChanged';
  data: { date_sent: string; changed_at: string };
};

/** Unpaid → Cancelled (15): the invoice and its lines are kept; its stock comes back. */
export type InvoiceCancelled = { type: 'InvoiceCancelled'; data: { status_id: 15; cancelled_at: string } };

/** A packing list of a standalone invoice, with its number. */
export type InvoicePacked = {
  type: 'InvoicePacked';
  data: { fulfillment: Omit<InvoiceFulfillment, 'updated_at'> } & InvoiceProgress;
};

/** A packing list shipped, with the shipping details given. */
export type InvoiceShipped = {
  type: 'InvoiceShipped';
  data: Pick<
    InvoiceFulfillment,
    'shipped_date' | 'carrier' | 'tracking_number' | 'tracking_url' | 'estimated_delivery_date'
  > & { fulfillment_id: string; shipped_at: string } & InvoiceProgress;
};

/** Final: the invoice answers 404 everywhere but its event history; its stock comes back. */
export type InvoiceDeleted = { type: 'InvoiceDeleted'; data: { deleted_at: string } };

export type InvoiceEvent =
  | CustomerNotificationOutcome
  | InvoiceCreated
  | InvoiceUpdated
  | InvoicePaymentRecorded
  | InvoicePaymentReceiptQueued
  | InvoiceDispatched
  | InvoiceDispatchDateChanged
  | InvoiceCancelled
  | InvoicePacked
  | InvoiceShipped
  | InvoiceDeleted;
