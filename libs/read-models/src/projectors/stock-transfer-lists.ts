import { StockTransferHeader, StockTransferLine } from '@app/domain';
import { RecordedEvent } from '@app/event-store';
import { Kysely, sql, Transaction } from 'kysely';
import { Projector } from '../projector';
import { oneAtATime } from './one-at-a-time';
import { accountOf, domainEvent } from './domain-events';
import { transferLineColumns } from './stock-transfer-quantities';
import { recordKeyColumns, recordStampColumns } from './column-groups';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Stock transfers as list rows (table `stock_transfers`, no lines): the list's filters (number,
 * tracking code, assigned user, origin, destination, status, issue date) and a location's delete
 * rule read it. A deleted transfer's row goes. `revision` is the transfer stream's revision after
 * the row's last change. `stock_transfer_lines` keeps the lines of live transfers (what items,
 * variations and variation rows they name, at origin and destination), for the delete rules of
 * variations and their rows. One statement or two per event: transfers are written one at a time.
 */
export const stockTransferListsProjector: Projector = {
  name: 'stock_transfer_lists',
  version: 3,
  tables: ['stock_transfers', 'stock_transfer_lines'],
  writesOnly: true,
  handles: [
    'StockTransferCreated',
    'StockTransferUpdated',
    'StockTransferSent',
    'StockTransferReceived',
    'StockTransferDeleted',
  ],
  setup: createTable,
  apply: oneAtATime(applyOne),
};

async function createTable(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('stock_transfers')
    .$call(recordKeyColumns)
    .addColumn('stock_transfer_number', 'integer', (c) => c.notNull())
    .addColumn('assigned_user_id', 'uuid')
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('origin_location_id', 'uuid', (c) => c.notNull())
    .addColumn('destination_location_id', 'uuid', (c) => c.notNull())
    .addColumn('issue_date', 'date', (c) => c.notNull())
    .addColumn('estimated_arrival_date', 'date')
    .addColumn('date_sent', 'date')
    .addColumn('date_received', 'date')
    .addColumn('shipping_provider', 'text')
    .addColumn('shipping_tracking_code', 'text')
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .$call(recordStampColumns)
    .execute();
  const on = sql.table(`${schema}.stock_transfers`);
  // The list: an account's transfers by number, newest first.
  await sql`create index stock_transfers_list_idx on ${on} (account_id, stock_transfer_number desc)`.execute(
    db,
  );
  // A location's delete rule.
  await sql`create index stock_transfers_origin_idx on ${on} (account_id, origin_location_id)`.execute(db);
  await sql`create index stock_transfers_destination_idx on ${on} (account_id, destination_location_id)`.execute(
    db,
  );
  await transferLineColumns(db.schema.withSchema(schema).createTable('stock_transfer_lines'))
    .addColumn('destination_item_variation_location_id', 'integer')
    .addColumn('quantity', 'numeric', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_transfer_lines_pkey', ['stock_transfer_id', 'line_id'])
    .execute();
  const lines = sql.table(`${schema}.stock_transfer_lines`);
  await sql`create index stock_transfer_lines_variation_idx on ${lines} (variation_id)`.execute(db);
}

/** Replaces a transfer's lines (none: removes them). */
async function replaceLines(
  trx: Transaction<any>,
  schema: string,
  id: string,
  accountId: string | undefined,
  lines: StockTransferLine[],
): Promise<void> {
  const table = sql.table(`${schema}.stock_transfer_lines`);
  await sql`delete from ${table} where stock_transfer_id = ${id}::uuid`.execute(trx);
  if (lines.length === 0 || accountId === undefined) return;
  const rows = lines.map((line) => ({ ...line, stock_transfer_id: id, account_id: accountId }));
  await sql`insert into ${table} (stock_transfer_id, line_id, account_id, item_id, variation_id,
      item_variation_location_id, destination_item_variation_location_id, quantity)
    select stock_transfer_id, id, account_id, item_id, variation_id, item_variation_location_id,
      destination_item_variation_location_id, quantity
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(stock_transfer_id uuid, id text,
      account_id uuid, item_id uuid, variation_id uuid, item_variation_location_id integer,
      destination_item_variation_location_id integer, quantity numeric)`.execute(trx);
}

const HEADER = [
  'issue_date',
  'estimated_arrival_date',
  'shipping_provider',
  'shipping_tracking_code',
] as const satisfies readonly (keyof StockTransferHeader)[];

/** The header columns a change carries (an event recorded without `changes` carries none). */
function headerChanges(changes: Partial<StockTransferHeader> | undefined): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const field of HEADER) if (changes && field in changes) columns[field] = changes[field];
  return columns;
}

async function applyOne(trx: Transaction<any>, event: RecordedEvent, schema: string): Promise<void> {
  const table = sql.table(`${schema}.stock_transfers`);
  const e = domainEvent(event);
  const { type, data: d } = e;
  const id = event.streamId.slice('stockTransfer-'.length);
  const revision = Number(event.revision);
  switch (type) {
    case 'StockTransferCreated':
      await sql`insert into ${table} (id, account_id, stock_transfer_number, assigned_user_id, status_id,
          origin_location_id, destination_location_id, issue_date, estimated_arrival_date, date_sent,
          date_received, shipping_provider, shipping_tracking_code, line_count, revision, created_at, updated_at)
        values (${id}::uuid, ${d.account_id}::uuid, ${d.stock_transfer_number}, ${d.assigned_user_id}::uuid,
          ${d.status_id}, ${d.origin_location_id}::uuid, ${d.destination_location_id}::uuid, ${d.issue_date}::date,
          ${d.estimated_arrival_date}::date, null, null, ${d.shipping_provider}, ${d.shipping_tracking_code},
          ${d.lines.length}, ${revision}, ${d.created_at}::timestamptz, ${d.created_at}::timestamptz)
        on conflict (id) do nothing`.execute(trx);
      await replaceLines(trx, schema, id, d.account_id, d.lines);
      return;
    case 'StockTransferDeleted':
      await sql`delete from ${table} where id = ${id}::uuid`.execute(trx);
      await replaceLines(trx, schema, id, undefined, []);
      return;
  }
  let changes: Record<string, unknown>;
  let at: string;
  switch (type) {
    case 'StockTransferUpdated':
      changes = headerChanges(d.changes);
      if (d.lines) {
        changes.line_count = d.lines.length;
        await replaceLines(trx, schema, id, accountOf(e), d.lines);
      }
      at = d.updated_at;
      break;
    case 'StockTransferSent':
      changes = { ...headerChanges(d.changes), status_id: 27, date_sent: d.date_sent };
      at = d.sent_at;
      break;
    case 'StockTransferReceived':
      changes = { ...headerChanges(d.changes), status_id: 28, date_received: d.date_received };
      at = d.received_at;
      break;
    default:
      return;
  }
  const sets = Object.entries(changes).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  await sql`update ${table} set ${sql.join([...sets, sql`revision = ${revision}`, sql`updated_at = ${at}::timestamptz`])}
    where id = ${id}::uuid and revision < ${revision}`.execute(trx);
}
