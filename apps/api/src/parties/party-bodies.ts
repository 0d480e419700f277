import { ApiPropertyOptional } from '../openapi/decorators';
import { Allow } from 'class-validator';
import { DECIMAL_INPUT } from '../openapi/schema-properties';

// The bodies of POST and PATCH: these classes name the accepted fields, so any other (unknown, or
// protected: id, object, archived, created_at, updated_at, revision) is 422 `unsupported_field`.
// The domain checks each value, so its rules live in one place.

export class SupplierBody {
  @ApiPropertyOptional({ type: 'string', description: 'Required on create; up to 255 characters.' })
  @Allow()
  name?: unknown;

  @ApiPropertyOptional({ type: 'string', nullable: true }) @Allow() account_number?: unknown;
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    description: 'An office address, or several separated by commas or semicolons',
  })
  @Allow()
  email?: unknown;
  @ApiPropertyOptional({ type: 'string', nullable: true }) @Allow() phone?: unknown;

  @ApiPropertyOptional({ type: [String], description: 'Address lines, each non-empty.' })
  @Allow()
  billing_address?: unknown;

  @ApiPropertyOptional({ type: [String], description: 'Address lines, each non-empty.' })
  @Allow()
  shipping_address?: unknown;

  @ApiPropertyOptional({
    ...DECIMAL_INPUT,
    description: 'Percentage from 0 to 100, up to three decimals; default 0.',
  })
  @Allow()
  tax_rate?: unknown;

  @ApiPropertyOptional({
    ...DECIMAL_INPUT,
    description: 'Percentage from 0 to 100, up to three decimals; default 0.',
  })
  @Allow()
  tax_2_rate?: unknown;

  @ApiPropertyOptional({ type: 'string', nullable: true }) @Allow() payment_terms?: unknown;

  @ApiPropertyOptional({
    nullable: true,
    format: 'uuid',
    description: 'A user of the account; default the creator, null for nobody.',
  })
  @Allow()
  assigned_user_id?: unknown;
}

export class CustomerBody extends SupplierBody {
  @ApiPropertyOptional({ enum: ['customer', 'prospect'], description: 'Default customer.' })
  @Allow()
  kind?: unknown;
}
