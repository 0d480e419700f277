import { ApiProperty, ApiPropertyOptional, ApiSchema } from '../openapi/decorators';
import { DocumentFieldValue, DocumentLineView, InvoiceParty, LINE_TYPES } from '@app/domain';
import { AbstractConstructor } from '../openapi/record-stamps';
import {
  DECIMAL_INPUT,
  DateProperty,
  EnumProperty,
  IdProperty,
  IntegerProperty,
  MoneyProperty,
  RateProperty,
  TextProperty,
  TimestampProperty,
} from '../openapi/schema-properties';

/*
 * The parts every sales and purchasing document shares, as OpenAPI schemas (documents-api §2):
 * estimates, invoices, sales orders and purchase orders import them, so a line, a party or a
 * custom field value reads the same wherever it appears.
 */

/** One `{custom_field_id, value}` pair of `custom_field_values`. */
@ApiSchema({ name: 'DocumentCustomFieldValue' })
export class DocumentCustomFieldValueSchema implements DocumentFieldValue {
  @IdProperty()
  custom_field_id!: string;

  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] })
  value!: string | number | boolean;
}

/**
 * The fields every document line shows, a sales line (`DocumentLine`) and a purchase-order line
 * alike: what the line is, where it sits and how the item reads. Not a schema of its own.
 */
export abstract class DocumentLineFieldsSchema {
  @IntegerProperty({ nullable: true })
  item_variation_location_id!: number | null;

  @EnumProperty(LINE_TYPES, { description: '`discount` lines are generated from discount_percent' })
  line_type!: (typeof LINE_TYPES)[number];

  @IntegerProperty({ minimum: 0, description: 'Zero-based' })
  position!: number;

  @TextProperty()
  name!: string | null;

  @TextProperty()
  description!: string | null;

  @ApiProperty({ type: 'number' })
  quantity!: number;

  @IntegerProperty({ nullable: true })
  unit_id!: number | null;

  @TextProperty()
  unit_name!: string | null;

  @TextProperty()
  sku!: string | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Attribute label to value, as stored with the line',
  })
  variation_values!: Record<string, string>;

  @IntegerProperty({ nullable: true })
  variation_number!: number | null;

  @TextProperty()
  location_name!: string | null;

  @TextProperty({ description: 'HTTPS only' })
  thumbnail_url!: string | null;

  @RateProperty()
  discount_percent!: string;

  @RateProperty()
  tax_rate!: string;

  @RateProperty()
  tax_2_rate!: string;

  @MoneyProperty()
  subtotal!: string;
}

/** A document line (`estimate_line`, `invoice_line`, `sales_order_line`, `purchase_order_line`). */
@ApiSchema({ name: 'DocumentLine' })
export class DocumentLineSchema extends DocumentLineFieldsSchema implements DocumentLineView {
  @IdProperty({ nullable: true, description: 'Null in a preview for a line not yet saved' })
  id!: string | null;

  @ApiProperty({ type: 'string', example: 'estimate_line', description: 'estimate_line, invoice_line, …' })
  object!: string;

  @IdProperty({ nullable: true })
  item_id!: string | null;

  @MoneyProperty()
  unit_price!: string;

  @MoneyProperty({
    required: false,
    nullable: true,
    description: 'Omitted without the unit_cost.view permission',
  })
  unit_cost?: string | null;

  @MoneyProperty({
    required: false,
    nullable: true,
    description: 'Omitted without the unit_cost.view permission',
  })
  total_cost?: string | null;

  @MoneyProperty({ nullable: true })
  discounted_unit_price!: string | null;

  @MoneyProperty()
  tax!: string;

  @MoneyProperty()
  tax_2!: string;

  @MoneyProperty()
  total!: string;
}

/** The customer's (or supplier's) contact and address lines as they read now: `party`. */
@ApiSchema({ name: 'DocumentParty' })
export class DocumentPartySchema implements InvoiceParty {
  @TextProperty()
  account_number!: string | null;

  @TextProperty()
  phone!: string | null;

  @TextProperty()
  email!: string | null;

  @ApiProperty({ type: 'string', isArray: true, description: 'Non-empty address lines' })
  billing_address!: string[];

  @ApiProperty({ type: 'string', isArray: true, description: 'Non-empty address lines' })
  shipping_address!: string[];
}

/** The account's tax labels as they read now (detail answers of invoices and orders). */
@ApiSchema({ name: 'DocumentTaxLabels' })
export class DocumentTaxLabelsSchema {
  @TextProperty()
  tax_label!: string | null;

  @TextProperty()
  tax_2_label!: string | null;
}

/**
 * The header fields every sales document shows (documents-api §2): each document's schema
 * extends it and adds its own (number, status, dates, payments …).
 */
export abstract class DocumentHeaderSchema {
  @TextProperty()
  name!: string | null;

  @IdProperty()
  customer_id!: string;

  @ApiProperty({ type: 'string' })
  customer_name!: string;

  @IdProperty()
  salesperson_id!: string;

  @DateProperty({ nullable: true })
  issue_date!: string | null;

  @TextProperty()
  purchase_order_number!: string | null;

  @TextProperty()
  attention!: string | null;

  @TextProperty()
  shipping_address!: string | null;

  @TextProperty()
  public_note!: string | null;

  @TextProperty()
  payment_terms!: string | null;

  @MoneyProperty()
  subtotal!: string;

  @MoneyProperty()
  shipping_fee!: string;

  @MoneyProperty({ required: false, description: 'Omitted without the unit_cost.view permission' })
  shipping_cost?: string;

  @MoneyProperty()
  tax!: string;

  @MoneyProperty()
  tax_2!: string;

  @MoneyProperty()
  total!: string;

  @ApiProperty({ type: DocumentCustomFieldValueSchema, isArray: true })
  custom_field_values!: DocumentCustomFieldValueSchema[];

  @TimestampProperty({ nullable: true })
  created_at!: string | null;

  @TimestampProperty({ nullable: true })
  updated_at!: string | null;
}

/**
 * One entry of a sales document's `lines` in a create, preview or PATCH body (documents-api §4):
 * with an `id` it keeps (and changes) that line, without one it adds a line.
 */
@ApiSchema({ name: 'DocumentLineInput' })
export class DocumentLineInputSchema {
  @IdProperty({ required: false, description: 'A line of this document, to keep it' })
  id?: string;

  @IdProperty({
    required: false,
    nullable: true,
    description: 'An active item; null or absent: a service line',
  })
  item_id?: string | null;

  @IntegerProperty({ required: false, nullable: true, minimum: 1, maximum: 2147483647 })
  item_variation_location_id?: number | null;

  @TextProperty({ required: false, description: 'Default: the item’s name' })
  name?: string | null;

  @TextProperty({ required: false, maxLength: 10000 })
  description?: string | null;

  @ApiPropertyOptional({ ...DECIMAL_INPUT, description: 'Default 1' })
  quantity?: number | string;

  @ApiPropertyOptional({ ...DECIMAL_INPUT, description: 'Up to four decimals; default: the item’s price' })
  unit_price?: number | string;

  @ApiPropertyOptional({ ...DECIMAL_INPUT, description: 'Percentage 0 to 100; default: the customer’s' })
  tax_rate?: number | string;

  @ApiPropertyOptional({ ...DECIMAL_INPUT, description: 'Percentage 0 to 100; default: the customer’s' })
  tax_2_rate?: number | string;
}

/**
 * The detail-only fields that invoices, sales orders and purchase orders show beside their
 * summary (documents-api §2): the party, the discount, the tax labels and live editability. Each
 * detail schema extends its summary through this, so the fields read the same in all three.
 */
export function WithDocumentDetailFields<TBase extends AbstractConstructor>(Base: TBase) {
  abstract class DocumentDetailFieldsSchema extends Base {
    @ApiProperty({ type: DocumentPartySchema })
    party!: DocumentPartySchema;

    @RateProperty()
    discount_percent!: string;

    @MoneyProperty({ description: 'Before discount and shipping' })
    pre_discount_total!: string;

    @MoneyProperty({ description: 'Negative (or zero)' })
    discount_total!: string;

    @TextProperty({ description: 'The account’s label as it reads now' })
    tax_label!: string | null;

    @TextProperty({ description: 'The account’s label as it reads now' })
    tax_2_label!: string | null;

    @ApiProperty({ type: 'boolean', description: 'Live editability' })
    can_edit!: boolean;
  }
  return DocumentDetailFieldsSchema;
}

/**
 * The fields every packing list shows, a sales order's (`fulfillment`) and a standalone invoice's
 * (`invoice_fulfillment`) alike: each schema extends it and adds its object, its document and its
 * lines. Not a schema of its own.
 */
export abstract class PackingListFieldsSchema {
  @IdProperty()
  id!: string;

  @IntegerProperty({
    description: 'From the account’s packing-list counter, shared by invoices and sales orders',
  })
  packing_list_number!: number;

  @ApiProperty({ type: 'string', enum: ['packed', 'shipped'] })
  status!: 'packed' | 'shipped';

  @ApiProperty({ type: 'number' })
  units_packed!: number;

  @DateProperty({ nullable: true })
  shipped_date!: string | null;

  @TextProperty()
  carrier!: string | null;

  @TextProperty()
  tracking_number!: string | null;

  @TextProperty()
  tracking_url!: string | null;

  @TextProperty({ description: 'No tracking provider: always null' })
  tracking_status!: null;

  @TextProperty({ description: 'No tracking provider: always null' })
  tracking_status_details!: null;

  @DateProperty({ nullable: true })
  estimated_delivery_date!: string | null;

  @TimestampProperty({ nullable: true, description: 'No tracking provider: always null' })
  tracking_updated_at!: null;

  @TimestampProperty()
  created_at!: string;

  @TimestampProperty()
  updated_at!: string;
}
