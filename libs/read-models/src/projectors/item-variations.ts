import { RecordedEvent } from '@app/event-store';
import { Kysely, sql, Transaction } from 'kysely';
import { Projector } from '../projector';
import { oneAtATime } from './one-at-a-time';
import { domainEvent, recordIdOf, RecordedDomainEvent } from './domain-events';
import { recordKeyColumns, recordStampColumns } from './column-groups';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Item variations, their location rows and the account variation attributes, for the variation
 * lists, the attribute lists, and the look-ups of other rules (a value in use, a row's number).
 *
 * - `item_variations`: one row per live variation (a deleted one is removed); `attribute_values` the
 *   ordered `{attribute_id, value_id}` pairs; `revision` the variation stream's last revision.
 * - `item_variation_locations`: one row per location a live variation is stocked at, with the
 *   account-wide `item_variation_location_id` (unique per account) and `on_hand` from the
 *   variation stream's StockAdjusted events (reserved, incoming and in transit: inventory_quantities).
 * - `variation_attributes`: one row per attribute, `values` the ordered `[{id, value}]`.
 *
 * Variations change far less often than documents: one statement or two per event suffice.
 */
export const itemVariationsProjector: Projector = {
  name: 'item_variations',
  version: 1,
  tables: ['item_variations', 'item_variation_locations', 'variation_attributes'],
  handles: [
    'ItemVariationCreated',
    'ItemVariationUpdated',
    'ItemVariationLocationAdded',
    'ItemVariationLocationUpdated',
    'ItemVariationLocationRemoved',
    'ItemVariationDeleted',
    'StockAdjusted',
    'VariationAttributeCreated',
    'VariationAttributeUpdated',
  ],
  setup: createTables,
  apply: oneAtATime(applyOne),
};

async function createTables(db: Kysely<any>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('item_variations')
    .$call(recordKeyColumns)
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('attribute_values', 'jsonb', (c) => c.notNull())
    .addColumn('barcode', 'text', (c) => c.notNull())
    .addColumn('image_id', 'uuid')
    .addColumn('unit_price_override', 'numeric')
    .addColumn('unit_cost_override', 'numeric')
    .$call(recordStampColumns)
    .execute();
  await s
    .createTable('item_variation_locations')
    .addColumn('variation_id', 'uuid', (c) => c.notNull())
    .addColumn('location_id', 'uuid', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('item_variation_location_id', 'integer', (c) => c.notNull())
    .addColumn('zone_id', 'uuid')
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('on_hand', 'numeric', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_variation_locations_pk', ['variation_id', 'location_id'])
    .addUniqueConstraint('item_variation_locations_number_key', ['account_id', 'item_variation_location_id'])
    .execute();
  await s
    .createTable('variation_attributes')
    .$call(recordKeyColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('values', 'jsonb', (c) => c.notNull())
    .$call(recordStampColumns)
    .execute();
  // An item's variations in creation order; a location's rows (its delete rule, list filters).
  await sql`create index item_variations_item_idx
    on ${sql.table(`${schema}.item_variations`)} (item_id, created_at, id)`.execute(db);
  await sql`create index item_variation_locations_location_idx
    on ${sql.table(`${schema}.item_variation_locations`)} (account_id, location_id)`.execute(db);
  await sql`create index variation_attributes_list_idx
    on ${sql.table(`${schema}.variation_attributes`)} (account_id, lower(display_name), id)`.execute(db);
}

const VARIATION_PREFIX = 'itemVariation-';

async function applyOne(trx: Transaction<any>, event: RecordedEvent, schema: string): Promise<void> {
  const e = domainEvent(event);
  const { type, data: d } = e;
  if (type === 'VariationAttributeCreated' || type === 'VariationAttributeUpdated')
    return applyAttribute(trx, e, schema);
  if (!event.streamId.startsWith(VARIATION_PREFIX)) return; // an item's own StockAdjusted
  const id = recordIdOf(event);
  const db = trx.withSchema(schema);
  if (type === 'ItemVariationCreated') {
    await db
      .insertInto('item_variations')
      .values({
        id,
        account_id: d.account_id,
        item_id: d.item_id,
        attribute_values: JSON.stringify(d.attributes),
        barcode: d.barcode,
        image_id: d.image_id,
        unit_price_override: d.unit_price_override,
        unit_cost_override: d.unit_cost_override,
        revision: event.revision,
        created_at: d.created_at,
        updated_at: d.created_at,
      })
      .execute();
    if (d.locations.length > 0)
      await db
        .insertInto('item_variation_locations')
        .values(d.locations.map((row) => newRow(d.account_id, d.item_id, id, row)))
        .execute();
    return;
  }
  if (type === 'ItemVariationDeleted') {
    await db.deleteFrom('item_variation_locations').where('variation_id', '=', id).execute();
    await db.deleteFrom('item_variations').where('id', '=', id).execute();
    return;
  }
  await applyRowChange(db, e, id);
  const at = changedAt(e);
  const changes = type === 'ItemVariationUpdated' ? variationColumns(d.changes) : {};
  await db
    .updateTable('item_variations')
    .set({ ...changes, revision: event.revision, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** When a change of a variation or of its location rows was made. */
function changedAt({ type, data: d }: RecordedDomainEvent): string | undefined {
  switch (type) {
    case 'ItemVariationUpdated':
    case 'ItemVariationLocationUpdated':
      return d.updated_at;
    case 'ItemVariationLocationAdded':
      return d.added_at;
    case 'ItemVariationLocationRemoved':
      return d.removed_at;
    case 'StockAdjusted':
      return d.adjusted_at;
  }
  return undefined;
}

/** The location row an event names (`location_id`) of the variation whose stream it is on. */
async function applyRowChange(
  db: Kysely<any>,
  { type, data: d }: RecordedDomainEvent,
  variationId: string,
): Promise<void> {
  const ROWS = 'item_variation_locations';
  const row = (query: any, locationId: string | null) =>
    query.where('variation_id', '=', variationId).where('location_id', '=', locationId);
  switch (type) {
    case 'ItemVariationLocationAdded': {
      const { account_id } = await db
        .selectFrom('item_variations')
        .select('account_id')
        .where('id', '=', variationId)
        .executeTakeFirstOrThrow();
      await db
        .insertInto(ROWS)
        .values(newRow(account_id, d.item_id, variationId, d))
        .execute();
      return;
    }
    case 'ItemVariationLocationUpdated':
      await row(db.updateTable(ROWS).set(d.changes), d.location_id).execute();
      return;
    case 'ItemVariationLocationRemoved':
      await row(db.deleteFrom(ROWS), d.location_id).execute();
      return;
    case 'StockAdjusted':
      await row(db.updateTable(ROWS).set({ on_hand: d.on_hand_after }), d.location_id).execute();
      return;
  }
}

function newRow(
  accountId: string,
  itemId: string,
  variationId: string,
  row: { location_id: string; item_variation_location_id: number; zone_id: string | null; threshold: number },
) {
  return {
    variation_id: variationId,
    location_id: row.location_id,
    account_id: accountId,
    item_id: itemId,
    item_variation_location_id: row.item_variation_location_id,
    zone_id: row.zone_id,
    threshold: row.threshold,
    on_hand: 0,
  };
}

function variationColumns(changes: object): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(changes))
    columns[name === 'attributes' ? 'attribute_values' : name] =
      name === 'attributes' ? JSON.stringify(value) : value;
  return columns;
}

async function applyAttribute(
  trx: Transaction<any>,
  event: RecordedDomainEvent<'VariationAttributeCreated' | 'VariationAttributeUpdated'>,
  schema: string,
): Promise<void> {
  const { type, data: d } = event;
  const db = trx.withSchema(schema);
  if (type === 'VariationAttributeCreated') {
    const { id, account_id, name, display_name, values, created_at } = d;
    await db
      .insertInto('variation_attributes')
      .values({
        id,
        account_id,
        name,
        display_name,
        values: JSON.stringify(values),
        revision: event.revision,
        created_at,
        updated_at: created_at,
      })
      .execute();
    return;
  }
  const changes: Record<string, unknown> = { ...d.changes };
  if (changes.values !== undefined) changes.values = JSON.stringify(changes.values);
  await db
    .updateTable('variation_attributes')
    .set({ ...changes, revision: event.revision, updated_at: d.updated_at })
    .where('id', '=', recordIdOf(event))
    .execute();
}
