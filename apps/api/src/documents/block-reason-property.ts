import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';

/**
 * A reason something cannot be done (`edit_block_reason`, `pack_block_reason`): one of `values`,
 * or null when nothing blocks it. OpenAPI 3.0 wants the null among the enum's values as well.
 */
export const ReasonProperty = (values: readonly string[], options: Partial<ApiPropertyOptions> = {}) =>
  ApiProperty({ type: 'string', enum: [...values, null], nullable: true, ...options } as ApiPropertyOptions);
