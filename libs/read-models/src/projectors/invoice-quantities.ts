import { DocumentLine } from '@app/domain';
import { RecordedEvent } from '@app/event-store';
import { Kysely, sql, Transaction } from 'kysely';
import { batchIds, batchRows } from './batch-rows';
import { accountOf, domainEvent, RecordedDomainEvent } from './domain-events';
import { lineLocation, lineLocationSql, rowKeySql } from './line-location';
import { KEY_TEXT } from '../key-text';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Invoices in `inventory_quantities`: each active invoice's inventory lines, kept one row per line
 * in `invoice_quantities` with the `inventory_quantities` row it is counted on (`row_key`), move
 * that row's `invoiced` (and so `on_hand`) by the difference an invoice event makes. A line naming
 * a variation row counts there; a line of an item without variations counts at the item's location
 * when the line was first stored (`<item>/-/<location>`, or `<item>/-/-` for an item without one),
 * kept by the line's id through later edits even if the item moves. Cancel and delete give it all
 * back. Nothing here refuses a quantity: invoices may take on-hand below zero (docs/calculations.md).
 *
 * The item's location is followed in `inventory_item_locations` (ItemCreated, ItemUpdated).
 */

export async function createInvoiceQuantities(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('invoice_quantities')
    .addColumn('invoice_id', 'uuid', (c) => c.notNull())
    .addColumn('line_id', KEY_TEXT)
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('item_variation_location_id', 'integer')
    .addColumn('location_id', 'uuid')
    // The inventory_quantities row the line is counted on; null: a variation row that does not exist.
    .addColumn('row_key', KEY_TEXT)
    .addColumn('quantity', 'numeric', (c) => c.notNull())
    // The invoice event that last set the invoice's lines.
    .addColumn('event_id', KEY_TEXT, (c) => c.notNull())
    .execute();
  const on = sql.table(`${schema}.invoice_quantities`);
  await sql`create index invoice_quantities_invoice_idx on ${on} (invoice_id)`.execute(db);
  // What is on invoices at a row (explaining its `invoiced`).
  await sql`create index invoice_quantities_row_idx on ${on} (row_key)`.execute(db);
  await db.schema
    .withSchema(schema)
    .createTable('inventory_item_locations')
    .addColumn('item_id', 'uuid', (c) => c.primaryKey())
    .addColumn('location_id', 'uuid')
    .execute();
}

/** An active invoice's inventory line as the batch leaves it. */
export interface InvoiceLine {
  invoice_id: string;
  line_id: string | null;
  account_id: string;
  item_id: string;
  item_variation_location_id: number | null;
  /**
   * For a line without a variation row, where it counts: where its line id was counted before the
   * batch, else the item's location (`item_location_id` when the batch set it before this line
   * was first stored, else as it was before the batch). A line kept by id within the batch keeps
   * the first one's, so it resolves to the same location.
   */
  item_location_known: boolean;
  item_location_id: string | null;
  quantity: string;
  event_id: string;
}

export interface InvoiceBatch {
  /** By invoice: its inventory lines after the batch, or null once it counts nothing. */
  invoices: Map<string, InvoiceLine[] | null>;
  /** Items whose location the batch set, with the last one. */
  itemLocations: Map<string, string | null>;
}

export function newInvoiceBatch(): InvoiceBatch {
  return { invoices: new Map(), itemLocations: new Map() };
}

export const INVOICE_EVENTS = ['InvoiceCreated', 'InvoiceUpdated', 'InvoiceCancelled', 'InvoiceDeleted'];

/** Folds one event of the item or invoice streams into the batch, in log order. */
export function foldInvoiceEvent(batch: InvoiceBatch, event: RecordedEvent): void {
  const e = domainEvent(event);
  const { type, data: d } = e;
  switch (type) {
    case 'ItemCreated':
      batch.itemLocations.set(d.id, d.location_id ?? null);
      return;
    case 'ItemUpdated':
      if (d.changes && 'location_id' in d.changes)
        batch.itemLocations.set(event.streamId.slice('item-'.length), d.changes.location_id ?? null);
      return;
  }
  const id = event.streamId.slice('invoice-'.length);
  switch (type) {
    case 'InvoiceCreated':
      batch.invoices.set(id, inventoryLines(batch, id, e, d.lines, []));
      break;
    case 'InvoiceUpdated':
      // Without `lines` its quantities stay.
      if (d.lines)
        batch.invoices.set(id, inventoryLines(batch, id, e, d.lines, batch.invoices.get(id) ?? []));
      break;
    case 'InvoiceCancelled':
    case 'InvoiceDeleted':
      batch.invoices.set(id, null);
      break;
  }
}

function inventoryLines(
  batch: InvoiceBatch,
  invoiceId: string,
  event: RecordedDomainEvent,
  lines: DocumentLine[],
  earlier: InvoiceLine[],
): InvoiceLine[] {
  const accountId = accountOf(event);
  return lines
    .filter((line) => line.line_type === 'inventory' && line.item_id !== null)
    .map((line) => {
      const itemId = line.item_id as string;
      const row = line.item_variation_location_id;
      const location = lineLocation(batch.itemLocations, earlier, { ...line, item_id: itemId });
      return {
        invoice_id: invoiceId,
        line_id: line.id,
        account_id: accountId,
        item_id: itemId,
        item_variation_location_id: row,
        ...location,
        quantity: line.quantity,
        event_id: event.id,
      };
    });
}

/**
 * Replaces the invoices' lines and moves `invoiced` on the rows they count on by the difference
 * (lines removed count negative, lines stored positive), in one statement whose parts all see the
 * tables as they were before it: a line without a variation row takes the location its line id was
 * counted at before, else the item's location (InvoiceLine). A line without a
 * variation row creates its row when missing (not `stocked`). The batch's item locations are
 * stored after (writeItemLocations).
 */
export async function writeInvoices(
  trx: Transaction<any>,
  schema: string,
  batch: InvoiceBatch,
): Promise<void> {
  const quantities = sql.table(`${schema}.invoice_quantities`);
  const rows = sql.table(`${schema}.inventory_quantities`);
  if (batch.invoices.size > 0) {
    const lines = [...batch.invoices.values()].flatMap((entry) => entry ?? []);
    const located = lineLocationSql(schema, quantities, 'invoice_id');
    await sql`with input as (
        select * from ${batchRows(
          lines,
          `invoice_id uuid, line_id text, account_id uuid, item_id uuid, item_variation_location_id integer,
          item_location_known boolean, item_location_id uuid, quantity numeric, event_id text`,
        )} as r
      ), located as (
        select i.invoice_id, i.line_id, i.account_id, i.item_id, i.item_variation_location_id, i.quantity,
          i.event_id, v.row_key as variation_row, ${located.location} as location_id
        from input i
        ${located.joins}
      ), added as (
        select *, ${rowKeySql('location_id')} as row_key
        from located
      ), removed as (
        delete from ${quantities}
        where invoice_id in ${batchIds([...batch.invoices.keys()])}
        returning account_id, item_id, location_id, row_key, quantity
      ), stored as (
        insert into ${quantities} (invoice_id, line_id, account_id, item_id, item_variation_location_id,
          location_id, row_key, quantity, event_id)
        select invoice_id, line_id, account_id, item_id, item_variation_location_id, location_id, row_key,
          quantity, event_id from added
      ), changes as (
        select account_id, item_id, location_id, row_key, -quantity as delta from removed
        union all select account_id, item_id, location_id, row_key, quantity from added
      ), deltas as (
        select row_key, account_id, item_id, location_id, sum(delta) as delta from changes
        where row_key is not null group by row_key, account_id, item_id, location_id having sum(delta) <> 0
      )
      insert into ${rows} as t (row_key, account_id, item_id, location_id, invoiced, stocked)
      select row_key, account_id, item_id, location_id, trim_scale(delta), false from deltas
      on conflict (row_key) do update set invoiced = trim_scale(t.invoiced + excluded.invoiced)`.execute(trx);
  }
}

/**
 * Stores the batch's item locations: last, after every line of the batch was located against the
 * locations as they were before it.
 */
export async function writeItemLocations(
  trx: Transaction<any>,
  schema: string,
  batch: InvoiceBatch,
): Promise<void> {
  if (batch.itemLocations.size === 0) return;
  const locations = sql.table(`${schema}.inventory_item_locations`);
  const items = [...batch.itemLocations].map(([item_id, location_id]) => ({ item_id, location_id }));
  await sql`insert into ${locations} (item_id, location_id)
    select item_id, location_id from jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
      as r(item_id uuid, location_id uuid)
    on conflict (item_id) do update set location_id = excluded.location_id`.execute(trx);
}
