import { isDomainError } from '../shared/domain-error';
import { buildLines } from './build';
import { LineContext, LineItem, LineVariation } from './context';
import { parseLineInputs } from './input';
import { LineDraft } from './line';
import { ESTIMATE_LINE_RULES, LineRules } from './rules';

export const WIDGET = '1e000000-0000-4000-8000-000000000001';
export const PAINTING = '1e000000-0000-4000-8000-000000000002';
export const SHIRT = '1e000000-0000-4000-8000-000000000003';
export const UNPRICED = '1e000000-0000-4000-8000-000000000004';
export const ARCHIVED = '1e000000-0000-4000-8000-000000000005';
export const RED_SHIRT_AT_SHOP = 41;
export const BLUE_SHIRT_AT_SHOP = 42;
export const OTHER_ITEMS_VARIATION = 43;
export const LINE_A = '11e00000-0000-4000-8000-00000000000a';
export const LINE_B = '11e00000-0000-4000-8000-00000000000b';
export const DISCOUNT_LINE = '11e00000-0000-4000-8000-00000000000d';

const item = (over: Partial<LineItem> & Pick<LineItem, 'id' | 'name'>): LineItem => ({
  description: null,
  sku: null,
  inventory_type: 'quantity',
  price: null,
  cost: null,
  unit_id: null,
  unit_name: null,
  location_name: null,
  has_variations: false,
  ...over,
});

export const ITEMS: LineItem[] = [
  item({
    id: WIDGET,
    name: 'Widget',
    description: 'A blue widget',
    sku: 'WID-1',
    price: '12.5000',
    cost: '7.2500',
    unit_id: 3,
    unit_name: 'box',
    location_name: 'Warehouse',
  }),
  item({ id: PAINTING, name: 'Painting', inventory_type: 'unique', price: '900.0000', cost: '400.0000' }),
  item({ id: SHIRT, name: 'Shirt', sku: 'SHIRT', price: '20.0000', cost: '8.0000', has_variations: true }),
  item({ id: UNPRICED, name: 'Sample' }),
];

const variation = (over: Partial<LineVariation> & Pick<LineVariation, 'item_variation_location_id'>) => ({
  item_id: SHIRT,
  variation_number: 1,
  values: { Color: 'Red', Size: 'M' },
  barcode: 'SHIRT-RED-M',
  unit_price_override: null,
  unit_cost_override: null,
  location_name: 'Shop',
  ...over,
});

export const VARIATIONS: LineVariation[] = [
  variation({ item_variation_location_id: RED_SHIRT_AT_SHOP, unit_price_override: '24.0000' }),
  variation({
    item_variation_location_id: BLUE_SHIRT_AT_SHOP,
    variation_number: 2,
    values: { Color: 'Blue', Size: 'M' },
    barcode: '',
    unit_cost_override: '9.5000',
  }),
  variation({ item_variation_location_id: OTHER_ITEMS_VARIATION, item_id: WIDGET }),
];

/** A customer with default rates 8.875 % and 1.5 %, seen by a user who may modify selling prices. */
export function lineContext(over: Partial<LineContext> = {}): LineContext {
  return {
    items: new Map(ITEMS.map((entry) => [entry.id, entry])),
    variations: new Map(VARIATIONS.map((entry) => [entry.item_variation_location_id, entry])),
    mayModifyPrices: true,
    defaultRates: { tax_rate: '8.875', tax_2_rate: '1.500' },
    ...over,
  };
}

/** Parse and build as a document would, throwing if either refuses (for arranging a test). */
export function drafts(
  lines: unknown[],
  context = lineContext(),
  rules: LineRules = ESTIMATE_LINE_RULES,
  previous?: ReadonlyMap<string, LineDraft>,
): LineDraft[] {
  const inputs = parseLineInputs(lines, rules);
  if (isDomainError(inputs)) throw inputs;
  const built = buildLines(inputs, context, rules, previous);
  if (isDomainError(built)) throw built;
  return built;
}

/** What a line of WIDGET (no variation) copies of it: its name, description and labels. */
export const WIDGET_COPY = {
  name: 'Widget',
  description: 'A blue widget',
  unit_id: 3,
  unit_name: 'box',
  sku: 'WID-1',
  variation_values: {},
  variation_number: null,
  location_name: 'Warehouse',
};

/** A service line draft with the given amounts, for calculation tests (and as built from a body). */
export function serviceDraft(over: Partial<LineDraft> = {}): LineDraft {
  return {
    id: null,
    line_type: 'service',
    item_id: null,
    item_variation_location_id: null,
    name: 'Labour',
    description: null,
    quantity: '1',
    unit_id: null,
    unit_name: null,
    sku: null,
    variation_values: {},
    variation_number: null,
    location_name: null,
    unique: false,
    unit_price: '0.0000',
    unit_cost: null,
    discount_percent: '0.000',
    tax_rate: '0.000',
    tax_2_rate: '0.000',
    ...over,
  };
}
