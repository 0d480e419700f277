import { ApiProperty, ApiSchema } from '../openapi/decorators';
import { LocationSummaryView, LocationView, ZoneView } from '@app/domain';
import { IdProperty, ObjectProperty, TextProperty } from '../openapi/schema-properties';
import { WithRecordStamps } from '../openapi/record-stamps';
import { LocationJson } from './location-json';

/* Locations and zones as the API answers them (inventory-api.md), beside location-json.ts. */

@ApiSchema({ name: 'LocationSummary' })
export class LocationSummarySchema implements LocationSummaryView {
  @IdProperty() id!: string;
  @ObjectProperty('location') object!: 'location';
  @ApiProperty({ type: 'string' }) name!: string;
  @ApiProperty({ type: 'string' }) short_name!: string;
}

/** A location's own fields, before the record stamps. */
abstract class LocationFields {
  @IdProperty() id!: string;
  @ObjectProperty('location') object!: 'location';
  @ApiProperty({ type: 'string' }) name!: string;
  @ApiProperty({ type: 'string' }) short_name!: string;
  @TextProperty() address_1!: string | null;
  @TextProperty() address_2!: string | null;
  @TextProperty() city!: string | null;
  @TextProperty() region!: string | null;
  @TextProperty() postal_code!: string | null;
  @TextProperty() country!: string | null;
  @TextProperty() manager!: string | null;
  @TextProperty() phone!: string | null;
  @TextProperty() fax!: string | null;
  @TextProperty({ format: 'email' }) email!: string | null;
}

@ApiSchema({ name: 'Location' })
export class LocationSchema extends WithRecordStamps(LocationFields) implements LocationView, LocationJson {}

@ApiSchema({ name: 'Zone' })
export class ZoneSchema implements ZoneView {
  @IdProperty() id!: string;
  @ObjectProperty('zone') object!: 'zone';
  @IdProperty() location_id!: string;
  @ApiProperty({ type: 'string' }) name!: string;
  @ApiProperty({ type: 'string' }) short_name!: string;
  @TextProperty() description!: string | null;
}
