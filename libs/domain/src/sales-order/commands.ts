import { ActionBody } from '../document';
import { NumberedCreate } from '../document/numbered';
import { PackCommand, ShipCommand } from '../document/packing';
import { SalesOrderInput } from './fields';

/**
 * `location_id` is the body's, checked by the handler against the user's location restriction
 * (the body's own `location_id` is ignored here).
 */
export type CreateSalesOrder = NumberedCreate<'CreateSalesOrder', 'sales_order_number', SalesOrderInput> & {
  location_id: string | null;
};
/** PATCH: header fields while open; lines and charges only on an untouched order. */
export type UpdateSalesOrder = { type: 'UpdateSalesOrder'; input: SalesOrderInput };
export type DeleteSalesOrder = { type: 'DeleteSalesOrder' };
export type PackSalesOrder = PackCommand<'PackSalesOrder'>;
export type ShipSalesOrderFulfillment = ShipCommand<'ShipSalesOrderFulfillment'>;
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
