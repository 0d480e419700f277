import { RecordedEvent } from '@app/event-store';
import fc from 'fast-check';

/**
 * Random stock histories for property tests: adjustments, item moves, invoices, sales orders (with
 * invoicings and releases), purchase orders (sent, received in parts), stock transfers (sent, edited
 * in transit, received, deleted in every state) and estimates, as the domain writes their events.
 * An action that does not apply to the history so far (receiving a transfer never sent) is skipped,
 * so every sequence of actions gives a valid log.
 */

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
export const HISTORY_ACCOUNT = uuid(0xa);
const USER = uuid(0xb);
const LOCATIONS = [uuid(0xd1), uuid(0xd2), uuid(0xd3)];
const A = uuid(0x1);
const B = uuid(0x2);
const C = uuid(0x3);
const V = uuid(0xe1);
/** C's variation rows, one per location. */
const ROWS = [11, 12, 13];

/** What a line names: an item without variations (A, B) or one of C's variation rows. */
const SLOTS = [
  { item: A, row: null },
  { item: B, row: null },
  { item: C, row: 0 },
  { item: C, row: 1 },
  { item: C, row: 2 },
] as const;

const slot = fc.integer({ min: 0, max: SLOTS.length - 1 });
const location = fc.integer({ min: 0, max: LOCATIONS.length - 1 });
const quantity = fc.integer({ min: 1, max: 4 });
const lines = fc.array(fc.tuple(slot, quantity), { minLength: 1, maxLength: 3 });
const pick = fc.nat();

export type Action =
  | { kind: 'adjust'; slot: number; location: number; change: number }
  | { kind: 'moveItem'; item: number; location: number }
  | { kind: 'invoice'; lines: [number, number][] }
  | { kind: 'editInvoice'; pick: number; lines: [number, number][] }
  | { kind: 'cancelInvoice'; pick: number }
  | { kind: 'salesOrder'; lines: [number, number][] }
  | { kind: 'editSalesOrder'; pick: number; lines: [number, number][] }
  | { kind: 'invoiceSalesOrder'; pick: number; part: number }
  | { kind: 'releaseInvoicing'; pick: number }
  | { kind: 'deleteSalesOrder'; pick: number }
  | { kind: 'purchaseOrder'; lines: [number, number][]; location: number }
  | { kind: 'receive'; pick: number; part: number }
  | { kind: 'transfer'; lines: [number, number][]; from: number; to: number }
  | { kind: 'send'; pick: number }
  | { kind: 'editTransfer'; pick: number; lines: [number, number][] }
  | { kind: 'receiveTransfer'; pick: number }
  | { kind: 'deleteTransfer'; pick: number }
  | { kind: 'estimate'; lines: [number, number][] }
  | { kind: 'closeEstimate'; pick: number };

export const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('adjust' as const),
    slot,
    location,
    change: fc.integer({ min: -3, max: 6 }),
  }),
  fc.record({ kind: fc.constant('moveItem' as const), item: fc.integer({ min: 0, max: 1 }), location }),
  fc.record({ kind: fc.constant('invoice' as const), lines }),
  fc.record({ kind: fc.constant('editInvoice' as const), pick, lines }),
  fc.record({ kind: fc.constant('cancelInvoice' as const), pick }),
  fc.record({ kind: fc.constant('salesOrder' as const), lines }),
  fc.record({ kind: fc.constant('editSalesOrder' as const), pick, lines }),
  fc.record({ kind: fc.constant('invoiceSalesOrder' as const), pick, part: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('releaseInvoicing' as const), pick }),
  fc.record({ kind: fc.constant('deleteSalesOrder' as const), pick }),
  fc.record({ kind: fc.constant('purchaseOrder' as const), lines, location }),
  fc.record({ kind: fc.constant('receive' as const), pick, part: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('transfer' as const), lines, from: location, to: location }),
  fc.record({ kind: fc.constant('send' as const), pick }),
  fc.record({ kind: fc.constant('editTransfer' as const), pick, lines }),
  fc.record({ kind: fc.constant('receiveTransfer' as const), pick }),
  fc.record({ kind: fc.constant('deleteTransfer' as const), pick }),
  fc.record({ kind: fc.constant('estimate' as const), lines }),
  fc.record({ kind: fc.constant('closeEstimate' as const), pick }),
);

interface Line {
  id: string;
  slot: number;
  quantity: number;
}
interface Transfer {
  id: string;
  from: number;
  to: number;
  status: 26 | 27 | 28;
  lines: Line[];
}

/** Turns actions into the events the domain would append, in log order. */
export function stockHistory(actions: readonly Action[]): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  const revisions = new Map<string, number>();
  let next = 0x1000;
  const id = () => uuid(next++);
  const emit = (streamId: string, type: string, data: Record<string, unknown>) => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    const n = events.length + 1;
    events.push({
      id: uuid(0x100000 + n),
      streamId,
      revision,
      type,
      data: data as never,
      metadata: {
        account_id: HISTORY_ACCOUNT,
        user_id: USER,
        idempotency_key: n % 3 === 0 ? `key-${n}` : null,
      },
      position: { commit: BigInt(n), prepare: BigInt(n) },
      recordedAt: new Date(Date.UTC(2030, 0, 1) + n * 60_000),
    });
  };

  const itemLocation = new Map<string, number>([
    [A, 0],
    [B, 1],
  ]);
  const adjusted = new Map<string, number>();
  const invoices: { id: string; lines: Line[]; active: boolean }[] = [];
  const orders: {
    id: string;
    lines: Line[];
    live: boolean;
    invoicings: { invoice: string; released: boolean }[];
  }[] = [];
  const purchaseOrders: { id: string; lines: Line[]; location: number; received: number[] }[] = [];
  const transfers: Transfer[] = [];
  const estimates: { id: string; open: boolean }[] = [];
  let number = 0;
  let lineNumber = 0;

  const toLines = (spec: [number, number][], keep: Line[] = []): Line[] =>
    spec.map(([s, q], n) => ({ id: keep[n]?.id ?? `line-${++lineNumber}`, slot: s, quantity: q }));
  const documentLine = (line: Line) => ({
    id: line.id,
    line_type: 'inventory',
    item_id: SLOTS[line.slot].item,
    item_variation_location_id: SLOTS[line.slot].row === null ? null : ROWS[SLOTS[line.slot].row as number],
    quantity: String(line.quantity),
  });
  const serviceLine = {
    id: 'service',
    line_type: 'service',
    item_id: null,
    item_variation_location_id: null,
    quantity: '1',
  };
  /** A document's creation on `<prefix>-<id>`: its id, the account and the history's next number, then `data`. */
  const created = (prefix: string, type: string, numberField: string, id: string, data: object) =>
    emit(`${prefix}-${id}`, type, { id, account_id: HISTORY_ACCOUNT, [numberField]: ++number, ...data });
  /** An edit of `document`'s lines to the action's. */
  const edited = (
    prefix: string,
    type: string,
    document: { id: string; lines: Line[] },
    spec: [number, number][],
  ) => {
    document.lines = toLines(spec, document.lines);
    emit(`${prefix}-${document.id}`, type, { lines: document.lines.map(documentLine) });
  };
  const of = <T>(list: T[], n: number, ok: (t: T) => boolean): T | undefined => {
    const candidates = list.filter(ok);
    return candidates.length === 0 ? undefined : candidates[n % candidates.length];
  };

  /** A StockAdjusted on the stock's own stream; `at` is the location (ignored for a variation row). */
  const adjust = (s: number, at: number, change: number, extra: Record<string, unknown> = {}) => {
    const { item, row } = SLOTS[s];
    const locationIndex = row === null ? at : row;
    const key = `${s}/${locationIndex}`;
    const before = adjusted.get(key) ?? 0;
    const after = extra.stock_transfer_id ? before + change : Math.max(0, before + change);
    adjusted.set(key, after);
    emit(row === null ? `item-${item}` : `itemVariation-${V}`, 'StockAdjusted', {
      account_id: HISTORY_ACCOUNT,
      item_id: item,
      variation_id: row === null ? null : V,
      item_variation_location_id: row === null ? null : ROWS[row],
      location_id: LOCATIONS[locationIndex],
      quantity: String(after - before),
      on_hand_after: String(after),
      reason: extra.stock_transfer_id ? null : 'Counted',
      adjusted_at: new Date(Date.UTC(2030, 0, 1)).toISOString(),
      ...extra,
    });
  };
  /** A transfer line's slot at the destination: C's row there, or the same item. */
  const atDestination = (line: Line, to: number): number =>
    SLOTS[line.slot].row === null ? line.slot : 2 + to;
  const transferLines = (transfer: Transfer) =>
    transfer.lines.map((line) => ({
      id: line.id,
      item_id: SLOTS[line.slot].item,
      variation_id: SLOTS[line.slot].row === null ? null : V,
      item_variation_location_id: SLOTS[line.slot].row === null ? null : ROWS[transfer.from],
      destination_item_variation_location_id: SLOTS[line.slot].row === null ? null : ROWS[transfer.to],
      quantity: String(line.quantity),
    }));
  const move = (
    transfer: Transfer,
    step: string,
    sign: 1 | -1,
    where: 'from' | 'to',
    lines = transfer.lines,
  ) => {
    for (const line of lines)
      adjust(
        where === 'from' ? line.slot : atDestination(line, transfer.to),
        where === 'from' ? transfer.from : transfer.to,
        sign * line.quantity,
        { stock_transfer_id: transfer.id, movement: `${transfer.id}:${step}` },
      );
  };

  emit(`item-${A}`, 'ItemCreated', { id: A, account_id: HISTORY_ACCOUNT, location_id: LOCATIONS[0] });
  emit(`item-${B}`, 'ItemCreated', { id: B, account_id: HISTORY_ACCOUNT, location_id: LOCATIONS[1] });
  emit(`item-${C}`, 'ItemCreated', { id: C, account_id: HISTORY_ACCOUNT, location_id: null });
  emit(`itemVariation-${V}`, 'ItemVariationCreated', {
    id: V,
    account_id: HISTORY_ACCOUNT,
    item_id: C,
    locations: ROWS.map((row, n) => ({ item_variation_location_id: row, location_id: LOCATIONS[n] })),
  });

  for (const a of actions) {
    switch (a.kind) {
      case 'adjust':
        adjust(a.slot, a.location, a.change);
        break;
      case 'moveItem': {
        const item = [A, B][a.item];
        itemLocation.set(item, a.location);
        emit(`item-${item}`, 'ItemUpdated', { changes: { location_id: LOCATIONS[a.location] } });
        break;
      }
      case 'invoice': {
        const invoice = { id: id(), lines: toLines(a.lines), active: true };
        invoices.push(invoice);
        created('invoice', 'InvoiceCreated', 'invoice_number', invoice.id, {
          status_id: 9,
          lines: [...invoice.lines.map(documentLine), serviceLine],
        });
        break;
      }
      case 'editInvoice': {
        const invoice = of(invoices, a.pick, (i) => i.active);
        if (!invoice) break;
        edited('invoice', 'InvoiceUpdated', invoice, a.lines);
        break;
      }
      case 'cancelInvoice': {
        const invoice = of(invoices, a.pick, (i) => i.active);
        if (!invoice) break;
        invoice.active = false;
        emit(`invoice-${invoice.id}`, a.pick % 2 ? 'InvoiceCancelled' : 'InvoiceDeleted', { status_id: 15 });
        break;
      }
      case 'salesOrder': {
        const order = { id: id(), lines: toLines(a.lines), live: true, invoicings: [] };
        orders.push(order);
        created('salesOrder', 'SalesOrderCreated', 'sales_order_number', order.id, {
          status_id: 29,
          lines: order.lines.map(documentLine),
        });
        break;
      }
      case 'editSalesOrder': {
        const order = of(orders, a.pick, (o) => o.live);
        if (!order) break;
        edited('salesOrder', 'SalesOrderUpdated', order, a.lines);
        break;
      }
      case 'invoiceSalesOrder': {
        const order = of(orders, a.pick, (o) => o.live);
        if (!order) break;
        const invoice = {
          id: id(),
          lines: order.lines.map((l) => ({ ...l, quantity: Math.min(l.quantity, a.part) })),
          active: true,
        };
        order.invoicings.push({ invoice: invoice.id, released: false });
        emit(`salesOrder-${order.id}`, 'SalesOrderInvoiced', {
          invoice_id: invoice.id,
          lines: invoice.lines.map((l) => ({ sales_order_line_id: l.id, quantity: String(l.quantity) })),
        });
        invoices.push(invoice);
        created('invoice', 'InvoiceCreated', 'invoice_number', invoice.id, {
          status_id: 9,
          source_sales_order_id: order.id,
          lines: invoice.lines.map((l) => ({ ...documentLine(l), id: `inv-${l.id}` })),
        });
        break;
      }
      case 'releaseInvoicing': {
        const order = of(orders, a.pick, (o) => o.live && o.invoicings.some((i) => !i.released));
        if (!order) break;
        const invoicing = order.invoicings.find((i) => !i.released)!;
        invoicing.released = true;
        const invoice = invoices.find((i) => i.id === invoicing.invoice)!;
        if (invoice.active) {
          invoice.active = false;
          emit(`invoice-${invoice.id}`, 'InvoiceCancelled', { status_id: 15 });
        }
        emit(`salesOrder-${order.id}`, 'SalesOrderInvoiceReleased', { invoice_id: invoice.id });
        break;
      }
      case 'deleteSalesOrder': {
        const order = of(orders, a.pick, (o) => o.live);
        if (!order) break;
        order.live = false;
        emit(`salesOrder-${order.id}`, 'SalesOrderDeleted', {});
        break;
      }
      case 'purchaseOrder': {
        // A line of C names its row at the order's location (the domain's rule).
        const spec = a.lines.map(([s, q]): [number, number] => [
          SLOTS[s].row === null ? s : 2 + a.location,
          q,
        ]);
        const order = {
          id: id(),
          lines: toLines(spec),
          location: a.location,
          received: a.lines.map(() => 0),
        };
        purchaseOrders.push(order);
        created('purchaseOrder', 'PurchaseOrderCreated', 'purchase_order_number', order.id, {
          status_id: 17,
          lines: order.lines.map(documentLine),
        });
        emit(`purchaseOrder-${order.id}`, 'PurchaseOrderSent', {
          status_id: 18,
          lines: order.lines.map((l) => ({
            line_id: l.id,
            item_id: SLOTS[l.slot].item,
            item_variation_location_id: documentLine(l).item_variation_location_id,
            location_id: LOCATIONS[order.location],
            quantity: String(l.quantity),
          })),
        });
        break;
      }
      case 'receive': {
        const order = of(purchaseOrders, a.pick, (o) => o.lines.some((l, n) => o.received[n] < l.quantity));
        if (!order) break;
        const received = order.lines.map((l, n) => Math.min(l.quantity, order.received[n] + a.part));
        emit(`purchaseOrder-${order.id}`, 'PurchaseOrderReceived', {
          receipt_id: id(),
          status_id: received.every((r, n) => r === order.lines[n].quantity) ? 20 : 19,
          lines: order.lines.map((l, n) => ({
            line_id: l.id,
            item_id: SLOTS[l.slot].item,
            item_variation_location_id: documentLine(l).item_variation_location_id,
            location_id: LOCATIONS[order.location],
            quantity: String(received[n] - order.received[n]),
            quantity_received_after: String(received[n]),
          })),
        });
        order.received = received;
        break;
      }
      case 'transfer': {
        if (a.from === a.to) break;
        // A line of C names its row at the origin.
        const spec = a.lines.map(([s, q]): [number, number] => [SLOTS[s].row === null ? s : 2 + a.from, q]);
        const transfer: Transfer = { id: id(), from: a.from, to: a.to, status: 26, lines: toLines(spec) };
        transfers.push(transfer);
        created('stockTransfer', 'StockTransferCreated', 'stock_transfer_number', transfer.id, {
          status_id: 26,
          origin_location_id: LOCATIONS[transfer.from],
          destination_location_id: LOCATIONS[transfer.to],
          lines: transferLines(transfer),
        });
        break;
      }
      case 'send': {
        const transfer = of(transfers, a.pick, (t) => t.status === 26);
        if (!transfer) break;
        move(transfer, 'send', -1, 'from');
        transfer.status = 27;
        emit(`stockTransfer-${transfer.id}`, 'StockTransferSent', {
          status_id: 27,
          lines: transferLines(transfer),
          destination_location_id: LOCATIONS[transfer.to],
        });
        break;
      }
      case 'editTransfer': {
        const transfer = of(transfers, a.pick, (t) => t.status !== 28);
        if (!transfer) break;
        const spec = a.lines.map(([s, q]): [number, number] => [
          SLOTS[s].row === null ? s : 2 + transfer.from,
          q,
        ]);
        const lines = toLines(spec, transfer.lines);
        if (transfer.status === 27) {
          move(transfer, 'edit', 1, 'from');
          move(transfer, 'edit', -1, 'from', lines);
        }
        transfer.lines = lines;
        emit(`stockTransfer-${transfer.id}`, 'StockTransferUpdated', {
          status_id: transfer.status,
          lines: transferLines(transfer),
          destination_location_id: LOCATIONS[transfer.to],
        });
        break;
      }
      case 'receiveTransfer': {
        const transfer = of(transfers, a.pick, (t) => t.status === 27);
        if (!transfer) break;
        move(transfer, 'receive', 1, 'to');
        transfer.status = 28;
        emit(`stockTransfer-${transfer.id}`, 'StockTransferReceived', { status_id: 28 });
        break;
      }
      case 'deleteTransfer': {
        const index = transfers.findIndex((t, n) => n === a.pick % Math.max(1, transfers.length));
        const transfer = transfers[index];
        if (!transfer) break;
        if (transfer.status === 28) move(transfer, 'delete', -1, 'to');
        if (transfer.status !== 26) move(transfer, 'delete', 1, 'from');
        emit(`stockTransfer-${transfer.id}`, 'StockTransferDeleted', { status_id: transfer.status });
        transfers.splice(index, 1);
        break;
      }
      case 'estimate': {
        const estimate = { id: id(), open: true };
        estimates.push(estimate);
        created('estimate', 'EstimateCreated', 'estimate_number', estimate.id, {
          status_id: 5,
          lines: toLines(a.lines).map(documentLine),
        });
        break;
      }
      case 'closeEstimate': {
        const estimate = of(estimates, a.pick, (e) => e.open);
        if (!estimate) break;
        estimate.open = false;
        emit(`estimate-${estimate.id}`, a.pick % 2 ? 'EstimateDeclined' : 'EstimateDeleted', {
          status_id: 7,
        });
        break;
      }
    }
  }
  return events;
}
