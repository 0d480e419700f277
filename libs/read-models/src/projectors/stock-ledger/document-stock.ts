import { RecordedEvent } from '@app/event-store';
import Decimal from 'decimal.js';
import { ESTIMATE_EVENTS, EstimateLines, foldEstimateEvent } from '../estimate-quantities';
import { foldInvoiceEvent, INVOICE_EVENTS, InvoiceLine, newInvoiceBatch } from '../invoice-quantities';
import { LineLocation } from '../line-location';
import {
  foldPurchaseOrderEvent,
  incomingOf,
  PURCHASE_ORDER_EVENTS,
  PurchaseOrderBatch,
} from '../purchase-order-quantities';
import {
  foldSalesOrderEvent,
  OrderLine,
  reservedOf,
  SALES_ORDER_EVENTS,
  SalesOrderBatch,
} from '../sales-order-quantities';
import {
  foldStockTransferEvent,
  STOCK_TRANSFER_EVENTS,
  StockTransferBatch,
} from '../stock-transfer-quantities';
import { itemLocationsOf, StockPlaces, StockRow, stockRow, variationRow } from './stock-places';
import { domainEvent, RecordedDomainEvent } from '../domain-events';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * What one document counts in `inventory_quantities`, per line and row, and how an event changes
 * it. The events are read by the same folds inventory_quantities uses (foldInvoiceEvent,
 * foldSalesOrderEvent, foldPurchaseOrderEvent, foldStockTransferEvent, foldEstimateEvent), each
 * given a batch of one event preloaded with the document as the ledger last left it, so a line is
 * kept, located and counted exactly as there; the buckets of orders use the same formulas
 * (reservedOf, incomingOf). A line is located when its document states it, like there.
 */

export type Bucket = 'on_hand' | 'reserved' | 'incoming' | 'in_transit' | 'estimates';
export const BUCKETS: readonly Bucket[] = ['on_hand', 'reserved', 'incoming', 'in_transit', 'estimates'];

/** The document a ledger entry comes from (its `source_type`). */
export type StockDocumentType = 'invoice' | 'sales_order' | 'purchase_order' | 'stock_transfer' | 'estimate';

/** A document's quantity on one row, for one of its lines: what it contributes to each bucket. */
export interface Counted {
  row: StockRow;
  line_id: string | null;
  buckets: Partial<Record<Bucket, string>>;
}

/** A line as the fold states it, with the row it is counted on (null: a variation row never seen). */
interface Located<Line> {
  line: Line;
  row: StockRow | null;
}

interface Invoicing {
  invoice_id: string;
  line_id: string;
  quantity: string;
  released: boolean;
}

/** What the ledger keeps of one document between batches (`stock_ledger_documents.state`). */
export interface DocumentStock {
  kind: StockDocumentType;
  id: string;
  number: number | null;
  lines: Located<any>[];
  /** Sales orders: open (status 29) or not, and their invoicings. */
  open?: boolean;
  invoicings?: Invoicing[];
}

const PREFIXES: Record<string, StockDocumentType> = {
  invoice: 'invoice',
  salesOrder: 'sales_order',
  purchaseOrder: 'purchase_order',
  stockTransfer: 'stock_transfer',
  estimate: 'estimate',
};

/** The events whose lines count, per kind: the folds' own lists. */
const COUNTING_EVENTS: Record<StockDocumentType, readonly string[]> = {
  invoice: INVOICE_EVENTS,
  sales_order: SALES_ORDER_EVENTS,
  purchase_order: PURCHASE_ORDER_EVENTS,
  stock_transfer: STOCK_TRANSFER_EVENTS,
  estimate: ESTIMATE_EVENTS,
};

/** The events the ledger reads of documents: those that count, and the creations that number them. */
export const DOCUMENT_EVENTS: readonly string[] = [
  ...new Set([
    ...Object.values(COUNTING_EVENTS).flat(),
    'InvoiceCreated',
    'SalesOrderCreated',
    'PurchaseOrderCreated',
    'StockTransferCreated',
    'EstimateCreated',
  ]),
];

/** The number a document's creation gives it. */
function numberOf({ type, data: d }: RecordedDomainEvent): number | undefined {
  switch (type) {
    case 'InvoiceCreated':
      return d.invoice_number;
    case 'SalesOrderCreated':
      return d.sales_order_number;
    case 'PurchaseOrderCreated':
      return d.purchase_order_number;
    case 'StockTransferCreated':
      return d.stock_transfer_number;
    case 'EstimateCreated':
      return d.estimate_number;
  }
  return undefined;
}

/** The document a stream holds (`invoice-<id>` …), or undefined for another stream. */
export function documentOfStream(streamId: string): { kind: StockDocumentType; id: string } | undefined {
  const dash = streamId.indexOf('-');
  const kind = PREFIXES[streamId.slice(0, dash)];
  return kind ? { kind, id: streamId.slice(dash + 1) } : undefined;
}

export function newDocumentStock(kind: StockDocumentType, id: string): DocumentStock {
  return { kind, id, number: null, lines: [] };
}

/** The items a document's lines name, before and after an event (the places a batch must load). */
export function itemsOf(document: DocumentStock | undefined, event: RecordedEvent): string[] {
  const { data: d } = domainEvent(event);
  // The lines an event states, each naming its item when it has one.
  const lines: readonly object[] = 'lines' in d && Array.isArray(d.lines) ? d.lines : [];
  const stated = lines.map((line) => ('item_id' in line ? line.item_id : undefined));
  const kept = (document?.lines ?? []).map((entry) => entry.line.item_id);
  return [...stated, ...kept].filter((id): id is string => typeof id === 'string');
}

/** The document after `event` (one of its own stream's), located against `places` as they are now. */
export function nextDocumentStock(
  before: DocumentStock,
  event: RecordedEvent,
  places: StockPlaces,
): DocumentStock {
  const e = domainEvent(event);
  const after: DocumentStock = { ...before, number: numberOf(e) ?? before.number };
  if (!COUNTING_EVENTS[before.kind].includes(e.type)) return after;
  switch (before.kind) {
    case 'invoice':
      return { ...after, lines: nextInvoiceLines(before, event, places) };
    case 'sales_order':
      return nextSalesOrder(after, event, places);
    case 'purchase_order':
      return { ...after, lines: nextPurchaseOrderLines(before, event, places) };
    case 'stock_transfer': {
      const batch: StockTransferBatch = new Map();
      foldStockTransferEvent(batch, event);
      const lines = batch.get(before.id);
      if (!lines) return after;
      return {
        ...after,
        lines: lines.map((line) => ({
          line,
          row: stockRow(line.item_id, line.variation_id, line.location_id, line.item_variation_location_id),
        })),
      };
    }
    case 'estimate': {
      const estimates: EstimateLines = new Map();
      foldEstimateEvent(estimates, event);
      if (!estimates.has(before.id)) return after;
      const lines = estimates.get(before.id) ?? [];
      return {
        ...after,
        lines: lines.map((line) => ({
          line,
          row:
            line.item_variation_location_id === null
              ? stockRow(line.item_id, null, null)
              : (variationRow(places, line.item_id, line.item_variation_location_id) ?? null),
        })),
      };
    }
  }
}

/** Where a line of an invoice or sales order counts: its variation row, else where the fold located it. */
function locate<Line extends LineLocation & { item_id: string; item_variation_location_id: number | null }>(
  line: Line,
  places: StockPlaces,
): Located<Line> {
  if (line.item_variation_location_id !== null)
    return { line, row: variationRow(places, line.item_id, line.item_variation_location_id) ?? null };
  // Every item the event names is preloaded, so the fold always knows the location.
  const location = line.item_location_known
    ? line.item_location_id
    : (places.items.get(line.item_id) ?? null);
  return {
    line: { ...line, item_location_known: true, item_location_id: location },
    row: stockRow(line.item_id, null, location),
  };
}

function nextInvoiceLines(before: DocumentStock, event: RecordedEvent, places: StockPlaces): Located<any>[] {
  const batch = newInvoiceBatch();
  batch.itemLocations = itemLocationsOf(places, itemsOf(undefined, event));
  const earlier = before.lines.map((entry) => entry.line as InvoiceLine);
  batch.invoices.set(before.id, earlier);
  foldInvoiceEvent(batch, event);
  const lines = batch.invoices.get(before.id);
  if (lines === earlier) return before.lines;
  return (lines ?? []).map((line) => locate(line, places));
}

function nextSalesOrder(after: DocumentStock, event: RecordedEvent, places: StockPlaces): DocumentStock {
  const earlier = after.lines.map((entry) => entry.line as OrderLine);
  const batch: SalesOrderBatch = new Map([
    [after.id, { lines: earlier, open: after.open ?? null, deleted: false, invoicings: [], released: [] }],
  ]);
  foldSalesOrderEvent(batch, itemLocationsOf(places, itemsOf(undefined, event)), event);
  const order = batch.get(after.id)!;
  if (order.deleted) return { ...after, lines: [], invoicings: [] };
  const known = after.invoicings ?? [];
  const added = order.invoicings.filter(
    (entry) => !known.some((k) => k.invoice_id === entry.invoice_id && k.line_id === entry.line_id),
  );
  const invoicings = [...known, ...added.map((entry) => ({ ...entry, released: false }))].map((entry) =>
    order.released.includes(entry.invoice_id) ? { ...entry, released: true } : entry,
  );
  return {
    ...after,
    open: order.open ?? after.open ?? true,
    invoicings,
    lines: order.lines === earlier ? after.lines : (order.lines ?? []).map((line) => locate(line, places)),
  };
}

function nextPurchaseOrderLines(
  before: DocumentStock,
  event: RecordedEvent,
  places: StockPlaces,
): Located<any>[] {
  const batch: PurchaseOrderBatch = new Map();
  foldPurchaseOrderEvent(batch, event);
  const lines = [...before.lines];
  for (const stated of batch.values()) {
    const at = lines.findIndex((entry) => entry.line.line_id === stated.line_id);
    if (at >= 0) {
      const kept = lines[at].line;
      lines[at] = {
        ...lines[at],
        line: {
          ...kept,
          ordered: stated.ordered ?? kept.ordered,
          received: stated.received ?? kept.received,
        },
      };
      continue;
    }
    // A new line is located once, like purchase_order_quantities' insert.
    const row =
      stated.item_variation_location_id === null
        ? stockRow(stated.item_id, null, stated.location_id)
        : (variationRow(places, stated.item_id, stated.item_variation_location_id) ?? null);
    lines.push({
      line: {
        ...stated,
        ordered: stated.ordered ?? stated.received ?? '0',
        received: stated.received ?? '0',
      },
      row,
    });
  }
  return lines;
}

/** What the document counts now, per row and line (lines without a row count nowhere). */
export function countedOf(document: DocumentStock): Counted[] {
  const counted: Counted[] = [];
  for (const { line, row } of document.lines) {
    if (row === null) continue;
    const line_id = line.line_id ?? null;
    switch (document.kind) {
      case 'invoice':
        counted.push({ row, line_id, buckets: { on_hand: new Decimal(line.quantity).neg().toFixed() } });
        break;
      case 'sales_order': {
        const invoiced = (document.invoicings ?? [])
          .filter((entry) => entry.line_id === line.line_id && !entry.released)
          .reduce((sum, entry) => sum.plus(entry.quantity), new Decimal(0));
        const reserved = reservedOf({
          ordered: line.ordered,
          invoiced: invoiced.toFixed(),
          open: document.open ?? true,
        });
        counted.push({ row, line_id, buckets: { reserved } });
        break;
      }
      case 'purchase_order':
        counted.push({ row, line_id, buckets: { incoming: incomingOf(line), on_hand: line.received } });
        break;
      case 'stock_transfer':
        counted.push({ row, line_id, buckets: { in_transit: line.quantity } });
        break;
      case 'estimate':
        counted.push({ row, line_id, buckets: { estimates: line.quantity } });
        break;
    }
  }
  return counted;
}

/** The change from one count to the next, per row and line, zero changes left out. */
export function countedChanges(before: Counted[], after: Counted[]): Counted[] {
  const changes = new Map<string, Counted>();
  const add = (entry: Counted, sign: 1 | -1) => {
    const key = `${entry.row.row_key}|${entry.line_id ?? ''}`;
    const change = changes.get(key) ?? { row: entry.row, line_id: entry.line_id, buckets: {} };
    for (const bucket of BUCKETS) {
      const quantity = entry.buckets[bucket];
      if (quantity === undefined) continue;
      change.buckets[bucket] = new Decimal(change.buckets[bucket] ?? 0)
        .plus(new Decimal(quantity).times(sign))
        .toFixed();
    }
    changes.set(key, change);
  };
  for (const entry of before) add(entry, -1);
  for (const entry of after) add(entry, 1);
  return [...changes.values()].filter((change) =>
    BUCKETS.some((bucket) => !new Decimal(change.buckets[bucket] ?? 0).isZero()),
  );
}
