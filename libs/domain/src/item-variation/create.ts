import { Decision } from '../shared/decision';
import { DomainError, invalid, isDomainError, notFound, permissionDenied } from '../shared/domain-error';
import { parseFields } from '../shared/fields';
import { oneOf } from '../shared/parsers';
import { duplicateRefusal, matchItemAttributes, parsePairs } from './combination';
import { CreateItemVariation, NewItemVariationInput } from './commands';
import { ItemVariationContext, LocationOption, ParentItem } from './context';
import { ItemVariationEvent, VariationStockAdjusted } from './events';
import { barcode, isZero, plus, priceOverride } from './fields';
import { AttributeValuePair, ItemVariationState } from './state';
import { archivedItem, variationsAllowed } from './visibility';
import { alreadyCreated } from '../shared/recorded';

export const ITEM_VARIATION_TYPES = ['location_only', 'attributes'] as const;
export type ItemVariationType = (typeof ITEM_VARIATION_TYPES)[number];

/** Why the first variation's StockAdjusted events were appended (item side and variation side). */
export const MOVED_TO_FIRST_VARIATION = 'Moved from the item to its first variation';

/** A row of a new variation, before it is given its number. */
export type PlannedVariationRow = { location_id: string; zone_id: string | null; threshold: number };

/** The item's stock at one location moving into one row of its first variation. */
export type VariationStockMove = {
  from_location_id: string | null;
  to_location_id: string;
  quantity: string;
};

/** A new variation, validated: what its events will say. */
export type NewVariationPlan = {
  /** Set for the item's first variation only. */
  variation_type: ItemVariationType | null;
  attributes: AttributeValuePair[];
  barcode: string;
  unit_price_override: string | null;
  unit_cost_override: string | null;
  rows: PlannedVariationRow[];
  moves: VariationStockMove[];
  /** The first variation's `initial_quantity_location_id`, when given. */
  initial_location_id: string | null;
};

const PARSERS = {
  barcode,
  unit_price_override: priceOverride,
  unit_cost_override: priceOverride,
  variation_type: oneOf(ITEM_VARIATION_TYPES),
};

/**
 * Checks a new variation against its item (visible, active, quantity-tracked), its siblings (the
 * first variation sets the item's attributes; later ones give one value per assigned attribute, in
 * a combination no sibling has) and the caller (price and cost permissions, location boundary).
 * Rows: every active location the caller may use, with zero on hand. On the first variation the
 * item's own stock moves into the rows of its locations (stock without a location into
 * `initial_quantity_location_id`), and its threshold and zone into the row of its location.
 */
export function planNewVariation(
  input: NewItemVariationInput,
  state: ItemVariationState,
  context: ItemVariationContext,
): NewVariationPlan | DomainError {
  const { item } = context;
  const exists = alreadyCreated(state, 'variation');
  if (exists) return exists;
  if (item.account_id !== context.accountId) return notFound();
  if (item.archived) return archivedItem();
  const notAllowed = variationsAllowed(item);
  if (notAllowed) return notAllowed;
  if (context.siblings === undefined || context.locations === undefined)
    throw new TypeError('The handler must look up siblings and locations before creating a variation');
  const refusal = permissionRefusal(input, context);
  if (refusal) return refusal;
  const fields = parseFields(PARSERS, input);
  if (isDomainError(fields)) return fields;
  const first = context.siblings.length === 0;
  const attributes = first
    ? firstCombination(fields.variation_type, input.attributes, context)
    : laterCombination(fields.variation_type, input, context);
  if (isDomainError(attributes)) return attributes;
  const placement = first ? firstPlacement(input, context) : laterPlacement(input, context);
  if (isDomainError(placement)) return placement;
  return {
    variation_type: first ? fields.variation_type! : null,
    attributes,
    barcode: fields.barcode ?? '',
    unit_price_override: fields.unit_price_override ?? null,
    unit_cost_override: fields.unit_cost_override ?? null,
    ...placement,
  };
}

/** Setting an override needs the permission its field names (null inherits and needs none). */
function permissionRefusal(
  input: NewItemVariationInput,
  context: ItemVariationContext,
): DomainError | undefined {
  if (input.unit_price_override != null && !context.canModifyPrices)
    return permissionDenied('Setting unit_price_override needs the selling_prices.modify permission.');
  if (input.unit_cost_override != null && !context.canViewCosts)
    return permissionDenied('Setting unit_cost_override needs the unit_cost.view permission.');
  return undefined;
}

/** `location_only` takes no attributes; `attributes` at least one, which become the item's. */
function firstCombination(
  type: ItemVariationType | undefined,
  input: unknown,
  context: ItemVariationContext,
): AttributeValuePair[] | DomainError {
  if (type === undefined)
    return invalid('variation_type', 'variation_type is required for the first variation.');
  const pairs = parsePairs(input, context.attributes);
  if (isDomainError(pairs)) return pairs;
  if (type === 'location_only' && pairs.length > 0)
    return invalid('attributes', 'A location_only variation takes no attributes: attributes must be empty.');
  if (type === 'attributes' && pairs.length === 0)
    return invalid('attributes', 'An attributes variation needs at least one {attribute_id, value_id}.');
  return pairs;
}

/** One value per attribute of the item, in a combination no sibling has. */
function laterCombination(
  type: ItemVariationType | undefined,
  input: NewItemVariationInput,
  context: ItemVariationContext,
): AttributeValuePair[] | DomainError {
  if (type !== undefined)
    return invalid('variation_type', 'variation_type is only given for the item’s first variation.');
  const pairs = parsePairs(input.attributes, context.attributes);
  if (isDomainError(pairs)) return pairs;
  const ordered = matchItemAttributes(pairs, context.item);
  if (isDomainError(ordered)) return ordered;
  return duplicateRefusal(ordered, context.siblings!) ?? ordered;
}

function usableLocations(context: ItemVariationContext): LocationOption[] {
  return context.locations!.filter(
    (location) =>
      location.active && (context.restrictedTo === undefined || location.id === context.restrictedTo),
  );
}

function laterPlacement(
  input: NewItemVariationInput,
  context: ItemVariationContext,
): Pick<NewVariationPlan, 'rows' | 'moves' | 'initial_location_id'> | DomainError {
  if (input.initial_quantity_location_id !== undefined)
    return invalid(
      'initial_quantity_location_id',
      'initial_quantity_location_id is only for the first variation.',
    );
  const rows = usableLocations(context).map((location) => emptyRow(location.id));
  return { rows, moves: [], initial_location_id: null };
}

function firstPlacement(
  input: NewItemVariationInput,
  context: ItemVariationContext,
): Pick<NewVariationPlan, 'rows' | 'moves' | 'initial_location_id'> | DomainError {
  const { item } = context;
  const initial = initialLocation(input.initial_quantity_location_id, context);
  if (isDomainError(initial)) return initial;
  const moves: VariationStockMove[] = [];
  for (const { location_id, on_hand } of item.stock) {
    if (isZero(on_hand)) continue;
    const to = location_id ?? initial;
    if (to === undefined)
      return invalid(
        'initial_quantity_location_id',
        'initial_quantity_location_id is required: the item has stock without a location.',
      );
    moves.push({ from_location_id: location_id, to_location_id: to, quantity: on_hand });
  }
  const rows = usableLocations(context).map((location) => emptyRow(location.id));
  for (const id of [...moves.map((move) => move.to_location_id), ...(initial ? [initial] : [])])
    if (!rows.some((row) => row.location_id === id)) rows.push(emptyRow(id));
  return {
    rows: withItemSettings(rows, item, initial, context),
    moves,
    initial_location_id: initial ?? null,
  };
}

/** An active location the caller may use, or 422 naming the field. */
function initialLocation(value: unknown, context: ItemVariationContext): string | undefined | DomainError {
  if (value === undefined || value === null) return undefined;
  const usable = usableLocations(context).some((location) => location.id === value);
  return usable
    ? (value as string)
    : invalid(
        'initial_quantity_location_id',
        'initial_quantity_location_id must be an active location you may use.',
      );
}

/** The item's threshold and zone go to the row of its location (or of the initial location). */
function withItemSettings(
  rows: PlannedVariationRow[],
  item: ParentItem,
  initial: string | undefined,
  context: ItemVariationContext,
): PlannedVariationRow[] {
  const home = item.location_id ?? initial;
  const zones = context.locations!.find((location) => location.id === home)?.zone_ids ?? [];
  const zone =
    item.zone_id !== null && (home === item.location_id || zones.includes(item.zone_id))
      ? item.zone_id
      : null;
  return rows.map((row) =>
    row.location_id === home ? { ...row, threshold: item.threshold, zone_id: zone } : row,
  );
}

function emptyRow(location_id: string): PlannedVariationRow {
  return { location_id, zone_id: null, threshold: 0 };
}

/** The new variation's events: its creation, then the item's stock moving into its rows. */
export function createVariation(
  command: CreateItemVariation,
  state: ItemVariationState,
  context: ItemVariationContext,
): Decision<ItemVariationEvent> {
  const plan = planNewVariation(command.input, state, context);
  if (isDomainError(plan)) return plan;
  if (command.row_numbers.length < plan.rows.length)
    throw new TypeError('The handler must draw a number for every row of the new variation');
  const locations = plan.rows.map((row, i) => ({
    item_variation_location_id: command.row_numbers[i],
    ...row,
  }));
  const { item, accountId, now } = context;
  const created: ItemVariationEvent = {
    type: 'ItemVariationCreated',
    data: {
      id: command.id,
      account_id: accountId,
      item_id: item.id,
      attributes: plan.attributes,
      barcode: plan.barcode,
      image_id: null,
      unit_price_override: plan.unit_price_override,
      unit_cost_override: plan.unit_cost_override,
      locations,
      variation_type: plan.variation_type,
      created_at: now,
    },
  };
  const onHand = new Map<string, string>();
  const moves = plan.moves.map((move): VariationStockAdjusted => {
    const after = plus(onHand.get(move.to_location_id) ?? '0', move.quantity);
    onHand.set(move.to_location_id, after);
    const row = locations.find((r) => r.location_id === move.to_location_id)!;
    return {
      type: 'StockAdjusted',
      data: {
        account_id: accountId,
        item_id: item.id,
        variation_id: command.id,
        item_variation_location_id: row.item_variation_location_id,
        location_id: row.location_id,
        quantity: move.quantity,
        on_hand_after: after,
        reason: MOVED_TO_FIRST_VARIATION,
        adjusted_at: now,
      },
    };
  });
  return [created, ...moves];
}
