import { Decision } from '../shared/decision';
import { DomainError, isDomainError } from '../shared/domain-error';
import { updateVariation } from './changes';
import { ItemVariationCommand } from './commands';
import { ItemVariationContext } from './context';
import { createVariation, planNewVariation } from './create';
import { deleteVariation } from './deletion';
import { ItemVariationEvent } from './events';
import { addLocation, removeLocation, updateLocation } from './location-rows';
import { ItemVariationState } from './state';
import { adjustStock } from './stock';
import { moveVariationStock } from './transfer-stock';
import { onChangeableRow } from './visibility';

export function decideItemVariation(
  command: ItemVariationCommand,
  state: ItemVariationState,
  context: ItemVariationContext,
): Decision<ItemVariationEvent> {
  switch (command.type) {
    case 'CreateItemVariation':
      return createVariation(command, state, context);
    case 'UpdateItemVariation':
      return updateVariation(command, state, context);
    case 'AddVariationLocation':
      return addLocation(command, state, context);
    case 'UpdateVariationLocation':
      return onChangeableRow(command, state, context, updateLocation);
    case 'RemoveVariationLocation':
      return onChangeableRow(command, state, context, removeLocation);
    case 'AdjustVariationStock':
      return onChangeableRow(command, state, context, adjustStock);
    case 'DeleteItemVariation':
      return deleteVariation(state, context);
    case 'MoveTransferStock':
      return moveVariationStock(command, state, context);
  }
}

/**
 * How many fresh `item_variation_location_id` values the command needs, once it is known to be
 * valid (its refusal otherwise): the handler draws them, then decides with them. Drawing only after
 * validation keeps refused requests from using numbers.
 */
export function variationNumbersNeeded(
  command: ItemVariationCommand,
  state: ItemVariationState,
  context: ItemVariationContext,
): number | DomainError {
  if (command.type === 'CreateItemVariation') {
    const plan = planNewVariation(command.input, state, context);
    return isDomainError(plan) ? plan : plan.rows.length;
  }
  if (command.type !== 'AddVariationLocation') return 0;
  const decision = addLocation(command, state, context);
  return isDomainError(decision) ? decision : decision.length;
}
