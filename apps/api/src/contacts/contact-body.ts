import { ApiPropertyOptional } from '../openapi/decorators';
import { Allow } from 'class-validator';

// The body of POST and PATCH: this class names the accepted fields, so any other (unknown, or
// protected: id, object, account_records, created_at, updated_at, revision) is 422
// `unsupported_field`. The domain checks each value, so its rules live in one place.

export class ContactBody {
  @ApiPropertyOptional({
    type: 'string',
    description: 'Required on create; non-empty, up to 255 characters.',
  })
  @Allow()
  first_name?: unknown;

  @ApiPropertyOptional({ nullable: true, description: 'Up to 255 characters.' }) @Allow() last_name?: unknown;
  @ApiPropertyOptional({ nullable: true, description: 'Up to 255 characters.' }) @Allow() job_title?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() phone?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() cell?: unknown;
  @ApiPropertyOptional({ nullable: true }) @Allow() fax?: unknown;
  @ApiPropertyOptional({ nullable: true, format: 'email' }) @Allow() email_1?: unknown;
  @ApiPropertyOptional({ nullable: true, format: 'email' }) @Allow() email_2?: unknown;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Include when emailing a linked record; default false.',
  })
  @Allow()
  auto_add_email?: unknown;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    description:
      'Unique ids of customers, prospects or suppliers of the account that you can see (up to 100). ' +
      'On PATCH: omit to keep the links, give to replace them, [] to remove them all.',
  })
  @Allow()
  account_record_ids?: unknown;
}
