import fc from 'fast-check';
import { calculateDocument, calculateLine, DocumentCharges } from './calculate';
import { referenceDocument, referenceLine } from './calculate-reference.fixture';
import { LineDraft } from './line';

/** A decimal string with up to `scale` decimals, below `limit`, optionally negative. */
const decimalText = (scale: number, limit: bigint, negative = false) =>
  fc
    .oneof(
      fc.bigInt({ min: 0n, max: 10n ** 6n }),
      fc.bigInt({ min: 0n, max: limit * 10n ** BigInt(scale) - 1n }),
    )
    .chain((units) =>
      fc.tuple(
        fc.constant(units),
        negative ? fc.boolean() : fc.constant(false),
        fc.integer({ min: 0, max: scale }),
      ),
    )
    .map(([units, minus, shown]) => {
      const digits = units.toString().padStart(scale + 1, '0');
      const whole = digits.slice(0, -scale).replace(/^0+(?=\d)/, '');
      const fraction = digits.slice(-scale);
      // Written with `shown` or more decimals ("1.5", "1.500"), as stored and given strings are.
      const kept = fraction.replace(/0+$/, '').padEnd(shown, '0');
      return `${minus ? '-' : ''}${whole}${kept ? `.${kept}` : ''}`;
    });

const rateText = fc.oneof(
  fc.constantFrom('0', '0.000', '0.0', '8.875', '1.500', '100.000', '5'),
  decimalText(3, 1000n),
);
const moneyText = decimalText(4, 10n ** 12n);

const draft: fc.Arbitrary<LineDraft> = fc.record({
  id: fc.option(fc.uuid()),
  line_type: fc.constantFrom('inventory', 'service', 'discount'),
  item_id: fc.constant(null),
  item_variation_location_id: fc.constant(null),
  name: fc.constant('Line'),
  description: fc.constant(null),
  quantity: decimalText(4, 10n ** 12n),
  unit_id: fc.constant(null),
  unit_name: fc.constant(null),
  sku: fc.constant(null),
  variation_values: fc.constant({}),
  variation_number: fc.constant(null),
  location_name: fc.constant(null),
  unique: fc.boolean(),
  // Negative prices stand for refunds and discount lines recalculated.
  unit_price: decimalText(4, 10n ** 12n, true),
  unit_cost: fc.option(moneyText),
  discount_percent: rateText,
  tax_rate: rateText,
  tax_2_rate: rateText,
});

const charges: fc.Arbitrary<DocumentCharges> = fc.record(
  {
    discount_percent: rateText,
    shipping_fee: moneyText,
    amount_paid: decimalText(4, 10n ** 12n, true),
  },
  { requiredKeys: ['discount_percent', 'shipping_fee'] },
);

describe('the line engine against its reference copy (calculate-reference.fixture.ts)', () => {
  it('calculates every line to the same characters', () => {
    fc.assert(
      fc.property(draft, (line) => {
        expect(JSON.stringify(calculateLine(line))).toBe(JSON.stringify(referenceLine(line)));
      }),
      { numRuns: 2000 },
    );
  });

  it('calculates every document to the same characters, lines and totals', () => {
    fc.assert(
      fc.property(
        fc.array(draft, { minLength: 0, maxLength: 30 }),
        charges,
        fc.option(fc.uuid()),
        (drafts, given, id) => {
          expect(JSON.stringify(calculateDocument(drafts, given, id))).toBe(
            JSON.stringify(referenceDocument(drafts, given, id)),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('calculates a recalculated document (its own discount line among the drafts) to the same characters', () => {
    fc.assert(
      fc.property(fc.array(draft, { minLength: 1, maxLength: 10 }), charges, (drafts, given) => {
        const once = referenceDocument(drafts, given, null).lines;
        expect(JSON.stringify(calculateDocument(once, given))).toBe(
          JSON.stringify(referenceDocument(once, given)),
        );
      }),
      { numRuns: 300 },
    );
  });
});
