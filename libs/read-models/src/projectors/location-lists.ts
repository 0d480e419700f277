import { LOCATION_FIELD_NAMES, ZONE_FIELD_NAMES } from '@app/domain';
import { RecordedEvent } from '@app/event-store';
import { Kysely, sql, Transaction } from 'kysely';
import { Projector } from '../projector';
import { oneAtATime } from './one-at-a-time';
import { domainEvent, recordIdOf } from './domain-events';
import { recordKeyColumns, recordStampColumns } from './column-groups';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Locations and their zones as rows, for the lists and for other modules' checks (an item's
 * `location_id` and `zone_id`). A deleted location keeps its row with `active = false`, and its zones
 * stay. `revision` is the location stream's revision after the row's last change: on `locations`
 * every event of the stream (zone events too) moves it, so it matches the location's ETag.
 * An account has few locations, so one statement per event is enough.
 */
export const locationListsProjector: Projector = {
  name: 'location_lists',
  version: 1,
  tables: ['locations', 'zones'],
  writesOnly: true,
  handles: ['LocationCreated', 'LocationUpdated', 'LocationDeleted', 'ZoneCreated', 'ZoneUpdated'],
  setup: createTables,
  apply: oneAtATime(applyOne),
};

/** Text columns, one per editable field of the domain's, in its order. */
const LOCATION_TEXT = LOCATION_FIELD_NAMES;
const ZONE_TEXT = ZONE_FIELD_NAMES;
const REQUIRED = new Set(['name', 'short_name']);

async function createTables(db: Kysely<any>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  let locations = s.createTable('locations').$call(recordKeyColumns);
  for (const name of LOCATION_TEXT)
    locations = locations.addColumn(name, 'text', (c) => (REQUIRED.has(name) ? c.notNull() : c));
  await locations
    .addColumn('active', 'boolean', (c) => c.notNull())
    .$call(recordStampColumns)
    .execute();
  let zones = s
    .createTable('zones')
    .$call(recordKeyColumns)
    .addColumn('location_id', 'uuid', (c) => c.notNull());
  for (const name of ZONE_TEXT)
    zones = zones.addColumn(name, 'text', (c) => (REQUIRED.has(name) ? c.notNull() : c));
  await zones.$call(recordStampColumns).execute();
  // The lists: an account's active locations by name; a location's zones by name.
  await sql`create index locations_list_idx
    on ${sql.table(`${schema}.locations`)} (account_id, active, lower(name), id)`.execute(db);
  await sql`create index zones_list_idx
    on ${sql.table(`${schema}.zones`)} (location_id, lower(name), id)`.execute(db);
}

/** Only the columns a change may name: the events are ours, but a column name must never be data. */
function pick(changes: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(columns.filter((name) => name in changes).map((name) => [name, changes[name]]));
}

async function applyOne(trx: Transaction<any>, event: RecordedEvent, schema: string): Promise<void> {
  const { type, data: d } = domainEvent(event);
  const locationId = recordIdOf(event);
  const revision = event.revision;
  const locations = () => trx.withSchema(schema).updateTable('locations').where('id', '=', locationId);
  switch (type) {
    case 'LocationCreated':
      await trx
        .withSchema(schema)
        .insertInto('locations')
        .values({
          id: locationId,
          account_id: d.account_id,
          ...pick(d, LOCATION_TEXT),
          active: true,
          revision,
          created_at: d.created_at,
          updated_at: d.created_at,
        })
        .execute();
      return;
    case 'LocationUpdated':
      await locations()
        .set({ ...pick(d.changes, LOCATION_TEXT), revision, updated_at: d.updated_at })
        .execute();
      return;
    case 'LocationDeleted':
      await locations().set({ active: false, revision, updated_at: d.deleted_at }).execute();
      return;
    case 'ZoneCreated':
      await locations().set({ revision }).execute();
      await trx
        .withSchema(schema)
        .insertInto('zones')
        .values({
          id: d.zone_id,
          account_id: d.account_id,
          location_id: locationId,
          ...pick(d, ZONE_TEXT),
          revision,
          created_at: d.created_at,
          updated_at: d.created_at,
        })
        .execute();
      return;
    case 'ZoneUpdated':
      await locations().set({ revision }).execute();
      await trx
        .withSchema(schema)
        .updateTable('zones')
        .set({ ...pick(d.changes, ZONE_TEXT), revision, updated_at: d.updated_at })
        .where('id', '=', d.zone_id)
        .execute();
      return;
  }
}
