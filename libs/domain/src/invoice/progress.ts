import Decimal from 'decimal.js';
import { quantityOnPackingLists } from '../document/packing';
import { InvoiceEvent } from './events';
import { evolveInvoice } from './evolve';
import { eventLeaving } from '../shared/event-leaving';
import { InvoiceRecord } from './state';

/** How far a standalone invoice's inventory lines are packed and shipped (docs/calculations.md). */
export type InvoiceProgress = {
  /** 0 to 100, two decimals; 0 without inventory lines. */
  packed_percent: number;
  /** 0 to 100, a whole number rounded down; null without inventory lines. */
  shipped_percent: number | null;
};

/**
 * Packed (shipped) units over the inventory lines' quantities, each line counted up to its own
 * quantity; service lines, even when packed, do not count.
 */
export function invoiceProgress(invoice: InvoiceRecord): InvoiceProgress {
  const lines = invoice.lines.filter((line) => line.line_type === 'inventory');
  const ordered = lines.reduce((sum, line) => sum.plus(line.quantity), new Decimal(0));
  if (ordered.isZero()) return { packed_percent: 0, shipped_percent: lines.length === 0 ? null : 0 };
  const share = (shipped: boolean) =>
    lines
      .reduce(
        (sum, line) =>
          sum.plus(Decimal.min(line.quantity, quantityPacked(invoice, line.id as string, shipped))),
        new Decimal(0),
      )
      .times(100)
      .dividedBy(ordered);
  return {
    packed_percent: share(false).toDecimalPlaces(2, Decimal.ROUND_DOWN).toNumber(),
    shipped_percent: share(true).floor().toNumber(),
  };
}

/** A line's quantity on the invoice's packing lists (`shipped`: on shipped ones only). */
export function quantityPacked(invoice: InvoiceRecord, lineId: string, shipped = false): Decimal {
  return quantityOnPackingLists(invoice.fulfillments, 'invoice_line_id', lineId, shipped);
}

/** An event with the progress it leaves (the projector copies it; views derive it from state). */
export function progressAfter<E extends InvoiceEvent>(
  invoice: InvoiceRecord,
  event: Omit<E, 'data'> & { data: Omit<E['data'], keyof InvoiceProgress> },
): E {
  return eventLeaving(invoice, event, evolveInvoice, invoiceProgress);
}
