import { money, rate } from '../shared/money';
import { DocumentLine, itemLabelsOf } from './line';

/** A line as the API returns it (documents-api §2, `estimate_line` and its kin). */
export type DocumentLineView = Omit<DocumentLine, 'quantity' | 'unique' | 'unit_cost' | 'total_cost'> & {
  object: string;
  quantity: number;
  thumbnail_url: string | null;
  unit_cost?: string | null;
  total_cost?: string | null;
};

export type LineViewOptions = {
  /** `estimate_line`, `invoice_line`, `sales_order_line`, `purchase_order_line`. */
  object: string;
  /** `unit_cost.view`: without it `unit_cost` and `total_cost` are left out. */
  showCost: boolean;
  /** The item's current thumbnail (a live value, not stored on the line); null when none. */
  thumbnailUrl?: string | null;
  /** The item's current SKU (a live value) in place of the stored one, when given. */
  sku?: string | null;
};

/** Money always with four decimals and rates with three, whatever the stored spelling. */
export function documentLineView(line: DocumentLine, options: LineViewOptions): DocumentLineView {
  return {
    id: line.id,
    object: options.object,
    item_id: line.item_id,
    item_variation_location_id: line.item_variation_location_id,
    line_type: line.line_type,
    name: line.name,
    description: line.description,
    quantity: Number(line.quantity),
    ...itemLabelsOf(line),
    ...(options.sku === undefined ? {} : { sku: options.sku }),
    thumbnail_url: options.thumbnailUrl ?? null,
    position: line.position,
    unit_price: money(line.unit_price),
    ...(options.showCost ? { unit_cost: orNull(line.unit_cost), total_cost: orNull(line.total_cost) } : {}),
    discount_percent: rate(line.discount_percent),
    tax_rate: rate(line.tax_rate),
    tax_2_rate: rate(line.tax_2_rate),
    discounted_unit_price: orNull(line.discounted_unit_price),
    subtotal: money(line.subtotal),
    tax: money(line.tax),
    tax_2: money(line.tax_2),
    total: money(line.total),
  };
}

function orNull(amount: string | null): string | null {
  return amount === null ? null : money(amount);
}
