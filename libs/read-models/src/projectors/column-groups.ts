import { CreateTableBuilder } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The columns a record's row opens with: the record's id and its account. Every record table keeps
 * them first (and `recordStampColumns` last, where it has them), so the tables read alike.
 */
export function recordKeyColumns(table: CreateTableBuilder<any, any>) {
  return table
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull());
}

/** The columns a record's row closes with: the revision of its stream it shows, when created and last changed. */
export function recordStampColumns(table: CreateTableBuilder<any, any>) {
  return table
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull());
}

/**
 * Where stock is counted: the item, its variation and variation row (none for an item without
 * variations) and the location, the parts of an inventory_quantities row's key.
 */
export function stockPlaceColumns(table: CreateTableBuilder<any, any>) {
  return table
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('variation_id', 'uuid')
    .addColumn('item_variation_location_id', 'integer')
    .addColumn('location_id', 'uuid');
}
