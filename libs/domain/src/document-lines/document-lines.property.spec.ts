import BaseDecimal from 'decimal.js';
import fc from 'fast-check';
import { isDomainError } from '../shared/domain-error';
import { buildLines } from './build';
import { calculateDocument, CalculatedDocument, DocumentCharges } from './calculate';
import { lineContext, serviceDraft } from './document-lines.fixture';
import { LineInput, parseLineInputs } from './input';
import { LineDraft } from './line';
import { ESTIMATE_LINE_RULES } from './rules';
import { documentLineView } from './view';

/** The checks' own arithmetic, wide enough for every generated amount. */
const Decimal = BaseDecimal.clone({ precision: 100 });

// An oracle apart from decimal.js: amounts as scaled BigInts, rounded half away from zero.

/** "12.5" at scale 4 → 125000n. */
function units(value: string, scale: number): bigint {
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const scaled = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  if (fraction.length > scale) throw new Error(`${value} has more than ${scale} decimals`);
  return value.startsWith('-') ? -scaled : scaled;
}

/** n / d rounded half away from zero (d > 0). */
function divide(n: bigint, d: bigint): bigint {
  const magnitude = n < 0n ? -n : n;
  const rounded = magnitude / d + ((magnitude % d) * 2n >= d ? 1n : 0n);
  return n < 0n ? -rounded : rounded;
}

/** 125000n → "12.5000"; zero is never negative. */
function show(amount: bigint): string {
  const magnitude = (amount < 0n ? -amount : amount).toString().padStart(5, '0');
  const text = `${magnitude.slice(0, -4)}.${magnitude.slice(-4)}`;
  return amount < 0n ? `-${text}` : text;
}

const percentOfUnits = (amount: bigint, percent: string) => divide(amount * units(percent, 3), 100_000n);

/** The expected document, computed from the formulas of docs/calculations.md. */
function oracle(lines: LineDraft[], charges: Required<DocumentCharges>) {
  const calculated = lines.map((line) => {
    const gross = divide(units(line.quantity, 4) * units(line.unit_price, 4), 10_000n);
    const subtotal = gross - percentOfUnits(gross, line.discount_percent);
    const tax = percentOfUnits(subtotal, line.tax_rate);
    const tax2 = percentOfUnits(subtotal, line.tax_2_rate);
    const cost =
      line.unit_cost === null ? null : divide(units(line.quantity, 4) * units(line.unit_cost, 4), 10_000n);
    const discounted = divide(
      units(line.unit_price, 4) * (100_000n - units(line.discount_percent, 3)),
      100_000n,
    );
    return {
      subtotal,
      tax,
      tax2,
      total: subtotal + tax + tax2,
      total_cost: cost === null ? null : show(cost),
      discounted_unit_price: units(line.discount_percent, 3) === 0n ? null : show(discounted),
    };
  });
  const total = (field: 'subtotal' | 'tax' | 'tax2' | 'total') =>
    calculated.reduce((sum, line) => sum + line[field], 0n);
  const discount = {
    subtotal: -percentOfUnits(total('subtotal'), charges.discount_percent),
    tax: -percentOfUnits(total('tax'), charges.discount_percent),
    tax2: -percentOfUnits(total('tax2'), charges.discount_percent),
  };
  const subtotal = total('subtotal') + discount.subtotal;
  const tax = total('tax') + discount.tax;
  const tax2 = total('tax2') + discount.tax2;
  const grand = subtotal + tax + tax2 + units(charges.shipping_fee, 4);
  return {
    lines: calculated.map((line) => ({
      discounted_unit_price: line.discounted_unit_price,
      total_cost: line.total_cost,
      subtotal: show(line.subtotal),
      tax: show(line.tax),
      tax_2: show(line.tax2),
      total: show(line.total),
    })),
    totals: {
      pre_discount_subtotal: show(total('subtotal')),
      discount: show(discount.subtotal),
      subtotal: show(subtotal),
      tax: show(tax),
      tax_2: show(tax2),
      shipping_fee: charges.shipping_fee,
      total: show(grand),
      pre_discount_total: show(total('total')),
      discount_total: show(discount.subtotal + discount.tax + discount.tax2),
      amount_paid: charges.amount_paid,
      amount_due: show(grand - units(charges.amount_paid, 4)),
    },
  };
}

// Generators: every value the input rules allow, with small everyday values as likely as huge ones.

const scaled = (scale: number, max: bigint, min = 0n) =>
  fc
    .oneof(fc.bigInt({ min, max: max < 10n ** 8n ? max : 10n ** 8n }), fc.bigInt({ min, max }))
    .map((value) => new Decimal(value.toString()).dividedBy(10 ** scale).toFixed(scale));
const quantity = scaled(4, 10n ** 16n - 1n, 1n).map((value) => new Decimal(value).toFixed());
const moneyValue = scaled(4, 10n ** 16n - 1n);
const rateValue = fc.oneof(fc.constant('0.000'), scaled(3, 100_000n));

const draft = fc
  .record({
    quantity,
    unit_price: moneyValue,
    unit_cost: fc.option(moneyValue),
    discount_percent: fc.oneof(fc.constant('0.000'), rateValue),
    tax_rate: rateValue,
    tax_2_rate: rateValue,
  })
  .map((amounts) => serviceDraft(amounts));

const charges = fc.record({
  discount_percent: fc.oneof(fc.constant('0.000'), rateValue),
  shipping_fee: moneyValue,
  amount_paid: moneyValue,
});

const document = fc.tuple(fc.array(draft, { minLength: 1, maxLength: 25 }), charges);

const MONEY = /^-?\d+\.\d{4}$/;
const RATE = /^\d+\.\d{3}$/;
const add = (...values: string[]) => values.reduce((sum, value) => sum.plus(value), new Decimal(0));

function everyRendering({ lines, totals }: CalculatedDocument): { money: string[]; rates: string[] } {
  const views = lines.map((line) => documentLineView(line, { object: 'estimate_line', showCost: true }));
  return {
    money: [
      ...Object.values(totals),
      ...views.flatMap((view) =>
        [view.unit_price, view.unit_cost, view.total_cost, view.discounted_unit_price, view.subtotal]
          .concat([view.tax, view.tax_2, view.total])
          .filter((value): value is string => value != null),
      ),
    ],
    rates: views.flatMap((view) => [view.discount_percent, view.tax_rate, view.tax_2_rate]),
  };
}

describe('document-line calculations, for generated documents', () => {
  it('total = subtotal + tax + tax_2 + shipping_fee, and amount_due = total − amount_paid', () => {
    fc.assert(
      fc.property(document, ([drafts, given]) => {
        const { totals } = calculateDocument(drafts, given);
        expect(
          new Decimal(totals.total).equals(
            add(totals.subtotal, totals.tax, totals.tax_2, totals.shipping_fee),
          ),
        ).toBe(true);
        expect(new Decimal(totals.amount_due).equals(add(totals.total, `-${totals.amount_paid}`))).toBe(true);
        expect(
          new Decimal(totals.total).equals(
            add(totals.pre_discount_total, totals.discount_total, totals.shipping_fee),
          ),
        ).toBe(true);
      }),
    );
  });

  it('subtotal, tax and tax_2 are the sums of the lines’ (the discount line’s included)', () => {
    fc.assert(
      fc.property(document, ([drafts, given]) => {
        const { lines, totals } = calculateDocument(drafts, given);
        expect(add(...lines.map((line) => line.subtotal)).equals(totals.subtotal)).toBe(true);
        expect(add(...lines.map((line) => line.tax)).equals(totals.tax)).toBe(true);
        expect(add(...lines.map((line) => line.tax_2)).equals(totals.tax_2)).toBe(true);
        expect(add(totals.pre_discount_subtotal, totals.discount).equals(totals.subtotal)).toBe(true);
        for (const line of lines)
          expect(add(line.subtotal, line.tax, line.tax_2).equals(line.total)).toBe(true);
      }),
    );
  });

  it('every amount equals the exact decimal computation (no binary floating point, no lost digits)', () => {
    fc.assert(
      fc.property(document, ([drafts, given]) => {
        const { lines, totals } = calculateDocument(drafts, given);
        const expected = oracle(drafts, given);
        expect(totals).toEqual(expected.totals);
        expect(
          lines
            .filter((line) => line.line_type !== 'discount')
            .map(({ discounted_unit_price, total_cost, subtotal, tax, tax_2, total }) => ({
              ...{ discounted_unit_price, total_cost, subtotal, tax, tax_2, total },
            })),
        ).toEqual(expected.lines);
      }),
    );
  });

  it('renders every money string with exactly four decimals and every rate with three', () => {
    fc.assert(
      fc.property(document, ([drafts, given]) => {
        const { money, rates } = everyRendering(calculateDocument(drafts, given));
        expect(money.filter((value) => !MONEY.test(value) || /^-0\.0+$/.test(value))).toEqual([]);
        expect(rates.filter((value) => !RATE.test(value))).toEqual([]);
      }),
    );
  });

  it('discounts by at most the subtotal, at the subtotal-weighted rate of the lines', () => {
    fc.assert(
      fc.property(document, ([drafts, given]) => {
        const { lines, totals } = calculateDocument(drafts, given);
        expect(new Decimal(totals.discount).lessThanOrEqualTo(0)).toBe(true);
        expect(new Decimal(totals.discount).abs().lessThanOrEqualTo(totals.pre_discount_subtotal)).toBe(true);
        const discount = lines.find((line) => line.line_type === 'discount');
        // Lines without subtotal give no weights: the discount line then shows rate zero (calculate.spec).
        if (!discount || new Decimal(totals.pre_discount_subtotal).isZero()) return;
        const rates = drafts.map((line) => new Decimal(line.tax_rate));
        expect(new Decimal(discount.tax_rate).greaterThanOrEqualTo(Decimal.min(...rates))).toBe(true);
        expect(new Decimal(discount.tax_rate).lessThanOrEqualTo(Decimal.max(...rates))).toBe(true);
      }),
    );
  });

  it('recalculating a calculated document changes nothing', () => {
    fc.assert(
      fc.property(document, ([drafts, given]) => {
        const first = calculateDocument(drafts, given, 'discount-line');
        expect(calculateDocument(first.lines, given, 'discount-line')).toEqual(first);
      }),
    );
  });

  it('takes JSON numbers as the decimals they spell: 0.1 and 0.2 make 0.3', () => {
    const jsonAmount = (scale: number, max: number) =>
      fc.integer({ min: 0, max }).map((value) => Number(new Decimal(value).dividedBy(10 ** scale).toFixed()));
    const line = fc.record({
      name: fc.constant('Labour'),
      quantity: jsonAmount(4, 10_000_000_000).filter((value) => value > 0),
      unit_price: jsonAmount(4, 100_000_000_000),
      tax_rate: jsonAmount(3, 100_000),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 20 }),
        jsonAmount(3, 100_000),
        (lines, percent) => {
          const inputs = parseLineInputs(lines, ESTIMATE_LINE_RULES) as LineInput[];
          const built = buildLines(inputs, lineContext(), ESTIMATE_LINE_RULES) as LineDraft[];
          expect(isDomainError(built)).toBe(false);
          const given = { discount_percent: String(percent), shipping_fee: '0', amount_paid: '0' };
          const spelled = lines.map((entry) =>
            serviceDraft({
              quantity: String(entry.quantity),
              unit_price: String(entry.unit_price),
              tax_rate: String(entry.tax_rate),
              tax_2_rate: '1.5',
            }),
          );
          const { totals } = calculateDocument(built, given);
          expect(totals).toEqual({
            ...oracle(spelled, given).totals,
            shipping_fee: '0.0000',
            amount_paid: '0.0000',
          });
        },
      ),
    );
    const inputs = parseLineInputs(
      [
        { name: 'a', unit_price: 0.1 },
        { name: 'b', unit_price: 0.2 },
      ],
      ESTIMATE_LINE_RULES,
    ) as LineInput[];
    const built = buildLines(
      inputs,
      lineContext({ defaultRates: { tax_rate: '0.000', tax_2_rate: '0.000' } }),
      ESTIMATE_LINE_RULES,
    );
    expect(
      calculateDocument(built as LineDraft[], { discount_percent: '0', shipping_fee: '0' }).totals.total,
    ).toBe('0.3000');
  });
});
