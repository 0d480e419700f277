import { ApiProperty, ApiSchema } from '../openapi/decorators';
import {
  SALES_ORDER_STATUS,
  salesOrderFulfillmentView,
  SalesOrderLineView,
  SalesOrderPayments,
} from '@app/domain';
import {
  DocumentHeaderSchema,
  DocumentLineSchema,
  PackingListFieldsSchema,
  WithDocumentDetailFields,
} from '../documents/document-schemas';
import {
  DateProperty,
  EnumProperty,
  IdProperty,
  IntegerProperty,
  MoneyProperty,
  ObjectProperty,
  TextProperty,
} from '../openapi/schema-properties';

/*
 * Sales orders as the API answers them (documents-api §2), as OpenAPI schemas, beside
 * sales-order-json.ts and the domain's sales-order views that build them. Where a view has a
 * precise type the class implements it, so the compiler keeps the two in step.
 */

type SalesOrderFulfillmentView = ReturnType<typeof salesOrderFulfillmentView>;
type SalesOrderFulfillmentLineView = SalesOrderFulfillmentView['lines'][number];

const PERCENT = { type: 'number', minimum: 0, maximum: 100 } as const;

/** A sales-order line (`sales_order_line`): a document line with its fulfillment quantities. */
@ApiSchema({ name: 'SalesOrderLine' })
export class SalesOrderLineSchema extends DocumentLineSchema implements SalesOrderLineView {
  @ApiProperty({ type: 'number', description: 'On the order’s invoices' })
  quantity_invoiced!: number;

  @ApiProperty({ type: 'number', description: 'On packing lists' })
  quantity_packed!: number;

  @ApiProperty({ type: 'number', description: 'On shipped packing lists' })
  quantity_shipped!: number;

  @ApiProperty({
    type: 'number',
    description: 'Service lines 0 unless the account packs service items; discount lines always 0',
  })
  quantity_remaining_to_pack!: number;
}

/** A sales order as lists show it: no lines and no detail-only fields. */
@ApiSchema({ name: 'SalesOrderSummary' })
export class SalesOrderSummarySchema extends DocumentHeaderSchema implements SalesOrderPayments {
  @IdProperty()
  id!: string;

  @ObjectProperty('sales_order')
  object!: 'sales_order';

  @IntegerProperty({ minimum: 1 })
  sales_order_number!: number;

  @IdProperty({ nullable: true })
  location_id!: string | null;

  @IntegerProperty({ enum: Object.values(SALES_ORDER_STATUS), description: '29 Open, 30 Closed' })
  status_id!: number;

  @ApiProperty({ type: 'string', enum: ['Open', 'Closed'] })
  status!: string;

  @DateProperty({ nullable: true })
  expiry_date!: string | null;

  @ApiProperty({ type: 'boolean', description: 'Drop shipping is not supported: always false' })
  drop_shipped!: boolean;

  @IdProperty({ nullable: true, description: 'Always null' })
  drop_ship_customer_id!: null;

  @TextProperty({ description: 'Always null' })
  drop_ship_address!: null;

  @TextProperty()
  packing_list_note!: string | null;

  @MoneyProperty({ description: 'What the order’s invoices have been paid' })
  amount_paid!: string;

  @MoneyProperty({ description: 'total − amount_paid (negative when overpaid)' })
  amount_due!: string;

  @ApiProperty({ ...PERCENT, nullable: true })
  invoiced_percent!: number | null;

  @ApiProperty({ ...PERCENT, nullable: true })
  paid_percent!: number | null;

  @ApiProperty(PERCENT)
  packed_percent!: number;

  @ApiProperty({ ...PERCENT, nullable: true, description: 'Null without inventory lines' })
  shipped_percent!: number | null;

  @IntegerProperty({ minimum: 0 })
  invoice_count!: number;

  // documents-api §2 does not mark these (detail): lists carry them too, as the detail shows them.
  @EnumProperty(['sales_order_not_open', 'sales_order_activity_started', 'permission_denied'], {
    nullable: true,
  })
  edit_block_reason!: string | null;

  @EnumProperty(
    [
      'packing_lists_disabled',
      'sales_order_not_open',
      'location_restricted',
      'nothing_remaining_to_pack',
      'permission_denied',
    ],
    { nullable: true },
  )
  pack_block_reason!: string | null;

  @ApiProperty({
    type: 'string',
    pattern: '^so_\\d+$',
    example: 'so_3',
    description: 'Equals the order’s ETag',
  })
  revision!: string;
}

/** The sales-order detail (retrieve and write answers): with lines and the detail-only fields. */
@ApiSchema({ name: 'SalesOrder' })
export class SalesOrderSchema extends WithDocumentDetailFields(SalesOrderSummarySchema) {
  @ApiProperty({ type: 'boolean' })
  can_pack!: boolean;

  @ApiProperty({ type: SalesOrderLineSchema, isArray: true, description: 'In stored order' })
  lines!: SalesOrderLineSchema[];
}

/** One entry of a sales order's packing list. */
@ApiSchema({ name: 'SalesOrderFulfillmentLine' })
export class SalesOrderFulfillmentLineSchema implements SalesOrderFulfillmentLineView {
  @IdProperty()
  sales_order_line_id!: string;

  @ApiProperty({ type: 'number' })
  quantity!: number;
}

/** A packing list of a sales order (`fulfillment`). */
@ApiSchema({ name: 'SalesOrderFulfillment' })
export class SalesOrderFulfillmentSchema
  extends PackingListFieldsSchema
  implements SalesOrderFulfillmentView
{
  @ObjectProperty('fulfillment')
  object!: 'fulfillment';

  @IdProperty()
  sales_order_id!: string;

  @ApiProperty({
    type: SalesOrderFulfillmentLineSchema,
    isArray: true,
    description: 'As packed; unchanged by later line edits',
  })
  lines!: SalesOrderFulfillmentLineSchema[];
}
