import { RecordState } from '../shared/record-state';
import { LocationFields, ZoneFields } from './fields';

export type ZoneRecord = ZoneFields & {
  id: string;
  location_id: string;
  created_at: string;
  updated_at: string;
};

/** A location as its stream tells it, with its zones in creation order (zones cannot be deleted). */
export type LocationRecord = LocationFields & {
  id: string;
  account_id: string;
  zones: ZoneRecord[];
  created_at: string;
  updated_at: string;
};

/** A deleted location is the specification's inactive location: 404 everywhere but its history. */
export type LocationState = RecordState<LocationRecord>;
