import { CATALOGUE_ACCESS } from '../auth/access';
import { CommandBus } from '@nestjs/cqrs';
import { LocationCommand } from '@app/domain';
import { Actor } from '../auth/actor';
import { ListOperation } from '../openapi/record-operations';
import { IF_MATCH_CHANGE } from '../http/if-match';
import { recordController } from '../http/record-controller';
import { LocationSchema, LocationSummarySchema } from './location-schemas';
import { LocationBody } from './location-bodies';
import { ChangeLocation } from './location-commands';
import { locationHistory } from './location-history';
import { locationJson } from './location-json';
import { LocationReads } from './location-reads';
import { LocationWritten } from './location-writes';

/** The location endpoints (inventory-api §4 "Locations and zones"); zones have their own controller. */
export const LocationsController = recordController<LocationReads>({
  path: 'locations',
  object: 'location',
  noun: 'location',
  access: CATALOGUE_ACCESS,
  ifMatch: IF_MATCH_CHANGE,
  idempotencyKeyRequired: true,
  reads: LocationReads,
  history: locationHistory,
  schema: LocationSchema,
  body: { create: LocationBody, update: LocationBody },
  create: async (commands, actor, id, body) =>
    liveLocation(
      await change(commands, actor, id, { type: 'CreateLocation', id, input: body }, undefined, true),
    ),
  update: async (commands, actor, id, body, ifMatch) =>
    liveLocation(await change(commands, actor, id, { type: 'UpdateLocation', input: body }, ifMatch)),
  remove: async (commands, actor, id, ifMatch) => {
    const { revision } = await change(commands, actor, id, { type: 'DeleteLocation' }, ifMatch);
    return { body: { id, object: 'location', deleted: true }, revision };
  },
  docs: {
    list: ListOperation(
      LocationSummarySchema,
      'List active locations by name (a restricted user: only theirs)',
    ),
    retrieve: 'Retrieve a location; with as_of_revision (audit:read), as it was then',
    create: { summary: 'Create a location (not for a user restricted to one location)', body: LocationBody },
    update: {
      summary: 'Replace the editable fields of a location (left-out optional fields are cleared)',
      body: LocationBody,
      notFound: true,
    },
    remove: {
      summary: 'Mark a location deleted when nothing depends on it',
      notFound: true,
      conflict: 'location_delete_not_allowed',
    },
  },
});

function change(
  commands: CommandBus,
  actor: Actor,
  id: string,
  command: LocationCommand,
  ifMatch?: number,
  fresh = false,
): Promise<LocationWritten> {
  return commands.execute(new ChangeLocation({ actor, id, command, ifMatch, fresh }));
}

function liveLocation({ state, revision }: LocationWritten) {
  if (state.status !== 'live') throw new Error('A location write must leave the location live');
  return { body: locationJson(state.record, revision), revision };
}
