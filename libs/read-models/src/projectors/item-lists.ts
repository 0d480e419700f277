import { RecordedEvent } from '@app/event-store';
import { Kysely, sql, Transaction } from 'kysely';
import { Projector } from '../projector';
import { batchRows } from './batch-rows';
import { hasTrigrams, trigramIndex } from './trigrams';
import { createItemCounts } from './item-counts';
import { domainEvent, RecordedDomainEvent } from './domain-events';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Items as list rows: one row per item (archived and sold ones included; items are never deleted).
 * `revision` is the revision of the last event of the item's stream (its stock adjustments too);
 * `variation_count` follows the variations' own streams, whose events carry `item_id`. A unique
 * item's `status_id` is sold (14), with `sold_date`, while an invoice holds its unit
 * (ItemUnitInvoiced on the item's stream) and available (12) again once released.
 *
 * Catalogues are imported in bulk, so a batch is folded per item first and written with at most
 * two statements: one INSERT of the items created in the batch (with their later changes), one
 * UPDATE merging the others' changes.
 */
export const itemListsProjector: Projector = {
  name: 'item_lists',
  version: 5,
  tables: ['items', 'item_counts'],
  writesOnly: true,
  handles: [
    'ItemCreated',
    'ItemUpdated',
    'ItemArchived',
    'ItemRestored',
    'StockAdjusted',
    'ItemUnitInvoiced',
    'ItemUnitReleased',
    'ItemVariationCreated',
    'ItemVariationDeleted',
  ],
  async setup(db, schema) {
    await createTable(db, schema);
    await createItemCounts(db, schema);
  },
  indexes: createListIndexes,
  async apply(trx, events, schema) {
    const pending = foldBatch(events);
    if (pending.size > 0) await writeBatch(trx, schema, [...pending.values()]);
  },
};

/** Every column but `id`, with its SQL type; the changeable ones are an item's writable fields. */
const FIELDS = {
  name: 'text',
  description: 'text',
  sku: 'text',
  barcode: 'text',
  serial_number: 'text',
  inventory_type: 'text',
  category_id: 'uuid',
  supplier_ids: 'jsonb',
  location_id: 'uuid',
  zone_id: 'uuid',
  unit_of_measure_id: 'text',
  price: 'numeric',
  cost: 'numeric',
  threshold: 'integer',
  weight: 'integer',
  published: 'boolean',
  custom_field_values: 'jsonb',
  pricing_details: 'jsonb',
  variation_attribute_ids: 'jsonb',
} as const;

const STATE = {
  status_id: 'integer',
  archived: 'boolean',
  sold_date: 'timestamptz',
} as const;

const CHANGEABLE = { ...FIELDS, ...STATE };

const COLUMNS = {
  account_id: 'uuid',
  item_number: 'integer',
  ...CHANGEABLE,
  variation_count: 'integer',
  purchase_date: 'timestamptz',
  revision: 'integer',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

const NULLABLE = new Set([
  'description',
  'sku',
  'barcode',
  'serial_number',
  'location_id',
  'zone_id',
  'unit_of_measure_id',
  'price',
  'cost',
  'purchase_date',
  'sold_date',
]);

/** The default list's rows: the list query names this very predicate, so its partial index serves. */
export const ITEM_ACTIVE_PREDICATE =
  "archived = false and not (inventory_type = 'unique' and status_id = 14)";
const ACTIVE = ITEM_ACTIVE_PREDICATE;

/** Text searched by `q` (a substring, case-insensitive), each with a trigram index where possible. */
export const ITEM_SEARCH_COLUMNS = ['name', 'sku', 'barcode', 'serial_number'] as const;

async function createTable(db: Kysely<any>, schema: string): Promise<void> {
  let create = db.schema
    .withSchema(schema)
    .createTable('items')
    .addColumn('id', 'uuid', (c) => c.primaryKey());
  for (const [name, type] of Object.entries(COLUMNS)) {
    create = create.addColumn(name, sql.raw(type), (c) => (NULLABLE.has(name) ? c : c.notNull()));
  }
  await create.execute();
}

/** The list's and search's indexes: apply finds an item by its id alone (the primary key). */
async function createListIndexes(db: Kysely<any>, schema: string): Promise<void> {
  const on = sql.table(`${schema}.items`);
  const index = (name: string, definition: string) =>
    sql`create index ${sql.id(name)} on ${on} ${sql.raw(definition)}`.execute(db);
  // The default list (active, sold unique items left out) by name, and its count.
  await index('items_active_idx', `(account_id, lower(name), id) where ${ACTIVE}`);
  // archived=true; also what record_limit counts.
  await index('items_list_idx', '(account_id, archived, lower(name), id)');
  // archived=all, alone or with type.
  await index('items_name_idx', '(account_id, lower(name), id)');
  await index('items_category_idx', '(account_id, category_id, lower(name), id)');
  await index('items_type_idx', '(account_id, inventory_type, archived, lower(name), id)');
  // location_id: the items placed there, by name (the rest of that list is stocked_away_idx's).
  await index('items_location_idx', '(account_id, location_id, lower(name), id)');
  // A numeric q matches the exact number; numbers are unique per account.
  await sql`create unique index items_number_idx on ${on} (account_id, item_number)`.execute(db);
  if (await hasTrigrams(db)) {
    for (const column of ITEM_SEARCH_COLUMNS) {
      // Only the rows with a value (a null never matches; most items have no serial number).
      const where = column === 'name' ? undefined : `${column} is not null`;
      await index(`items_${column}_trgm_idx`, trigramIndex(column, where));
    }
  }
}

/** What a batch does to one item. */
interface Pending {
  id: string;
  /** The full row when the item was created in this batch. */
  created?: Record<string, unknown>;
  changes: Record<string, unknown>;
  /** From the item's own stream only; undefined when only its variations changed. */
  revision?: number;
  updatedAt?: string;
  variationDelta: number;
}

function foldBatch(events: RecordedEvent[]): Map<string, Pending> {
  const pending = new Map<string, Pending>();
  for (const event of events) {
    const ownStream = event.streamId.startsWith('item-');
    const e = domainEvent(event);
    // Events of the item's variations name it.
    const named = 'item_id' in e.data ? e.data.item_id : undefined;
    const id = ownStream ? event.streamId.slice('item-'.length) : named;
    if (id === undefined || (e.type === 'StockAdjusted' && !ownStream)) continue;
    const before = pending.get(id) ?? { id, changes: {}, variationDelta: 0 };
    const next = ownStream ? { ...before, revision: event.revision } : before;
    pending.set(id, foldEvent(next, e));
  }
  return pending;
}

function foldEvent(p: Pending, { type, data: d }: RecordedDomainEvent): Pending {
  switch (type) {
    case 'ItemCreated': {
      const row = { ...d, archived: false, variation_count: 0, purchase_date: null, sold_date: null };
      return { ...p, created: row, changes: {}, updatedAt: d.created_at };
    }
    case 'ItemUpdated':
      return { ...p, changes: { ...p.changes, ...d.changes }, updatedAt: d.updated_at };
    case 'ItemArchived':
      return {
        ...p,
        changes: { ...p.changes, archived: true, status_id: d.status_id },
        updatedAt: d.archived_at,
      };
    case 'ItemRestored':
      return {
        ...p,
        changes: { ...p.changes, archived: false, status_id: d.status_id },
        updatedAt: d.restored_at,
      };
    // A sale is not an edit of the item: updated_at stays.
    case 'ItemUnitInvoiced':
      return { ...p, changes: { ...p.changes, status_id: d.status_id, sold_date: d.sold_date } };
    case 'ItemUnitReleased':
      return { ...p, changes: { ...p.changes, status_id: d.status_id, sold_date: null } };
    case 'ItemVariationCreated':
      return { ...p, variationDelta: p.variationDelta + 1 };
    case 'ItemVariationDeleted':
      return { ...p, variationDelta: p.variationDelta - 1 };
    default:
      return p; // StockAdjusted: only the revision moves
  }
}

async function writeBatch(trx: Transaction<any>, schema: string, batch: Pending[]): Promise<void> {
  const target = sql.table(`${schema}.items`);
  const inserts = batch
    .filter((p) => p.created)
    .map((p) => ({
      ...p.created,
      ...p.changes,
      id: p.id,
      variation_count: p.variationDelta,
      revision: p.revision,
      updated_at: p.updatedAt,
    }));
  const updates = batch
    .filter((p) => !p.created)
    .map((p) => ({
      id: p.id,
      changes: p.changes,
      revision: p.revision ?? null,
      updated_at: p.updatedAt ?? null,
      variation_delta: p.variationDelta,
    }));
  if (inserts.length > 0) await insertRows(trx, target, inserts);
  if (updates.length > 0) await updateRows(trx, target, updates);
}

async function insertRows(
  trx: Transaction<any>,
  target: any,
  rows: Record<string, unknown>[],
): Promise<void> {
  const columns = Object.entries({ id: 'uuid', ...COLUMNS });
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  const definitions = sql.raw(columns.map(([name, type]) => `${name} ${type}`).join(', '));
  await sql`insert into ${target} (${names})
    select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${definitions})`.execute(
    trx,
  );
}

/** Each changed column takes its new value (null included); the others keep theirs. */
async function updateRows(
  trx: Transaction<any>,
  target: any,
  rows: Record<string, unknown>[],
): Promise<void> {
  const assignments = Object.entries(CHANGEABLE).map(([name, type]) => {
    const value = type === 'jsonb' ? `r.changes -> '${name}'` : `(r.changes ->> '${name}')::${type}`;
    return `${name} = case when r.changes ? '${name}' then ${value} else t.${name} end`;
  });
  await sql`update ${target} as t set ${sql.raw(assignments.join(', '))},
      variation_count = t.variation_count + r.variation_delta,
      revision = coalesce(r.revision, t.revision),
      updated_at = coalesce(r.updated_at, t.updated_at)
    from ${batchRows(rows, 'id uuid, changes jsonb, revision integer, updated_at timestamptz, variation_delta integer')} as r
    where t.id = r.id`.execute(trx);
}
