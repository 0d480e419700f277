import { Decision } from '../shared/decision';
import { conflict, DomainError, isDomainError, notFound, permissionDenied } from '../shared/domain-error';
import { parseFields, Parsers, changedFields, isEmpty, requireFields } from '../shared/fields';
import { liveRecordIn } from '../shared/record-state';
import { LocationCommand } from './commands';
import { LocationContext } from './context';
import { LocationEvent } from './events';
import { LOCATION_PARSERS, LocationFields, ZONE_PARSERS, ZoneFields } from './fields';
import { LocationRecord, LocationState } from './state';
import { alreadyCreated, createdEvent, updatedEvent } from '../shared/recorded';

export function decideLocation(
  command: LocationCommand,
  state: LocationState,
  context: LocationContext,
): Decision<LocationEvent> {
  const { now } = context;
  if (command.type === 'CreateLocation') {
    if (context.restrictedTo !== null)
      return permissionDenied('A user restricted to one location cannot create locations.');
    const exists = alreadyCreated(state, 'location');
    if (exists) return exists;
    const fields = completeFields<LocationFields>(LOCATION_PARSERS, command.input);
    if (isDomainError(fields)) return fields;
    return createdEvent('LocationCreated', command.id, fields, context);
  }
  const location = visibleLocation(state, context);
  if (isDomainError(location)) return location;
  switch (command.type) {
    case 'UpdateLocation': {
      const fields = completeFields<LocationFields>(LOCATION_PARSERS, command.input);
      if (isDomainError(fields)) return fields;
      const changes = changedFields<LocationFields>(location, fields);
      return updatedEvent('LocationUpdated', changes, now);
    }
    case 'DeleteLocation': {
      const refusal = deletionRefusal(location, context);
      return refusal ?? [{ type: 'LocationDeleted', data: { deleted_at: now } }];
    }
    case 'CreateZone': {
      if (location.zones.some((zone) => zone.id === command.zone_id))
        return conflict('resource_already_exists', 'This zone already exists.');
      const fields = completeFields<ZoneFields>(ZONE_PARSERS, command.input);
      if (isDomainError(fields)) return fields;
      const data = {
        zone_id: command.zone_id,
        location_id: location.id,
        account_id: location.account_id,
        ...fields,
        created_at: now,
      };
      return [{ type: 'ZoneCreated', data }];
    }
    case 'UpdateZone': {
      const zone = location.zones.find((candidate) => candidate.id === command.zone_id);
      if (!zone) return notFound('No such zone in this location.');
      const fields = completeFields<ZoneFields>(ZONE_PARSERS, command.input);
      if (isDomainError(fields)) return fields;
      const changes = changedFields<ZoneFields>(zone, fields);
      if (isEmpty(changes)) return [];
      return [{ type: 'ZoneUpdated', data: { zone_id: zone.id, changes, updated_at: now } }];
    }
  }
}

/** A live location of the caller's account inside its location restriction, or 404. */
export function visibleLocation(
  state: LocationState,
  context: LocationContext,
): LocationRecord | DomainError {
  const location = liveRecordIn(state, context.accountId);
  if (isDomainError(location)) return location;
  return context.restrictedTo !== null && context.restrictedTo !== location.id ? notFound() : location;
}

/**
 * The complete editable field set (creates and updates alike): `name` and `short_name` are
 * required, any optional field left out is null.
 */
function completeFields<F>(parsers: Parsers, input: object): F | DomainError {
  const missing = requireFields(input, ['name', 'short_name']);
  if (missing) return missing;
  const given = parseFields(parsers, input);
  if (isDomainError(given)) return given;
  const complete = Object.fromEntries(Object.keys(parsers).map((name) => [name, null]));
  return { ...complete, ...given } as F;
}

/** A location stays while anything depends on it, so nothing loses its place. */
function deletionRefusal(location: LocationRecord, context: LocationContext): DomainError | undefined {
  if (context.dependents === undefined)
    throw new TypeError('The handler must count the location’s dependents before a delete');
  const dependents = [
    ...(location.zones.length > 0 ? [{ name: 'zones', count: location.zones.length }] : []),
    ...context.dependents.filter((dependent) => dependent.count > 0),
  ];
  if (dependents.length === 0) return undefined;
  const list = dependents.map(({ name, count }) => `${name} (${count})`).join(', ');
  return conflict(
    'location_delete_not_allowed',
    `This location cannot be deleted while these depend on it: ${list}.`,
  );
}
