import { ApiProperty, ApiPropertyOptional, ApiSchema } from '../openapi/decorators';
import { WEBHOOK_EVENT_TYPES } from '@app/domain';
import {
  EnumProperty,
  IdProperty,
  IntegerProperty,
  ObjectProperty,
  TextProperty,
  TimestampProperty,
} from '../openapi/schema-properties';
import { WithRecordStamps } from '../openapi/record-stamps';
import { WebhookDeliveryJson, WebhookEndpointJson } from './webhook-json';

/* Webhook endpoints and deliveries as the API answers them, beside webhook-json.ts. */

/** An endpoint's own fields, before the record stamps. */
abstract class WebhookEndpointFields {
  @IdProperty() id!: string;
  @ObjectProperty('webhook_endpoint') object!: 'webhook_endpoint';
  @ApiProperty({ type: 'string', format: 'uri' }) url!: string;
  @ApiProperty({ type: 'array', items: { type: 'string', enum: ['*', ...WEBHOOK_EVENT_TYPES] } })
  event_types!: string[];
  @TextProperty() description!: string | null;
  @ApiProperty({ type: 'boolean' }) disabled!: boolean;
  @TextProperty({ description: 'Why deliveries stopped, when the service disabled the endpoint' })
  disabled_reason!: string | null;
  @ApiPropertyOptional({
    type: 'string',
    pattern: '^whsec_',
    description: 'The signing secret: only in the answers of create and rotate-secret',
  })
  secret?: string;
  @TimestampProperty({ nullable: true }) secret_rotated_at!: string | null;
}

@ApiSchema({ name: 'WebhookEndpoint' })
export class WebhookEndpointSchema
  extends WithRecordStamps(WebhookEndpointFields)
  implements WebhookEndpointJson {}

@ApiSchema({ name: 'WebhookDeliveryRecord' })
export class WebhookDeliveryRecordSchema {
  @ApiProperty({ type: 'string' }) object!: string;
  @IdProperty() id!: string;
  @IntegerProperty({ minimum: 0 }) revision!: number;
}

@ApiSchema({ name: 'WebhookDelivery' })
export class WebhookDeliverySchema implements WebhookDeliveryJson {
  @ApiProperty({ type: 'string', description: 'The webhook-id header: the same for every attempt' })
  id!: string;
  @ObjectProperty('webhook_delivery') object!: 'webhook_delivery';
  @IdProperty() endpoint_id!: string;
  @ApiProperty({ type: 'string', description: "The payload's id" }) event_id!: string;
  @ApiProperty({ type: 'string', enum: ['*', ...WEBHOOK_EVENT_TYPES] }) event_type!: string;
  @ApiProperty({ type: WebhookDeliveryRecordSchema }) record!: WebhookDeliveryRecordSchema;
  @EnumProperty(['pending', 'succeeded', 'failed']) status!: 'pending' | 'succeeded' | 'failed';
  @IntegerProperty({ minimum: 0 }) attempts!: number;
  @IntegerProperty({ nullable: true, description: "The last attempt's HTTP status" })
  last_status_code!: number | null;
  @TextProperty() last_error!: string | null;
  @TimestampProperty({ nullable: true }) next_attempt_at!: string | null;
  @TimestampProperty() created_at!: string;
  @TimestampProperty() updated_at!: string;
}
