import { DocumentTotals } from '../document-lines';

/**
 * The one list of the totals a sales document records in its events: each list table has one
 * numeric column per name, in this order, so the order is part of the tables.
 */
export const DOCUMENT_AMOUNTS = [
  'pre_discount_subtotal',
  'discount',
  'subtotal',
  'tax',
  'tax_2',
  'total',
] as const satisfies readonly (keyof DocumentTotals)[];

/** The amounts with the tax-inclusive pair: invoices, sales and purchase orders record these. */
export const TAX_INCLUSIVE_DOCUMENT_AMOUNTS = [
  ...DOCUMENT_AMOUNTS,
  'pre_discount_total',
  'discount_total',
] as const satisfies readonly (keyof DocumentTotals)[];

/** The amounts a document shows, four-decimal strings, each following from its lines (docs/calculations.md). */
export type DocumentAmounts = Pick<DocumentTotals, (typeof DOCUMENT_AMOUNTS)[number]>;

/** The amounts of TAX_INCLUSIVE_DOCUMENT_AMOUNTS. */
export type TaxInclusiveDocumentAmounts = Pick<
  DocumentTotals,
  (typeof TAX_INCLUSIVE_DOCUMENT_AMOUNTS)[number]
>;
