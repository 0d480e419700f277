import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse, ApiSchema } from './decorators';
import { ErrorBody, ErrorEnvelope } from '@app/runtime';

/** The error envelope, for the OpenAPI document only (the runtime shape is in http/api-error.ts). */
@ApiSchema({ name: 'ErrorBody' })
export class ErrorBodySchema implements ErrorBody {
  @ApiProperty({
    type: 'string',
    enum: [
      'invalid_request_error',
      'authentication_error',
      'permission_error',
      'not_found_error',
      'conflict_error',
      'rate_limit_error',
      'api_error',
    ],
    example: 'invalid_request_error',
    description: 'From the status (http/api-error.ts errorTypeFor); api_error for 5xx',
  })
  type!: string;

  @ApiProperty({ example: 'validation_failed' })
  code!: string;

  @ApiProperty({ example: 'quantity must not be less than 0' })
  message!: string;

  @ApiPropertyOptional({ example: 'lines.0.quantity', description: 'The field or query parameter at fault' })
  param?: string;
}

@ApiSchema({ name: 'ErrorEnvelope' })
export class ErrorEnvelopeSchema implements ErrorEnvelope {
  @ApiProperty({ type: ErrorBodySchema })
  error!: ErrorBodySchema;
}

/** Documents an endpoint's error answers: `@ApiErrors(401, 403, 404, 422)`. */
export function ApiErrors(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(...statuses.map((status) => ApiResponse({ status, type: ErrorEnvelopeSchema })));
}
