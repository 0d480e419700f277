import { applyDecorators, Type } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiProperty,
  ApiPropertyOptional,
  ApiResponseOptions,
  ApiSchema,
  getSchemaPath,
} from './decorators';

/** The list envelope's pagination (spec/documents-api.md §8); totals are left out with include_total=false. */
@ApiSchema({ name: 'Pagination' })
export class PaginationSchema {
  @ApiProperty({ type: 'integer', minimum: 1 })
  page!: number;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 100 })
  per_page!: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  total_pages?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  total_records?: number;
}

/**
 * The list envelope of `model` as an operation's 200 answer. Written out whole (not `allOf` over a
 * generic envelope) so that the schema can refuse undocumented fields.
 */
export function ApiListOf(model: Type<unknown>, options: Omit<ApiResponseOptions, 'schema' | 'type'> = {}) {
  return applyDecorators(
    ApiExtraModels(model, PaginationSchema),
    ApiOkResponse({
      description: `A page of ${getSchemaPath(model).split('/').pop()} objects`,
      ...options,
      schema: listSchemaOf({ $ref: getSchemaPath(model) }),
    }),
  );
}

/** The list envelope's schema around `items` (for lists whose entries are not a class). */
export function listSchemaOf(items: Record<string, unknown>) {
  return {
    type: 'object',
    required: ['object', 'url', 'has_more', 'data', 'pagination'],
    properties: {
      object: { type: 'string', enum: ['list'] },
      url: { type: 'string', description: 'The collection path, without the query string' },
      has_more: { type: 'boolean' },
      data: { type: 'array', items },
      pagination: { $ref: getSchemaPath(PaginationSchema) },
    },
  };
}

/** A delete's answer: `{id, object, deleted: true}` plus any `extra` fields the resource adds. */
export function ApiDeleted(object: string, extra: Record<string, Record<string, unknown>> = {}) {
  return ApiOkResponse({
    description: `The ${object} is deleted`,
    schema: {
      type: 'object',
      required: ['id', 'object', 'deleted', ...Object.keys(extra)],
      properties: {
        id: { type: 'string' },
        object: { type: 'string', enum: [object] },
        deleted: { type: 'boolean', enum: [true] },
        ...extra,
      },
    },
  });
}
