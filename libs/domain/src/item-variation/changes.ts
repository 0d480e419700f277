import { Decision } from '../shared/decision';
import { DomainError, isDomainError, permissionDenied } from '../shared/domain-error';
import { changedFields, isEmpty, parseFields } from '../shared/fields';
import { duplicateRefusal, matchItemAttributes, parsePairs } from './combination';
import { UpdateItemVariation } from './commands';
import { ItemVariationContext } from './context';
import { ItemVariationEvent } from './events';
import { barcode, priceOverride } from './fields';
import { AttributeValuePair, ItemVariationRecord, ItemVariationState } from './state';
import { changeableVariation } from './visibility';

const PARSERS = { barcode, unit_price_override: priceOverride, unit_cost_override: priceOverride };

/** A request that changes nothing at all is a client error here (the spec: at least one field). */
export function nothingGiven(fields: string): DomainError {
  return new DomainError(
    422,
    'invalid_request_error',
    'validation_failed',
    `Give at least one of: ${fields}.`,
  );
}

/**
 * PATCH of a variation: a complete new combination (one valid pair per assigned attribute, unique
 * among siblings), barcode, price and cost overrides. A location-restricted user changes only
 * variations stocked at their location; changing an override needs its permission.
 */
export function updateVariation(
  { input }: UpdateItemVariation,
  state: ItemVariationState,
  context: ItemVariationContext,
): Decision<ItemVariationEvent> {
  const variation = changeableVariation(state, context);
  if (isDomainError(variation)) return variation;
  if (Object.values(input).every((value) => value === undefined))
    return nothingGiven('attributes, barcode, unit_price_override, unit_cost_override');
  if (
    context.restrictedTo !== undefined &&
    !variation.locations.some((r) => r.location_id === context.restrictedTo)
  )
    return permissionDenied('You may change only variations stocked at your location.');
  const fields = parseFields(PARSERS, input);
  if (isDomainError(fields)) return fields;
  const changes: ItemVariationUpdatedChanges = changedFields(variation, fields);
  const refusal = overridePermission(changes, context);
  if (refusal) return refusal;
  if (input.attributes !== undefined) {
    const attributes = newCombination(input.attributes, variation, context);
    if (isDomainError(attributes)) return attributes;
    Object.assign(changes, changedFields(variation, { attributes }));
  }
  return isEmpty(changes)
    ? []
    : [
        {
          type: 'ItemVariationUpdated',
          data: { item_id: variation.item_id, changes, updated_at: context.now },
        },
      ];
}

type ItemVariationUpdatedChanges = Partial<
  Pick<ItemVariationRecord, 'attributes' | 'barcode' | 'unit_price_override' | 'unit_cost_override'>
>;

/** Only a change of an override needs its permission: sending back the value it has is harmless. */
function overridePermission(
  changes: ItemVariationUpdatedChanges,
  context: ItemVariationContext,
): DomainError | undefined {
  if (changes.unit_price_override !== undefined && !context.canModifyPrices)
    return permissionDenied('Changing unit_price_override needs the selling_prices.modify permission.');
  if (changes.unit_cost_override !== undefined && !context.canViewCosts)
    return permissionDenied('Changing unit_cost_override needs the unit_cost.view permission.');
  return undefined;
}

function newCombination(
  input: unknown,
  variation: ItemVariationRecord,
  context: ItemVariationContext,
): AttributeValuePair[] | DomainError {
  if (context.siblings === undefined)
    throw new TypeError('The handler must look up the siblings before changing attributes');
  const pairs = parsePairs(input, context.attributes);
  if (isDomainError(pairs)) return pairs;
  const ordered = matchItemAttributes(pairs, context.item);
  if (isDomainError(ordered)) return ordered;
  return duplicateRefusal(ordered, context.siblings, variation.id) ?? ordered;
}
