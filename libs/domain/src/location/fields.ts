import { optionalEmail, optionalText, requiredText } from '../shared/parsers';

/** The editable fields of a location (inventory-api §4, POST /locations); optional ones are null when unset. */
export type LocationFields = {
  name: string;
  short_name: string;
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
  manager: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
};

/** The editable fields of a zone. */
export type ZoneFields = {
  name: string;
  short_name: string;
  description: string | null;
};

/** Values as the client sent them: each is checked by its parser. */
export type LocationInput = { [K in keyof LocationFields]?: unknown };
export type ZoneInput = { [K in keyof ZoneFields]?: unknown };

/** The specification's email limit for locations is 255 (the shared parser's default is 254). */
const MAX_EMAIL = 255;

export const LOCATION_PARSERS = {
  name: requiredText(100),
  short_name: requiredText(25),
  address_1: optionalText(100),
  address_2: optionalText(100),
  city: optionalText(100),
  region: optionalText(100),
  postal_code: optionalText(20),
  country: optionalText(100),
  manager: optionalText(255),
  phone: optionalText(255),
  fax: optionalText(255),
  email: optionalEmail(MAX_EMAIL),
};

/** A zone's description has no specified limit: 1000 characters keeps it a note, not a document. */
export const ZONE_DESCRIPTION_MAX = 1000;

export const ZONE_PARSERS = {
  name: requiredText(100),
  short_name: requiredText(25),
  description: optionalText(ZONE_DESCRIPTION_MAX),
};

export const LOCATION_FIELD_NAMES = Object.keys(LOCATION_PARSERS) as (keyof LocationFields)[];
export const ZONE_FIELD_NAMES = Object.keys(ZONE_PARSERS) as (keyof ZoneFields)[];
