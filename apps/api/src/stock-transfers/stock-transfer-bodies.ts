import { ApiProperty, ApiPropertyOptional } from '../openapi/decorators';
import { Allow } from 'class-validator';
import { UnsupportedFieldCode } from '../http/unsupported-field-code';

// Stock-transfer bodies. Each class names the fields its endpoint takes, so any other is refused
// with `unsupported_stock_transfer_field`; the domain checks every value.

const LINES = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid', description: 'PATCH: an existing line to update' },
      item_id: { type: 'string', format: 'uuid' },
      item_variation_location_id: {
        type: 'integer',
        description: 'Required for an item with variations: its row at the origin',
      },
      quantity: { type: 'number', description: 'Positive; a unique item is stored as 1' },
      description: { type: 'string', nullable: true, description: "Default: the item's" },
    },
  },
  description: '1 to 100 inventory lines located at the origin (PATCH: the complete set).',
} as const;

@UnsupportedFieldCode('unsupported_stock_transfer_field')
export class StockTransferCreateBody {
  @ApiProperty({ format: 'uuid', description: 'An active location' }) @Allow() origin_location_id?: unknown;
  @ApiProperty({ format: 'uuid', description: 'An active location other than the origin' })
  @Allow()
  destination_location_id?: unknown;
  @ApiPropertyOptional({ format: 'date', nullable: true }) @Allow() estimated_arrival_date?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 255 }) @Allow() shipping_provider?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 255 }) @Allow() shipping_tracking_code?: unknown;
  @ApiProperty(LINES) @Allow() lines?: unknown;
}

@UnsupportedFieldCode('unsupported_stock_transfer_field')
export class StockTransferUpdateBody {
  @ApiPropertyOptional({ format: 'date' }) @Allow() issue_date?: unknown;
  @ApiPropertyOptional({ format: 'date', nullable: true, description: 'Empty clears' })
  @Allow()
  estimated_arrival_date?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 255 }) @Allow() shipping_provider?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 255 }) @Allow() shipping_tracking_code?: unknown;
  @ApiPropertyOptional(LINES) @Allow() lines?: unknown;
  @ApiPropertyOptional({ description: 'Cannot change: 422' }) @Allow() origin_location_id?: unknown;
  @ApiPropertyOptional({ description: 'Cannot change: 422' }) @Allow() destination_location_id?: unknown;
  @ApiPropertyOptional({ description: 'Cannot change: 422' }) @Allow() assigned_user_id?: unknown;
  @ApiPropertyOptional({ description: 'Cannot change: 422' }) @Allow() stock_transfer_number?: unknown;
  @ApiPropertyOptional({ description: 'Cannot change: 422' }) @Allow() date_sent?: unknown;
  @ApiPropertyOptional({ description: 'Cannot change: 422' }) @Allow() date_received?: unknown;
  @ApiPropertyOptional({ description: 'Cannot change: 422' }) @Allow() status_id?: unknown;
}

@UnsupportedFieldCode('unsupported_stock_transfer_field')
export class StockTransferSendBody {
  @ApiPropertyOptional({ format: 'date', description: "Default: the user's local date" })
  @Allow()
  date_sent?: unknown;
  @ApiPropertyOptional({ format: 'date', nullable: true, description: 'Empty clears' })
  @Allow()
  estimated_arrival_date?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 255 }) @Allow() shipping_provider?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 255 }) @Allow() shipping_tracking_code?: unknown;
}

@UnsupportedFieldCode('unsupported_stock_transfer_field')
export class StockTransferReceiveBody {
  @ApiPropertyOptional({ format: 'date', description: "Default: the user's local date" })
  @Allow()
  date_received?: unknown;
  @ApiPropertyOptional({ format: 'date', nullable: true, description: 'Empty clears' })
  @Allow()
  estimated_arrival_date?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 255 }) @Allow() shipping_provider?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 255 }) @Allow() shipping_tracking_code?: unknown;
}

/** The body as the domain reads it: only the fields given. */
export function transferInput(body: object | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body ?? {}).filter(([, value]) => value !== undefined));
}
