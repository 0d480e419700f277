import { DomainError, invalid, isDomainError } from '../shared/domain-error';
import { money } from '../shared/money';
import { LineContext, LineItem, LineVariation } from './context';
import { Exact } from './exact';
import { LineInput } from './input';
import { ItemLabels, itemLabelsOf, LineDraft } from './line';
import { LineRules } from './rules';

/** What an inventory line copies from its item (and variation). */
type ItemCopy = ItemLabels & Pick<LineDraft, 'name' | 'description' | 'unique' | 'unit_price' | 'unit_cost'>;

const NO_DISCOUNT = '0.000';

/**
 * The drafts of a document's lines, in input order. `previous` holds the document's stored lines
 * by id (the generated discount line included, so that naming it is refused as such): an input
 * naming one updates it, every field it leaves out keeping its stored value. Replacement rules
 * between documents' line sets (which lines go) are the document's.
 */
export function buildLines(
  inputs: readonly LineInput[],
  context: LineContext,
  rules: LineRules,
  previous: ReadonlyMap<string, LineDraft> = new Map(),
): LineDraft[] | DomainError {
  const drafts: LineDraft[] = [];
  for (const [index, input] of inputs.entries()) {
    const draft = buildLine(input, `${rules.field}.${index}`, context, rules, previous);
    if (isDomainError(draft)) return draft;
    drafts.push(draft);
  }
  return drafts;
}

function buildLine(
  input: LineInput,
  at: string,
  context: LineContext,
  rules: LineRules,
  previousLines: ReadonlyMap<string, LineDraft>,
): LineDraft | DomainError {
  const previous = input.id === undefined ? undefined : previousLines.get(input.id);
  if (input.id !== undefined && previous === undefined)
    return invalid(`${at}.id`, `${at}.id must be the id of a line of this document.`);
  if (previous?.line_type === 'discount')
    return invalid(
      `${at}.id`,
      'The generated discount line cannot be supplied: set discount_percent instead.',
    );
  const itemId = input.item_id !== undefined ? input.item_id : (previous?.item_id ?? null);
  const line =
    itemId === null
      ? serviceLine(input, at, rules, previous)
      : inventoryLine(input, at, itemId, context, rules, previous);
  if (isDomainError(line)) return line;
  const rates = previous && !context.partyChanged ? previous : context.defaultRates;
  return {
    id: input.id ?? null,
    ...line,
    discount_percent: previous?.discount_percent ?? NO_DISCOUNT,
    tax_rate: input.tax_rate ?? rates.tax_rate,
    tax_2_rate: input.tax_2_rate ?? rates.tax_2_rate,
  };
}

type BuiltLine = Omit<LineDraft, 'id' | 'discount_percent' | 'tax_rate' | 'tax_2_rate'>;

/** A line without an item: named and priced by the client. */
function serviceLine(
  input: LineInput,
  at: string,
  rules: LineRules,
  previous: LineDraft | undefined,
): BuiltLine | DomainError {
  if (input.item_variation_location_id != null)
    return invalid(`${at}.item_variation_location_id`, `${at}.item_variation_location_id needs an item_id.`);
  const name = input.name !== undefined ? input.name : (previous?.name ?? null);
  if (name === null) return invalid(`${at}.name`, `${at}.name is required on a service line.`);
  const unitPrice = input.unit_price ?? previous?.unit_price;
  if (unitPrice === undefined)
    return invalid(`${at}.${rules.priceField}`, `${at}.${rules.priceField} is required on a service line.`);
  return {
    line_type: 'service',
    item_id: null,
    item_variation_location_id: null,
    name,
    description: input.description !== undefined ? input.description : (previous?.description ?? null),
    quantity: input.quantity ?? previous?.quantity ?? '1',
    unit_id: null,
    unit_name: null,
    sku: null,
    variation_values: {},
    variation_number: null,
    location_name: null,
    unique: false,
    unit_price: unitPrice,
    unit_cost: null,
  };
}

/**
 * A line of an item: its data copied from the item, unless the line keeps its stored item and
 * variation, whose snapshot (and price) it then keeps, so that an edit does not need the item
 * to be active still. A given price counts only when the user may modify prices.
 */
function inventoryLine(
  input: LineInput,
  at: string,
  itemId: string,
  context: LineContext,
  rules: LineRules,
  previous: LineDraft | undefined,
): BuiltLine | DomainError {
  const sameItem = previous?.line_type === 'inventory' && previous.item_id === itemId ? previous : undefined;
  const variationId =
    input.item_variation_location_id !== undefined
      ? input.item_variation_location_id
      : (sameItem?.item_variation_location_id ?? null);
  const kept = sameItem?.item_variation_location_id === variationId ? sameItem : undefined;
  const copy = kept ? snapshotOf(kept) : copyItem(itemId, variationId, at, context, rules);
  if (isDomainError(copy)) return copy;
  const quantity = input.quantity ?? (copy.unique ? '1' : (previous?.quantity ?? '1'));
  if (copy.unique && !new Exact(quantity).equals(1))
    return invalid(`${at}.quantity`, `${at}.quantity must be 1 for a unique item.`);
  const givenDescription = rules.inventoryDescription === 'given' ? input.description : undefined;
  const current = kept && rules.restoreItemDescription ? context.items.get(itemId) : undefined;
  const itemDescription = current ? current.description : copy.description;
  return {
    ...copy,
    line_type: 'inventory',
    item_id: itemId,
    item_variation_location_id: variationId,
    description: givenDescription !== undefined ? givenDescription : itemDescription,
    quantity,
    unit_price:
      input.unit_price !== undefined && context.mayModifyPrices ? input.unit_price : copy.unit_price,
  };
}

/** A kept line's copy of its item, as stored. */
function snapshotOf(line: LineDraft): ItemCopy {
  return {
    name: line.name,
    description: line.description,
    ...itemLabelsOf(line),
    unique: line.unique,
    unit_price: line.unit_price,
    unit_cost: line.unit_cost,
  };
}

function copyItem(
  itemId: string,
  variationId: number | null,
  at: string,
  context: LineContext,
  rules: LineRules,
): ItemCopy | DomainError {
  const item = context.items.get(itemId);
  if (!item) return invalid(`${at}.item_id`, `${at}.item_id must be the id of an active inventory item.`);
  if (variationId === null && item.has_variations)
    return invalid(
      `${at}.item_variation_location_id`,
      `${at}.item_variation_location_id is required: this item's stock is kept per variation.`,
    );
  const variation = variationId === null ? undefined : context.variations.get(variationId);
  if (variationId !== null && (!item.has_variations || variation?.item_id !== item.id))
    return invalid(
      `${at}.item_variation_location_id`,
      `${at}.item_variation_location_id must be a variation location of this item.`,
    );
  return copyOf(item, variation, rules);
}

function copyOf(item: LineItem, variation: LineVariation | undefined, rules: LineRules): ItemCopy {
  const price = variation?.unit_price_override ?? item.price;
  const cost = variation?.unit_cost_override ?? item.cost;
  return {
    name: item.name,
    description: item.description,
    unit_id: item.unit_id,
    unit_name: item.unit_name,
    sku: variation?.barcode || item.sku,
    variation_values: { ...(variation?.values ?? {}) },
    variation_number: variation?.variation_number ?? null,
    location_name: variation ? variation.location_name : item.location_name,
    unique: item.inventory_type === 'unique',
    unit_price: money((rules.itemPrice === 'cost' ? cost : price) ?? 0),
    unit_cost: cost === null ? null : money(cost),
  };
}
