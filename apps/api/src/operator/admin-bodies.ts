import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

// The operator bodies: these classes name the accepted fields (any other is 422 `unsupported_field`);
// the domain checks each value, so the rules live in one place.

export class AccountBody {
  @ApiPropertyOptional({ description: 'Required on create.' }) @Allow() name?: unknown;
  @ApiPropertyOptional({ description: 'IANA time zone, default UTC.' }) @Allow() timezone?: unknown;
  @ApiPropertyOptional({
    type: 'object',
    description: 'Merged into the current settings.',
    additionalProperties: true,
  })
  @Allow()
  settings?: unknown;
}

export class CreateUserBody {
  @ApiPropertyOptional({ description: 'Required.' }) @Allow() name?: unknown;
  @ApiPropertyOptional({ description: 'Required.' }) @Allow() email?: unknown;
  @ApiPropertyOptional({ description: '"all" or {permission: true|false}' }) @Allow() permissions?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() location_id?: unknown;
}

export class UpdateUserBody extends CreateUserBody {
  @ApiPropertyOptional() @Allow() active?: unknown;
}

export class CreateApiKeyBody {
  @ApiPropertyOptional() @Allow() name?: unknown;
  @ApiPropertyOptional({ type: [String], description: 'Default: every scope.' }) @Allow() scopes?: unknown;
  @ApiPropertyOptional({ nullable: true, format: 'date-time' }) @Allow() expires_at?: unknown;
}
