import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions } from '../openapi/decorators';
import { WEBHOOK_EVENT_TYPES } from '@app/domain';
import { Allow } from 'class-validator';

// The bodies of the endpoint writes: these classes name the accepted fields, so any other is 422
// `unsupported_field`. The domain checks each value.

const EVENT_TYPES: ApiPropertyOptions = {
  type: 'array',
  minItems: 1,
  items: { type: 'string', enum: ['*', ...WEBHOOK_EVENT_TYPES] },
  description: 'The event types to receive; `*` for all, those added later included',
};

export class CreateWebhookEndpointBody {
  @ApiProperty({
    type: 'string',
    format: 'uri',
    description: 'https (http and private hosts only when the operator allows)',
  })
  @Allow()
  url?: unknown;
  @ApiProperty(EVENT_TYPES) @Allow() event_types?: unknown;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255 }) @Allow() description?: unknown;
}

/** Only the fields given change. */
export class UpdateWebhookEndpointBody {
  @ApiPropertyOptional({ type: 'string', format: 'uri' }) @Allow() url?: unknown;
  @ApiPropertyOptional(EVENT_TYPES) @Allow() event_types?: unknown;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255 }) @Allow() description?: unknown;
  @ApiPropertyOptional({ type: 'boolean', description: 'false enables an endpoint the service disabled' })
  @Allow()
  disabled?: unknown;
}
