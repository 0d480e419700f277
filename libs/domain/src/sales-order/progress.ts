import Decimal from 'decimal.js';
import { DocumentLine } from '../document-lines';
import { quantityOnPackingLists } from '../document/packing';
import { SalesOrderRecord } from './state';

/** How far a sales order is packed and shipped (the invoice's formulas, docs/calculations.md). */
export type SalesOrderProgress = {
  /** 0 to 100, two decimals; 0 without inventory lines. */
  packed_percent: number;
  /** 0 to 100, a whole number rounded down; null without inventory lines. */
  shipped_percent: number | null;
};

/**
 * Packed (shipped) units over the inventory lines' quantities, each line counted up to its own
 * quantity; service lines, even when packed, do not count.
 */
export function salesOrderProgress(order: SalesOrderRecord): SalesOrderProgress {
  const lines = order.lines.filter((line) => line.line_type === 'inventory');
  const ordered = sumOf(lines, (line) => new Decimal(line.quantity));
  if (ordered.isZero()) return { packed_percent: 0, shipped_percent: lines.length === 0 ? null : 0 };
  const share = (shipped: boolean) =>
    sumOf(lines, (line) =>
      Decimal.min(line.quantity, salesOrderQuantityPacked(order, line.id as string, shipped)),
    )
      .times(100)
      .dividedBy(ordered);
  return {
    packed_percent: share(false).toDecimalPlaces(2, Decimal.ROUND_DOWN).toNumber(),
    shipped_percent: share(true).floor().toNumber(),
  };
}

/** How far a sales order is invoiced, as an invoicing or a release leaves it (the projector copies it). */
export type SalesOrderInvoicing = { invoiced_percent: number | null; invoice_count: number };

export function salesOrderInvoicing(order: SalesOrderRecord): SalesOrderInvoicing {
  return { invoiced_percent: invoicedPercent(order), invoice_count: linkedInvoiceCount(order) };
}

/**
 * What the payments of the order's linked invoices add up to: `amount_paid` (their sum) and
 * `paid_percent` = amount_paid × 100 ÷ total, two decimals rounded down, at most 100; null when the
 * total is 0 (docs/calculations.md).
 */
export function salesOrderPayments(
  total: Decimal.Value,
  amountPaid: Decimal.Value,
): { amount_paid: string; paid_percent: number | null } {
  const paid = new Decimal(amountPaid);
  const amount_paid = paid.toFixed(4);
  if (new Decimal(total).isZero()) return { amount_paid, paid_percent: null };
  const percent = paid.times(100).dividedBy(total).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  return { amount_paid, paid_percent: Decimal.min(100, Decimal.max(0, percent)).toNumber() };
}

/**
 * Invoiced units over the non-discount lines' quantities, two decimals rounded down; null without
 * such lines.
 */
export function invoicedPercent(order: SalesOrderRecord): number | null {
  const lines = order.lines.filter((line) => line.line_type !== 'discount');
  const ordered = sumOf(lines, (line) => new Decimal(line.quantity));
  if (ordered.isZero()) return lines.length === 0 ? null : 0;
  return sumOf(lines, (line) =>
    Decimal.min(line.quantity, salesOrderQuantityInvoiced(order, line.id as string)),
  )
    .times(100)
    .dividedBy(ordered)
    .toDecimalPlaces(2, Decimal.ROUND_DOWN)
    .toNumber();
}

/** A line's quantity on the order's packing lists (`shipped`: on shipped ones only). */
export function salesOrderQuantityPacked(order: SalesOrderRecord, lineId: string, shipped = false): Decimal {
  return quantityOnPackingLists(order.fulfillments, 'sales_order_line_id', lineId, shipped);
}

/** A line's quantity on the order's invoices that were not released. */
export function salesOrderQuantityInvoiced(order: SalesOrderRecord, lineId: string): Decimal {
  return order.invoices
    .filter((invoice) => invoice.released_at === null)
    .flatMap((invoice) => invoice.lines)
    .filter((entry) => entry.sales_order_line_id === lineId)
    .reduce((sum, entry) => sum.plus(entry.quantity), new Decimal(0));
}

/** What of a non-discount line is left to invoice. */
export function remainingToInvoice(order: SalesOrderRecord, line: DocumentLine): Decimal {
  return Decimal.max(
    0,
    new Decimal(line.quantity).minus(salesOrderQuantityInvoiced(order, line.id as string)),
  );
}

/** The invoices made from the order that still stand. */
export function linkedInvoiceCount(order: SalesOrderRecord): number {
  return order.invoices.filter((invoice) => invoice.released_at === null).length;
}

function sumOf(lines: readonly DocumentLine[], value: (line: DocumentLine) => Decimal): Decimal {
  return lines.reduce((sum, line) => sum.plus(value(line)), new Decimal(0));
}
