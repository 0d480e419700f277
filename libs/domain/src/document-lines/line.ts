/** `discount` lines are generated from the document's `discount_percent`, never written by clients. */
export const LINE_TYPES = ['inventory', 'service', 'discount'] as const;
export type LineType = (typeof LINE_TYPES)[number];

/**
 * A line as a document stores it, before its amounts are calculated. Money is a four-decimal
 * string, rates three-decimal strings, the quantity a plain decimal string ("2.5"). The item's
 * data is a snapshot taken when the line was built: later changes to the item do not alter it.
 */
export type LineDraft = {
  /** A kept line's id; null for a new line until the document names it (a preview leaves it null). */
  id: string | null;
  line_type: LineType;
  item_id: string | null;
  item_variation_location_id: number | null;
  name: string | null;
  description: string | null;
  quantity: string;
  unit_id: number | null;
  unit_name: string | null;
  sku: string | null;
  /** Attribute label → value label, as the variation showed them when the line was built. */
  variation_values: Record<string, string>;
  variation_number: number | null;
  location_name: string | null;
  /** A unique item's line: its quantity is always 1 (kept so an edit can check it without the item). */
  unique: boolean;
  /** What one unit is charged at: the selling price (sales documents) or the cost (purchase orders). */
  unit_price: string;
  /** The item's cost per unit when the line was built; null for service and discount lines. */
  unit_cost: string | null;
  /** The line's own discount ("0.000" unless a document type lets clients set one). */
  discount_percent: string;
  tax_rate: string;
  tax_2_rate: string;
};

/** What `calculateLine` derives from a draft (docs/calculations.md). */
export type LineAmounts = {
  /** Null when the line has no discount of its own. */
  discounted_unit_price: string | null;
  subtotal: string;
  tax: string;
  tax_2: string;
  total: string;
  /** Null when the line has no unit cost. */
  total_cost: string | null;
};

/** A calculated line in its document: zero-based position in stored order, the discount line last. */
export type DocumentLine = LineDraft & LineAmounts & { position: number };

/** What a line keeps of its item besides its name, description and prices: how it is counted and labelled. */
export type ItemLabels = Pick<
  LineDraft,
  'unit_id' | 'unit_name' | 'sku' | 'variation_values' | 'variation_number' | 'location_name'
>;

/** A line's item labels, copied. */
export function itemLabelsOf(line: ItemLabels): ItemLabels {
  return {
    unit_id: line.unit_id,
    unit_name: line.unit_name,
    sku: line.sku,
    variation_values: { ...line.variation_values },
    variation_number: line.variation_number,
    location_name: line.location_name,
  };
}

/** Only the draft's own fields: stale amounts and unknown keys of a stored line are left behind. */
export function draftOf(line: LineDraft): LineDraft {
  return {
    id: line.id,
    line_type: line.line_type,
    item_id: line.item_id,
    item_variation_location_id: line.item_variation_location_id,
    name: line.name,
    description: line.description,
    quantity: line.quantity,
    ...itemLabelsOf(line),
    unique: line.unique,
    unit_price: line.unit_price,
    unit_cost: line.unit_cost,
    discount_percent: line.discount_percent,
    tax_rate: line.tax_rate,
    tax_2_rate: line.tax_2_rate,
  };
}
