import { ApiPropertyOptional } from '../openapi/decorators';
import { Allow } from 'class-validator';

// The operator bodies: these classes name the accepted fields (any other is 422 `unsupported_field`);
// the domain checks each value, so the rules live in one place.

export class AccountBody {
  @ApiPropertyOptional({ type: 'string', description: 'Required on create.' }) @Allow() name?: unknown;
  @ApiPropertyOptional({ type: 'string', description: 'IANA time zone, default UTC.' })
  @Allow()
  timezone?: unknown;
  @ApiPropertyOptional({
    type: 'object',
    description: 'Merged into the current settings.',
    additionalProperties: true,
  })
  @Allow()
  settings?: unknown;
}

export class CreateUserBody {
  @ApiPropertyOptional({ type: 'string', description: 'Required.' }) @Allow() name?: unknown;
  @ApiPropertyOptional({ type: 'string', format: 'email', description: 'Required.' })
  @Allow()
  email?: unknown;
  @ApiPropertyOptional({
    oneOf: [
      { type: 'string', enum: ['all'] },
      { type: 'object', additionalProperties: { type: 'boolean' } },
    ],
    description: '"all" or {permission: true|false}',
  })
  @Allow()
  permissions?: unknown;
  @ApiPropertyOptional({ type: 'string', format: 'uuid', nullable: true }) @Allow() location_id?: unknown;
}

export class UpdateUserBody extends CreateUserBody {
  @ApiPropertyOptional({ type: 'boolean' }) @Allow() active?: unknown;
}

export class CreateApiKeyBody {
  @ApiPropertyOptional({ type: 'string' }) @Allow() name?: unknown;
  @ApiPropertyOptional({ type: [String], description: 'Default: every scope.' }) @Allow() scopes?: unknown;
  @ApiPropertyOptional({ nullable: true, format: 'date-time' }) @Allow() expires_at?: unknown;
}

export class VerifyBody {
  @ApiPropertyOptional({ type: [String], description: 'The projectors to verify; default every one.' })
  @Allow()
  projectors?: unknown;
}
