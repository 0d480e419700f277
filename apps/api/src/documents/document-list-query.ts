import { calendarDate, isDomainError, isRecordId } from '@app/domain';
import { invalidQueryParameter } from '../http/api-error';
import { PageRequest, parsePageRequest } from '../http/pagination';
import { PAGE_PARAMS, Query, queryText, refuseUnknownParams, searchText } from '../http/query-params';

/** An inclusive date bound on a column: `issue_date_from` is `issue_date >= …`. */
export interface DateBound {
  column: string;
  bound: '>=' | '<=';
  day: string;
}

export interface DocumentListFilters {
  /** Substring of customer name, custom number or name; digits also match the document number. */
  q?: string;
  customerId?: string;
  statusId?: number;
  dates: DateBound[];
  /** Further record-id filters a list takes (`location_id`, `assigned_user_id` …): column = id. */
  ids?: { column: string; id: string }[];
}

/** A record-id query parameter and the column it filters: `assigned_user_id` is `salesperson_id`. */
export type IdFilter = { param: string; column: string };

export interface DocumentListRequest {
  page: PageRequest;
  filters: DocumentListFilters;
}

const date = calendarDate();

/**
 * A document list's query string: page, `q`, `customer_id`, `status_id`, `<column>_from` /
 * `<column>_to` for each date column it filters on and its own id filters; a parameter the list
 * does not know is refused.
 */
export function parseDocumentListQuery(
  query: Query = {},
  dateColumns: readonly string[],
  idFilters: readonly IdFilter[] = [],
): DocumentListRequest {
  const dateParams = dateColumns.flatMap((column) => [
    { param: `${column}_from`, column, bound: '>=' as const },
    { param: `${column}_to`, column, bound: '<=' as const },
  ]);
  refuseUnknownParams(query, [
    ...PAGE_PARAMS,
    'q',
    'customer_id',
    'status_id',
    ...dateParams.map((d) => d.param),
    ...idFilters.map((f) => f.param),
  ]);
  const filters: DocumentListFilters = { q: searchText(query), dates: [] };
  const customerId = queryText(query, 'customer_id');
  if (customerId !== undefined) {
    if (!isRecordId(customerId))
      throw invalidQueryParameter('customer_id', 'customer_id must be a customer id.');
    filters.customerId = customerId.toLowerCase();
  }
  const statusId = queryText(query, 'status_id');
  if (statusId !== undefined) {
    if (!/^\d{1,9}$/.test(statusId))
      throw invalidQueryParameter('status_id', 'status_id must be an integer.');
    filters.statusId = Number(statusId);
  }
  for (const { param, column } of idFilters) {
    const id = queryText(query, param);
    if (id === undefined) continue;
    if (!isRecordId(id)) throw invalidQueryParameter(param, `${param} must be an id.`);
    (filters.ids ??= []).push({ column, id: id.toLowerCase() });
  }
  for (const { param, column, bound } of dateParams) {
    const text = queryText(query, param);
    if (text === undefined) continue;
    const day = date(text, param);
    if (isDomainError(day)) throw invalidQueryParameter(param, `${param} must be a date such as 2030-01-31.`);
    filters.dates.push({ column, bound, day });
  }
  return { page: parsePageRequest(query), filters };
}
