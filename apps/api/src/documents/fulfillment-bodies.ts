import { ApiProperty, ApiPropertyOptional } from '../openapi/decorators';
import { Allow } from 'class-validator';

// The bodies of a packing list's pack and ship (documents-api §4), alike for invoices and sales
// orders: each type's body class extends one with its own `unsupported_*_field` code.

/** A pack: which of the document's lines (`line`: `invoice line`) and how much of each. */
export function PackLinesBody(line: string) {
  abstract class PackLines {
    @ApiProperty({
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string', format: 'uuid' }, quantity: { type: 'number' } },
      },
      description: `1 to 100 entries {id: ${line} id, quantity}, each line once.`,
    })
    @Allow()
    lines?: unknown;
  }
  return PackLines;
}

/** A ship: the manual shipping details; `shippedDate` says what the date defaults to. */
export function ShipmentBody(shippedDate: string) {
  abstract class Shipment {
    @ApiPropertyOptional({ format: 'date', description: shippedDate })
    @Allow()
    shipped_date?: unknown;
    @ApiPropertyOptional({ nullable: true, maxLength: 60 }) @Allow() carrier?: unknown;
    @ApiPropertyOptional({ nullable: true, maxLength: 60 }) @Allow() tracking_number?: unknown;
    @ApiPropertyOptional({ nullable: true, maxLength: 250, description: 'http or https' })
    @Allow()
    tracking_url?: unknown;
    @ApiPropertyOptional({ format: 'date', nullable: true, description: 'Not before shipped_date.' })
    @Allow()
    estimated_delivery_date?: unknown;
  }
  return Shipment;
}
