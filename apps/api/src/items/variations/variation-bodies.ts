import { ApiProperty, ApiPropertyOptional } from '../../openapi/decorators';
import { Allow } from 'class-validator';
import { DECIMAL_INPUT, NULLABLE_DECIMAL_INPUT } from '../../openapi/schema-properties';

// The bodies of the variation writes: these classes name the accepted fields, so any other
// (quantities, thresholds, zones, images, locations, ids, dates) is 422 `unsupported_field`.
// The domain checks each value, so its rules live in one place.

const PAIRS = {
  description:
    'One {attribute_id, value_id} per attribute of the item; empty for an item without attributes.',
  type: 'array',
  items: {
    type: 'object',
    properties: {
      attribute_id: { type: 'string', format: 'uuid' },
      value_id: { type: 'string', format: 'uuid' },
    },
  },
} as const;

export class VariationChangesBody {
  @ApiPropertyOptional(PAIRS) @Allow() attributes?: unknown;

  @ApiPropertyOptional({ type: 'string', description: 'Barcode or SKU, up to 48 characters; "" clears it.' })
  @Allow()
  barcode?: unknown;

  @ApiPropertyOptional({
    ...NULLABLE_DECIMAL_INPUT,
    description: 'Four decimals; null inherits. selling_prices.modify.',
  })
  @Allow()
  unit_price_override?: unknown;

  @ApiPropertyOptional({
    ...NULLABLE_DECIMAL_INPUT,
    description: 'Four decimals; null inherits. unit_cost.view.',
  })
  @Allow()
  unit_cost_override?: unknown;
}

export class NewVariationBody extends VariationChangesBody {
  @ApiPropertyOptional({
    enum: ['location_only', 'attributes'],
    description: "Required on the item's first variation only; sets the item's attributes.",
  })
  @Allow()
  variation_type?: unknown;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'First variation: where item stock without a location goes (required then).',
  })
  @Allow()
  initial_quantity_location_id?: unknown;
}

export class VariationLocationBody {
  @ApiProperty({ format: 'uuid', description: 'An active location of the account.' })
  @Allow()
  location_id?: unknown;

  @ApiPropertyOptional({ nullable: true, format: 'uuid', description: 'A zone of that location.' })
  @Allow()
  zone_id?: unknown;

  @ApiPropertyOptional({ type: 'integer', description: '0 to 2147483647; default 0.' })
  @Allow()
  threshold?: unknown;
}

export class VariationLocationChangesBody {
  @ApiPropertyOptional({ type: 'integer', description: '0 to 2147483647; 0 disables.' })
  @Allow()
  threshold?: unknown;

  @ApiPropertyOptional({
    nullable: true,
    format: 'uuid',
    description: "A zone of the row's location, or null.",
  })
  @Allow()
  zone_id?: unknown;
}

export class VariationAdjustmentBody {
  @ApiProperty({
    ...DECIMAL_INPUT,
    description: 'Signed, nonzero change of on-hand stock; at most four decimals.',
  })
  @Allow()
  quantity?: unknown;

  @ApiPropertyOptional({ nullable: true, description: 'Up to 255 characters.' })
  @Allow()
  reason?: unknown;
}
