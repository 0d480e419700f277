import { Decision } from '../shared/decision';
import { conflict, isDomainError, permissionDenied } from '../shared/domain-error';
import { ItemVariationContext } from './context';
import { ItemVariationEvent } from './events';
import { isZero } from './fields';
import { ItemVariationState } from './state';
import { changeableVariation } from './visibility';

const CODE = 'item_variation_delete_not_allowed';

/**
 * An unused variation goes with its empty rows, all or nothing: refused while any row has a
 * balance or any saved line uses it. Adjustment history alone does not keep it.
 */
export function deleteVariation(
  state: ItemVariationState,
  context: ItemVariationContext,
): Decision<ItemVariationEvent> {
  const variation = changeableVariation(state, context);
  if (isDomainError(variation)) return variation;
  const { restrictedTo } = context;
  if (restrictedTo !== undefined && variation.locations.some((row) => row.location_id !== restrictedTo))
    return permissionDenied('This variation is stocked outside your location: you cannot delete it.');
  if (variation.locations.some((row) => !isZero(row.on_hand)))
    return conflict(CODE, 'The variation still has stock on hand.');
  if (context.dependents === undefined)
    throw new TypeError('The handler must count the variation’s dependents');
  if (context.dependents.open_balances > 0)
    return conflict(CODE, 'The variation has reserved, incoming or in-transit stock.');
  if (context.dependents.documents > 0)
    return conflict(CODE, `Saved document lines (${context.dependents.documents}) use this variation.`);
  const data = { account_id: variation.account_id, item_id: variation.item_id, deleted_at: context.now };
  return [{ type: 'ItemVariationDeleted', data }];
}
