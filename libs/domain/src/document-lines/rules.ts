/**
 * How one document type takes its lines: the same engine serves estimates, invoices, sales orders
 * and purchase orders, which differ only in these (documents-api §4, §8).
 */
export type LineRules = {
  /** The body field holding the lines, which starts every `param` (`lines.0.quantity`). */
  field: string;
  /** Lines per request: 500 for estimates, 100 for the others. */
  maxLines: number;
  /** The 422 code for a field a line does not take (`unsupported_estimate_field`). */
  unsupportedCode: string;
  /** The input key of the per-unit amount: `unit_price` (sales) or `unit_cost` (purchases). */
  priceField: 'unit_price' | 'unit_cost';
  /** What an inventory line is charged at unless a price is given: the item's price or its cost. */
  itemPrice: 'price' | 'cost';
  /**
   * Inventory lines always take the item's description (`item`), or take a given one, "" or null
   * clearing it (`given`; omitted still means the item's).
   */
  inventoryDescription: 'item' | 'given';
  /**
   * A kept inventory line whose entry omits `description` takes the item's current one again
   * (sales and purchase orders), instead of keeping its own.
   */
  restoreItemDescription?: boolean;
};

const SALES: Omit<LineRules, 'maxLines' | 'unsupportedCode'> = {
  field: 'lines',
  priceField: 'unit_price',
  itemPrice: 'price',
  inventoryDescription: 'item',
};

export const ESTIMATE_LINE_RULES: LineRules = Object.freeze({
  ...SALES,
  maxLines: 500,
  unsupportedCode: 'unsupported_estimate_field',
});

export const INVOICE_LINE_RULES: LineRules = Object.freeze({
  ...SALES,
  maxLines: 100,
  unsupportedCode: 'unsupported_invoice_field',
});

/**
 * Sales-order updates let "" clear an inventory line's description, and a kept line whose entry
 * omits it takes the item's current one (documents-api §4, sales-order line replacement).
 */
export const SALES_ORDER_LINE_RULES: LineRules = Object.freeze({
  ...SALES,
  maxLines: 100,
  unsupportedCode: 'unsupported_sales_order_field',
  inventoryDescription: 'given',
  restoreItemDescription: true,
});

/** Purchase orders charge the item's resolved cost, overridable through `unit_cost`. */
export const PURCHASE_ORDER_LINE_RULES: LineRules = Object.freeze({
  field: 'lines',
  maxLines: 100,
  unsupportedCode: 'unsupported_purchase_order_field',
  priceField: 'unit_cost',
  itemPrice: 'cost',
  inventoryDescription: 'given',
  restoreItemDescription: true,
});
