import { evolver } from '../shared/evolver';
import { ABSENT, markDeleted, updateLive, withChanges } from '../shared/record-state';
import { LocationEvent } from './events';
import { LocationRecord, LocationState, ZoneRecord } from './state';

export const initialLocationState: LocationState = ABSENT;

export const evolveLocation = evolver<LocationState, LocationEvent>({
  LocationCreated: (_, { id, account_id, created_at, ...fields }) => {
    const record: LocationRecord = {
      id,
      account_id,
      ...fields,
      zones: [],
      created_at,
      updated_at: created_at,
    };
    return { status: 'live', record };
  },
  LocationUpdated: withChanges,
  LocationDeleted: markDeleted,
  ZoneCreated: (state, { zone_id, location_id, name, short_name, description, created_at }) => {
    const zone: ZoneRecord = {
      id: zone_id,
      location_id,
      name,
      short_name,
      description,
      created_at,
      updated_at: created_at,
    };
    return updateLive(state, (record) => ({ ...record, zones: [...record.zones, zone] }));
  },
  ZoneUpdated: (state, { zone_id, changes, updated_at }) =>
    updateLive(state, (record) => ({
      ...record,
      zones: record.zones.map((zone) => (zone.id === zone_id ? { ...zone, ...changes, updated_at } : zone)),
    })),
});
