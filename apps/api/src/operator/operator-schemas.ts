import { ApiProperty, ApiPropertyOptional, ApiSchema } from '../openapi/decorators';
import {
  AccountSettings,
  AccountView,
  ApiKeyView,
  DocumentCustomField,
  PERMISSIONS,
  PermissionGrants,
  Scope,
  SCOPES,
  UserView,
} from '@app/domain';
import {
  EnumProperty,
  IdProperty,
  IntegerProperty,
  ObjectProperty,
  TextProperty,
  TimestampProperty,
} from '../openapi/schema-properties';
import { ProjectionFailedEventSchema } from '../operations/health-schemas';
import { ProjectionView } from '../operations/projection-view';

/* The operator API's answers (EXTENSIONS.md §2), as OpenAPI schemas beside the views that build them. */

@ApiSchema({ name: 'AccountCustomField' })
export class AccountCustomFieldSchema implements DocumentCustomField {
  @IdProperty()
  id!: string;

  @ApiProperty({ type: 'string' })
  name!: string;
}

@ApiSchema({ name: 'AccountSettings' })
export class AccountSettingsSchema implements AccountSettings {
  @ApiProperty() packing_lists_enabled!: boolean;
  @ApiProperty() packing_list_service_items!: boolean;
  @ApiProperty() purchase_order_payments_enabled!: boolean;
  @ApiProperty() automatic_payment_receipts!: boolean;
  @ApiProperty() automatic_shipping_notifications!: boolean;
  @IntegerProperty({ minimum: 0 }) estimate_expiry_days!: number;
  @TextProperty() default_payment_terms!: string | null;
  @ApiProperty({ type: 'string' }) tax_label!: string;
  @TextProperty() tax_2_label!: string | null;
  @IntegerProperty({ nullable: true, description: 'null: unlimited' }) record_limit!: number | null;
  @IntegerProperty({
    nullable: true,
    minimum: 0,
    description: "Requests per API key per window; null: the server's RATE_LIMIT_REQUESTS, 0: unlimited",
  })
  rate_limit_requests!: number | null;
  @ApiProperty({ type: AccountCustomFieldSchema, isArray: true })
  estimate_custom_fields!: DocumentCustomField[];
  @ApiProperty({ type: AccountCustomFieldSchema, isArray: true })
  invoice_custom_fields!: DocumentCustomField[];
  @ApiProperty({ type: AccountCustomFieldSchema, isArray: true })
  sales_order_custom_fields!: DocumentCustomField[];
  @ApiProperty({ type: AccountCustomFieldSchema, isArray: true })
  purchase_order_custom_fields!: DocumentCustomField[];
}

@ApiSchema({ name: 'Account' })
export class AccountSchema implements AccountView {
  @IdProperty() id!: string;
  @ObjectProperty('account') object!: 'account';
  @ApiProperty({ type: 'string' }) name!: string;
  @ApiProperty({ type: 'string', example: 'Europe/London', description: 'IANA time zone' }) timezone!: string;
  @ApiProperty({ type: AccountSettingsSchema }) settings!: AccountSettings;
  @TimestampProperty() created_at!: string;
}

const PERMISSION_GRANTS = {
  oneOf: [
    { type: 'string', enum: ['all'] },
    {
      type: 'object',
      properties: Object.fromEntries(PERMISSIONS.map((permission) => [permission, { type: 'boolean' }])),
      additionalProperties: false,
    },
  ],
  description: '"all", or each permission granted (true) or not',
};

@ApiSchema({ name: 'User' })
export class UserSchema implements UserView {
  @IdProperty() id!: string;
  @ObjectProperty('user') object!: 'user';
  @IdProperty() account_id!: string;
  @ApiProperty({ type: 'string' }) name!: string;
  @ApiProperty({ type: 'string', format: 'email' }) email!: string;
  @ApiProperty(PERMISSION_GRANTS) permissions!: PermissionGrants;
  @IdProperty({ nullable: true, description: 'The one location the user is restricted to' })
  location_id!: string | null;
  @ApiProperty() active!: boolean;
}

@ApiSchema({ name: 'ApiKey' })
export class ApiKeySchema implements ApiKeyView {
  @IdProperty() id!: string;
  @ObjectProperty('api_key') object!: 'api_key';
  @IdProperty() user_id!: string;
  @TextProperty() name!: string | null;
  @ApiProperty({ enum: [...SCOPES], isArray: true }) scopes!: Scope[];
  @ApiPropertyOptional({
    type: 'string',
    description: 'The full key (sk_live_…): only in the creation answer',
  })
  key?: string;
  @ApiProperty({ type: 'string', description: 'The key’s first characters, to recognise it' })
  prefix!: string;
  @TimestampProperty({ nullable: true }) expires_at!: string | null;
  @TimestampProperty() created_at!: string;
}

@ApiSchema({ name: 'Projection' })
export class ProjectionSchema implements ProjectionView {
  @ObjectProperty('projection') object!: 'projection';
  @ApiProperty({ type: 'string' }) name!: string;
  @IntegerProperty() version!: number;
  @EnumProperty(['running', 'retrying', 'failed', 'standby', 'no_leader', 'paused', 'stopped'])
  state!: string;
  @TextProperty({ description: '`commit/prepare`' }) position!: string | null;
  @TextProperty({ description: '`commit/prepare`' }) head!: string | null;
  @IntegerProperty({ minimum: 0 }) lag!: number;
  @ApiPropertyOptional({ type: 'string', description: 'Why it is failed (or retrying)' }) error?: string;
  @ApiPropertyOptional({ type: ProjectionFailedEventSchema }) failed_event?: ProjectionFailedEventSchema;
  @TimestampProperty({ required: false }) failed_at?: string;
}

@ApiSchema({ name: 'ProjectionList' })
export class ProjectionListSchema {
  @ObjectProperty('list') object!: 'list';
  @ApiProperty({ type: ProjectionSchema, isArray: true }) data!: ProjectionSchema[];
}
