import { RecordedEvent } from '@app/event-store';
import { Kysely, sql, Transaction } from 'kysely';
import { batchIds } from './batch-rows';
import { Projector } from '../projector';
import {
  createEstimateQuantities,
  ESTIMATE_EVENTS,
  EstimateLines,
  foldEstimateEvent,
  LocationLessItems,
  writeEstimates,
} from './estimate-quantities';
import {
  createInvoiceQuantities,
  foldInvoiceEvent,
  INVOICE_EVENTS,
  InvoiceBatch,
  newInvoiceBatch,
  writeInvoices,
  writeItemLocations,
} from './invoice-quantities';
import {
  createSalesOrderQuantities,
  foldSalesOrderEvent,
  SALES_ORDER_EVENTS,
  SalesOrderBatch,
  writeSalesOrders,
} from './sales-order-quantities';
import {
  createStockTransferQuantities,
  foldStockTransferEvent,
  STOCK_TRANSFER_EVENTS,
  StockTransferBatch,
  writeStockTransfers,
} from './stock-transfer-quantities';

import {
  createPurchaseOrderQuantities,
  foldPurchaseOrderEvent,
  PURCHASE_ORDER_EVENTS,
  PurchaseOrderBatch,
  writePurchaseOrders,
} from './purchase-order-quantities';
import { accountOf, domainEvent, RecordedDomainEvent } from './domain-events';
import { stockPlaceColumns } from './column-groups';
import { createStockedAway } from './stocked-away';
import { KEY_TEXT } from '../key-text';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Stock per item, variation and location: one row per (item_id, variation_id, location_id), an
 * item without variations having `variation_id` null. `on_hand` is `adjusted - invoiced + received`
 * (`received`: what purchase orders received there, purchase-order-quantities.ts; `incoming` what
 * sent ones have not yet):
 * `adjusted` follows StockAdjusted from item and variation streams alike (the event's
 * `on_hand_after`, so replaying one is harmless), `invoiced` the inventory lines of active invoices
 * (invoice-quantities.ts: kept per invoice line in `invoice_quantities`, moved by each invoice
 * event's difference, given back on cancel and delete; it may take on_hand below zero). `reserved`
 * is what open sales orders' inventory lines have not had invoiced yet (sales-order-quantities.ts).
 * `in_transit` is what sent, not yet received stock transfers carry to a destination row
 * (stock-transfer-quantities.ts); their on-hand movements are StockAdjusted events as above.
 *
 * `estimates` is the quantity on open estimates (inventory lines only), kept per estimate in
 * `estimate_quantities`; an estimate event moves the rows it names by the difference: a line naming a
 * variation row counts on that row; a line of an item without variations names no location, so it
 * counts on the item's location-less row (`<item>/-/-`, never stocked).
 *
 * A variation's location rows exist from their creation (at zero) while the variation stocks that
 * location (`stocked`); a removed row, or a deleted variation's, stays with `stocked` false, so
 * `last_adjusted_at` keeps telling where stock was ever adjusted (a location's delete rule).
 */
export const inventoryQuantitiesProjector: Projector = {
  name: 'inventory_quantities',
  version: 9,
  tables: [
    'inventory_quantities',
    'estimate_quantities',
    'invoice_quantities',
    'inventory_item_locations',
    'sales_order_quantities',
    'sales_order_invoicings',
    'stock_transfer_quantities',
    'purchase_order_quantities',
  ],
  writesOnly: true,
  handles: [
    'StockAdjusted',
    'ItemVariationCreated',
    'ItemVariationLocationAdded',
    'ItemVariationLocationRemoved',
    'ItemVariationDeleted',
    ...ESTIMATE_EVENTS,
    'ItemCreated',
    'ItemUpdated',
    ...INVOICE_EVENTS,
    ...SALES_ORDER_EVENTS,
    ...STOCK_TRANSFER_EVENTS,
    ...PURCHASE_ORDER_EVENTS,
  ],
  async setup(db, schema) {
    await createTable(db, schema);
    await createEstimateQuantities(db, schema);
    await createInvoiceQuantities(db, schema);
    await createSalesOrderQuantities(db, schema);
    await createStockTransferQuantities(db, schema);
    await createPurchaseOrderQuantities(db, schema);
    await createStockedAway(db, schema);
  },
  async apply(trx, events, schema) {
    const batch = foldBatch(events);
    const { rows, deletedVariations, estimates, invoices, salesOrders, transfers, purchaseOrders } = batch;
    const target = sql.table(`${schema}.inventory_quantities`);
    if (rows.size > 0) await upsertRows(trx, target, [...rows.values()]);
    if (deletedVariations.length > 0) {
      await sql`update ${target} set stocked = false where variation_id in ${batchIds(deletedVariations)}`.execute(
        trx,
      );
    }
    // After the rows above: a line may name a variation row created in the same batch.
    if (estimates.size > 0) await writeEstimates(trx, schema, estimates, batch.locationLess);
    await writeInvoices(trx, schema, invoices);
    await writeSalesOrders(trx, schema, salesOrders);
    await writeStockTransfers(trx, schema, transfers);
    await writePurchaseOrders(trx, schema, purchaseOrders);
    // Last: the lines above were located against the item locations as they were before the batch.
    await writeItemLocations(trx, schema, invoices);
  },
};

async function createTable(db: Kysely<any>, schema: string): Promise<void> {
  const zero = (c: any) => c.notNull().defaultTo(0);
  await db.schema
    .withSchema(schema)
    .createTable('inventory_quantities')
    // `<item_id>/<variation_id or ->/<location_id or ->`: the row's identity, nulls included.
    .addColumn('row_key', KEY_TEXT, (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .$call(stockPlaceColumns)
    // The last adjustment's on-hand, less what active invoices take: it may go below zero.
    .addColumn('adjusted', 'numeric', zero)
    .addColumn('invoiced', 'numeric', zero)
    // What purchase orders received into the row (purchase-order-quantities.ts).
    .addColumn('received', 'numeric', zero)
    .addColumn('on_hand', 'numeric', (c) =>
      c
        .notNull()
        .generatedAlwaysAs(sql`trim_scale(adjusted - invoiced + received)`)
        .stored(),
    )
    .addColumn('reserved', 'numeric', zero)
    .addColumn('incoming', 'numeric', zero)
    .addColumn('in_transit', 'numeric', zero)
    .addColumn('estimates', 'numeric', zero)
    .addColumn('stocked', 'boolean', (c) => c.notNull())
    .addColumn('last_adjusted_at', 'timestamptz')
    .execute();
  const on = sql.table(`${schema}.inventory_quantities`);
  // An item's totals (its own rows and its variations').
  await sql`create index inventory_quantities_item_idx on ${on} (item_id, location_id)`.execute(db);
  // Items stocked at a location (the items list's location_id), and a location's delete rule.
  await sql`create index inventory_quantities_location_idx on ${on} (account_id, location_id, item_id)`.execute(
    db,
  );
}

/** The net effect of a batch on one row: only what the batch said. */
interface RowChange {
  row_key: string;
  account_id: string;
  item_id: string;
  variation_id: string | null;
  item_variation_location_id: number | null;
  location_id: string | null;
  adjusted: string | null;
  stocked: boolean;
  last_adjusted_at: string | null;
}

function rowKey(itemId: string, variationId: string | null, locationId: string | null): string {
  return `${itemId}/${variationId ?? '-'}/${locationId ?? '-'}`;
}

interface Batch {
  rows: Map<string, RowChange>;
  deletedVariations: string[];
  estimates: EstimateLines;
  locationLess: LocationLessItems;
  invoices: InvoiceBatch;
  salesOrders: SalesOrderBatch;
  transfers: StockTransferBatch;
  purchaseOrders: PurchaseOrderBatch;
}

function foldBatch(events: RecordedEvent[]): Batch {
  const rows = new Map<string, RowChange>();
  const deletedVariations: string[] = [];
  const estimates: EstimateLines = new Map();
  const locationLess: LocationLessItems = new Map();
  const invoices = newInvoiceBatch();
  const salesOrders: SalesOrderBatch = new Map();
  const transfers: StockTransferBatch = new Map();
  const purchaseOrders: PurchaseOrderBatch = new Map();
  const touch = (
    event: RecordedDomainEvent,
    itemId: string,
    row: {
      variation_id: string | null;
      location_id: string | null;
      item_variation_location_id?: number | null;
    },
    change: Partial<RowChange>,
  ) => {
    const key = rowKey(itemId, row.variation_id, row.location_id);
    const before: RowChange = rows.get(key) ?? {
      row_key: key,
      account_id: accountOf(event),
      item_id: itemId,
      variation_id: row.variation_id,
      item_variation_location_id: row.item_variation_location_id ?? null,
      location_id: row.location_id,
      adjusted: null,
      stocked: true,
      last_adjusted_at: null,
    };
    const ivl = row.item_variation_location_id ?? before.item_variation_location_id;
    rows.set(key, { ...before, item_variation_location_id: ivl, ...change });
  };
  for (const event of events) {
    const e = domainEvent(event);
    const { type, data: d } = e;
    const variationId = event.streamId.startsWith('itemVariation-')
      ? event.streamId.slice('itemVariation-'.length)
      : null;
    switch (type) {
      case 'StockAdjusted':
        touch(e, d.item_id, d, {
          adjusted: d.on_hand_after,
          stocked: true,
          last_adjusted_at: d.adjusted_at,
        });
        break;
      case 'ItemVariationCreated':
        for (const row of d.locations) {
          touch(e, d.item_id, { ...row, variation_id: d.id }, { stocked: true });
        }
        break;
      case 'ItemVariationLocationAdded':
        touch(e, d.item_id, { ...d, variation_id: variationId }, { stocked: true });
        break;
      case 'ItemVariationLocationRemoved':
        touch(e, d.item_id, { ...d, variation_id: variationId }, { stocked: false });
        break;
      case 'ItemVariationDeleted':
        if (variationId) deletedVariations.push(variationId);
        for (const row of rows.values()) if (row.variation_id === variationId) row.stocked = false;
        break;
      case 'EstimateCreated':
      case 'EstimateUpdated':
      case 'EstimateDeclined':
      case 'EstimateExpired':
      case 'EstimateConverted':
      case 'EstimateDeleted':
        foldEstimateEvent(estimates, event, locationLess);
        break;
      case 'SalesOrderCreated':
      case 'SalesOrderUpdated':
      case 'SalesOrderInvoiced':
      case 'SalesOrderInvoiceReleased':
      case 'SalesOrderDeleted':
        foldSalesOrderEvent(salesOrders, invoices.itemLocations, event);
        break;
      case 'StockTransferUpdated':
      case 'StockTransferSent':
      case 'StockTransferReceived':
      case 'StockTransferDeleted':
        foldStockTransferEvent(transfers, event);
        break;
      case 'PurchaseOrderSent':
      case 'PurchaseOrderReceived':
        foldPurchaseOrderEvent(purchaseOrders, event);
        break;
      default:
        foldInvoiceEvent(invoices, event);
    }
  }
  return {
    rows,
    deletedVariations,
    estimates,
    locationLess,
    invoices,
    salesOrders,
    transfers,
    purchaseOrders,
  };
}

/**
 * New rows start at zero; a known row keeps what the batch did not say (a change carries on-hand
 * exactly when it carries an adjustment time).
 */
async function upsertRows(trx: Transaction<any>, target: any, rows: RowChange[]): Promise<void> {
  await sql`insert into ${target} as t (row_key, account_id, item_id, variation_id,
      item_variation_location_id, location_id, adjusted, stocked, last_adjusted_at)
    select row_key, account_id, item_id, variation_id, item_variation_location_id, location_id,
      coalesce(adjusted, 0), stocked, last_adjusted_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(row_key text, account_id uuid,
      item_id uuid, variation_id uuid, item_variation_location_id integer, location_id uuid,
      adjusted numeric, stocked boolean, last_adjusted_at timestamptz)
    on conflict (row_key) do update set
      adjusted = case when excluded.last_adjusted_at is null then t.adjusted else excluded.adjusted end,
      stocked = excluded.stocked,
      item_variation_location_id = coalesce(excluded.item_variation_location_id, t.item_variation_location_id),
      last_adjusted_at = coalesce(excluded.last_adjusted_at, t.last_adjusted_at)`.execute(trx);
}
