import { ActionBody } from '../document';
import { InvoiceInput } from './fields';

/** `id` is a new UUID and `invoice_number` the account's next number, both drawn by the handler. */
export type CreateInvoice = {
  type: 'CreateInvoice';
  id: string;
  invoice_number: number;
  input: InvoiceInput;
};
/** PATCH of an unpaid invoice without payments: only the given fields change. */
export type UpdateInvoice = { type: 'UpdateInvoice'; input: InvoiceInput };
/** `payment_id` is drawn by the handler. */
export type RecordPayment = { type: 'RecordPayment'; payment_id: string; input: ActionBody };
/** A refund of the invoice's net paid amount, or (legacy route) of one payment's unrefunded amount. */
export type RecordRefund = {
  type: 'RecordRefund';
  payment_id: string;
  input: ActionBody;
  refunded_payment_id?: string;
};
export type DispatchInvoice = { type: 'DispatchInvoice'; input: ActionBody };
export type ChangeDispatchDate = { type: 'ChangeDispatchDate'; input: ActionBody };
export type CancelInvoice = { type: 'CancelInvoice' };
export type DeleteInvoice = { type: 'DeleteInvoice' };
/** `packing_list_number` is drawn by the handler once the pack is accepted (0 while deciding). */
export type PackInvoice = {
  type: 'PackInvoice';
  fulfillment_id: string;
  packing_list_number: number;
  input: ActionBody;
};
export type ShipInvoiceFulfillment = {
  type: 'ShipInvoiceFulfillment';
  fulfillment_id: string;
  input: ActionBody;
};

export type InvoiceCommand =
  | CreateInvoice
  | UpdateInvoice
  | RecordPayment
  | RecordRefund
  | DispatchInvoice
  | ChangeDispatchDate
  | CancelInvoice
  | DeleteInvoice
  | PackInvoice
  | ShipInvoiceFulfillment;
