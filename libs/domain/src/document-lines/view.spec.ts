import { calculateDocument } from './calculate';
import { DISCOUNT_LINE, drafts, LINE_A, serviceDraft, WIDGET, WIDGET_COPY } from './document-lines.fixture';
import { documentLineView } from './view';

describe('line view', () => {
  const { lines } = calculateDocument(
    [
      { ...drafts([{ item_id: WIDGET, quantity: 2.5 }])[0], id: LINE_A },
      serviceDraft({ unit_price: '4.0000' }),
    ],
    { discount_percent: '5.000', shipping_fee: '0.0000' },
    DISCOUNT_LINE,
  );

  describe('given a calculated line', () => {
    it('renders money with four decimals, rates with three, and the quantity as a number', () => {
      expect(documentLineView(lines[0], { object: 'estimate_line', showCost: true })).toEqual({
        id: LINE_A,
        object: 'estimate_line',
        item_id: WIDGET,
        item_variation_location_id: null,
        line_type: 'inventory',
        ...WIDGET_COPY,
        quantity: 2.5,
        thumbnail_url: null,
        position: 0,
        unit_price: '12.5000',
        unit_cost: '7.2500',
        total_cost: '18.1250',
        discount_percent: '0.000',
        tax_rate: '8.875',
        tax_2_rate: '1.500',
        discounted_unit_price: null,
        subtotal: '31.2500',
        tax: '2.7734',
        tax_2: '0.4688',
        total: '34.4922',
      });
    });

    it('leaves costs out without the unit-cost permission', () => {
      const view = documentLineView(lines[0], { object: 'estimate_line', showCost: false });
      expect(view).not.toHaveProperty('unit_cost');
      expect(view).not.toHaveProperty('total_cost');
    });

    it('shows null costs on service and discount lines, and the live thumbnail it is given', () => {
      const options = { object: 'invoice_line', showCost: true, thumbnailUrl: 'https://cdn.test/t.jpg' };
      expect(documentLineView(lines[2], options)).toMatchObject({
        line_type: 'discount',
        object: 'invoice_line',
        unit_cost: null,
        total_cost: null,
        thumbnail_url: 'https://cdn.test/t.jpg',
        unit_price: '-1.7625',
        discount_percent: '5.000',
      });
    });

    it('renders stored amounts in their fixed form whatever their spelling', () => {
      const view = documentLineView(
        { ...lines[1], unit_price: '4', subtotal: '4.5', tax_rate: '8', tax: '-0' },
        { object: 'estimate_line', showCost: false },
      );
      expect(view).toMatchObject({
        unit_price: '4.0000',
        subtotal: '4.5000',
        tax_rate: '8.000',
        tax: '0.0000',
      });
    });
  });
});
