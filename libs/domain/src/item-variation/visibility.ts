import { Decision } from '../shared/decision';
import { conflict, DomainError, isDomainError, notFound } from '../shared/domain-error';
import { liveRecordIn } from '../shared/record-state';
import { ItemVariationContext, ParentItem } from './context';
import { ItemVariationEvent } from './events';
import { ItemVariationRecord, ItemVariationState, VariationRow } from './state';

/** A live variation of the URL's item in the caller's account, or 404 whatever the reason. */
export function variationOfItem(
  state: ItemVariationState,
  context: ItemVariationContext,
): ItemVariationRecord | DomainError {
  if (context.item.account_id !== context.accountId) return notFound();
  const variation = liveRecordIn(state, context.accountId);
  if (isDomainError(variation)) return variation;
  return variation.item_id === context.item.id ? variation : notFound();
}

/** As `variationOfItem`, for a change: an archived item is read-only (409 `item_archived`). */
export function changeableVariation(
  state: ItemVariationState,
  context: ItemVariationContext,
): ItemVariationRecord | DomainError {
  const variation = variationOfItem(state, context);
  if (isDomainError(variation)) return variation;
  return context.item.archived ? archivedItem() : variation;
}

export function archivedItem(): DomainError {
  return conflict(
    'item_archived',
    'The item is archived: it and its variations are read-only until restored.',
  );
}

/** A changeable variation and its row at one location. */
export type ChangeableRow = { variation: ItemVariationRecord; row: VariationRow };

/** As `changeableVariation`, with its row of a location the caller may see (404 otherwise). */
export function changeableRow(
  state: ItemVariationState,
  locationId: string,
  context: ItemVariationContext,
): ChangeableRow | DomainError {
  const variation = changeableVariation(state, context);
  if (isDomainError(variation)) return variation;
  if (context.restrictedTo !== undefined && context.restrictedTo !== locationId) return notFound();
  const row = variation.locations.find((entry) => entry.location_id === locationId);
  return row ? { variation, row } : notFound();
}

/** Whether the item may have variations at all: a unique item is one physical thing. */
export function variationsAllowed(item: ParentItem): DomainError | undefined {
  return item.inventory_type === 'unique'
    ? conflict('item_variations_not_allowed', 'A unique item cannot have variations.')
    : undefined;
}

/** A command on the row `command.location_id` names: decided by `step` once changeableRow finds it. */
export function onChangeableRow<C extends { location_id: string }>(
  command: C,
  state: ItemVariationState,
  context: ItemVariationContext,
  step: (command: C, found: ChangeableRow, context: ItemVariationContext) => Decision<ItemVariationEvent>,
): Decision<ItemVariationEvent> {
  const found = changeableRow(state, command.location_id, context);
  return isDomainError(found) ? found : step(command, found, context);
}
