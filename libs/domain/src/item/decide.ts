import { Decision } from '../shared/decision';
import { DomainError, invalid, isDomainError, permissionDenied } from '../shared/domain-error';
import { parseFields, changedFields, requireFields } from '../shared/fields';
import { ItemCommand, UpdateItem } from './commands';
import { ItemContext } from './context';
import { ItemEvent } from './events';
import { ITEM_DEFAULTS, ITEM_PARSERS, ItemFields, ItemInput } from './fields';
import { itemArchived, referenceRefusal, visibleItem } from './rules';
import { ItemRecord, ItemState, ITEM_STATUS } from './state';
import { decideAdjustment } from './stock';
import { decideUnit } from './unit';
import { decideItemMovement } from './transfer-stock';
import { alreadyCreated, createdEvent, updatedEvent } from '../shared/recorded';

export function decideItem(
  command: ItemCommand,
  state: ItemState,
  context: ItemContext,
): Decision<ItemEvent> {
  const { now } = context;
  if (command.type === 'CreateItem') {
    const exists = alreadyCreated(state, 'item');
    if (exists) return exists;
    const fields = newItemFields(command.input, context);
    if (isDomainError(fields)) return fields;
    const { id, item_number } = command;
    return createdEvent('ItemCreated', id, { item_number, ...fields, status_id: 12 }, context);
  }
  const item = visibleItem(state, context);
  if (isDomainError(item)) return item;
  switch (command.type) {
    case 'UpdateItem': {
      if (item.archived) return itemArchived();
      const changes = itemChanges(item, command, context);
      if (isDomainError(changes)) return changes;
      return updatedEvent('ItemUpdated', changes, now);
    }
    case 'ArchiveItem':
      return item.archived ? [] : [{ type: 'ItemArchived', data: { status_id: 13, archived_at: now } }];
    case 'RestoreItem': {
      const status_id = item.sold_date === null ? ITEM_STATUS.available : ITEM_STATUS.sold;
      return item.archived ? [{ type: 'ItemRestored', data: { status_id, restored_at: now } }] : [];
    }
    case 'AdjustItemStock':
      return item.archived ? itemArchived() : decideAdjustment(item, command, context);
    case 'InvoiceItemUnit':
    case 'ReleaseItemUnit':
      return decideUnit(item, command, context);
    case 'MoveTransferStock':
      return decideItemMovement(item, command, context);
  }
}

/** Setting a cost is for those who may see costs. */
function costRefusal(input: ItemInput, context: ItemContext): DomainError | undefined {
  return input.cost !== undefined && !context.mayViewCost
    ? permissionDenied('Setting cost needs the unit_cost.view permission.')
    : undefined;
}

function newItemFields(input: ItemInput, context: ItemContext): ItemFields | DomainError {
  const refusal =
    costRefusal(input, context) ?? requireFields(input, ['name', 'inventory_type', 'category_id']);
  if (refusal) return refusal;
  const given = parseFields(ITEM_PARSERS, input);
  if (isDomainError(given)) return given;
  // A user restricted to one location creates items there unless told otherwise.
  const fields = { ...ITEM_DEFAULTS, location_id: context.restrictedTo ?? null, ...given } as ItemFields;
  return referenceRefusal(fields, { ...given, location_id: fields.location_id }, context) ?? fields;
}

/** Only the given fields that differ from the item (PATCH). */
function itemChanges(
  item: ItemRecord,
  { input }: UpdateItem,
  context: ItemContext,
): Partial<ItemFields> | DomainError {
  const refusal = costRefusal(input, context);
  if (refusal) return refusal;
  const given = parseFields(ITEM_PARSERS, input) as Partial<ItemFields> | DomainError;
  if (isDomainError(given)) return given;
  if (given.inventory_type !== undefined && given.inventory_type !== item.inventory_type)
    return invalid('inventory_type', 'inventory_type cannot change once the item exists.');
  // A zone belongs to one location: moving the item leaves its zone behind unless a new one is given.
  const moved = given.location_id !== undefined && given.location_id !== item.location_id;
  if (moved && given.zone_id === undefined && item.zone_id !== null) given.zone_id = null;
  const changes = changedFields<ItemFields>(item, given);
  return referenceRefusal({ ...item, ...changes }, changes, context) ?? changes;
}
