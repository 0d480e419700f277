import Decimal from 'decimal.js';
import { money, rate } from '../shared/money';
import { Exact, exactSum, percentOf, roundMoney } from './exact';
import { DocumentLine, draftOf, LineAmounts, LineDraft } from './line';

/** A document's own amounts besides its lines: three-decimal `discount_percent`, four-decimal money. */
export type DocumentCharges = {
  discount_percent: string;
  shipping_fee: string;
  /** Payments less refunds (invoices, sales and purchase orders); "0.0000" when omitted. */
  amount_paid?: string;
};

/** Every document amount, four-decimal strings (docs/calculations.md). */
export type DocumentTotals = {
  /** The lines before the generated discount line. */
  pre_discount_subtotal: string;
  /** The discount line's subtotal: zero or negative. */
  discount: string;
  /** Every line's subtotal, the discount line's included. */
  subtotal: string;
  tax: string;
  tax_2: string;
  shipping_fee: string;
  total: string;
  /** The lines' totals before the discount and without shipping. */
  pre_discount_total: string;
  /** The discount line's total (its subtotal and the taxes it removes): zero or negative. */
  discount_total: string;
  amount_paid: string;
  amount_due: string;
};

export type CalculatedDocument = { lines: DocumentLine[]; totals: DocumentTotals };

export const DISCOUNT_LINE_NAME = 'Discount';

/**
 * A line's amounts: subtotal = quantity × unit price less the line's own discount, taxes on the
 * subtotal, each rounded half away from zero at four decimals; the total adds them exactly.
 */
export function calculateLine(line: LineDraft): LineAmounts {
  return exactLine(line).amounts;
}

/** A line's amounts, and the four a document sums as the decimals they were written from. */
type ExactLine<A = LineAmounts> = { amounts: A; sums: LineSums };
type LineSums = { subtotal: Decimal; tax: Decimal; tax_2: Decimal; total: Decimal };

const ZERO = new Exact(0);

function exactLine(line: LineDraft): ExactLine {
  const quantity = new Exact(line.quantity); // read once: the gross and the total cost both need it
  const gross = roundMoney(quantity.times(line.unit_price));
  const discounted = !isZeroRate(line.discount_percent);
  const subtotal = discounted ? gross.minus(percentOf(gross, line.discount_percent)) : gross;
  const tax = rateOf(subtotal, line.tax_rate);
  const tax2 = rateOf(subtotal, line.tax_2_rate);
  const total = subtotal.plus(tax).plus(tax2);
  return {
    amounts: {
      discounted_unit_price: discounted
        ? rounded(
            roundMoney(new Exact(100).minus(line.discount_percent).times(line.unit_price).dividedBy(100)),
          )
        : null,
      subtotal: rounded(subtotal),
      tax: rounded(tax),
      tax_2: rounded(tax2),
      total: rounded(total),
      total_cost: line.unit_cost === null ? null : rounded(roundMoney(quantity.times(line.unit_cost))),
    },
    sums: { subtotal, tax, tax_2: tax2, total },
  };
}

/** Rates are three-decimal strings; most lines carry zeros, which need no arithmetic. */
function isZeroRate(value: string): boolean {
  return /^0(\.0*)?$/.test(value);
}

function rateOf(amount: Decimal, percent: string): Decimal {
  return isZeroRate(percent) ? ZERO : percentOf(amount, percent);
}

/** A sum or product already rounded to four decimals, written as money (never "-0.0000"). */
function rounded(value: Decimal): string {
  return money(value);
}

/**
 * The document's lines with their amounts, in the drafts' order, followed by the generated
 * discount line when `discount_percent` is above zero, and the totals. Discount lines among the
 * drafts (a stored document recalculated) are replaced, not kept: there is one, generated here.
 */
export function calculateDocument(
  drafts: readonly LineDraft[],
  charges: DocumentCharges,
  discountLineId: string | null = null,
): CalculatedDocument {
  const lines: DocumentLine[] = [];
  const sums: LineSums[] = [];
  for (const draft of drafts) {
    if (draft.line_type === 'discount') continue;
    const line = exactLine(draft);
    lines.push({ ...draftOf(draft), position: lines.length, ...line.amounts });
    sums.push(line.sums);
  }
  // The totals add the decimals the line strings were written from: the same values, not read again.
  const discount = exactDiscountLine(lines, sums, charges.discount_percent, discountLineId);
  if (discount === null) return { lines, totals: totalsOf(sums, [], charges) };
  return { lines: [...lines, discount.amounts], totals: totalsOf(sums, [discount.sums], charges) };
}

/**
 * The generated line that carries `discount_percent`: minus that share of the other lines'
 * subtotals, and minus the same share of their taxes (tax is owed on discounted amounts). Its
 * rates show the subtotal-weighted rates of the lines it discounts. Given the lines' amounts as
 * decimals (`sums[i]` is `lines[i]`'s).
 */
function exactDiscountLine(
  lines: readonly DocumentLine[],
  sums: readonly LineSums[],
  discountPercent: string,
  id: string | null,
): ExactLine<DocumentLine> | null {
  if (new Exact(discountPercent).isZero()) return null;
  const base = sumOf(sums, 'subtotal');
  const subtotal = percentOf(base, discountPercent).negated();
  const tax = percentOf(sumOf(sums, 'tax'), discountPercent).negated();
  const tax2 = percentOf(sumOf(sums, 'tax_2'), discountPercent).negated();
  const total = subtotal.plus(tax).plus(tax2);
  const line: DocumentLine = {
    id,
    position: lines.length,
    line_type: 'discount',
    item_id: null,
    item_variation_location_id: null,
    name: DISCOUNT_LINE_NAME,
    description: null,
    quantity: '1',
    unit_id: null,
    unit_name: 'discount',
    sku: null,
    variation_values: {},
    variation_number: null,
    location_name: null,
    unique: false,
    unit_price: money(subtotal),
    unit_cost: null,
    discount_percent: rate(discountPercent),
    tax_rate: weightedRate(lines, sums, 'tax_rate', base),
    tax_2_rate: weightedRate(lines, sums, 'tax_2_rate', base),
    discounted_unit_price: null,
    subtotal: money(subtotal),
    tax: money(tax),
    tax_2: money(tax2),
    total: money(total),
    total_cost: null,
  };
  return { amounts: line, sums: { subtotal, tax, tax_2: tax2, total } };
}

/** Σ(subtotal × rate) / Σ subtotal: the one rate of lines that share it; shown, never charged. */
function weightedRate(
  lines: readonly DocumentLine[],
  sums: readonly LineSums[],
  field: 'tax_rate' | 'tax_2_rate',
  base: Decimal,
): string {
  if (base.isZero()) return rate(0);
  return rate(exactSum(lines.map((line, i) => sums[i].subtotal.times(line[field]))).dividedBy(base));
}

/**
 * The document's amounts: sums of its rounded line amounts (the regular lines' and the discount
 * line's, as decimals), so no further rounding happens.
 */
function totalsOf(
  regular: readonly LineSums[],
  discounts: readonly LineSums[],
  charges: DocumentCharges,
): DocumentTotals {
  const preDiscountSubtotal = sumOf(regular, 'subtotal');
  const discount = sumOf(discounts, 'subtotal');
  // Sums of four-decimal amounts are exact, so adding the two groups equals adding every line.
  const subtotal = preDiscountSubtotal.plus(discount);
  const tax = sumOf(regular, 'tax').plus(sumOf(discounts, 'tax'));
  const tax2 = sumOf(regular, 'tax_2').plus(sumOf(discounts, 'tax_2'));
  const shipping = roundMoney(charges.shipping_fee);
  const paid = roundMoney(charges.amount_paid ?? 0);
  const total = subtotal.plus(tax).plus(tax2).plus(shipping);
  return {
    pre_discount_subtotal: money(preDiscountSubtotal),
    discount: money(discount),
    subtotal: money(subtotal),
    tax: money(tax),
    tax_2: money(tax2),
    shipping_fee: money(shipping),
    total: money(total),
    pre_discount_total: money(sumOf(regular, 'total')),
    discount_total: money(sumOf(discounts, 'total')),
    amount_paid: money(paid),
    amount_due: money(total.minus(paid)),
  };
}

function sumOf(sums: readonly LineSums[], field: keyof LineSums): Decimal {
  return exactSum(sums.map((line) => line[field]));
}
