import { ApiPropertyOptional } from '../openapi/decorators';
import { Allow } from 'class-validator';
import { DocumentCustomFieldValueSchema, DocumentLineInputSchema } from './document-schemas';

// The header and lines every sales document's create and PATCH take. Each document's body class
// extends this one with its own fields and its `unsupported_*_field` code, so any other field
// (unknown, or protected: number, status, salesperson, totals, timestamps …) is refused with it.
// The domain checks each value, lines included.

export class DocumentBody {
  @ApiPropertyOptional({ format: 'uuid', description: 'Required on create: an active customer.' })
  @Allow()
  customer_id?: unknown;

  @ApiPropertyOptional({
    type: DocumentLineInputSchema,
    isArray: true,
    description:
      'Required on create: lines {id?, item_id, item_variation_location_id, name, description, quantity, unit_price, tax_rate, tax_2_rate}. On PATCH the complete set of non-discount lines: id keeps, none adds, omitted removes.',
  })
  @Allow()
  lines?: unknown;

  @ApiPropertyOptional({ nullable: true }) @Allow() name?: unknown;
  @ApiPropertyOptional({ format: 'date', description: 'Default: today in the account’s time zone.' })
  @Allow()
  issue_date?: unknown;
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
    type: DocumentCustomFieldValueSchema,
    isArray: true,
    description: 'Complete replacement: [{custom_field_id, value}]; a blank value removes the field.',
  })
  @Allow()
  custom_field_values?: unknown;
}

/** The fields the client sent (undefined ones were not). */
export function documentInput(body: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}
