import { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions, getSchemaPath } from '@nestjs/swagger';

/*
 * Property decorators of the documents' response schemas for what OpenAPI 3.0 spells awkwardly:
 * a nullable enum and a nullable reference to another schema.
 */

/**
 * A reason something cannot be done (`edit_block_reason`, `pack_block_reason`): one of `values`,
 * or null when nothing blocks it. OpenAPI 3.0 wants the null among the enum's values as well.
 */
export const ReasonProperty = (values: readonly string[], options: Partial<ApiPropertyOptions> = {}) =>
  ApiProperty({ type: 'string', enum: [...values, null], nullable: true, ...options } as ApiPropertyOptions);

/**
 * An object of `model`'s schema, or null. OpenAPI 3.0's `nullable` only adds null to a `type`
 * beside it, and a `$ref` (or `allOf` over one) still refuses null, so the null is a schema of its
 * own: `oneOf: [{$ref}, {type: object, nullable: true, enum: [null]}]`. The class declaring the
 * property names `model` in `@ApiExtraModels` so that its schema is part of the document.
 */
export const NullableRefProperty = (model: Type<unknown>, options: Partial<ApiPropertyOptions> = {}) =>
  ApiProperty({
    oneOf: [{ $ref: getSchemaPath(model) }, { type: 'object', nullable: true, enum: [null] }],
    ...options,
  } as ApiPropertyOptions);
