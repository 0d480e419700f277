import { ApiProperty, ApiPropertyOptions, ApiSchema } from '../openapi/decorators';
import { PURCHASE_ORDER_STATUS, PurchaseOrderParty, purchaseOrderPaymentView } from '@app/domain';
import {
  DocumentCustomFieldValueSchema,
  DocumentLineFieldsSchema,
  DocumentPartySchema,
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
  TimestampProperty,
} from '../openapi/schema-properties';

/*
 * Purchase orders as the API answers them (documents-api §2), as OpenAPI schemas, beside
 * purchase-order-json.ts and the domain's purchase-order views that build them. Where a view has a
 * precise type the class implements it, so the compiler keeps the two in step.
 */

type PurchaseOrderPaymentView = ReturnType<typeof purchaseOrderPaymentView>;

/** A purchase-order line (`purchase_order_line`): costs under their own names, no selling prices. */
@ApiSchema({ name: 'PurchaseOrderLine' })
export class PurchaseOrderLineSchema extends DocumentLineFieldsSchema {
  @IdProperty()
  id!: string;

  @ObjectProperty('purchase_order_line')
  object!: 'purchase_order_line';

  @IdProperty({ nullable: true, description: 'Null for service lines' })
  item_id!: string | null;

  @ApiProperty({ type: 'number', description: 'Received so far; 0 for service and discount lines' })
  quantity_received!: number;

  @MoneyProperty()
  unit_cost!: string;

  @MoneyProperty({ nullable: true })
  discounted_unit_cost!: string | null;
}

/** A purchase order as lists show it: no lines and no detail-only fields. */
@ApiSchema({ name: 'PurchaseOrderSummary' })
export class PurchaseOrderSummarySchema {
  @IdProperty()
  id!: string;

  @ObjectProperty('purchase_order')
  object!: 'purchase_order';

  @IntegerProperty({ minimum: 1 })
  purchase_order_number!: number;

  @TextProperty({ description: 'Up to 24 characters' })
  custom_purchase_order_number!: string | null;

  @TextProperty()
  name!: string | null;

  @IdProperty()
  supplier_id!: string;

  @ApiProperty({ type: 'string', description: 'As stored with the order' })
  supplier_name!: string;

  @IdProperty()
  assigned_user_id!: string;

  @IdProperty({ description: 'The receiving location' })
  location_id!: string;

  @IntegerProperty({
    enum: Object.values(PURCHASE_ORDER_STATUS),
    description: '17 Not Sent, 18 Sent, 19 Partially Received, 20 Received',
  })
  status_id!: number;

  @ApiProperty({ type: 'string', enum: ['Not Sent', 'Sent', 'Partially Received', 'Received'] })
  status!: string;

  @DateProperty()
  issue_date!: string;

  @DateProperty({ nullable: true })
  date_sent!: string | null;

  @DateProperty({ nullable: true })
  date_received!: string | null;

  @DateProperty({ nullable: true })
  date_requested!: string | null;

  @DateProperty({ nullable: true })
  date_needed!: string | null;

  @DateProperty({ nullable: true })
  date_fully_paid!: string | null;

  @TextProperty()
  requested_from!: string | null;

  @TextProperty()
  attention!: string | null;

  @TextProperty()
  shipping_address!: string | null;

  @TextProperty()
  public_note!: string | null;

  @TextProperty()
  payment_terms!: string | null;

  @TextProperty()
  shipping_provider!: string | null;

  @TextProperty()
  shipping_tracking_code!: string | null;

  @ApiProperty({ type: 'string', pattern: '^\\d+$', example: '3', description: 'Equals the ETag' })
  revision!: string;

  @ApiProperty({ type: DocumentCustomFieldValueSchema, isArray: true })
  custom_field_values!: DocumentCustomFieldValueSchema[];

  @MoneyProperty()
  subtotal!: string;

  @MoneyProperty()
  shipping_fee!: string;

  @MoneyProperty()
  tax!: string;

  @MoneyProperty()
  tax_2!: string;

  @MoneyProperty()
  total!: string;

  @MoneyProperty()
  amount_paid!: string;

  @MoneyProperty({ description: 'total − amount_paid' })
  amount_due!: string;

  @TimestampProperty()
  created_at!: string;

  @TimestampProperty()
  updated_at!: string;
}

/** The purchase-order detail (retrieve and write answers): with lines and the detail-only fields. */
@ApiSchema({ name: 'PurchaseOrder' })
export class PurchaseOrderSchema extends WithDocumentDetailFields(PurchaseOrderSummarySchema) {
  @ApiProperty({ type: DocumentPartySchema, description: 'The supplier’s contact fields as they read now' })
  declare party: PurchaseOrderParty;

  @EnumProperty(['purchase_order_not_not_sent', 'permission_denied'], { nullable: true })
  edit_block_reason!: string | null;

  @ApiProperty({ type: PurchaseOrderLineSchema, isArray: true, description: 'In stored order' })
  lines!: PurchaseOrderLineSchema[];
}

/** A manual payment of a purchase order (`payment`). */
@ApiSchema({ name: 'PurchaseOrderPayment' })
export class PurchaseOrderPaymentSchema implements PurchaseOrderPaymentView {
  @IdProperty()
  id!: string;

  @ObjectProperty('payment')
  object!: 'payment';

  @IdProperty()
  purchase_order_id!: string;

  @MoneyProperty({ description: 'Signed' })
  amount!: string;

  @ApiProperty({ type: 'string', enum: ['payment', 'refund'] })
  type!: 'payment' | 'refund';

  @ApiProperty({ type: 'string', description: 'Empty when none was given' })
  reference!: string;

  @DateProperty()
  payment_date!: string;

  @ApiProperty({
    type: 'object',
    nullable: true,
    enum: [null],
    description: 'Always null (a card is never stored with a purchase-order payment)',
  } as ApiPropertyOptions)
  card!: null;
}
