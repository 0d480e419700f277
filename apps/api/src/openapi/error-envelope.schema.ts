import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse, ApiSchema } from '@nestjs/swagger';

/** The error envelope, for the OpenAPI document only (the runtime shape is in http/api-error.ts). */
@ApiSchema({ name: 'ErrorBody' })
export class ErrorBodySchema {
  @ApiProperty({ example: 'invalid_request_error' })
  type!: string;

  @ApiProperty({ example: 'validation_failed' })
  code!: string;

  @ApiProperty({ example: 'quantity must not be less than 0' })
  message!: string;

  @ApiPropertyOptional({ example: 'lines.0.quantity', description: 'The field or query parameter at fault' })
  param?: string;
}

@ApiSchema({ name: 'ErrorEnvelope' })
export class ErrorEnvelopeSchema {
  @ApiProperty({ type: ErrorBodySchema })
  error!: ErrorBodySchema;
}

/** Documents an endpoint's error answers: `@ApiErrors(401, 403, 404, 422)`. */
export function ApiErrors(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(...statuses.map((status) => ApiResponse({ status, type: ErrorEnvelopeSchema })));
}
