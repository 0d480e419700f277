import Decimal from 'decimal.js';
import { MONEY_DECIMALS, ROUNDING, money, rate } from '../shared/money';
import { CalculatedDocument, DISCOUNT_LINE_NAME, DocumentCharges, DocumentTotals } from './calculate';
import { Exact } from './exact';
import { DocumentLine, draftOf, LineAmounts, LineDraft } from './line';

/*
 * The line engine as it was before its decimal work was trimmed (a Decimal read once instead of
 * twice, sums of the decimals instead of the strings, rates divided by 100 once), kept for the
 * property test that requires the two to agree to the character. Do not optimise this copy.
 */

/** The one rounding point: half away from zero at four decimals (docs/calculations.md). */
function roundMoney(value: Decimal.Value): Decimal {
  return new Exact(value).toDecimalPlaces(MONEY_DECIMALS, ROUNDING);
}

/** `percent` % of `amount`, rounded as money. */
function percentOf(amount: Decimal.Value, percent: Decimal.Value): Decimal {
  return roundMoney(new Exact(amount).times(percent).dividedBy(100));
}

/** The exact sum of decimal strings (rounded amounts add up without a further rounding). */
function exactSum(values: readonly Decimal.Value[]): Decimal {
  return values.reduce<Decimal>((total, value) => total.plus(value), new Exact(0));
}

/**
 * A line's amounts: subtotal = quantity × unit price less the line's own discount, taxes on the
 * subtotal, each rounded half away from zero at four decimals; the total adds them exactly.
 */
export function referenceLine(line: LineDraft): LineAmounts {
  const gross = roundMoney(new Exact(line.quantity).times(line.unit_price));
  const discounted = !isZeroRate(line.discount_percent);
  const subtotal = discounted ? gross.minus(percentOf(gross, line.discount_percent)) : gross;
  const tax = rateOf(subtotal, line.tax_rate);
  const tax2 = rateOf(subtotal, line.tax_2_rate);
  return {
    discounted_unit_price: discounted
      ? rounded(roundMoney(new Exact(100).minus(line.discount_percent).times(line.unit_price).dividedBy(100)))
      : null,
    subtotal: rounded(subtotal),
    tax: rounded(tax),
    tax_2: rounded(tax2),
    total: rounded(subtotal.plus(tax).plus(tax2)),
    total_cost:
      line.unit_cost === null ? null : rounded(roundMoney(new Exact(line.quantity).times(line.unit_cost))),
  };
}

/** Rates are three-decimal strings; most lines carry zeros, which need no arithmetic. */
function isZeroRate(value: string): boolean {
  return /^0(\.0*)?$/.test(value);
}

function rateOf(amount: Decimal, percent: string): Decimal {
  return isZeroRate(percent) ? new Exact(0) : percentOf(amount, percent);
}

/** A sum or product already rounded to four decimals, written as money (never "-0.0000"). */
function rounded(value: Decimal): string {
  return value.isZero() ? money(0) : value.toFixed(MONEY_DECIMALS);
}

/**
 * The document's lines with their amounts, in the drafts' order, followed by the generated
 * discount line when `discount_percent` is above zero, and the totals. Discount lines among the
 * drafts (a stored document recalculated) are replaced, not kept: there is one, generated here.
 */
export function referenceDocument(
  drafts: readonly LineDraft[],
  charges: DocumentCharges,
  discountLineId: string | null = null,
): CalculatedDocument {
  const lines: DocumentLine[] = drafts
    .filter((draft) => draft.line_type !== 'discount')
    .map((draft, position) => ({ ...draftOf(draft), position, ...referenceLine(draft) }));
  const discount = discountLine(lines, charges.discount_percent, discountLineId);
  const all = discount ? [...lines, discount] : lines;
  return { lines: all, totals: documentTotals(all, charges) };
}

/**
 * The generated line that carries `discount_percent`: minus that share of the other lines'
 * subtotals, and minus the same share of their taxes (tax is owed on discounted amounts). Its
 * rates show the subtotal-weighted rates of the lines it discounts.
 */
function discountLine(
  lines: readonly DocumentLine[],
  discountPercent: string,
  id: string | null = null,
): DocumentLine | null {
  if (new Exact(discountPercent).isZero()) return null;
  const base = exactSum(lines.map((line) => line.subtotal));
  const subtotal = percentOf(base, discountPercent).negated();
  const tax = percentOf(exactSum(lines.map((line) => line.tax)), discountPercent).negated();
  const tax2 = percentOf(exactSum(lines.map((line) => line.tax_2)), discountPercent).negated();
  return {
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
    tax_rate: weightedRate(lines, 'tax_rate', base),
    tax_2_rate: weightedRate(lines, 'tax_2_rate', base),
    discounted_unit_price: null,
    subtotal: money(subtotal),
    tax: money(tax),
    tax_2: money(tax2),
    total: money(subtotal.plus(tax).plus(tax2)),
    total_cost: null,
  };
}

/** Σ(subtotal × rate) / Σ subtotal: the one rate of lines that share it; shown, never charged. */
function weightedRate(
  lines: readonly DocumentLine[],
  field: 'tax_rate' | 'tax_2_rate',
  base: Decimal,
): string {
  if (base.isZero()) return rate(0);
  return rate(exactSum(lines.map((line) => new Exact(line.subtotal).times(line[field]))).dividedBy(base));
}

/** The document's amounts: sums of its rounded line amounts, so no further rounding happens. */
function documentTotals(lines: readonly DocumentLine[], charges: DocumentCharges): DocumentTotals {
  const regular = lines.filter((line) => line.line_type !== 'discount');
  const discounts = lines.filter((line) => line.line_type === 'discount');
  const subtotal = exactSum(lines.map((line) => line.subtotal));
  const tax = exactSum(lines.map((line) => line.tax));
  const tax2 = exactSum(lines.map((line) => line.tax_2));
  const shipping = roundMoney(charges.shipping_fee);
  const paid = roundMoney(charges.amount_paid ?? 0);
  const total = subtotal.plus(tax).plus(tax2).plus(shipping);
  return {
    pre_discount_subtotal: money(exactSum(regular.map((line) => line.subtotal))),
    discount: money(exactSum(discounts.map((line) => line.subtotal))),
    subtotal: money(subtotal),
    tax: money(tax),
    tax_2: money(tax2),
    shipping_fee: money(shipping),
    total: money(total),
    pre_discount_total: money(exactSum(regular.map((line) => line.total))),
    discount_total: money(exactSum(discounts.map((line) => line.total))),
    amount_paid: money(paid),
    amount_due: money(total.minus(paid)),
  };
}
