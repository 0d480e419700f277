import { isDomainError } from '../shared/domain-error';
import { buildLines } from './build';
import { calculateDocument } from './calculate';
import {
  PAINTING,
  ARCHIVED,
  BLUE_SHIRT_AT_SHOP,
  DISCOUNT_LINE,
  drafts,
  LINE_A,
  LINE_B,
  lineContext,
  OTHER_ITEMS_VARIATION,
  RED_SHIRT_AT_SHOP,
  serviceDraft,
  SHIRT,
  UNPRICED,
  WIDGET,
  WIDGET_COPY,
} from './document-lines.fixture';
import { LineInput, parseLineInputs } from './input';
import { LineDraft } from './line';
import { ESTIMATE_LINE_RULES, LineRules, PURCHASE_ORDER_LINE_RULES, SALES_ORDER_LINE_RULES } from './rules';

/** Parse and build; the refusal when either refuses. */
function build(
  lines: unknown[],
  context = lineContext(),
  rules: LineRules = ESTIMATE_LINE_RULES,
  previous?: ReadonlyMap<string, LineDraft>,
) {
  const inputs = parseLineInputs(lines, rules);
  return isDomainError(inputs) ? inputs : buildLines(inputs as LineInput[], context, rules, previous);
}

const refusal = (param: string) => ({ status: 422, code: 'validation_failed', param });

/** A stored document: two lines named LINE_A (a widget) and LINE_B (labour), and a 10 % discount line. */
function storedLines(): Map<string, LineDraft> {
  const built = drafts([
    { item_id: WIDGET, quantity: 2, unit_price: 11 },
    { name: 'Labour', description: 'Fitting', unit_price: 40, tax_rate: 0 },
  ]);
  const { lines } = calculateDocument(
    [
      { ...built[0], id: LINE_A },
      { ...built[1], id: LINE_B },
    ],
    { discount_percent: '10.000', shipping_fee: '0.0000' },
    DISCOUNT_LINE,
  );
  return new Map(lines.map((line) => [line.id as string, line]));
}

describe('building document lines', () => {
  describe('an inventory line', () => {
    it("copies the item's name, description, SKU, unit, cost, location and price", () => {
      expect(drafts([{ item_id: WIDGET }])).toEqual([
        {
          id: null,
          line_type: 'inventory',
          item_id: WIDGET,
          item_variation_location_id: null,
          ...WIDGET_COPY,
          quantity: '1',
          unique: false,
          unit_price: '12.5000',
          unit_cost: '7.2500',
          discount_percent: '0.000',
          tax_rate: '8.875',
          tax_2_rate: '1.500',
        },
      ]);
    });

    it('ignores a given name and description: they are the item’s', () => {
      expect(drafts([{ item_id: WIDGET, name: 'Gadget', description: 'Mine' }])[0]).toMatchObject({
        name: 'Widget',
        description: 'A blue widget',
      });
    });

    it('keeps a given price when the user may modify selling prices', () => {
      expect(drafts([{ item_id: WIDGET, unit_price: 11 }])[0].unit_price).toBe('11.0000');
    });

    it("takes the item's price, whatever was given, when the user may not modify selling prices", () => {
      const context = lineContext({ mayModifyPrices: false });
      expect(drafts([{ item_id: WIDGET, unit_price: 11 }], context)[0].unit_price).toBe('12.5000');
    });

    it('is priced at zero, with no cost, when the item has no price and none is given', () => {
      expect(drafts([{ item_id: UNPRICED }])[0]).toMatchObject({ unit_price: '0.0000', unit_cost: null });
    });

    it('takes the quantity given, and 1 by default', () => {
      expect(
        drafts([{ item_id: WIDGET, quantity: 2.5 }, { item_id: WIDGET }]).map((l) => l.quantity),
      ).toEqual(['2.5', '1']);
    });

    it('refuses an item the context does not hold: absent, archived, elsewhere or not the user’s', () => {
      expect(build([{ name: 'Labour', unit_price: 1 }, { item_id: ARCHIVED }])).toMatchObject(
        refusal('lines.1.item_id'),
      );
    });

    it('of a unique item always has a quantity of 1, and refuses any other', () => {
      expect(drafts([{ item_id: PAINTING }])[0]).toMatchObject({ quantity: '1', unique: true });
      expect(drafts([{ item_id: PAINTING, quantity: '1.000' }])[0].quantity).toBe('1');
      expect(build([{ item_id: PAINTING, quantity: 2 }])).toMatchObject(refusal('lines.0.quantity'));
      expect(build([{ item_id: PAINTING, quantity: 0.5 }])).toMatchObject(refusal('lines.0.quantity'));
    });
  });

  describe('an inventory line of a variation', () => {
    it("copies the variation's attribute labels, number, barcode as SKU, location and price override", () => {
      expect(drafts([{ item_id: SHIRT, item_variation_location_id: RED_SHIRT_AT_SHOP }])[0]).toMatchObject({
        item_variation_location_id: RED_SHIRT_AT_SHOP,
        name: 'Shirt',
        sku: 'SHIRT-RED-M',
        variation_values: { Color: 'Red', Size: 'M' },
        variation_number: 1,
        location_name: 'Shop',
        unit_price: '24.0000',
        unit_cost: '8.0000',
      });
    });

    it("falls back to the item's price and SKU, and uses the variation's cost override", () => {
      expect(drafts([{ item_id: SHIRT, item_variation_location_id: BLUE_SHIRT_AT_SHOP }])[0]).toMatchObject({
        sku: 'SHIRT',
        variation_values: { Color: 'Blue', Size: 'M' },
        unit_price: '20.0000',
        unit_cost: '9.5000',
      });
    });

    it('is required for an item whose stock is kept per variation', () => {
      expect(build([{ item_id: SHIRT }])).toMatchObject(refusal('lines.0.item_variation_location_id'));
    });

    it('must belong to the item', () => {
      const wrong = { item_id: SHIRT, item_variation_location_id: OTHER_ITEMS_VARIATION };
      expect(build([wrong])).toMatchObject(refusal('lines.0.item_variation_location_id'));
      const unknown = { item_id: SHIRT, item_variation_location_id: 999 };
      expect(build([unknown])).toMatchObject(refusal('lines.0.item_variation_location_id'));
      const noVariations = { item_id: WIDGET, item_variation_location_id: OTHER_ITEMS_VARIATION };
      expect(build([noVariations])).toMatchObject(refusal('lines.0.item_variation_location_id'));
    });
  });

  describe('a service line', () => {
    it('takes the name, description, quantity and price given', () => {
      expect(drafts([{ name: 'Labour', description: 'Fitting', quantity: 3, unit_price: 40 }])).toEqual([
        serviceDraft({
          description: 'Fitting',
          quantity: '3',
          unit_price: '40.0000',
          tax_rate: '8.875',
          tax_2_rate: '1.500',
        }),
      ]);
    });

    it('needs a name and a price, whether or not the user may modify selling prices', () => {
      expect(build([{ unit_price: 40 }])).toMatchObject(refusal('lines.0.name'));
      expect(build([{ name: ' ', unit_price: 40 }])).toMatchObject(refusal('lines.0.name'));
      expect(build([{ name: 'Labour' }])).toMatchObject(refusal('lines.0.unit_price'));
      const context = lineContext({ mayModifyPrices: false });
      expect(drafts([{ name: 'Labour', unit_price: 40 }], context)[0].unit_price).toBe('40.0000');
    });

    it('cannot name a variation location', () => {
      expect(
        build([{ name: 'Labour', unit_price: 1, item_variation_location_id: RED_SHIRT_AT_SHOP }]),
      ).toMatchObject(refusal('lines.0.item_variation_location_id'));
    });
  });

  describe("the customer's tax rates", () => {
    it('apply to every new line that gives none', () => {
      const [line] = drafts([{ name: 'Labour', unit_price: 1, tax_2_rate: 0 }]);
      expect(line).toMatchObject({ tax_rate: '8.875', tax_2_rate: '0.000' });
    });
  });

  describe('a line that names a stored line', () => {
    it('keeps its snapshot, price and rates when the item stays, even if the item is gone', () => {
      const context = lineContext({
        items: new Map(),
        defaultRates: { tax_rate: '5.000', tax_2_rate: '0.000' },
      });
      const [line] = drafts([{ id: LINE_A, quantity: 3 }], context, ESTIMATE_LINE_RULES, storedLines());
      expect(line).toMatchObject({
        id: LINE_A,
        item_id: WIDGET,
        name: 'Widget',
        quantity: '3',
        unit_price: '11.0000',
        unit_cost: '7.2500',
        tax_rate: '8.875',
      });
    });

    it('keeps its stored price, not the item’s current one, when the user may not modify prices', () => {
      const context = lineContext({ mayModifyPrices: false });
      const [line] = drafts([{ id: LINE_A, unit_price: 1 }], context, ESTIMATE_LINE_RULES, storedLines());
      expect(line.unit_price).toBe('11.0000');
    });

    it('copies the new item when it changes item', () => {
      const stored = storedLines();
      const [line] = drafts([{ id: LINE_A, item_id: PAINTING }], lineContext(), ESTIMATE_LINE_RULES, stored);
      expect(line).toMatchObject({ id: LINE_A, item_id: PAINTING, name: 'Painting', unit_price: '900.0000' });
      expect(line).toMatchObject({ quantity: '1', unique: true, tax_rate: '8.875' });
      const [shirt] = drafts(
        [{ id: LINE_A, item_id: SHIRT, item_variation_location_id: RED_SHIRT_AT_SHOP }],
        lineContext({ mayModifyPrices: false }),
        ESTIMATE_LINE_RULES,
        stored,
      );
      expect(shirt).toMatchObject({
        quantity: '2',
        unit_price: '24.0000',
        variation_values: { Color: 'Red', Size: 'M' },
      });
    });

    it('copies the new variation when it changes variation location, keeping the item', () => {
      const [shirt] = drafts(
        [{ item_id: SHIRT, item_variation_location_id: RED_SHIRT_AT_SHOP, id: LINE_A }],
        lineContext(),
        ESTIMATE_LINE_RULES,
        storedLines(),
      );
      const stored = new Map([[LINE_A, shirt]]);
      const [blue] = drafts(
        [{ id: LINE_A, item_variation_location_id: BLUE_SHIRT_AT_SHOP }],
        lineContext(),
        ESTIMATE_LINE_RULES,
        stored,
      );
      expect(blue).toMatchObject({
        item_id: SHIRT,
        variation_values: { Color: 'Blue', Size: 'M' },
        unit_price: '20.0000',
      });
      const unknown = build(
        [{ id: LINE_A, item_variation_location_id: 999 }],
        lineContext(),
        ESTIMATE_LINE_RULES,
        stored,
      );
      expect(unknown).toMatchObject(refusal('lines.0.item_variation_location_id'));
    });

    it("takes the new customer's rates when the customer changes, unless rates are given", () => {
      const context = lineContext({
        partyChanged: true,
        defaultRates: { tax_rate: '5.000', tax_2_rate: '0.000' },
      });
      const lines = drafts(
        [{ id: LINE_A }, { id: LINE_B, tax_rate: 1 }],
        context,
        ESTIMATE_LINE_RULES,
        storedLines(),
      );
      expect(lines.map((line) => [line.tax_rate, line.tax_2_rate])).toEqual([
        ['5.000', '0.000'],
        ['1.000', '0.000'],
      ]);
    });

    it('of a service keeps what is not given; item_id null makes an inventory line a service', () => {
      const stored = storedLines();
      const [labour, widget] = drafts(
        [
          { id: LINE_B, quantity: 2 },
          { id: LINE_A, item_id: null, name: 'Custom widget' },
        ],
        lineContext(),
        ESTIMATE_LINE_RULES,
        stored,
      );
      expect(labour).toMatchObject({
        name: 'Labour',
        description: 'Fitting',
        quantity: '2',
        unit_price: '40.0000',
      });
      expect(widget).toMatchObject({
        line_type: 'service',
        item_id: null,
        name: 'Custom widget',
        unit_price: '11.0000',
        unit_cost: null,
        sku: null,
      });
    });

    it('refuses an id that is not a line of this document', () => {
      expect(build([{ id: LINE_A }])).toMatchObject(refusal('lines.0.id'));
    });

    it('refuses the generated discount line: the discount comes from discount_percent', () => {
      const refused = build([{ id: DISCOUNT_LINE }], lineContext(), ESTIMATE_LINE_RULES, storedLines());
      expect(refused).toMatchObject(refusal('lines.0.id'));
      expect((refused as Error).message).toMatch(/discount_percent/);
    });
  });

  describe('purchase-order lines', () => {
    const rules = PURCHASE_ORDER_LINE_RULES;

    it("charge the item's resolved cost, overridable, and take a given description", () => {
      const lines = drafts(
        [
          { item_id: WIDGET, description: 'For the shop' },
          { item_id: SHIRT, item_variation_location_id: BLUE_SHIRT_AT_SHOP, unit_cost: 9 },
          { item_id: UNPRICED },
          { name: 'Freight', unit_cost: 30 },
        ],
        lineContext(),
        rules,
      );
      expect(lines.map((line) => [line.unit_price, line.description])).toEqual([
        ['7.2500', 'For the shop'],
        ['9.0000', null],
        ['0.0000', null],
        ['30.0000', null],
      ]);
      expect(build([{ name: 'Freight' }], lineContext(), rules)).toMatchObject(refusal('lines.0.unit_cost'));
    });

    it("give a kept inventory line the item's description again when its entry omits one", () => {
      const stored = new Map([
        [
          LINE_A,
          { ...drafts([{ item_id: WIDGET, description: 'Mine' }], lineContext(), rules)[0], id: LINE_A },
        ],
      ]);
      const kept = build([{ id: LINE_A, item_id: WIDGET }], lineContext(), rules, stored);
      const cleared = build([{ id: LINE_A, item_id: WIDGET, description: '' }], lineContext(), rules, stored);
      expect(kept).toMatchObject([{ id: LINE_A, description: 'A blue widget' }]);
      expect(cleared).toMatchObject([{ id: LINE_A, description: null }]);
    });
  });

  describe('sales-order lines', () => {
    it("clear an inventory line's description with an empty string, and default it to the item's", () => {
      const lines = drafts(
        [{ item_id: WIDGET, description: '' }, { item_id: WIDGET }],
        lineContext(),
        SALES_ORDER_LINE_RULES,
      );
      expect(lines.map((line) => line.description)).toEqual([null, 'A blue widget']);
    });
  });
});
