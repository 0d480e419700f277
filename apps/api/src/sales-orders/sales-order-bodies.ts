import { ApiPropertyOptional } from '../openapi/decorators';
import { Allow } from 'class-validator';
import { DocumentBody } from '../documents/document-body';
import { PackLinesBody, ShipmentBody } from '../documents/fulfillment-bodies';
import { UnsupportedFieldCode } from '../http/unsupported-field-code';

// Sales-order bodies. Each class names the fields its endpoint takes, so any other is refused with
// `unsupported_sales_order_field`; the domain checks every value.

/** Create and PATCH: the document's fields, expiry date, packing-list note and (create) location. */
@UnsupportedFieldCode('unsupported_sales_order_field')
export class SalesOrderBody extends DocumentBody {
  @ApiPropertyOptional({
    format: 'uuid',
    nullable: true,
    description:
      'Create only: an active location the user may use; default the user’s own location. PATCH: 422.',
  })
  @Allow()
  location_id?: unknown;
  @ApiPropertyOptional({ format: 'date', nullable: true, description: 'Not before issue_date.' })
  @Allow()
  expiry_date?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() packing_list_note?: unknown;
}

@UnsupportedFieldCode('unsupported_sales_order_field')
export class SalesOrderPackBody extends PackLinesBody('sales order line') {}

@UnsupportedFieldCode('unsupported_sales_order_field')
export class SalesOrderShipBody extends ShipmentBody('Default: today in the account’s time zone.') {}
