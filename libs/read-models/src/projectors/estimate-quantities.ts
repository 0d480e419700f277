import { RecordedEvent } from '@app/event-store';
import { Kysely, sql, Transaction } from 'kysely';
import { batchIds, batchRows } from './batch-rows';
import { accountOf, domainEvent } from './domain-events';
import { reusedWrite } from '../prepared-statements';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Open estimates in `inventory_quantities` (declined, expired, converted and deleted ones count
 * nothing): the quantity on open estimates (inventory lines only), kept per estimate in `estimate_quantities`; an estimate event moves the rows it names by the
 * difference: a line naming a variation row counts on that row; a line of an item without variations
 * names no location, so it counts on the item's location-less row (`<item>/-/-`, never stocked).
 * foldEstimateEvent is also how the stock ledger reads an estimate's lines (stock-ledger/).
 */

export const ESTIMATE_EVENTS = [
  'EstimateCreated',
  'EstimateUpdated',
  'EstimateDeclined',
  'EstimateExpired',
  'EstimateConverted',
  'EstimateDeleted',
];

export async function createEstimateQuantities(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('estimate_quantities')
    .addColumn('estimate_id', 'uuid', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('item_variation_location_id', 'integer')
    .addColumn('quantity', 'numeric', (c) => c.notNull())
    .execute();
  const on = sql.table(`${schema}.estimate_quantities`);
  // An item's open-estimate quantity, summed again whenever an estimate naming it changes.
  await sql`create index estimate_quantities_item_idx on ${on} (item_id, item_variation_location_id)`.execute(
    db,
  );
  // An estimate's lines, replaced or removed.
  await sql`create index estimate_quantities_estimate_idx on ${on} (estimate_id)`.execute(db);
}

/** An open estimate's inventory line, as `estimate_quantities` keeps it. */
export interface EstimateLine {
  estimate_id: string;
  /** The estimate line's id (null in older events); the ledger names it, the table does not keep it. */
  line_id: string | null;
  account_id: string;
  item_id: string;
  item_variation_location_id: number | null;
  quantity: string;
}

/** By estimate: its inventory lines after the batch, or null when it counts nothing any more. */
export type EstimateLines = Map<string, EstimateLine[] | null>;

const OPEN_ESTIMATE = 5;

/**
 * Items a batch's estimate lines named without a location, with their account: each gets its
 * location-less row, as a batch of one event would have made it (replays then match however the
 * log is cut into batches: an estimate created and converted in one batch still made the row).
 */
export type LocationLessItems = Map<string, string>;

export function foldEstimateEvent(
  estimates: EstimateLines,
  event: RecordedEvent,
  locationLess?: LocationLessItems,
): void {
  const typed = domainEvent(event);
  const { type, data: d } = typed;
  const id = event.streamId.slice('estimate-'.length);
  const accountId = accountOf(typed);
  switch (type) {
    case 'EstimateCreated':
      estimates.set(id, d.status_id === OPEN_ESTIMATE ? inventoryLines(id, accountId, d.lines) : null);
      break;
    case 'EstimateUpdated':
      // Only an open estimate takes updates; without `lines` its quantities stay.
      if (d.lines) estimates.set(id, inventoryLines(id, accountId, d.lines));
      break;
    case 'EstimateDeclined':
    case 'EstimateExpired':
    case 'EstimateConverted':
    case 'EstimateDeleted':
      estimates.set(id, null);
      break;
  }
  for (const line of estimates.get(id) ?? [])
    if (line.item_variation_location_id === null) locationLess?.set(line.item_id, line.account_id);
}

function inventoryLines(
  estimateId: string,
  accountId: string,
  lines: {
    id?: string | null;
    line_type: string;
    item_id: string | null;
    item_variation_location_id: number | null;
    quantity: string;
  }[],
): EstimateLine[] {
  return lines
    .filter((line) => line.line_type === 'inventory' && line.item_id !== null)
    .map((line) => ({
      estimate_id: estimateId,
      line_id: line.id ?? null,
      account_id: accountId,
      item_id: line.item_id as string,
      item_variation_location_id: line.item_variation_location_id,
      quantity: line.quantity,
    }));
}

/**
 * Replaces the estimates' lines and moves `estimates` on the rows they name by the difference
 * (lines removed count negative, lines stored positive): the work follows the batch's lines, not
 * how many open estimates name an item. The runner applies a batch exactly once.
 */
export async function writeEstimates(
  trx: Transaction<any>,
  schema: string,
  estimates: EstimateLines,
  locationLess: LocationLessItems,
): Promise<void> {
  const quantities = sql.table(`${schema}.estimate_quantities`);
  const rows = sql.table(`${schema}.inventory_quantities`);
  const lines = [...estimates.values()].flatMap((entry) => entry ?? []);
  const unplaced = [...locationLess].map(([item_id, account_id]) => ({ item_id, account_id }));
  // One statement, the lines sent once: its parts see the tables as they were before it, so the
  // delete removes only the estimates' earlier lines, never those the insert stores. Each part
  // moves rows no other part touches: variation rows by their delta; location-less rows that exist
  // by their delta; the location-less rows the lines name that do not exist yet are made (at their
  // delta). Only those go through the insert: an INSERT runs the rows' BEFORE INSERT trigger
  // (stocked-away.ts, a query each) even for the rows ON CONFLICT then updates.
  // Sent for every estimate create, waited for by it: its plan kept (prepared-statements.ts).
  await reusedWrite(sql`with added as (
      select * from ${batchRows(
        lines,
        'estimate_id uuid, account_id uuid, item_id uuid, item_variation_location_id integer, quantity numeric',
      )} as r
    ), removed as (
      delete from ${quantities}
      where estimate_id in ${batchIds([...estimates.keys()])}
      returning item_id, item_variation_location_id, quantity
    ), stored as (
      insert into ${quantities} (estimate_id, account_id, item_id, item_variation_location_id, quantity)
      select estimate_id, account_id, item_id, item_variation_location_id, quantity from added
    ), changes as (
      select item_id, item_variation_location_id, -quantity as delta from removed
      union all select item_id, item_variation_location_id, quantity from added
    ), deltas as (
      select item_id, item_variation_location_id, sum(delta) as delta from changes
      group by item_id, item_variation_location_id having sum(delta) <> 0
    ), named as (
      select * from ${batchRows(unplaced, 'item_id uuid, account_id uuid')} as r
    ), placed as (
      update ${rows} t set estimates = trim_scale(t.estimates + d.delta) from deltas d
      where t.item_id = d.item_id and t.item_variation_location_id = d.item_variation_location_id
    ), unnamed as (
      update ${rows} t set estimates = trim_scale(t.estimates + d.delta) from deltas d
      where d.item_variation_location_id is null
        and t.item_id = d.item_id and t.variation_id is null and t.location_id is null
    )
    insert into ${rows} as t (row_key, account_id, item_id, stocked, estimates)
    select n.item_id::text || '/-/-', n.account_id, n.item_id, false, coalesce(trim_scale(d.delta), 0)
    from named n left join deltas d on d.item_id = n.item_id and d.item_variation_location_id is null
    where not exists (select from ${rows} e where e.row_key = n.item_id::text || '/-/-')
    on conflict (row_key) do update set estimates = trim_scale(t.estimates + excluded.estimates)
      where excluded.estimates <> 0`).execute(trx);
}
