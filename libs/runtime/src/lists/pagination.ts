import { invalidQueryParameter } from '../errors/api-error';
import { queryText } from './query-params';

/** Page-number pagination (spec/documents-api.md §8). */
export interface PageRequest {
  /** 1-based; below 1 becomes 1. */
  page: number;
  /** 1 to 100, default 20; above 100 becomes 100. */
  limit: number;
  /** false skips the exact count; has_more still comes from one extra row. */
  includeTotal: boolean;
  /** Rows to skip. */
  offset: number;
  /** Rows to fetch: one more than the page, to tell whether another page follows. */
  fetch: number;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

type Query = Record<string, unknown> | undefined;

/** Reads page, limit and include_total; anything else in the query is the caller's. */
export function parsePageRequest(query: Query): PageRequest {
  const page = Math.max(1, integerParam(query, 'page') ?? 1);
  const limit = integerParam(query, 'limit') ?? DEFAULT_LIMIT;
  if (limit < 1) throw invalidQueryParameter('limit', `limit must be from 1 to ${MAX_LIMIT}.`);
  const perPage = Math.min(limit, MAX_LIMIT);
  return {
    page,
    limit: perPage,
    includeTotal: booleanParam(query, 'include_total') ?? true,
    offset: (page - 1) * perPage,
    fetch: perPage + 1,
  };
}

export interface ListEnvelope<T> {
  object: 'list';
  url: string;
  has_more: boolean;
  data: T[];
  pagination: {
    page: number;
    per_page: number;
    total_pages?: number;
    total_records?: number;
  };
}

export interface ListPage<T> {
  /** The collection's path, without the query string. */
  url: string;
  page: number;
  limit: number;
  /** Up to limit + 1 rows; the extra one is only a sign that more follow. */
  rows: T[];
  /** The exact count, or undefined when include_total is false (the totals are then omitted). */
  total?: number;
}

export function listEnvelope<T>({ url, page, limit, rows, total }: ListPage<T>): ListEnvelope<T> {
  const pagination: ListEnvelope<T>['pagination'] = { page, per_page: limit };
  if (total !== undefined) {
    pagination.total_pages = Math.ceil(total / limit);
    pagination.total_records = total;
  }
  return { object: 'list', url, has_more: rows.length > limit, data: rows.slice(0, limit), pagination };
}

/** A request's path without its query string: the list envelope's `url`. */
export function pathOf(url: string): string {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

function integerParam(query: Query, name: string): number | undefined {
  const text = queryText(query, name);
  if (text === undefined) return undefined;
  if (!/^[+-]?\d+$/.test(text)) throw invalidQueryParameter(name, `${name} must be an integer.`);
  // Many digits are still a number: a huge limit is capped, a huge page is just past the end.
  return Math.min(Math.max(Number(text), Number.MIN_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
}

function booleanParam(query: Query, name: string): boolean | undefined {
  const text = queryText(query, name);
  if (text === undefined) return undefined;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw invalidQueryParameter(name, `${name} must be true, false, 1 or 0.`);
}

/** One page of a collection already in memory (a record's payments or packing lists). */
export function pageOf<T>(url: string, all: readonly T[], page: PageRequest): ListEnvelope<T> {
  return listEnvelope({
    url,
    page: page.page,
    limit: page.limit,
    rows: all.slice(page.offset, page.offset + page.fetch),
    total: page.includeTotal ? all.length : undefined,
  });
}
