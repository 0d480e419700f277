import { IncomingLine } from '@app/domain';
import { RecordedEvent } from '@app/event-store';
import Decimal from 'decimal.js';
import { Kysely, sql, Transaction } from 'kysely';
import { batchIds, batchRows } from './batch-rows';
import { domainEvent } from './domain-events';
import { KEY_TEXT } from '../key-text';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Purchase orders in `inventory_quantities`: each sent order's inventory lines, kept one row per
 * line in `purchase_order_quantities` with the `inventory_quantities` row it counts on (`row_key`:
 * the variation row the line names, else the item's row at the order's location), its ordered and
 * received quantities, and what it has incoming there: `max(0, ordered - received)` once sent.
 * Received quantities count in the row's `received` (on hand = adjusted - invoiced + received), so a
 * receipt moves a quantity from incoming to on hand in one event.
 *
 * Only sent orders have rows: a send states the order's inventory lines (they no longer change
 * once sent; a repeated send states them again), a receipt each received line's total after it.
 * Both are states, so applying an event again changes nothing. A batch first takes back what its
 * orders counted, then stores their new state, then counts them again.
 */

export async function createPurchaseOrderQuantities(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('purchase_order_quantities')
    .addColumn('purchase_order_id', 'uuid', (c) => c.notNull())
    .addColumn('line_id', KEY_TEXT, (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('item_variation_location_id', 'integer')
    .addColumn('location_id', 'uuid', (c) => c.notNull())
    // The inventory_quantities row the line counts on; null: a variation row that does not exist.
    .addColumn('row_key', KEY_TEXT)
    .addColumn('ordered', 'numeric', (c) => c.notNull())
    .addColumn('received', 'numeric', (c) => c.notNull().defaultTo(0))
    // incomingOf is its TypeScript twin (the stock ledger's).
    .addColumn('incoming', 'numeric', (c) =>
      c
        .notNull()
        .generatedAlwaysAs(sql`trim_scale(greatest(ordered - received, 0))`)
        .stored(),
    )
    // The purchase-order event that last set the line.
    .addColumn('event_id', KEY_TEXT, (c) => c.notNull())
    .addPrimaryKeyConstraint('purchase_order_quantities_pkey', ['purchase_order_id', 'line_id'])
    .execute();
  // What sent orders bring to a row (explaining its `incoming` and `received`).
  await sql`create index purchase_order_quantities_row_idx
    on ${sql.table(`${schema}.purchase_order_quantities`)} (row_key)`.execute(db);
}

export const PURCHASE_ORDER_EVENTS = ['PurchaseOrderSent', 'PurchaseOrderReceived'];

/**
 * What a sent order's line still brings: `max(0, ordered - received)`. The stock ledger counts with
 * it; `purchase_order_quantities.incoming` is the same formula as a generated column.
 */
export function incomingOf(line: { ordered: string; received: string }): string {
  return Decimal.max(0, new Decimal(line.ordered).minus(line.received)).toFixed();
}

/** A line as a batch leaves it: what it states, the rest kept from the stored row. */
export interface LineState {
  purchase_order_id: string;
  line_id: string;
  account_id: string;
  item_id: string;
  item_variation_location_id: number | null;
  location_id: string;
  ordered: string | null;
  received: string | null;
  event_id: string;
}

/** By `<order>/<line>`, in log order. */
export type PurchaseOrderBatch = Map<string, LineState>;

/** A send states what each line orders; a receipt what each has received after it. */
export function foldPurchaseOrderEvent(batch: PurchaseOrderBatch, event: RecordedEvent): void {
  const { type, data: d } = domainEvent(event);
  const orderId = event.streamId.slice('purchaseOrder-'.length);
  const state = (line: IncomingLine): Omit<LineState, 'ordered' | 'received'> => ({
    purchase_order_id: orderId,
    line_id: line.line_id,
    account_id: event.metadata.account_id as string,
    item_id: line.item_id,
    item_variation_location_id: line.item_variation_location_id ?? null,
    location_id: line.location_id,
    event_id: event.id,
  });
  const key = (line: IncomingLine) => `${orderId}/${line.line_id}`;
  switch (type) {
    case 'PurchaseOrderSent':
      for (const line of d.lines) {
        const received = batch.get(key(line))?.received ?? null;
        batch.set(key(line), { ...state(line), ordered: line.quantity, received });
      }
      break;
    case 'PurchaseOrderReceived':
      for (const line of d.lines) {
        const ordered = batch.get(key(line))?.ordered ?? null;
        batch.set(key(line), { ...state(line), ordered, received: line.quantity_received_after });
      }
      break;
  }
}

export async function writePurchaseOrders(
  trx: Transaction<any>,
  schema: string,
  batch: PurchaseOrderBatch,
): Promise<void> {
  if (batch.size === 0) return;
  const quantities = sql.table(`${schema}.purchase_order_quantities`);
  const rows = sql.table(`${schema}.inventory_quantities`);
  const lines = [...batch.values()];
  const touched = batchIds([...new Set(lines.map((line) => line.purchase_order_id))]);

  await sql`update ${rows} t set incoming = trim_scale(t.incoming - d.incoming),
      received = trim_scale(t.received - d.received)
    from (select row_key, sum(incoming) as incoming, sum(received) as received from ${quantities}
      where purchase_order_id in ${touched} and row_key is not null group by row_key) d
    where t.row_key = d.row_key`.execute(trx);

  const input = sql`${batchRows(
    lines,
    `purchase_order_id uuid, line_id text, account_id uuid, item_id uuid, item_variation_location_id integer,
    location_id uuid, ordered numeric, received numeric, event_id text`,
  )} as i`;
  // New lines (a receipt's line whose send was in an earlier batch already has one), located once.
  await sql`insert into ${quantities} (purchase_order_id, line_id, account_id, item_id,
      item_variation_location_id, location_id, row_key, ordered, event_id)
    select i.purchase_order_id, i.line_id, i.account_id, i.item_id, i.item_variation_location_id,
      i.location_id,
      case when i.item_variation_location_id is not null then v.row_key
        else i.item_id::text || '/-/' || i.location_id::text end,
      coalesce(i.ordered, i.received, 0), i.event_id
    from ${input}
    left join lateral (select row_key from ${rows} q
      where q.item_id = i.item_id and q.item_variation_location_id = i.item_variation_location_id
      limit 1) v on true
    on conflict (purchase_order_id, line_id) do nothing`.execute(trx);
  // Then what the batch states of each line.
  await sql`update ${quantities} t set ordered = coalesce(i.ordered, t.ordered),
      received = coalesce(i.received, t.received), event_id = i.event_id
    from ${input}
    where t.purchase_order_id = i.purchase_order_id and t.line_id = i.line_id`.execute(trx);

  await sql`insert into ${rows} as t (row_key, account_id, item_id, variation_id, item_variation_location_id,
      location_id, incoming, received, stocked)
    select q.row_key, q.account_id, q.item_id, null, null, q.location_id, trim_scale(sum(q.incoming)),
      trim_scale(sum(q.received)), sum(q.received) > 0
    from ${quantities} q
    where q.purchase_order_id in ${touched} and q.row_key is not null
    group by q.row_key, q.account_id, q.item_id, q.location_id
    on conflict (row_key) do update set incoming = trim_scale(t.incoming + excluded.incoming),
      received = trim_scale(t.received + excluded.received),
      stocked = t.stocked or excluded.stocked`.execute(trx);
}
