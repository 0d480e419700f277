import { calculateDocument, calculateLine, DocumentCharges } from './calculate';
import { DISCOUNT_LINE, drafts, LINE_A, serviceDraft, WIDGET } from './document-lines.fixture';

const noCharges: DocumentCharges = { discount_percent: '0.000', shipping_fee: '0.0000' };
const priced = (quantity: string, unit_price: string, over = {}) =>
  serviceDraft({ quantity, unit_price, ...over });

describe('line calculations', () => {
  describe('given a quantity and a unit price', () => {
    it('the subtotal is their product rounded half away from zero at four decimals', () => {
      expect(calculateLine(priced('3', '0.3333')).subtotal).toBe('0.9999');
      expect(calculateLine(priced('0.5', '0.0001')).subtotal).toBe('0.0001');
      // Banker's rounding would give 0.0002: half away from zero gives 0.0003.
      expect(calculateLine(priced('2.5', '0.0001')).subtotal).toBe('0.0003');
      expect(calculateLine(priced('2.4', '0.0001')).subtotal).toBe('0.0002');
    });

    it('keeps every digit of large amounts (no 20-digit precision limit)', () => {
      // decimal.js's default precision would give 121932631137021713330000.0000.
      const line = calculateLine(priced('987654321098.7654', '123456789012.3456'));
      expect(line.subtotal).toBe('121932631137021713334857.5181');
    });

    it('shows no binary floating-point artefacts', () => {
      const { totals } = calculateDocument([priced('1', '0.1000'), priced('1', '0.2000')], noCharges);
      expect(totals.subtotal).toBe('0.3000');
      expect(calculateLine(priced('3', '1.1000')).subtotal).toBe('3.3000');
    });
  });

  describe('given tax rates', () => {
    it('each tax is that rate of the line subtotal, rounded at four decimals; the total adds them', () => {
      expect(calculateLine(priced('1', '1.0000', { tax_rate: '8.875', tax_2_rate: '1.500' }))).toEqual({
        discounted_unit_price: null,
        subtotal: '1.0000',
        tax: '0.0888',
        tax_2: '0.0150',
        total: '1.1038',
        total_cost: null,
      });
    });

    it('tax_2 is not charged on tax: both are rates of the subtotal', () => {
      const line = calculateLine(priced('1', '100.0000', { tax_rate: '10.000', tax_2_rate: '5.000' }));
      expect(line).toMatchObject({ tax: '10.0000', tax_2: '5.0000', total: '115.0000' });
    });

    it('the document tax is the sum of the rounded line taxes', () => {
      const line = priced('1', '1.0000', { tax_rate: '8.875' });
      const { totals } = calculateDocument([line, line], noCharges);
      // 2 × 0.0888, not 2.0000 × 8.875 % = 0.1775 rounded once.
      expect(totals.tax).toBe('0.1776');
    });
  });

  describe("given a line's own discount", () => {
    it('the subtotal is the gross amount less that share of it; the discounted unit price is shown', () => {
      expect(calculateLine(priced('3', '19.9900', { discount_percent: '10.000' }))).toMatchObject({
        subtotal: '53.9730',
        discounted_unit_price: '17.9910',
      });
      expect(calculateLine(priced('1', '0.0005', { discount_percent: '50.000' }))).toMatchObject({
        subtotal: '0.0002',
        discounted_unit_price: '0.0003',
      });
    });
  });

  describe('given a unit cost', () => {
    it('the total cost is quantity × unit cost; lines without a cost have none', () => {
      const { lines } = calculateDocument(
        drafts([
          { item_id: WIDGET, quantity: 3 },
          { name: 'Labour', unit_price: 5 },
        ]),
        {
          discount_percent: '50.000',
          shipping_fee: '0.0000',
        },
      );
      expect(lines.map((line) => [line.unit_cost, line.total_cost])).toEqual([
        ['7.2500', '21.7500'],
        [null, null],
        [null, null],
      ]);
    });
  });
});

describe('document calculations', () => {
  const taxed = priced('1', '100.0000', { tax_rate: '10.000' });
  const untaxed = priced('2', '50.0000');

  describe('given discount_percent', () => {
    const charges = { discount_percent: '10.000', shipping_fee: '5.0000', amount_paid: '50.0000' };

    it('adds a generated discount line last: minus that share of the subtotals and of their taxes', () => {
      const { lines } = calculateDocument([taxed, untaxed], charges, DISCOUNT_LINE);
      expect(lines.map((line) => line.position)).toEqual([0, 1, 2]);
      expect(lines[2]).toEqual({
        id: DISCOUNT_LINE,
        position: 2,
        line_type: 'discount',
        item_id: null,
        item_variation_location_id: null,
        name: 'Discount',
        description: null,
        quantity: '1',
        unit_id: null,
        unit_name: 'discount',
        sku: null,
        variation_values: {},
        variation_number: null,
        location_name: null,
        unique: false,
        unit_price: '-20.0000',
        unit_cost: null,
        discount_percent: '10.000',
        tax_rate: '5.000',
        tax_2_rate: '0.000',
        discounted_unit_price: null,
        subtotal: '-20.0000',
        tax: '-1.0000',
        tax_2: '0.0000',
        total: '-21.0000',
        total_cost: null,
      });
    });

    it('the totals include the discount line, then shipping; amount due is what is left to pay', () => {
      expect(calculateDocument([taxed, untaxed], charges).totals).toEqual({
        pre_discount_subtotal: '200.0000',
        discount: '-20.0000',
        subtotal: '180.0000',
        tax: '9.0000',
        tax_2: '0.0000',
        shipping_fee: '5.0000',
        total: '194.0000',
        pre_discount_total: '210.0000',
        discount_total: '-21.0000',
        amount_paid: '50.0000',
        amount_due: '144.0000',
      });
    });

    it('rounds the discount half away from zero, as every amount', () => {
      const { lines } = calculateDocument([priced('1', '0.0001')], {
        ...noCharges,
        discount_percent: '50.000',
      });
      expect(lines[1].subtotal).toBe('-0.0001');
    });

    it('of zero adds no discount line', () => {
      const { lines, totals } = calculateDocument([taxed], noCharges);
      expect(lines.map((line) => line.line_type)).toEqual(['service']);
      expect(totals).toMatchObject({ discount: '0.0000', discount_total: '0.0000', total: '110.0000' });
    });

    it('of 100 leaves nothing but shipping to pay', () => {
      const { totals } = calculateDocument([taxed, untaxed], {
        discount_percent: '100.000',
        shipping_fee: '7.5000',
      });
      expect(totals).toMatchObject({
        subtotal: '0.0000',
        tax: '0.0000',
        total: '7.5000',
        amount_due: '7.5000',
      });
    });

    it('shows rate zero on the discount line of lines that have no subtotal', () => {
      const { lines } = calculateDocument([priced('1', '0.0000', { tax_rate: '10.000' })], charges);
      expect(lines[1]).toMatchObject({ subtotal: '0.0000', tax_rate: '0.000', total: '0.0000' });
    });
  });

  describe('given a stored document', () => {
    it('recalculates to the same lines, replacing its discount line rather than keeping it', () => {
      const charges = { discount_percent: '12.500', shipping_fee: '3.2500' };
      const first = calculateDocument([{ ...taxed, id: LINE_A }, untaxed], charges, DISCOUNT_LINE);
      const again = calculateDocument(first.lines, charges, DISCOUNT_LINE);
      expect(again).toEqual(first);
      const withoutDiscount = calculateDocument(first.lines, { ...charges, discount_percent: '0.000' });
      expect(withoutDiscount.lines).toHaveLength(2);
    });

    it('numbers positions by the order of the lines', () => {
      const { lines } = calculateDocument([untaxed, taxed, untaxed], noCharges);
      expect(lines.map((line) => line.position)).toEqual([0, 1, 2]);
    });
  });
});
