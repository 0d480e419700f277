import { DocumentLine } from '../document-lines';
import { DocumentChange } from '../document';
import { PurchaseOrderFields, PurchaseOrderSupplierFields } from './fields';
import { PurchaseOrderAmounts, PurchaseOrderBalance, PurchaseOrderPayment } from './state';
import { PurchaseOrderStatusId } from './status';

/** A Not Sent order with its lines calculated. */
export type PurchaseOrderCreated = {
  type: 'PurchaseOrderCreated';
  data: PurchaseOrderFields &
    PurchaseOrderSupplierFields & {
      id: string;
      account_id: string;
      purchase_order_number: number;
      assigned_user_id: string;
      location_id: string;
      status_id: PurchaseOrderStatusId;
      lines: DocumentLine[];
      totals: PurchaseOrderAmounts;
      created_at: string;
    };
};

/** Only what changed (`location_id` among the changes); `lines` and `totals` when they changed. */
export type PurchaseOrderUpdated = {
  type: 'PurchaseOrderUpdated';
  data: DocumentChange<PurchaseOrderFields & { location_id: string }, PurchaseOrderSupplierFields> & {
    updated_at: string;
  };
};

/** An inventory line as incoming stock: what is ordered of an item (row) at the order's location. */
export type IncomingLine = {
  line_id: string;
  item_id: string;
  item_variation_location_id: number | null;
  location_id: string;
  quantity: string;
};

/**
 * Sent (again: `date_sent` is the first send's). Its inventory lines, restated by every send, are
 * incoming from now on (a Sent order's lines no longer change).
 */
export type PurchaseOrderSent = {
  type: 'PurchaseOrderSent';
  data: { date_sent: string; status_id: PurchaseOrderStatusId; lines: IncomingLine[]; sent_at: string };
};

/** One line of a receipt: the quantity received now, and the line's received total after it. */
export type ReceivedLine = {
  line_id: string;
  item_id: string;
  item_variation_location_id: number | null;
  location_id: string;
  quantity: string;
  quantity_received_after: string;
};

/**
 * Quantities received, all lines of the request together: they move from incoming to on hand at
 * the order's location. `date_received` is set when this receipt completes the order.
 */
export type PurchaseOrderReceived = {
  type: 'PurchaseOrderReceived';
  data: {
    receipt_id: string;
    lines: ReceivedLine[];
    status_id: PurchaseOrderStatusId;
    date_received: string | null;
    received_at: string;
  };
};

/** A manual payment and the paid state it leaves, decided on the order's stream. */
export type PurchaseOrderPaymentRecorded = {
  type: 'PurchaseOrderPaymentRecorded';
  data: { payment: PurchaseOrderPayment } & PurchaseOrderBalance;
};

export type PurchaseOrderPaymentDeleted = {
  type: 'PurchaseOrderPaymentDeleted';
  data: { payment_id: string; deleted_at: string } & PurchaseOrderBalance;
};

/** Final: the order answers 404 everywhere but its event history. */
export type PurchaseOrderDeleted = { type: 'PurchaseOrderDeleted'; data: { deleted_at: string } };

export type PurchaseOrderEvent =
  | PurchaseOrderCreated
  | PurchaseOrderUpdated
  | PurchaseOrderSent
  | PurchaseOrderReceived
  | PurchaseOrderPaymentRecorded
  | PurchaseOrderPaymentDeleted
  | PurchaseOrderDeleted;
