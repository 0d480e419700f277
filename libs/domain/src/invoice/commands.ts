import { ActionBody } from '../document';
import { NumberedCreate } from '../document/numbered';
import { PackCommand, ShipCommand } from '../document/packing';
import { InvoiceInput } from './fields';

export type CreateInvoice = NumberedCreate<'CreateInvoice', 'invoice_number', InvoiceInput>;
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
export type PackInvoice = PackCommand<'PackInvoice'>;
export type ShipInvoiceFulfillment = ShipCommand<'ShipInvoiceFulfillment'>;

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
