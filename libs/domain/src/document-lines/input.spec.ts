import { parseLineInputs } from './input';
import { WIDGET, LINE_A } from './document-lines.fixture';
import { ESTIMATE_LINE_RULES, INVOICE_LINE_RULES, PURCHASE_ORDER_LINE_RULES } from './rules';

const estimate = (lines: unknown) => parseLineInputs(lines, ESTIMATE_LINE_RULES);
const refusal = (param: string, code = 'validation_failed') => ({ status: 422, code, param });
const service = { name: 'Labour', unit_price: 10 };

describe('line input', () => {
  describe('given the lines of a request', () => {
    it('refuses what is not an array of 1 to the document limit of lines', () => {
      expect(estimate(undefined)).toMatchObject(refusal('lines'));
      expect(estimate({})).toMatchObject(refusal('lines'));
      expect(estimate([])).toMatchObject(refusal('lines'));
      expect(estimate(Array(501).fill(service))).toMatchObject(refusal('lines'));
      expect(estimate(Array(500).fill(service))).toHaveLength(500);
    });

    it('takes at most 100 lines on the other documents', () => {
      expect(parseLineInputs(Array(101).fill(service), INVOICE_LINE_RULES)).toMatchObject(refusal('lines'));
      expect(parseLineInputs(Array(100).fill(service), INVOICE_LINE_RULES)).toHaveLength(100);
    });

    it('names the entry that is not an object', () => {
      expect(estimate([service, 'labour'])).toMatchObject(refusal('lines.1'));
      expect(estimate([null])).toMatchObject(refusal('lines.0'));
      expect(estimate([[service]])).toMatchObject(refusal('lines.0'));
    });

    it("refuses a field a line does not take with the document's unsupported-field code", () => {
      const code = 'unsupported_estimate_field';
      expect(estimate([{ ...service, subtotal: '10' }])).toMatchObject(refusal('lines.0.subtotal', code));
      expect(estimate([service, { ...service, line_type: 'discount' }])).toMatchObject(
        refusal('lines.1.line_type', code),
      );
      expect(estimate([{ ...service, discount_percent: 5 }])).toMatchObject(
        refusal('lines.0.discount_percent', code),
      );
      expect(estimate([{ ...service, unit_cost: 5 }])).toMatchObject(refusal('lines.0.unit_cost', code));
    });

    it('reads the per-unit amount of a purchase order from unit_cost', () => {
      const rules = PURCHASE_ORDER_LINE_RULES;
      expect(parseLineInputs([{ name: 'Freight', unit_cost: 3.5 }], rules)).toEqual([
        { name: 'Freight', unit_price: '3.5000' },
      ]);
      expect(parseLineInputs([service], rules)).toMatchObject(
        refusal('lines.0.unit_price', 'unsupported_purchase_order_field'),
      );
    });
  });

  describe('when a line is parsed', () => {
    it('keeps only what was given, normalised', () => {
      expect(
        estimate([
          {
            item_id: WIDGET.toUpperCase(),
            item_variation_location_id: 7,
            quantity: '2.50',
            unit_price: '12.5',
            tax_rate: 8.875,
            tax_2_rate: '0',
          },
        ]),
      ).toEqual([
        {
          item_id: WIDGET,
          item_variation_location_id: 7,
          quantity: '2.5',
          unit_price: '12.5000',
          tax_rate: '8.875',
          tax_2_rate: '0.000',
        },
      ]);
      expect(estimate([{ name: 'Labour' }])).toEqual([{ name: 'Labour' }]);
    });

    it('reads an item_id of null, a blank name and a blank description as none', () => {
      expect(estimate([{ item_id: null, name: ' ', description: '' }])).toEqual([
        { item_id: null, name: null, description: null },
      ]);
    });

    it('refuses a quantity that is not positive, has more than four decimals or is too large', () => {
      for (const quantity of [0, -1, '-0', 1.00001, '1e3', 'two', null, 1e12, true])
        expect(estimate([{ ...service, quantity }])).toMatchObject(refusal('lines.0.quantity'));
      expect(estimate([{ ...service, quantity: 0.0001 }])).toEqual([
        { ...service, unit_price: '10.0000', quantity: '0.0001' },
      ]);
    });

    it('refuses a price that is negative, has more than four decimals or is too large', () => {
      for (const unit_price of [-0.01, 0.00001, 0.1 + 0.2, 1e12, '12,5', null])
        expect(estimate([{ name: 'Labour', unit_price }])).toMatchObject(refusal('lines.0.unit_price'));
      expect(estimate([{ name: 'Labour', unit_price: 0 }])).toEqual([
        { name: 'Labour', unit_price: '0.0000' },
      ]);
      expect(estimate([{ name: 'Labour', unit_price: 999999999999.9999 }])).toEqual([
        { name: 'Labour', unit_price: '999999999999.9999' },
      ]);
    });

    it('refuses tax rates outside 0 to 100 or with more than three decimals', () => {
      for (const tax_rate of [-1, 100.001, 8.8751, '8 %'])
        expect(estimate([{ ...service, tax_rate }])).toMatchObject(refusal('lines.0.tax_rate'));
      expect(estimate([{ ...service, tax_2_rate: 101 }])).toMatchObject(refusal('lines.0.tax_2_rate'));
      expect(estimate([{ ...service, tax_rate: 100 }])).toMatchObject([{ tax_rate: '100.000' }]);
    });

    it('refuses an item_id or a line id that is not a UUID: it names no record', () => {
      expect(estimate([{ item_id: 'widget' }])).toMatchObject(refusal('lines.0.item_id'));
      expect(estimate([{ item_id: 42 }])).toMatchObject(refusal('lines.0.item_id'));
      expect(estimate([{ ...service, id: 'line-1' }])).toMatchObject(refusal('lines.0.id'));
    });

    it('refuses an item_variation_location_id that is not a positive integer', () => {
      for (const id of [0, 1.5, '41', 2 ** 31])
        expect(estimate([{ item_id: WIDGET, item_variation_location_id: id }])).toMatchObject(
          refusal('lines.0.item_variation_location_id'),
        );
    });

    it('refuses a name over 255 characters and text that cannot be stored', () => {
      expect(estimate([{ ...service, name: 'x'.repeat(256) }])).toMatchObject(refusal('lines.0.name'));
      expect(estimate([{ ...service, description: 'a\u0000b' }])).toMatchObject(
        refusal('lines.0.description'),
      );
    });

    it('refuses a line id named twice', () => {
      expect(estimate([{ id: LINE_A }, { id: LINE_A.toUpperCase() }])).toMatchObject(refusal('lines.1.id'));
    });
  });
});
