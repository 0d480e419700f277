import { ApiProperty, ApiPropertyOptional } from '../openapi/decorators';
import { Allow } from 'class-validator';

// The bodies of the location and zone writes: these classes name the accepted fields, so any other
// (unknown, or protected: id, object, account_id, location_id, zones, active, created_at, …) is 422
// `unsupported_field`. The domain checks each value, so its rules live in one place.

/** POST and PATCH /locations: PATCH takes the complete set too (an optional field left out is cleared). */
export class LocationBody {
  @ApiProperty({ type: 'string', maxLength: 100 }) @Allow() name?: unknown;
  @ApiProperty({ type: 'string', maxLength: 25 }) @Allow() short_name?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 100 }) @Allow() address_1?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 100 }) @Allow() address_2?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 100 }) @Allow() city?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 100 }) @Allow() region?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 20 }) @Allow() postal_code?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 100 }) @Allow() country?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 255 }) @Allow() manager?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 255 }) @Allow() phone?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 255 }) @Allow() fax?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 255, format: 'email' }) @Allow() email?: unknown;
}

/** POST and PATCH /locations/{id}/zones: the complete set; a left-out description is cleared. */
export class ZoneBody {
  @ApiProperty({ type: 'string', maxLength: 100 }) @Allow() name?: unknown;
  @ApiProperty({ type: 'string', maxLength: 25 }) @Allow() short_name?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 1000 }) @Allow() description?: unknown;
}
