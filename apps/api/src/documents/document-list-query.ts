import { calendarDate, isDomainError, isRecordId } from '@app/domain';
import { invalidQueryParameter } from '@app/runtime';
import { PageRequest, parsePageRequest } from '@app/runtime';
import { PAGE_PARAMS, Query, queryText, refuseUnknownParams, searchText } from '@app/runtime';

/** An inclusive date bound on a column: `issue_date_from` is `issue_date >= …`. */
export interface DateBound {
  column: string;
  bound: '>=' | '<=';
  day: string;
}

export interface DocumentListFilters {
  /** Substring of customer name, custom number or name; digits also match the document number. */
  q?: string;
  /** The party filter (`customer_id`, or `supplier_id` of purchase orders). */
  customerId?: string;
  statusId?: number;
  dates: DateBound[];
  /** Further record-id filters a list takes (`location_id`, `assigned_user_id` …): column = id. */
  ids?: { column: string; id: string }[];
}

/** A date filter whose parameters are not named by its column: `requested_date` bounds `date_requested`. */
export type DateFilter = string | { name: string; column: string };

/** The parameter stem and column of a date filter. */
export function dateFilterOf(filter: DateFilter): { name: string; column: string } {
  return typeof filter === 'string' ? { name: filter, column: filter } : filter;
}

/** A record-id query parameter and the column it filters: `assigned_user_id` is `salesperson_id`. */
export type IdFilter = { param: string; column: string };

export interface DocumentListRequest {
  page: PageRequest;
  filters: DocumentListFilters;
}

const date = calendarDate();

/**
 * A document list's query string: page, `q`, the party (`customer_id`, or `supplier_id` for
 * purchase orders), `status_id`, `<name>_from` / `<name>_to` for each date it filters on and its
 * own id filters; a parameter the list does not know is refused.
 */
export function parseDocumentListQuery(
  query: Query = {},
  dateColumns: readonly DateFilter[],
  idFilters: readonly IdFilter[] = [],
  partyParam: 'customer_id' | 'supplier_id' = 'customer_id',
): DocumentListRequest {
  const dateParams = dateColumns.map(dateFilterOf).flatMap(({ name, column }) => [
    { param: `${name}_from`, column, bound: '>=' as const },
    { param: `${name}_to`, column, bound: '<=' as const },
  ]);
  refuseUnknownParams(query, [
    ...PAGE_PARAMS,
    'q',
    partyParam,
    'status_id',
    ...dateParams.map((d) => d.param),
    ...idFilters.map((f) => f.param),
  ]);
  const filters: DocumentListFilters = { q: searchText(query), dates: [] };
  const customerId = queryText(query, partyParam);
  if (customerId !== undefined) {
    if (!isRecordId(customerId)) throw invalidQueryParameter(partyParam, `${partyParam} must be an id.`);
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
