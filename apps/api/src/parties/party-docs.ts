import { applyDecorators } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiQuery,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';

// OpenAPI notes shared by the customer and supplier endpoints.

export function ApiPartyList(kinds?: readonly string[]) {
  return applyDecorators(
    ApiQuery({ name: 'page', required: false, type: Number }),
    ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 20' }),
    ApiQuery({ name: 'include_total', required: false, type: Boolean }),
    ApiQuery({ name: 'q', required: false, description: 'In name, email, account number or phone' }),
    ApiQuery({ name: 'archived', required: false, type: Boolean, description: 'Default false' }),
    ...(kinds ? [ApiQuery({ name: 'kind', required: false, enum: [...kinds] })] : []),
    ApiUnprocessableEntityResponse({ description: 'invalid_query_parameter' }),
  );
}

/** An endpoint on one record: 404 outside the caller's view; If-Match when it writes. */
export function ApiPartyRecord(options: { writes?: boolean } = {}) {
  const writes = options.writes
    ? [
        ApiHeader({ name: 'If-Match', required: false, description: 'The revision the change is based on' }),
        ApiConflictResponse({ description: 'mobile_mutation_conflict' }),
      ]
    : [];
  return applyDecorators(ApiNotFoundResponse({ description: 'resource_missing' }), ...writes);
}
