import { applyDecorators, Type } from '@nestjs/common';
import {
  ApiBody,
  ApiBodyOptions,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiQueryOptions,
  ApiUnprocessableEntityResponse,
} from './decorators';
import { ApiAsOfRevision } from '../history/as-of-revision';
import { ApiListOf } from './response-schemas';

/*
 * The OpenAPI stacks the record endpoints share (inventory-api §4): a list, a retrieve, a write.
 * Each handler still states its route and its Access rule; these say what the document shows.
 */

const PAGE: ApiQueryOptions = { name: 'page', required: false, type: Number };
const LIMIT: ApiQueryOptions = { name: 'limit', required: false, type: Number };
const INCLUDE_TOTAL: ApiQueryOptions = { name: 'include_total', required: false, type: Boolean };

export interface ListDocs {
  /** `limit`'s range is spelled out (`1 to 100, default 20`) unless false. */
  limitRange?: boolean;
  /** Whether it takes `include_total`. */
  total?: boolean;
  /** The resource's own queries, after page, limit and include_total. */
  filters?: readonly ApiQueryOptions[];
  /** Whether 422 is documented as `invalid_query_parameter` (a list parsing its filters). */
  invalidQuery?: boolean;
}

/** A list: its summary, its queries (page, limit, include_total, filters) and the envelope of `schema`. */
export function ListOperation(schema: Type<unknown>, summary: string, docs: ListDocs = {}) {
  const limit = docs.limitRange === false ? LIMIT : { ...LIMIT, description: '1 to 100, default 20' };
  const queries = [PAGE, limit, ...(docs.total ? [INCLUDE_TOTAL] : []), ...(docs.filters ?? [])];
  return applyDecorators(
    ApiOperation({ summary }),
    // Stacked on a handler, decorators apply bottom-up: the document lists the queries last first.
    ...queries.reverse().map((query) => ApiQuery(query)),
    ...(docs.invalidQuery
      ? [ApiUnprocessableEntityResponse({ description: 'invalid_query_parameter' })]
      : []),
    ApiListOf(schema),
  );
}

/** A retrieve of one record: as it is, or with `as_of_revision` as it was; 404 documented unless `notFound: false`. */
export function RetrieveOperation(
  schema: Type<unknown>,
  summary: string,
  options: { notFound?: boolean } = {},
) {
  return applyDecorators(
    ApiAsOfRevision(),
    ApiOperation({ summary }),
    ...(options.notFound === false ? [] : [NOT_FOUND]),
    ApiOkResponse({ type: schema }),
  );
}

export interface WriteDocs {
  summary: string;
  body?: Type<unknown> | ApiBodyOptions;
  /** `resource_missing` documented on the handler (not on its controller). */
  notFound?: boolean;
  /** The 409 refusals. */
  conflict?: string;
}

/** A write: its summary, body and refusals, then `answer` (its 200 or 201). If-Match: see http/if-match. */
export function WriteOperation(docs: WriteDocs, answer: MethodDecorator) {
  const { summary, body, notFound, conflict } = docs;
  return applyDecorators(
    ApiOperation({ summary }),
    ...(body === undefined ? [] : [ApiBody(typeof body === 'function' ? { type: body } : body)]),
    ...(notFound ? [NOT_FOUND] : []),
    ...(conflict ? [ApiConflictResponse({ description: conflict })] : []),
    answer,
  );
}

const NOT_FOUND = ApiNotFoundResponse({ description: 'resource_missing' });
