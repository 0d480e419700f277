import { DocumentLine } from '@app/domain';
import { RecordedEvent } from '@app/event-store';
import Decimal from 'decimal.js';
import { Kysely, sql, Transaction } from 'kysely';
import { batchIds, batchRows } from './batch-rows';
import { lineLocation, LineLocation, lineLocationSql, rowKeySql } from './line-location';
import { accountOf, domainEvent, RecordedDomainEvent } from './domain-events';
import { KEY_TEXT } from '../key-text';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Sales orders in `inventory_quantities`: each order's inventory lines, kept one row per line in
 * `sales_order_quantities` with the `inventory_quantities` row it is counted on (`row_key`, resolved
 * as an invoice line's: a variation row, else the item's location when the line was first stored,
 * kept by line id), its ordered and invoiced quantities and what it reserves there:
 * `max(0, ordered - invoiced)` while the order is open, 0 once it is closed. `invoiced` is the sum
 * of the line's quantities in `sales_order_invoicings` (one row per invoicing and line) that were not
 * released: invoicing moves a quantity from reserved to the new invoice's on-hand deduction
 * (invoice-quantities.ts), a released invoicing moves it back. A deleted order's rows go.
 *
 * A batch first takes back what its orders reserved, then sets their state (every fact is stored
 * as a state: lines replaced, invoicings inserted once, releases and status set), then counts what
 * they reserve now: applying an event again changes nothing, like the invoice part.
 */

export async function createSalesOrderQuantities(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('sales_order_quantities')
    .addColumn('sales_order_id', 'uuid', (c) => c.notNull())
    .addColumn('line_id', KEY_TEXT, (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('item_variation_location_id', 'integer')
    .addColumn('location_id', 'uuid')
    // The inventory_quantities row the line is counted on; null: a variation row that does not exist.
    .addColumn('row_key', KEY_TEXT)
    .addColumn('ordered', 'numeric', (c) => c.notNull())
    .addColumn('invoiced', 'numeric', (c) => c.notNull().defaultTo(0))
    // Status 29; a closed order keeps its lines and reserves nothing.
    .addColumn('open', 'boolean', (c) => c.notNull())
    // reservedOf is its TypeScript twin (the stock ledger's).
    .addColumn('reserved', 'numeric', (c) =>
      c
        .notNull()
        .generatedAlwaysAs(sql`case when open then trim_scale(greatest(ordered - invoiced, 0)) else 0 end`)
        .stored(),
    )
    // The sales-order event that last set the order's lines.
    .addColumn('event_id', KEY_TEXT, (c) => c.notNull())
    .execute();
  const on = sql.table(`${schema}.sales_order_quantities`);
  await sql`create index sales_order_quantities_order_idx on ${on} (sales_order_id, line_id)`.execute(db);
  // What open orders reserve at a row (explaining its `reserved`).
  await sql`create index sales_order_quantities_row_idx on ${on} (row_key)`.execute(db);
  await db.schema
    .withSchema(schema)
    .createTable('sales_order_invoicings')
    .addColumn('sales_order_id', 'uuid', (c) => c.notNull())
    .addColumn('invoice_id', 'uuid', (c) => c.notNull())
    .addColumn('line_id', KEY_TEXT, (c) => c.notNull())
    .addColumn('quantity', 'numeric', (c) => c.notNull())
    // SalesOrderInvoiceReleased: the invoice was cancelled, its quantities are the order's again.
    .addColumn('released', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('sales_order_invoicings_pkey', ['sales_order_id', 'invoice_id', 'line_id'])
    .execute();
}

export const SALES_ORDER_EVENTS = [
  'SalesOrderCreated',
  'SalesOrderUpdated',
  'SalesOrderInvoiced',
  'SalesOrderInvoiceReleased',
  'SalesOrderDeleted',
];

const OPEN_SALES_ORDER = 29;

/**
 * What an order line reserves: `max(0, ordered - invoiced)` while the order is open, else 0. The
 * stock ledger counts with it; `sales_order_quantities.reserved` is the same formula as a generated
 * column (createSalesOrderQuantities), so a batch stays one set-based statement.
 */
export function reservedOf(line: { ordered: string; invoiced: string; open: boolean }): string {
  if (!line.open) return '0';
  return Decimal.max(0, new Decimal(line.ordered).minus(line.invoiced)).toFixed();
}

/** An order's inventory line as the batch leaves it. */
export interface OrderLine extends LineLocation {
  sales_order_id: string;
  line_id: string;
  account_id: string;
  item_id: string;
  item_variation_location_id: number | null;
  ordered: string;
  event_id: string;
}

/** What a batch says of one order. */
export interface OrderChange {
  /** Its inventory lines after the batch; null: the batch did not set them. */
  lines: OrderLine[] | null;
  /** Open or not after the batch; null: the batch did not say. */
  open: boolean | null;
  deleted: boolean;
  invoicings: { sales_order_id: string; invoice_id: string; line_id: string; quantity: string }[];
  released: string[];
}

export type SalesOrderBatch = Map<string, OrderChange>;

/**
 * Folds one sales-order event into the batch, in log order; `itemLocations` is the item locations
 * the batch has set so far (InvoiceBatch), so a line is located as an invoice line would be.
 */
export function foldSalesOrderEvent(
  batch: SalesOrderBatch,
  itemLocations: Map<string, string | null>,
  event: RecordedEvent,
): void {
  const e = domainEvent(event);
  const { type, data: d } = e;
  const id = event.streamId.slice('salesOrder-'.length);
  const order: OrderChange = batch.get(id) ?? {
    lines: null,
    open: null,
    deleted: false,
    invoicings: [],
    released: [],
  };
  batch.set(id, order);
  // `changes?.`: as before the types, an update recorded without `changes` is read as changing none.
  const status =
    type === 'SalesOrderCreated'
      ? d.status_id
      : type === 'SalesOrderUpdated'
        ? d.changes?.status_id
        : undefined;
  if (status !== undefined && status !== null) order.open = status === OPEN_SALES_ORDER;
  switch (type) {
    case 'SalesOrderCreated':
    case 'SalesOrderUpdated':
      // Without `lines` its quantities stay.
      if (d.lines) order.lines = inventoryLines(id, e, d.lines, itemLocations, order.lines ?? []);
      break;
    case 'SalesOrderInvoiced':
      // An invoice id is invoiced once: the same event twice in a batch counts once.
      if (order.invoicings.some((entry) => entry.invoice_id === d.invoice_id)) break;
      for (const line of d.lines)
        order.invoicings.push({
          sales_order_id: id,
          invoice_id: d.invoice_id,
          line_id: line.sales_order_line_id,
          quantity: line.quantity,
        });
      break;
    case 'SalesOrderInvoiceReleased':
      order.released.push(d.invoice_id);
      break;
    case 'SalesOrderDeleted':
      order.deleted = true;
      order.lines = [];
      break;
  }
}

function inventoryLines(
  orderId: string,
  event: RecordedDomainEvent,
  lines: DocumentLine[],
  itemLocations: Map<string, string | null>,
  earlier: OrderLine[],
): OrderLine[] {
  const accountId = accountOf(event);
  return lines
    .map((line, position) => ({ ...line, id: line.id ?? `#${position}` }))
    .filter((line) => line.line_type === 'inventory' && line.item_id !== null)
    .map((line) => {
      const itemId = line.item_id as string;
      return {
        sales_order_id: orderId,
        line_id: line.id,
        account_id: accountId,
        item_id: itemId,
        item_variation_location_id: line.item_variation_location_id,
        ...lineLocation(itemLocations, earlier, { ...line, item_id: itemId }),
        ordered: line.quantity,
        event_id: event.id,
      };
    });
}

/**
 * Takes back what the batch's orders reserved, stores their new state, counts what they reserve
 * now. Before the item locations are stored: a line is located against them as they were before
 * the batch unless the batch set the item's location first (lineLocation).
 */
export async function writeSalesOrders(
  trx: Transaction<any>,
  schema: string,
  batch: SalesOrderBatch,
): Promise<void> {
  if (batch.size === 0) return;
  const quantities = sql.table(`${schema}.sales_order_quantities`);
  const invoicings = sql.table(`${schema}.sales_order_invoicings`);
  const rows = sql.table(`${schema}.inventory_quantities`);
  const orders = batchIds([...batch.keys()]);
  const entries = [...batch.entries()];

  await sql`update ${rows} t set reserved = trim_scale(t.reserved - d.reserved)
    from (select row_key, sum(reserved) as reserved from ${quantities}
      where sales_order_id in ${orders} and row_key is not null group by row_key) d
    where t.row_key = d.row_key and d.reserved <> 0`.execute(trx);

  const replaced = entries.filter(([, order]) => order.lines !== null);
  if (replaced.length > 0) {
    const lines = replaced.flatMap(([, order]) =>
      (order.lines as OrderLine[]).map((line) => ({ ...line, open: order.open })),
    );
    const located = lineLocationSql(schema, quantities, 'sales_order_id');
    // One statement: its parts see the table as it was before it (where a kept line was counted,
    // whether the order was open), the delete removing only the earlier lines.
    await sql`with input as (
        select * from ${batchRows(
          lines,
          `sales_order_id uuid, line_id text, account_id uuid, item_id uuid, item_variation_location_id integer,
          item_location_known boolean, item_location_id uuid, ordered numeric, open boolean, event_id text`,
        )} as r
      ), located as (
        select i.*, v.row_key as variation_row, ${located.location} as resolved_location_id,
          coalesce(i.open, (select bool_and(q.open) from ${quantities} q
            where q.sales_order_id = i.sales_order_id), true) as resolved_open
        from input i
        ${located.joins}
      ), removed as (
        delete from ${quantities}
        where sales_order_id in ${batchIds(replaced.map(([id]) => id))}
      )
      insert into ${quantities} (sales_order_id, line_id, account_id, item_id, item_variation_location_id,
        location_id, row_key, ordered, open, event_id)
      select sales_order_id, line_id, account_id, item_id, item_variation_location_id, resolved_location_id,
        ${rowKeySql('resolved_location_id')}, ordered, resolved_open, event_id
      from located`.execute(trx);
  }

  const deleted = entries.filter(([, order]) => order.deleted).map(([id]) => id);
  if (deleted.length > 0)
    await sql`delete from ${invoicings} where sales_order_id in ${batchIds(deleted)}`.execute(trx);

  const added = entries.flatMap(([, order]) => (order.deleted ? [] : order.invoicings));
  if (added.length > 0) {
    // Once per invoicing and line: a repeated SalesOrderInvoiced adds nothing, nor revives a release.
    await sql`insert into ${invoicings} (sales_order_id, invoice_id, line_id, quantity)
      select sales_order_id, invoice_id, line_id, trim_scale(sum(quantity))
      from jsonb_to_recordset(${JSON.stringify(added)}::jsonb)
        as r(sales_order_id uuid, invoice_id uuid, line_id text, quantity numeric)
      group by sales_order_id, invoice_id, line_id
      on conflict do nothing`.execute(trx);
  }

  const released = entries.flatMap(([id, order]) =>
    order.released.map((invoice_id) => ({ sales_order_id: id, invoice_id })),
  );
  if (released.length > 0) {
    await sql`update ${invoicings} s set released = true
      from ${batchRows(released, 'sales_order_id uuid, invoice_id uuid')} as r
      where s.sales_order_id = r.sales_order_id and s.invoice_id = r.invoice_id`.execute(trx);
  }

  const statuses = entries
    .filter(([, order]) => order.open !== null && !order.deleted)
    .map(([id, order]) => ({ sales_order_id: id, open: order.open }));
  if (statuses.length > 0) {
    await sql`update ${quantities} q set open = r.open
      from ${batchRows(statuses, 'sales_order_id uuid, open boolean')} as r
      where q.sales_order_id = r.sales_order_id`.execute(trx);
  }

  await sql`update ${quantities} q set invoiced = coalesce((select trim_scale(sum(s.quantity))
      from ${invoicings} s
      where s.sales_order_id = q.sales_order_id and s.line_id = q.line_id and not s.released), 0)
    where q.sales_order_id in ${orders}`.execute(trx);

  await sql`insert into ${rows} as t (row_key, account_id, item_id, location_id, reserved, stocked)
    select row_key, account_id, item_id, location_id, trim_scale(sum(reserved)), false
    from ${quantities}
    where sales_order_id in ${orders} and row_key is not null
    group by row_key, account_id, item_id, location_id having sum(reserved) <> 0
    on conflict (row_key) do update set reserved = trim_scale(t.reserved + excluded.reserved)`.execute(trx);
}
