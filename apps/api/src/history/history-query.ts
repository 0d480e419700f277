import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '../openapi/decorators';
import {
  invalidQueryParameter,
  PAGE_PARAMS,
  PageRequest,
  parsePageRequest,
  Query,
  queryText,
} from '@app/runtime';
import { refuseUnknownParams } from '@app/runtime';
import { ApiEventsQuery } from './events-query';

/** What GET …/{id}/history takes: a page, and the revisions it covers (both bounds inclusive). */
export interface HistoryQuery {
  page: PageRequest;
  revisionFrom?: number;
  revisionTo?: number;
}

const RANGE = ['revision_from', 'revision_to'] as const;

/** Pagination and the revision range; anything else, or a bad bound, is 422 `invalid_query_parameter`. */
export function parseHistoryQuery(query: Query = {}): HistoryQuery {
  refuseUnknownParams(query, [...PAGE_PARAMS, ...RANGE]);
  const page = parsePageRequest(query);
  const [revisionFrom, revisionTo] = RANGE.map((name) => revisionParam(query, name));
  if (revisionFrom !== undefined && revisionTo !== undefined && revisionFrom > revisionTo)
    throw invalidQueryParameter('revision_to', 'revision_to must not be below revision_from.');
  return { page, revisionFrom, revisionTo };
}

function revisionParam(query: Query, name: string): number | undefined {
  const text = queryText(query, name);
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw invalidQueryParameter(name, `${name} must be a non-negative integer.`);
  // Past every stream's end when huge: an empty range, not an error.
  return Math.min(Number(text), Number.MAX_SAFE_INTEGER);
}

/** The OpenAPI description of what parseHistoryQuery takes. */
export function ApiHistoryQuery(): MethodDecorator {
  return applyDecorators(
    ApiEventsQuery(),
    ApiQuery({
      name: 'revision_from',
      required: false,
      type: Number,
      description: 'The oldest revision shown',
    }),
    ApiQuery({
      name: 'revision_to',
      required: false,
      type: Number,
      description: 'The newest revision shown',
    }),
  );
}
