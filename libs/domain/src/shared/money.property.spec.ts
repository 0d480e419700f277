import Decimal from 'decimal.js';
import fc from 'fast-check';
import { money, rate, ROUNDING } from './money';
import { percentage } from './parsers';
import { isDomainError } from './domain-error';

/** Decimal strings of any size and precision, e.g. "-12345678901234567890.123456789". */
const decimalString = (maxDecimals: number) =>
  fc
    .tuple(
      fc.boolean(),
      fc.bigInt({ min: 0n, max: 10n ** 24n }),
      fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: maxDecimals }),
    )
    .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);

const finiteNumber = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 });

const renderings = [
  { name: 'money', render: money, places: 4, shape: /^-?\d+\.\d{4}$/ },
  { name: 'rate', render: rate, places: 3, shape: /^-?\d+\.\d{3}$/ },
];

describe.each(renderings)('$name rendering', ({ render, places, shape }) => {
  it('always has exactly the fixed decimals, and never renders a negative zero', () => {
    fc.assert(
      fc.property(fc.oneof(decimalString(12), finiteNumber), (value) => {
        const rendered = render(value);
        expect(rendered).toMatch(shape);
        expect(rendered).not.toMatch(/^-0\.0+$/);
      }),
    );
  });

  it('renders a decimal.js value (of any precision) as the same string as its decimal string', () => {
    const Wide = Decimal.clone({ precision: 64 });
    const tiny = fc.integer({ min: 1, max: 9999 }).map((n) => `0.${String(n).padStart(places + 2, '0')}`);
    fc.assert(
      fc.property(fc.oneof(decimalString(places), decimalString(12), tiny), (value) => {
        // A string not canonical takes the rounding path: the reference for the decimal's rendering.
        const reference = render(value.includes('.') ? `${value}0` : `${value}.0`);
        expect(render(new Decimal(value))).toBe(reference);
        expect(render(new Wide(value))).toBe(reference);
        expect(render(new Wide(value).times('1e30').dividedBy('1e30'))).toBe(reference);
      }),
    );
  });

  it('is the value rounded half away from zero at the fixed decimals', () => {
    fc.assert(
      fc.property(decimalString(12), (value) => {
        const expected = new Decimal(value).toDecimalPlaces(places, ROUNDING);
        expect(new Decimal(render(value)).equals(expected)).toBe(true);
      }),
    );
  });

  it('round-trips exactly through decimal.js when the value has no more decimals', () => {
    fc.assert(
      fc.property(decimalString(places), (value) => {
        expect(new Decimal(render(value)).equals(new Decimal(value))).toBe(true);
        expect(render(render(value))).toBe(render(value));
      }),
    );
  });

  it('shows no binary floating-point artefacts for JSON numbers', () => {
    fc.assert(
      fc.property(finiteNumber, (value) => {
        // A JSON number means its shortest decimal spelling, which is what String() gives.
        expect(render(value)).toBe(render(String(value)));
      }),
    );
    expect(render(0.1 + 0.2)).toBe(places === 4 ? '0.3000' : '0.300');
    expect(render(1.005)).toBe(places === 4 ? '1.0050' : '1.005');
  });

  it('refuses what is not a finite amount', () => {
    expect(() => render(NaN)).toThrow(RangeError);
    expect(() => render(Infinity)).toThrow(RangeError);
  });
});

describe('percentage input', () => {
  const parse = percentage();

  it('stores every rate from 0 to 100 with up to three decimals as its exact three-decimal string', () => {
    const rateValue = fc
      .tuple(fc.integer({ min: 0, max: 100_000 }), fc.boolean())
      .map(([thousandths, asString]) => {
        const text = new Decimal(thousandths).dividedBy(1000).toString();
        return asString ? text : Number(text);
      });
    fc.assert(
      fc.property(rateValue, (value) => {
        const stored = parse(value, 'tax_rate');
        expect(isDomainError(stored)).toBe(false);
        expect(stored).toBe(rate(value));
        expect(new Decimal(stored as string).equals(new Decimal(value))).toBe(true);
      }),
    );
  });

  it('refuses rates with more than three decimals rather than rounding them silently', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 99_999 }),
        (last, thousandths) => {
          const value = `${new Decimal(thousandths).dividedBy(1000).toFixed(3)}${last}`;
          expect(parse(value, 'tax_rate')).toMatchObject({ status: 422, param: 'tax_rate' });
        },
      ),
    );
  });
});
