import { ApiPropertyOptional } from '../openapi/decorators';
import { Allow } from 'class-validator';
import { DocumentBody } from '../documents/document-body';
import { UnsupportedFieldCode } from '../http/unsupported-field-code';

/** Create, preview and PATCH: the document's fields, an expiry date and the custom number; 1 to 500 lines. */
@UnsupportedFieldCode('unsupported_estimate_field')
export class EstimateBody extends DocumentBody {
  @ApiPropertyOptional({ format: 'date', description: 'Default: issue_date + estimate_expiry_days.' })
  @Allow()
  expiry_date?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 24 }) @Allow() custom_estimate_number?: unknown;
}

/** Decline takes an empty object: any field is unsupported. */
@UnsupportedFieldCode('unsupported_estimate_field')
export class EmptyEstimateBody {}
