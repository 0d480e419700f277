import { ApiProperty, ApiPropertyOptional, ApiSchema } from '../openapi/decorators';
import {
  ESTIMATE_STATUS,
  ESTIMATE_STATUS_NAMES,
  EstimateStatusId,
  EstimateView,
  EstimateWarning,
} from '@app/domain';
import { DocumentHeaderSchema, DocumentLineSchema } from '../documents/document-schemas';
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
 * Estimates as the API answers them (documents-api §2, Estimate and Estimate line), beside
 * estimate-json.ts; `implements EstimateView` keeps the schema and the view in step.
 */

@ApiSchema({ name: 'EstimateLine' })
export class EstimateLineSchema extends DocumentLineSchema {
  @ObjectProperty('estimate_line', { description: 'estimate_line' })
  declare object: 'estimate_line';
}

@ApiSchema({ name: 'Estimate' })
export class EstimateSchema extends DocumentHeaderSchema implements EstimateView {
  @IdProperty({ nullable: true, description: 'Null in the preview of a new estimate' })
  id!: string | null;

  @ObjectProperty('estimate')
  object!: 'estimate';

  @IntegerProperty({
    nullable: true,
    minimum: 1,
    description: 'Assigned; null in the preview of a new estimate',
  })
  estimate_number!: number | null;

  @TextProperty({ maxLength: 24 })
  custom_estimate_number!: string | null;

  @EnumProperty(['customer', 'prospect'])
  customer_kind!: 'customer' | 'prospect';

  @EnumProperty(Object.values(ESTIMATE_STATUS), { description: '5 open, 6 closed, 7 declined, 8 expired' })
  status_id!: EstimateStatusId;

  @EnumProperty(Object.values(ESTIMATE_STATUS_NAMES))
  status!: string;

  @DateProperty({ nullable: false })
  declare issue_date: string;

  @DateProperty()
  expiry_date!: string;

  @DateProperty({ nullable: true })
  date_sent!: string | null;

  @ApiProperty({ type: 'string', nullable: false })
  declare purchase_order_number: string;

  @RateProperty()
  discount_percent!: string;

  @MoneyProperty({ description: 'Before the discount' })
  pre_discount_subtotal!: string;

  @MoneyProperty({ description: 'The discount, a negative amount' })
  discount!: string;

  @ApiProperty({ description: 'Whether the caller may edit it now' })
  can_edit!: boolean;

  @EnumProperty(['estimate_not_open', 'permission_denied'], { nullable: true })
  edit_block_reason!: 'estimate_not_open' | 'permission_denied' | null;

  @TextProperty({ description: 'Equals the ETag; null in a preview' })
  revision!: string | null;

  @ApiPropertyOptional({
    type: EstimateLineSchema,
    isArray: true,
    description: 'Single-estimate answers only: in stored order, the generated discount line last',
  })
  lines?: EstimateLineSchema[];
}

@ApiSchema({ name: 'EstimatePreviewWarning' })
export class EstimatePreviewWarningSchema implements EstimateWarning {
  @ApiProperty({ type: 'string', example: 'estimate_expired' }) code!: string;
  @ApiProperty({ type: 'string', example: 'expiry_date' }) param!: string;
  @ApiProperty({ type: 'string' }) message!: string;
}

@ApiSchema({ name: 'EstimatePreview' })
export class EstimatePreviewSchema {
  @ObjectProperty('estimate_preview')
  object!: 'estimate_preview';

  @ApiProperty({
    type: EstimateSchema,
    description:
      'The estimate as it would be; what a save would assign (id, number, new line ids, revision) is null',
  })
  estimate!: EstimateSchema;

  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    maxItems: 0,
    description: 'Always empty: a preview with errors is answered 422',
  })
  errors!: never[];

  @ApiProperty({ type: EstimatePreviewWarningSchema, isArray: true })
  warnings!: EstimatePreviewWarningSchema[];
}
