import { Kysely, sql } from 'kysely';
import { stockPlaceColumns } from '../column-groups';
import { KEY_TEXT } from '../../key-text';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The stock ledger's tables: the ledger for analysts and auditors, and what the projector keeps to write it. */
export async function createLedgerTables(db: Kysely<any>, schema: string): Promise<void> {
  const zero = (c: any) => c.notNull().defaultTo(0);
  await db.schema
    .withSchema(schema)
    .createTable('stock_ledger')
    .addColumn('event_id', KEY_TEXT, (c) => c.notNull())
    // 0-based: the event's movements in the order they were found (one per row and document line).
    .addColumn('entry', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .$call(stockPlaceColumns)
    // The inventory_quantities row the movement counts on.
    .addColumn('row_key', KEY_TEXT, (c) => c.notNull())
    .addColumn('on_hand', 'numeric', zero)
    .addColumn('reserved', 'numeric', zero)
    .addColumn('incoming', 'numeric', zero)
    .addColumn('in_transit', 'numeric', zero)
    .addColumn('estimates', 'numeric', zero)
    .addColumn('on_hand_after', 'numeric', (c) => c.notNull())
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'uuid')
    .addColumn('source_number', 'integer')
    .addColumn('source_line_id', KEY_TEXT)
    .addColumn('reason', 'text')
    .addColumn('stream_id', KEY_TEXT, (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('commit_position', 'bigint', (c) => c.notNull())
    .addColumn('prepare_position', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('api_key_id', 'uuid')
    .addColumn('idempotency_key', KEY_TEXT)
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_ledger_pkey', ['event_id', 'entry'])
    .execute();
  const ledger = sql.table(`${schema}.stock_ledger`);
  // An item's movements, newest first (GET /items/{id}/movements).
  await sql`create index stock_ledger_item_idx
    on ${ledger} (item_id, commit_position desc, prepare_position desc, entry desc)`.execute(db);
  // A row's movements (explaining one inventory_quantities row), and a location's over time.
  await sql`create index stock_ledger_row_idx on ${ledger} (row_key, commit_position, prepare_position)`.execute(
    db,
  );
  await sql`create index stock_ledger_location_idx on ${ledger} (account_id, location_id, recorded_at)`.execute(
    db,
  );

  await db.schema
    .withSchema(schema)
    .createTable('stock_ledger_documents')
    .addColumn('document_id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // The document's lines as last counted, with their rows (DocumentStock).
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema
    .withSchema(schema)
    .createTable('stock_ledger_places')
    // `<item>` for the item's location, `<item>/<item_variation_location_id>` for a variation row.
    .addColumn('place_key', KEY_TEXT, (c) => c.primaryKey())
    .$call(stockPlaceColumns)
    .execute();
  await sql`create index stock_ledger_places_item_idx
    on ${sql.table(`${schema}.stock_ledger_places`)} (item_id)`.execute(db);
  await db.schema
    .withSchema(schema)
    .createTable('stock_ledger_balances')
    .addColumn('row_key', KEY_TEXT, (c) => c.primaryKey())
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('adjusted', 'numeric', zero)
    .addColumn('on_hand', 'numeric', zero)
    .execute();
  await sql`create index stock_ledger_balances_item_idx
    on ${sql.table(`${schema}.stock_ledger_balances`)} (item_id)`.execute(db);
}
