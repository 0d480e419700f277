import { ApiProperty, ApiSchema } from '../openapi/decorators';
import { IdProperty, IntegerProperty, ObjectProperty, TimestampProperty } from '../openapi/schema-properties';
import { EventEntry, EventEntryMetadata } from './event-entry';

/* One entry of GET …/{id}/events (EXTENSIONS.md §8), as an OpenAPI schema beside event-entry.ts. */

const nullableText = { type: 'string', nullable: true } as const;

@ApiSchema({ name: 'EventMetadata' })
export class EventMetadataSchema implements EventEntryMetadata {
  @ApiProperty({ ...nullableText, format: 'uuid' }) account_id!: string | null;
  @ApiProperty({ ...nullableText, description: 'The acting user; null for the operator and reactors' })
  user_id!: string | null;
  @ApiProperty(nullableText) api_key_id!: string | null;
  @ApiProperty(nullableText) request_id!: string | null;
  @ApiProperty(nullableText) idempotency_key!: string | null;
  @ApiProperty({ ...nullableText, description: 'The event that caused this one (a reactor’s step)' })
  causation_id!: string | null;
  @ApiProperty(nullableText) correlation_id!: string | null;
}

@ApiSchema({ name: 'Event' })
export class EventEntrySchema implements EventEntry {
  @ObjectProperty('event') object!: 'event';
  @IdProperty() id!: string;
  @ApiProperty({ type: 'string', example: 'customer-0b6d…' }) stream!: string;
  @IntegerProperty({ minimum: 0, description: 'The record’s revision this event made' }) revision!: number;
  @ApiProperty({ type: 'string', example: 'CustomerCreated' }) type!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The event’s data, with fields the caller may not see left out',
  })
  data!: object;
  @ApiProperty({ type: EventMetadataSchema }) metadata!: EventMetadataSchema;
  @TimestampProperty() recorded_at!: string;
}
