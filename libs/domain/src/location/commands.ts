import { LocationInput, ZoneInput } from './fields';

/** `id` is a new UUID chosen by the handler. */
export type CreateLocation = { type: 'CreateLocation'; id: string; input: LocationInput };
/** The complete editable field set: an optional field left out is cleared. */
export type UpdateLocation = { type: 'UpdateLocation'; input: LocationInput };
export type DeleteLocation = { type: 'DeleteLocation' };
/** `zone_id` is a new UUID chosen by the handler. */
export type CreateZone = { type: 'CreateZone'; zone_id: string; input: ZoneInput };
/** The complete editable field set of the zone, as for a location. */
export type UpdateZone = { type: 'UpdateZone'; zone_id: string; input: ZoneInput };

export type LocationCommand = CreateLocation | UpdateLocation | DeleteLocation | CreateZone | UpdateZone;
