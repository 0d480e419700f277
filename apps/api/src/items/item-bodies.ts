import { ApiProperty, ApiPropertyOptional } from '../openapi/decorators';
import { Allow } from 'class-validator';
import { DECIMAL_INPUT, NULLABLE_DECIMAL_INPUT } from '../openapi/schema-properties';

// The bodies of the item writes: these classes name the accepted fields, so any other (unknown,
// or server-managed: id, item_number, status_id, archived, quantities, photos, variation_count,
// dates) is 422 `unsupported_field`. The domain checks each value, so its rules live in one place.

export class ItemBody {
  @ApiPropertyOptional({ type: 'string', description: 'Required on create; up to 255 characters.' })
  @Allow()
  name?: unknown;

  @ApiPropertyOptional({
    enum: ['quantity', 'unique'],
    description: "Required on create; the category's type; fixed.",
  })
  @Allow()
  inventory_type?: unknown;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Required on create: an item category of the account.',
  })
  @Allow()
  category_id?: unknown;

  @ApiPropertyOptional({ nullable: true, description: 'Up to 10000 characters.' })
  @Allow()
  description?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() sku?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() barcode?: unknown;
  @ApiPropertyOptional({ nullable: true, description: 'Unique items only.' })
  @Allow()
  serial_number?: unknown;

  @ApiPropertyOptional({ type: [String], description: 'Suppliers of the account; quantity items only.' })
  @Allow()
  supplier_ids?: unknown;

  @ApiPropertyOptional({
    nullable: true,
    format: 'uuid',
    description: 'An active location; a location-restricted user: theirs (the default for them).',
  })
  @Allow()
  location_id?: unknown;

  @ApiPropertyOptional({ nullable: true, format: 'uuid', description: "A zone of the item's location." })
  @Allow()
  zone_id?: unknown;

  @ApiPropertyOptional({ nullable: true, description: "The client's unit code." })
  @Allow()
  unit_of_measure_id?: unknown;

  @ApiPropertyOptional({
    ...NULLABLE_DECIMAL_INPUT,
    description: 'Selling price: a decimal string or number, up to four decimals.',
  })
  @Allow()
  price?: unknown;

  @ApiPropertyOptional({
    ...NULLABLE_DECIMAL_INPUT,
    description: 'Unit cost; needs unit_cost.view (else 403).',
  })
  @Allow()
  cost?: unknown;

  @ApiPropertyOptional({ type: 'integer', description: 'Low-stock threshold, 0 to 2147483647; default 0.' })
  @Allow()
  threshold?: unknown;
  @ApiPropertyOptional({ type: 'integer', description: 'An integer; default 0.' }) @Allow() weight?: unknown;
  @ApiPropertyOptional({ type: 'boolean', description: 'Default false.' }) @Allow() published?: unknown;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object' },
    description: "[{custom_field_id, value}] for custom fields of the item's category.",
  })
  @Allow()
  custom_field_values?: unknown;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object' },
    description: '[{pricing_tier_id, value}]: sparse tier prices.',
  })
  @Allow()
  pricing_details?: unknown;

  @ApiPropertyOptional({
    type: [String],
    description: 'Variation attributes, in order; only while the item has no variations.',
  })
  @Allow()
  variation_attribute_ids?: unknown;
}

export class AdjustmentBody {
  @ApiProperty({ format: 'uuid', description: 'An active location you may use.' })
  @Allow()
  location_id?: unknown;

  @ApiPropertyOptional({
    type: 'integer',
    description: 'A variation row of the item (required when it has variations).',
  })
  @Allow()
  item_variation_location_id?: unknown;

  @ApiProperty({
    ...DECIMAL_INPUT,
    description: 'Signed non-zero change of on-hand stock; whole for unique items.',
  })
  @Allow()
  quantity?: unknown;

  @ApiPropertyOptional({ nullable: true, description: 'Up to 255 characters.' }) @Allow() reason?: unknown;
}
