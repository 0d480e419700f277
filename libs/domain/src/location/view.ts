import { LocationFields } from './fields';
import { LocationRecord, ZoneRecord } from './state';

/** A location in a list (inventory-api §2). */
export type LocationSummaryView = { id: string; object: 'location'; name: string; short_name: string };

/** One location retrieved: with its address and contact fields. */
export type LocationView = { id: string; object: 'location' } & LocationFields & {
    created_at: string;
    updated_at: string;
  };

export type ZoneView = {
  id: string;
  object: 'zone';
  location_id: string;
  name: string;
  short_name: string;
  description: string | null;
};

export function locationSummaryView(
  location: Pick<LocationRecord, 'id' | 'name' | 'short_name'>,
): LocationSummaryView {
  return { id: location.id, object: 'location', name: location.name, short_name: location.short_name };
}

export function locationView(location: LocationRecord): LocationView {
  return {
    id: location.id,
    object: 'location',
    name: location.name,
    short_name: location.short_name,
    address_1: location.address_1,
    address_2: location.address_2,
    city: location.city,
    region: location.region,
    postal_code: location.postal_code,
    country: location.country,
    manager: location.manager,
    phone: location.phone,
    fax: location.fax,
    email: location.email,
    created_at: location.created_at,
    updated_at: location.updated_at,
  };
}

export function zoneView(
  zone: Pick<ZoneRecord, 'id' | 'location_id' | 'name' | 'short_name' | 'description'>,
): ZoneView {
  const { id, location_id, name, short_name, description } = zone;
  return { id, object: 'zone', location_id, name, short_name, description };
}
