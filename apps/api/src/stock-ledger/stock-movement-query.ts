import { isIntegerId, isRecordId, MAX_INTEGER } from '@app/domain';
import { invalidQueryParameter } from '@app/runtime';
import { PageRequest, parsePageRequest } from '@app/runtime';
import { PAGE_PARAMS, Query, queryText, refuseUnknownParams } from '@app/runtime';

/** The filters of GET /items/{id}/movements. */
export interface StockMovementQuery {
  page: PageRequest;
  locationId?: string;
  itemVariationLocationId?: number;
  /** Inclusive calendar days (`YYYY-MM-DD`) in the account's time zone. */
  dateFrom?: string;
  dateTo?: string;
}

const PARAMS = [...PAGE_PARAMS, 'location_id', 'item_variation_location_id', 'date_from', 'date_to'];
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Every parameter checked before any look-up: 422 `invalid_query_parameter` naming it. */
export function parseStockMovementQuery(query: Query = {}): StockMovementQuery {
  refuseUnknownParams(query, PARAMS);
  const page = parsePageRequest(query);
  const location = queryText(query, 'location_id');
  if (location !== undefined && !isRecordId(location.toLowerCase()))
    throw invalidQueryParameter('location_id', 'location_id must be a UUID.');
  const row = queryText(query, 'item_variation_location_id');
  if (row !== undefined && !(/^\d+$/.test(row) && isIntegerId(Number(row))))
    throw invalidQueryParameter(
      'item_variation_location_id',
      `item_variation_location_id must be an integer id from 1 to ${MAX_INTEGER}.`,
    );
  return {
    page,
    locationId: location?.toLowerCase(),
    itemVariationLocationId: row === undefined ? undefined : Number(row),
    dateFrom: day(query, 'date_from'),
    dateTo: day(query, 'date_to'),
  };
}

function day(query: Query, name: string): string | undefined {
  const value = queryText(query, name);
  if (value === undefined) return undefined;
  const match = DAY.exec(value);
  const date = match && new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (!date || date.toISOString().slice(0, 10) !== value || date.getUTCFullYear() < 1)
    throw invalidQueryParameter(name, `${name} must be a date such as 2030-01-31.`);
  return value;
}
