import { Actor } from '../../auth/actor';
import { invalidQueryParameter } from '@app/runtime';
import { PageRequest, queryText } from '@app/runtime';
import { isRecordId } from '@app/domain';
import { searchListQuery } from '../../http/list-page';

export interface VariationListRequest {
  page: PageRequest;
  /** Barcodes and attribute values, case-insensitive. */
  q?: string;
  /** Only variations stocked there, totals of that location. */
  locationId?: string;
  /** `include=locations`: each variation's visible rows. */
  withLocations: boolean;
}

/** The list's query string; an unknown parameter is refused, not ignored. */
export function parseVariationListQuery(
  actor: Actor,
  query: Record<string, unknown> = {},
): VariationListRequest {
  const request: VariationListRequest = {
    ...searchListQuery(query, ['location_id', 'include']),
    withLocations: false,
  };
  const locationId = queryText(query, 'location_id');
  if (locationId !== undefined) {
    if (!isRecordId(locationId))
      throw invalidQueryParameter('location_id', 'location_id must be a location id.');
    if (actor.locationId !== null && locationId !== actor.locationId)
      throw invalidQueryParameter('location_id', 'You may list only your own location.');
    request.locationId = locationId;
  }
  const include = queryText(query, 'include');
  if (include !== undefined) {
    if (include.split(',').some((part) => part.trim() !== 'locations'))
      throw invalidQueryParameter('include', 'include may only be locations.');
    request.withLocations = true;
  }
  return request;
}
