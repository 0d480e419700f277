import { LocationFields, ZoneFields } from './fields';

export type LocationCreated = {
  type: 'LocationCreated';
  data: LocationFields & { id: string; account_id: string; created_at: string };
};

/** Only the fields that changed, with their new values (null: cleared). */
export type LocationUpdated = {
  type: 'LocationUpdated';
  data: { changes: Partial<LocationFields>; updated_at: string };
};

/** Final: the location is inactive and answers 404 everywhere but its event history. */
export type LocationDeleted = { type: 'LocationDeleted'; data: { deleted_at: string } };

export type ZoneCreated = {
  type: 'ZoneCreated';
  data: ZoneFields & { zone_id: string; location_id: string; account_id: string; created_at: string };
};

export type ZoneUpdated = {
  type: 'ZoneUpdated';
  data: { zone_id: string; changes: Partial<ZoneFields>; updated_at: string };
};

export type LocationEvent = LocationCreated | LocationUpdated | LocationDeleted | ZoneCreated | ZoneUpdated;
