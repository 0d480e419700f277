import { ActionBody } from '../document';
import { SalesOrderInput } from './fields';

/**
 * `id` is a new UUID and `sales_order_number` the account's next number, both drawn by the
 * handler; `location_id` is the body's, checked by the handler against the user's location
 * restriction (the body's own `location_id` is ignored here).
 */
export type CreateSalesOrder = {
  type: 'CreateSalesOrder';
  id: string;
  sales_order_number: number;
  location_id: string | null;
  input: SalesOrderInput;
};
/** PATCH: header fields while open; lines and charges only on an untouched order. */
export type UpdateSalesOrder = { type: 'UpdateSalesOrder'; input: SalesOrderInput };
export type DeleteSalesOrder = { type: 'DeleteSalesOrder' };
/** `packing_list_number` is drawn by the handler once the pack is accepted (0 while deciding). */
export type PackSalesOrder = {
  type: 'PackSalesOrder';
  fulfillment_id: string;
  packing_list_number: number;
  input: ActionBody;
};
export type ShipSalesOrderFulfillment = {
  type: 'ShipSalesOrderFulfillment';
  fulfillment_id: string;
  input: ActionBody;
};
/**
 * `invoice_id` is the new invoice's UUID and `invoice_number` its number, both drawn by the handler
 * (the number once the invoicing is accepted: 0 while deciding); a reactor creates the invoice.
 */
export type InvoiceSalesOrder = {
  type: 'InvoiceSalesOrder';
  invoice_id: string;
  invoice_number: number;
  input: ActionBody;
};
/** A linked invoice was cancelled: its quantities come back to the order. */
export type ReleaseSalesOrderInvoice = { type: 'ReleaseSalesOrderInvoice'; invoice_id: string };

export type SalesOrderCommand =
  | CreateSalesOrder
  | UpdateSalesOrder
  | DeleteSalesOrder
  | PackSalesOrder
  | ShipSalesOrderFulfillment
  | InvoiceSalesOrder
  | ReleaseSalesOrderInvoice;
