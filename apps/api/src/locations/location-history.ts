import { isDomainError, locationAggregate, LocationRecord, visibleLocation } from '@app/domain';
import { HistoryDeclaration } from '../history';
import { locationContext } from './location-context';
import { locationJson } from './location-json';

/**
 * The event history of locations, zone events included (EXTENSIONS.md §8), within retrieve's
 * boundary: the caller's account, and for a restricted user their own location.
 */
export const locationHistory: HistoryDeclaration<LocationRecord> = {
  path: 'locations',
  aggregate: locationAggregate,
  scopes: ['items:read'],
  visible: (record, actor) =>
    !isDomainError(visibleLocation({ status: 'live', record }, locationContext(actor))),
  view: locationJson,
};
