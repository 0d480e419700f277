import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOperation,
  ApiUnprocessableEntityResponse,
} from '../openapi/decorators';
import { SalesOrderCommand, salesOrderFulfillmentView, SalesOrderRecord } from '@app/domain';
import { fulfillmentController } from '../documents/fulfillment-controller';
import { SalesOrderPackBody, SalesOrderShipBody } from './sales-order-bodies';
import { SalesOrderFulfillmentSchema } from './sales-order-schemas';
import { SALES_ORDER_DOCUMENT } from './sales-orders.controller';

const IF_MATCH = { name: 'If-Match', required: false, description: 'The order\'s revision, "so_N" or N' };
const FORBIDDEN = 'permission_denied (also: the order’s location is not the user’s)';

/**
 * Packing lists of sales orders (documents-api §4); their numbers share the account's counter with
 * invoices. Packing and shipping move no stock.
 */
export const SalesOrderFulfillmentsController = fulfillmentController<SalesOrderRecord, SalesOrderCommand>({
  document: SALES_ORDER_DOCUMENT,
  name: 'SalesOrderFulfillments',
  scopes: { pack: 'sales_orders:pack', ship: 'sales_orders:ship' },
  pack: (fulfillment_id, input) => ({
    type: 'PackSalesOrder',
    fulfillment_id,
    packing_list_number: 0,
    input,
  }),
  ship: (fulfillment_id, input) => ({ type: 'ShipSalesOrderFulfillment', fulfillment_id, input }),
  bodies: { pack: SalesOrderPackBody, ship: SalesOrderShipBody },
  schema: SalesOrderFulfillmentSchema,
  view: salesOrderFulfillmentView,
  docs: {
    list: [
      ApiOperation({ summary: 'Packing lists of the sales order, newest first' }),
      ApiNotFoundResponse({ description: 'resource_missing' }),
    ],
    pack: [
      ApiOperation({ summary: 'Pack remaining quantities of an open sales order (201); no stock moves' }),
      ApiHeader(IF_MATCH),
      ApiNotFoundResponse({ description: 'resource_missing' }),
      ApiForbiddenResponse({ description: FORBIDDEN }),
      ApiUnprocessableEntityResponse({
        description: 'invalid_sales_order_pack or unsupported_sales_order_field',
      }),
      ApiConflictResponse({ description: 'sales_order_pack_not_allowed or sales_order_line_already_packed' }),
    ],
    ship: [
      ApiOperation({ summary: 'Mark a packing list shipped with manual shipping details' }),
      ApiHeader(IF_MATCH),
      ApiNotFoundResponse({ description: 'resource_missing' }),
      ApiForbiddenResponse({ description: FORBIDDEN }),
      ApiUnprocessableEntityResponse({ description: 'validation_failed or unsupported_sales_order_field' }),
      ApiConflictResponse({ description: 'sales_order_ship_not_allowed' }),
    ],
  },
});
