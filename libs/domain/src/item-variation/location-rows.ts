import { Decision } from '../shared/decision';
import { conflict, DomainError, invalid, isDomainError, permissionDenied } from '../shared/domain-error';
import { changedFields, isEmpty } from '../shared/fields';
import { AddVariationLocation, RemoveVariationLocation, UpdateVariationLocation } from './commands';
import { ItemVariationContext } from './context';
import { ItemVariationEvent } from './events';
import { isZero, threshold } from './fields';
import { nothingGiven } from './changes';
import { ItemVariationState } from './state';
import { ChangeableRow, changeableVariation } from './visibility';

/**
 * A new row at an active location with zero balances; one row per location, decided on the
 * variation's stream with its revision, so two concurrent adds of one location cannot both win.
 */
export function addLocation(
  { input, item_variation_location_id }: AddVariationLocation,
  state: ItemVariationState,
  context: ItemVariationContext,
): Decision<ItemVariationEvent> {
  const variation = changeableVariation(state, context);
  if (isDomainError(variation)) return variation;
  if (context.locations === undefined) throw new TypeError('The handler must look up the locations');
  const { location_id } = input;
  if (location_id === undefined) return invalid('location_id', 'location_id is required.');
  if (context.restrictedTo !== undefined && location_id !== context.restrictedTo)
    return permissionDenied('You may add only your own location.');
  const location = context.locations.find((l) => l.active && l.id === location_id);
  if (!location) return invalid('location_id', 'location_id must be an active location of the account.');
  if (variation.locations.some((row) => row.location_id === location.id))
    return conflict('variation_location_exists', 'The variation is already stocked at this location.');
  const zone = zoneOf(input.zone_id, location.zone_ids);
  if (isDomainError(zone)) return zone;
  const limit = input.threshold === undefined ? 0 : threshold(input.threshold, 'threshold');
  if (isDomainError(limit)) return limit;
  const data = {
    item_id: variation.item_id,
    item_variation_location_id,
    location_id: location.id,
    zone_id: zone,
    threshold: limit,
    added_at: context.now,
  };
  return [{ type: 'ItemVariationLocationAdded', data }];
}

/** null clears the zone; a zone must be one of the row's location. */
function zoneOf(value: unknown, zoneIds: readonly string[]): string | null | DomainError {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' && zoneIds.includes(value)
    ? value
    : invalid('zone_id', 'zone_id must be a zone of the location, or null.');
}

/** Threshold and zone of one row; quantities never change here. */
export function updateLocation(
  { location_id, input }: UpdateVariationLocation,
  { variation, row }: ChangeableRow,
  context: ItemVariationContext,
): Decision<ItemVariationEvent> {
  if (input.threshold === undefined && input.zone_id === undefined) return nothingGiven('threshold, zone_id');
  const given: { threshold?: number; zone_id?: string | null } = {};
  if (input.threshold !== undefined) {
    const limit = threshold(input.threshold, 'threshold');
    if (isDomainError(limit)) return limit;
    given.threshold = limit;
  }
  if (input.zone_id !== undefined) {
    const zones = context.locations?.find((l) => l.id === location_id)?.zone_ids ?? [];
    const zone = zoneOf(input.zone_id, zones);
    if (isDomainError(zone)) return zone;
    given.zone_id = zone;
  }
  const changes = changedFields(row, given);
  if (isEmpty(changes)) return [];
  const data = {
    item_id: variation.item_id,
    item_variation_location_id: row.item_variation_location_id,
    location_id,
    changes,
    updated_at: context.now,
  };
  return [{ type: 'ItemVariationLocationUpdated', data }];
}

/** Only an empty, unused row goes, and never the last one (the variation itself is deleted then). */
export function removeLocation(
  { location_id }: RemoveVariationLocation,
  { variation, row }: ChangeableRow,
  context: ItemVariationContext,
): Decision<ItemVariationEvent> {
  const refusal = rowRemovalRefusal(variation.locations.length, row.on_hand, context);
  if (refusal) return refusal;
  const data = {
    item_id: variation.item_id,
    item_variation_location_id: row.item_variation_location_id,
    location_id,
    removed_at: context.now,
  };
  return [{ type: 'ItemVariationLocationRemoved', data }];
}

function rowRemovalRefusal(
  rows: number,
  onHand: string,
  context: ItemVariationContext,
): DomainError | undefined {
  const code = 'item_variation_location_delete_not_allowed';
  if (rows === 1)
    return conflict(code, 'This is the variation’s last location: delete the variation instead.');
  if (!isZero(onHand)) return conflict(code, 'This location still has stock of the variation on hand.');
  if (context.dependents === undefined) throw new TypeError('The handler must count the row’s dependents');
  if (context.dependents.open_balances > 0)
    return conflict(code, 'This location has reserved, incoming or in-transit stock of the variation.');
  if (context.dependents.documents > 0)
    return conflict(
      code,
      `Saved document lines (${context.dependents.documents}) use this variation location.`,
    );
  return undefined;
}
