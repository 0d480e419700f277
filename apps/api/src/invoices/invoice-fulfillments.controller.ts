import {
  ApiConflictResponse,
  ApiHeader,
  ApiOperation,
  ApiUnprocessableEntityResponse,
} from '../openapi/decorators';
import { InvoiceCommand, invoiceFulfillmentView, InvoiceRecord } from '@app/domain';
import { fulfillmentController } from '../documents/fulfillment-controller';
import { IF_MATCH } from '../documents/route-docs';
import { PackBody, ShipBody } from './invoice-bodies';
import { InvoiceFulfillmentSchema } from './invoice-schemas';
import { INVOICE_DOCUMENT } from './invoices.controller';

/** Packing lists of standalone invoices (documents-api §4). Packing moves no stock. */
export const InvoiceFulfillmentsController = fulfillmentController<InvoiceRecord, InvoiceCommand>({
  document: INVOICE_DOCUMENT,
  name: 'InvoiceFulfillments',
  scopes: { pack: 'invoices:pack', ship: 'invoices:ship' },
  pack: (fulfillment_id, input) => ({ type: 'PackInvoice', fulfillment_id, packing_list_number: 0, input }),
  ship: (fulfillment_id, input) => ({ type: 'ShipInvoiceFulfillment', fulfillment_id, input }),
  bodies: { pack: PackBody, ship: ShipBody },
  schema: InvoiceFulfillmentSchema,
  view: invoiceFulfillmentView,
  docs: {
    list: [ApiOperation({ summary: 'Packing lists of the invoice, newest first' })],
    pack: [
      ApiOperation({ summary: 'Pack lines of a standalone invoice (201); no stock moves' }),
      ApiUnprocessableEntityResponse({
        description: 'invalid_invoice_pack or unsupported_invoice_pack_field',
      }),
      ApiConflictResponse({
        description:
          'invoice_pack_not_allowed, invoice_line_already_packed or invoice_fulfillment_managed_by_sales_order',
      }),
      ApiHeader(IF_MATCH),
    ],
    ship: [
      ApiOperation({ summary: 'Mark a packing list shipped with manual shipping details' }),
      ApiConflictResponse({
        description: 'invoice_ship_not_allowed or invoice_fulfillment_managed_by_sales_order',
      }),
      ApiHeader(IF_MATCH),
    ],
  },
});
