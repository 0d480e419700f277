import { ApiProperty, ApiPropertyOptions, ApiSchema } from '../openapi/decorators';
import { IntegerProperty, TimestampProperty } from '../openapi/schema-properties';
import { FieldChange } from './field-changes';
import { HistoryEntry } from './field-history';

/* One entry of GET …/{id}/history, as an OpenAPI schema beside field-history.ts. */

const nullableText = { type: 'string', nullable: true } as const;
/** A field's value: any JSON, null when the field was absent. */
const ANY_VALUE: ApiPropertyOptions = {
  oneOf: [
    { type: 'string', nullable: true }, // null goes here: a `nullable` beside `oneOf` needs a type

    { type: 'number' },
    { type: 'boolean' },
    { type: 'object', additionalProperties: true },
    { type: 'array', items: {} },
  ],
};

@ApiSchema({ name: 'HistoryActor' })
export class HistoryActorSchema {
  @ApiProperty({ ...nullableText, description: 'The acting user; null for the operator and reactors' })
  user_id!: string | null;
  @ApiProperty({ ...nullableText, description: 'The user’s name now' }) user_name!: string | null;
  @ApiProperty(nullableText) api_key_id!: string | null;
  @ApiProperty(nullableText) idempotency_key!: string | null;
}

@ApiSchema({ name: 'FieldChange' })
export class FieldChangeSchema implements FieldChange {
  @ApiProperty({ type: 'string', example: 'lines.0b6d….quantity', description: 'Dotted; lines by id' })
  field!: string;
  @ApiProperty(ANY_VALUE) from!: unknown;
  @ApiProperty(ANY_VALUE) to!: unknown;
}

@ApiSchema({ name: 'HistoryEntry' })
export class HistoryEntrySchema implements HistoryEntry {
  @IntegerProperty({ minimum: 0 }) revision!: number;
  @TimestampProperty() occurred_at!: string;
  @ApiProperty({ type: 'array', items: { type: 'string' }, example: ['InvoiceUpdated'] })
  event_types!: string[];
  @ApiProperty({ type: HistoryActorSchema }) actor!: HistoryActorSchema;
  @ApiProperty({
    type: [FieldChangeSchema],
    description: 'What differs from the previous revision, in the record as the caller may see it',
  })
  changes!: FieldChangeSchema[];
}
