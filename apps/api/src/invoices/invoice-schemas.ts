import { ApiProperty, ApiSchema } from '../openapi/decorators';
import { INVOICE_STATUS, invoiceFulfillmentView, LinkedSalesOrder, paymentView } from '@app/domain';
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
  RateProperty,
  TextProperty,
} from '../openapi/schema-properties';

/*
 * Invoices as the API answers them (documents-api §2), as OpenAPI schemas, beside invoice-json.ts
 * and the domain's invoice views that build them. Where a view has a precise type the class
 * implements it, so the compiler keeps the two in step.
 */

type InvoicePaymentView = ReturnType<typeof paymentView>;
type InvoiceFulfillmentView = ReturnType<typeof invoiceFulfillmentView>;
type InvoiceFulfillmentLineView = InvoiceFulfillmentView['lines'][number];

const INVOICE_STATUS_NAMES = ['Unpaid', 'Sent', 'Partially Paid', 'Paid in Full', 'Cancelled'];

/** An invoice line (`invoice_line`): a document line with what of it is packed and shipped. */
@ApiSchema({ name: 'InvoiceLine' })
export class InvoiceLineSchema extends DocumentLineSchema {
  @ApiProperty({
    type: 'number',
    description:
      'Packed on packing lists; for a linked invoice the whole quantity of an inventory line once the sales order is fully packed, else 0',
  })
  quantity_packed!: number;

  @ApiProperty({ type: 'number', description: 'As quantity_packed, for shipped packing lists' })
  quantity_shipped!: number;
}

/** The sales order a linked invoice was made from, with its packing and shipping progress now. */
@ApiSchema({ name: 'InvoiceSourceSalesOrder' })
export class InvoiceSourceSalesOrderSchema implements LinkedSalesOrder {
  @IdProperty()
  id!: string;

  @IntegerProperty()
  sales_order_number!: number;

  @ApiProperty({ type: 'number', minimum: 0, maximum: 100 })
  packed_percent!: number;

  @ApiProperty({ type: 'number', minimum: 0, maximum: 100, nullable: true })
  shipped_percent!: number | null;
}

/** An invoice as lists show it (`GET /invoices`, a sales order's invoices): no lines. */
@ApiSchema({ name: 'InvoiceSummary' })
export class InvoiceSummarySchema extends DocumentHeaderSchema {
  @IdProperty()
  id!: string;

  @ObjectProperty('invoice')
  object!: 'invoice';

  @IntegerProperty({ minimum: 1 })
  invoice_number!: number;

  @TextProperty({ description: 'Up to 24 characters' })
  custom_invoice_number!: string | null;

  @IntegerProperty({
    enum: Object.values(INVOICE_STATUS),
    description: '9 Unpaid (Sent once dispatched), 10 Partially Paid, 11 Paid in Full, 15 Cancelled',
  })
  status_id!: number;

  @ApiProperty({ type: 'string', enum: INVOICE_STATUS_NAMES })
  status!: string;

  @DateProperty({ nullable: true, description: 'Invoices do not expire: always null' })
  expiry_date!: null;

  @DateProperty({ nullable: true })
  date_sent!: string | null;

  @DateProperty({ nullable: true })
  date_fully_paid!: string | null;

  @MoneyProperty()
  amount_paid!: string;

  @MoneyProperty({ description: 'total − amount_paid' })
  amount_due!: string;

  @RateProperty()
  discount_percent!: string;

  @ApiProperty({
    type: 'number',
    minimum: 0,
    maximum: 100,
    nullable: true,
    description: 'Null without inventory lines; a linked invoice shows its sales order’s',
  })
  shipped_percent!: number | null;
}

/** The invoice detail (retrieve and write answers): with lines and the detail-only fields. */
@ApiSchema({ name: 'Invoice' })
export class InvoiceSchema extends WithDocumentDetailFields(InvoiceSummarySchema) {
  @EnumProperty(['invoice_not_unpaid', 'invoice_sales_order_linked', 'permission_denied'], { nullable: true })
  edit_block_reason!: string | null;

  @ApiProperty({ type: 'string', pattern: '^\\d+$', example: '3', description: 'Equals the ETag' })
  revision!: string;

  @ApiProperty({
    type: InvoiceSourceSalesOrderSchema,
    nullable: true,
    description: 'The sales order it was made from, as it reads now',
  })
  source_sales_order!: InvoiceSourceSalesOrderSchema | null;

  @ApiProperty({ type: 'string', enum: ['invoice', 'sales_order'] })
  fulfillment_authority!: 'invoice' | 'sales_order';

  @IdProperty({ nullable: true, description: 'Set when fulfillment_authority is sales_order' })
  fulfillment_sales_order_id!: string | null;

  @ApiProperty({
    type: 'number',
    minimum: 0,
    maximum: 100,
    description: 'A linked invoice: its sales order’s',
  })
  packed_percent!: number;

  @ApiProperty({ type: 'boolean' })
  can_pack!: boolean;

  @EnumProperty(
    [
      'packing_managed_by_sales_order',
      'invoice_cancelled',
      'packing_lists_disabled',
      'invoice_fully_packed',
      'permission_denied',
    ],
    { nullable: true },
  )
  pack_block_reason!: string | null;

  @ApiProperty({ type: InvoiceLineSchema, isArray: true, description: 'In stored order' })
  lines!: InvoiceLineSchema[];
}

/** A stored card's brand and last four digits. */
@ApiSchema({ name: 'PaymentCard' })
export class PaymentCardSchema implements NonNullable<InvoicePaymentView['card']> {
  @TextProperty()
  brand!: string | null;

  @TextProperty()
  last4!: string | null;
}

/** A payment or refund of an invoice (`payment`): only these fields. */
@ApiSchema({ name: 'InvoicePayment' })
export class InvoicePaymentSchema implements InvoicePaymentView {
  @IdProperty()
  id!: string;

  @ObjectProperty('payment')
  object!: 'payment';

  @IdProperty()
  invoice_id!: string;

  @MoneyProperty({ description: 'Signed: refunds negative' })
  amount!: string;

  @ApiProperty({ type: 'string', enum: ['payment', 'refund'], description: 'refund when amount is negative' })
  type!: 'payment' | 'refund';

  @TextProperty()
  reference!: string | null;

  @DateProperty()
  payment_date!: string;

  @ApiProperty({
    type: PaymentCardSchema,
    nullable: true,
    description: 'The card when one was stored',
  })
  card!: PaymentCardSchema | null;
}

/** One entry of a packing list: the invoice line and the quantity packed of it. */
@ApiSchema({ name: 'InvoiceFulfillmentLine' })
export class InvoiceFulfillmentLineSchema implements InvoiceFulfillmentLineView {
  @IdProperty()
  invoice_line_id!: string;

  @ApiProperty({ type: 'number' })
  quantity!: number;
}

/** A packing list of a standalone invoice (`invoice_fulfillment`). */
@ApiSchema({ name: 'InvoiceFulfillment' })
export class InvoiceFulfillmentSchema extends PackingListFieldsSchema implements InvoiceFulfillmentView {
  @ObjectProperty('invoice_fulfillment')
  object!: 'invoice_fulfillment';

  @IdProperty()
  invoice_id!: string;

  @IntegerProperty()
  invoice_number!: number;

  @ApiProperty({
    type: InvoiceFulfillmentLineSchema,
    isArray: true,
    description: 'As packed; unchanged by later line edits',
  })
  lines!: InvoiceFulfillmentLineSchema[];
}

/** Who an automatic payment receipt would go to; nothing is sent. */
@ApiSchema({ name: 'InvoicePaymentReceiptPreview' })
export class InvoicePaymentReceiptPreviewSchema {
  @ObjectProperty('invoice_payment_receipt_preview')
  object!: 'invoice_payment_receipt_preview';

  @IdProperty()
  invoice_id!: string;

  @ApiProperty({ type: 'boolean', description: 'The account’s automatic_payment_receipts setting' })
  enabled!: boolean;

  @ApiProperty({
    type: 'string',
    isArray: true,
    description: 'E-mail addresses, each once; [] when not enabled',
  })
  recipients!: string[];
}
