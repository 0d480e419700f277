import { ABSENT, markDeleted, updateLive, withChanges } from '../shared/record-state';
import { LocationEvent } from './events';
import { LocationRecord, LocationState, ZoneRecord } from './state';

export const initialLocationState: LocationState = ABSENT;

export function evolveLocation(state: LocationState, event: LocationEvent): LocationState {
  switch (event.type) {
    case 'LocationCreated': {
      const { id, account_id, created_at, ...fields } = event.data;
      const record: LocationRecord = {
        id,
        account_id,
        ...fields,
        zones: [],
        created_at,
        updated_at: created_at,
      };
      return { status: 'live', record };
    }
    case 'LocationUpdated':
      return withChanges(state, event.data);
    case 'LocationDeleted':
      return markDeleted(state);
    case 'ZoneCreated': {
      const { zone_id, location_id, name, short_name, description, created_at } = event.data;
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
    }
    case 'ZoneUpdated': {
      const { zone_id, changes, updated_at } = event.data;
      return updateLive(state, (record) => ({
        ...record,
        zones: record.zones.map((zone) => (zone.id === zone_id ? { ...zone, ...changes, updated_at } : zone)),
      }));
    }
    default:
      return state;
  }
}
