import { PackingRules } from '../document/packing';

/** A sales order's packing lists among the sales documents'. */
export const SALES_ORDER_PACKING: PackingRules<'sales_order_line_id'> = {
  noun: 'sales order',
  lineKey: 'sales_order_line_id',
  invalidPackCode: 'invalid_sales_order_pack',
  packFieldCode: 'unsupported_sales_order_field',
  shipFieldCode: 'unsupported_sales_order_field',
  packNotAllowedCode: 'sales_order_pack_not_allowed',
  lineAlreadyPackedCode: 'sales_order_line_already_packed',
  shipNotAllowedCode: 'sales_order_ship_not_allowed',
};
