import { StockTransferLine } from '@app/domain';
import { RecordedEvent } from '@app/event-store';
import { CreateTableBuilder, Kysely, sql, Transaction } from 'kysely';
import { batchIds, batchRows } from './batch-rows';
import { accountOf, domainEvent, RecordedDomainEvent } from './domain-events';
import { KEY_TEXT } from '../key-text';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Stock transfers in `inventory_quantities`: what is in transit, per destination row. Each sent,
 * not yet received transfer's lines are kept one row per line in `stock_transfer_quantities` with
 * the `inventory_quantities` row they count on at the destination (`<item>/-/<destination>` for an
 * item without variations, else the variation's row there). A batch replaces the lines of the
 * transfers it names and moves `in_transit` on their rows by the difference, so applying an event
 * again changes nothing.
 *
 * On-hand is not moved here: a transfer's on-hand movements are StockAdjusted events on the items'
 * and variations' own streams (with `stock_transfer_id`), counted as every adjustment is
 * (inventory-quantities.ts, `adjusted`).
 */
export async function createStockTransferQuantities(db: Kysely<any>, schema: string): Promise<void> {
  await transferLineColumns(db.schema.withSchema(schema).createTable('stock_transfer_quantities'))
    .addColumn('location_id', 'uuid', (c) => c.notNull())
    .addColumn('row_key', KEY_TEXT, (c) => c.notNull())
    .addColumn('quantity', 'numeric', (c) => c.notNull())
    .execute();
  const on = sql.table(`${schema}.stock_transfer_quantities`);
  await sql`create index stock_transfer_quantities_transfer_idx on ${on} (stock_transfer_id)`.execute(db);
  await sql`create index stock_transfer_quantities_row_idx on ${on} (row_key)`.execute(db);
}

/**
 * The columns that name a transfer's line and what it moves (its origin row), first in both tables
 * of lines: the list's (`stock_transfer_lines`) and the in-transit one.
 */
export function transferLineColumns(table: CreateTableBuilder<string, never>) {
  return table
    .addColumn('stock_transfer_id', 'uuid', (c) => c.notNull())
    .addColumn('line_id', KEY_TEXT, (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('variation_id', 'uuid')
    .addColumn('item_variation_location_id', 'integer');
}

export const STOCK_TRANSFER_EVENTS = [
  'StockTransferUpdated',
  'StockTransferSent',
  'StockTransferReceived',
  'StockTransferDeleted',
];

const IN_TRANSIT = 27;

export interface TransitLine {
  stock_transfer_id: string;
  line_id: string;
  account_id: string;
  item_id: string;
  variation_id: string | null;
  item_variation_location_id: number | null;
  location_id: string;
  row_key: string;
  quantity: string;
}

/** By transfer: its lines in transit after the batch (empty when nothing is). */
export type StockTransferBatch = Map<string, TransitLine[]>;

export function foldStockTransferEvent(batch: StockTransferBatch, event: RecordedEvent): void {
  const e = domainEvent(event);
  const { type, data: d } = e;
  const id = event.streamId.slice('stockTransfer-'.length);
  switch (type) {
    case 'StockTransferSent':
      batch.set(id, transitLines(id, e, d.lines));
      break;
    case 'StockTransferUpdated':
      if (d.lines && d.status_id === IN_TRANSIT) batch.set(id, transitLines(id, e, d.lines));
      break;
    case 'StockTransferReceived':
    case 'StockTransferDeleted':
      batch.set(id, []);
      break;
  }
}

function transitLines(
  id: string,
  event: RecordedDomainEvent<'StockTransferSent' | 'StockTransferUpdated'>,
  lines: StockTransferLine[],
): TransitLine[] {
  const location = event.data.destination_location_id;
  return lines.map((line) => {
    return {
      stock_transfer_id: id,
      line_id: line.id,
      account_id: accountOf(event),
      item_id: line.item_id,
      variation_id: line.variation_id,
      item_variation_location_id: line.destination_item_variation_location_id,
      location_id: location,
      row_key: `${line.item_id}/${line.variation_id ?? '-'}/${location}`,
      quantity: line.quantity,
    };
  });
}

/**
 * Replaces the transfers' lines and moves `in_transit` on the rows they name by the difference;
 * a destination row an item without variations never had is made (stocked there from now on).
 */
export async function writeStockTransfers(
  trx: Transaction<any>,
  schema: string,
  batch: StockTransferBatch,
): Promise<void> {
  if (batch.size === 0) return;
  const quantities = sql.table(`${schema}.stock_transfer_quantities`);
  const rows = sql.table(`${schema}.inventory_quantities`);
  const lines = [...batch.values()].flat();
  if (lines.length > 0)
    await sql`insert into ${rows} (row_key, account_id, item_id, variation_id, item_variation_location_id,
        location_id, stocked)
      select distinct on (row_key) row_key, account_id, item_id, variation_id, item_variation_location_id,
        location_id, true
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as r(row_key text, account_id uuid,
        item_id uuid, variation_id uuid, item_variation_location_id integer, location_id uuid)
      on conflict (row_key) do nothing`.execute(trx);
  await sql`with added as (
      select * from ${batchRows(
        lines,
        `stock_transfer_id uuid, line_id text, account_id uuid, item_id uuid, variation_id uuid,
        item_variation_location_id integer, location_id uuid, row_key text, quantity numeric`,
      )} as r
    ), removed as (
      delete from ${quantities}
      where stock_transfer_id in ${batchIds([...batch.keys()])}
      returning row_key, quantity
    ), stored as (
      insert into ${quantities} (stock_transfer_id, line_id, account_id, item_id, variation_id,
        item_variation_location_id, location_id, row_key, quantity)
      select stock_transfer_id, line_id, account_id, item_id, variation_id, item_variation_location_id,
        location_id, row_key, quantity from added
    ), changes as (
      select row_key, -quantity as delta from removed
      union all select row_key, quantity from added
    ), deltas as (
      select row_key, sum(delta) as delta from changes group by row_key having sum(delta) <> 0
    )
    update ${rows} t set in_transit = trim_scale(t.in_transit + d.delta) from deltas d
    where t.row_key = d.row_key`.execute(trx);
}
