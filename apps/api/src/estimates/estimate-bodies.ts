import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { UnsupportedFieldCode } from '../http/unsupported-field-code';

// The bodies of create, preview and PATCH: this class names the accepted fields, so any other
// (unknown, or protected: estimate_number, status_id, salesperson_id, totals, timestamps …) is 422
// `unsupported_estimate_field`. The domain checks each value, lines included.

@UnsupportedFieldCode('unsupported_estimate_field')
export class EstimateBody {
  @ApiPropertyOptional({ format: 'uuid', description: 'Required on create: an active customer or prospect.' })
  @Allow()
  customer_id?: unknown;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object' },
    description:
      'Required on create: 1 to 500 lines {id?, item_id, item_variation_location_id, name, description, quantity, unit_price, tax_rate, tax_2_rate}. On PATCH the complete set of non-discount lines: id keeps, none adds, omitted removes.',
  })
  @Allow()
  lines?: unknown;

  @ApiPropertyOptional({ nullable: true }) @Allow() name?: unknown;
  @ApiPropertyOptional({ format: 'date', description: 'Default: today in the account’s time zone.' })
  @Allow()
  issue_date?: unknown;
  @ApiPropertyOptional({ format: 'date', description: 'Default: issue_date + estimate_expiry_days.' })
  @Allow()
  expiry_date?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 24 }) @Allow() custom_estimate_number?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() purchase_order_number?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() attention?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() shipping_address?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() public_note?: unknown;
  @ApiPropertyOptional({ nullable: true, description: 'Default: the customer’s, else the account’s.' })
  @Allow()
  payment_terms?: unknown;
  @ApiPropertyOptional({ type: Number, description: 'Non-negative; default 0.' })
  @Allow()
  shipping_fee?: unknown;
  @ApiPropertyOptional({ type: Number, description: 'Non-negative; needs unit_cost.view; default 0.' })
  @Allow()
  shipping_cost?: unknown;
  @ApiPropertyOptional({
    type: Number,
    description: '0 to 100, three decimals: the generated discount line.',
  })
  @Allow()
  discount_percent?: unknown;
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object' },
    description: 'Complete replacement: [{custom_field_id, value}]; a blank value removes the field.',
  })
  @Allow()
  custom_field_values?: unknown;
}

/** Decline takes an empty object: any field is unsupported. */
@UnsupportedFieldCode('unsupported_estimate_field')
export class EmptyEstimateBody {}
