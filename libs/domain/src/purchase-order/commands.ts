import { ActionBody } from '../document';
import { NumberedCreate } from '../document/numbered';
import { PurchaseOrderInput } from './fields';

/** `location_id` is the body's, checked by the handler (an active location the user may use). */
export type CreatePurchaseOrder = NumberedCreate<
  'CreatePurchaseOrder',
  'purchase_order_number',
  PurchaseOrderInput
> & { location_id: string };
/** PATCH of a Not Sent order; `location_id` is the body's new location, checked by the handler. */
export type UpdatePurchaseOrder = {
  type: 'UpdatePurchaseOrder';
  location_id?: string;
  input: PurchaseOrderInput;
};
export type DeletePurchaseOrder = { type: 'DeletePurchaseOrder' };
export type SendPurchaseOrder = { type: 'SendPurchaseOrder'; input: ActionBody };
export type ReceivePurchaseOrder = { type: 'ReceivePurchaseOrder'; input: ActionBody };
/** `payment_id` is a new UUID drawn by the handler. */
export type RecordPurchaseOrderPayment = {
  type: 'RecordPurchaseOrderPayment';
  payment_id: string;
  input: ActionBody;
};
export type DeletePurchaseOrderPayment = { type: 'DeletePurchaseOrderPayment'; payment_id: string };

export type PurchaseOrderCommand =
  | CreatePurchaseOrder
  | UpdatePurchaseOrder
  | DeletePurchaseOrder
  | SendPurchaseOrder
  | ReceivePurchaseOrder
  | RecordPurchaseOrderPayment
  | DeletePurchaseOrderPayment;
