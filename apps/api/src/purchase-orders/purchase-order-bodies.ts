import { ApiProperty, ApiPropertyOptional } from '../openapi/decorators';
import { Allow } from 'class-validator';
import { ManualPaymentBody } from '../documents/payment-bodies';
import { UnsupportedFieldCode } from '../http/unsupported-field-code';

// Purchase-order bodies. Each class names the fields its endpoint takes, so any other (unknown, or
// protected: number, status, assigned user, totals, payments, receipts, timestamps …) is refused
// with `unsupported_purchase_order_field`; the domain checks every value.

const UNSUPPORTED = 'unsupported_purchase_order_field';

/** Create and PATCH (the same fields; on PATCH all optional). */
@UnsupportedFieldCode(UNSUPPORTED)
export class PurchaseOrderBody {
  @ApiPropertyOptional({ format: 'uuid', description: 'Required on create: an active supplier.' })
  @Allow()
  supplier_id?: unknown;
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Required on create: an active receiving location the user may use.',
  })
  @Allow()
  location_id?: unknown;
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object' },
    description:
      'Required on create, 1 to 100: {id?, item_id, item_variation_location_id, name, description, quantity, unit_cost, tax_rate, tax_2_rate}. On PATCH the complete set of non-discount lines: id keeps, none adds, omitted removes.',
  })
  @Allow()
  lines?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() name?: unknown;
  @ApiPropertyOptional({ format: 'date', description: 'Default: today in the account’s time zone.' })
  @Allow()
  issue_date?: unknown;
  @ApiPropertyOptional({ format: 'date', nullable: true }) @Allow() date_requested?: unknown;
  @ApiPropertyOptional({ format: 'date', nullable: true }) @Allow() date_needed?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() requested_from?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 24 }) @Allow() custom_purchase_order_number?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() attention?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() shipping_address?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() public_note?: unknown;
  @ApiPropertyOptional({ nullable: true, description: 'Default: the supplier’s, else the account’s.' })
  @Allow()
  payment_terms?: unknown;
  @ApiPropertyOptional({ type: Number, description: 'Non-negative; default 0.' })
  @Allow()
  shipping_fee?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() shipping_provider?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() shipping_tracking_code?: unknown;
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

@UnsupportedFieldCode(UNSUPPORTED)
export class PurchaseOrderSendBody {
  @ApiPropertyOptional({
    format: 'date',
    description: 'Default: today in the account’s time zone; a Sent order keeps its first date.',
  })
  @Allow()
  date_sent?: unknown;
}

@UnsupportedFieldCode(UNSUPPORTED)
export class PurchaseOrderReceiveBody {
  @ApiProperty({
    type: 'array',
    items: {
      type: 'object',
      properties: { line_id: { type: 'string', format: 'uuid' }, quantity: { type: 'number' } },
    },
    description:
      '1 to 100 entries {line_id: an inventory line, quantity: positive, up to what remains}, each line once.',
  })
  @Allow()
  lines?: unknown;
  @ApiPropertyOptional({
    format: 'date',
    description:
      'Stored only when this receipt completes the order; default today in the account’s time zone.',
  })
  @Allow()
  received_date?: unknown;
}

@UnsupportedFieldCode(UNSUPPORTED)
export class PurchaseOrderPaymentBody extends ManualPaymentBody({
  example: '25.50',
  description:
    'Number or numeric string: positive, at most the amount due, up to two decimals (or exactly the amount due, which may have four).',
}) {}
