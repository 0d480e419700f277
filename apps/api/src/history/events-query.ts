import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '../openapi/decorators';
import { PageRequest, parsePageRequest } from '@app/runtime';
import { PAGE_PARAMS, Query, refuseUnknownParams } from '@app/runtime';

/**
 * Every `…/{id}/events` route takes pagination only: any other parameter (`as_of_revision`
 * belongs to the retrieve route) is 422 `invalid_query_parameter`, before the record is looked up.
 */
export function parseEventsQuery(query: Query = {}): PageRequest {
  refuseUnknownParams(query, PAGE_PARAMS);
  return parsePageRequest(query);
}

/** The OpenAPI description of what parseEventsQuery takes. */
export function ApiEventsQuery(): MethodDecorator {
  return applyDecorators(
    ApiQuery({ name: 'page', required: false, type: Number }),
    ApiQuery({ name: 'limit', required: false, type: Number }),
    ApiQuery({ name: 'include_total', required: false, type: Boolean }),
  );
}
