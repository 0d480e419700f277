import { LocationRecord, LocationView, locationView } from '@app/domain';

/** A location as retrieve, create and update answer it: the domain's view and its stream revision. */
export type LocationJson = LocationView & { revision: number };

export function locationJson(record: LocationRecord, revision: number): LocationJson {
  return { ...locationView(record), revision };
}
