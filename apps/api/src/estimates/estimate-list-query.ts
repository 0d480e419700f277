import { calendarDate, isDomainError, isRecordId } from '@app/domain';
import { invalidQueryParameter } from '../http/api-error';
import { PageRequest, parsePageRequest } from '../http/pagination';
import { PAGE_PARAMS, Query, queryText, refuseUnknownParams, searchText } from '../http/query-params';

export interface EstimateListFilters {
  /** Substring of customer name, custom number or name; digits also match the estimate number. */
  q?: string;
  customerId?: string;
  statusId?: number;
  issueDateFrom?: string;
  issueDateTo?: string;
  expiryDateFrom?: string;
  expiryDateTo?: string;
}

export interface EstimateListRequest {
  page: PageRequest;
  filters: EstimateListFilters;
}

const DATE_PARAMS = {
  issue_date_from: 'issueDateFrom',
  issue_date_to: 'issueDateTo',
  expiry_date_from: 'expiryDateFrom',
  expiry_date_to: 'expiryDateTo',
} as const;

const PARAMS = [...PAGE_PARAMS, 'q', 'customer_id', 'status_id', ...Object.keys(DATE_PARAMS)];
const date = calendarDate();

/** GET /api/v3/estimates's query string; a parameter the list does not know is refused. */
export function parseEstimateListQuery(query: Query = {}): EstimateListRequest {
  refuseUnknownParams(query, PARAMS);
  const filters: EstimateListFilters = { q: searchText(query) };
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
  for (const [param, key] of Object.entries(DATE_PARAMS)) {
    const text = queryText(query, param);
    if (text === undefined) continue;
    const day = date(text, param);
    if (isDomainError(day)) throw invalidQueryParameter(param, `${param} must be a date such as 2030-01-31.`);
    filters[key] = day;
  }
  return { page: parsePageRequest(query), filters };
}
