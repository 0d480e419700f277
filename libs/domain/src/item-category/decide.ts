import { Decision } from '../shared/decision';
import { conflict, DomainError, invalid, isDomainError } from '../shared/domain-error';
import { parseFields, changedFields, requireFields } from '../shared/fields';
import { liveRecordIn } from '../shared/record-state';
import { ItemCategoryCommand } from './commands';
import { ItemCategoryContext } from './context';
import { ItemCategoryEvent } from './events';
import {
  CustomField,
  ITEM_CATEGORY_PARSERS,
  ItemCategoryFields,
  ItemCategoryInput,
  parseCustomFields,
} from './fields';
import { ItemCategoryRecord, ItemCategoryState } from './state';
import { alreadyCreated, createdEvent, updatedEvent } from '../shared/recorded';

export function decideItemCategory(
  command: ItemCategoryCommand,
  state: ItemCategoryState,
  context: ItemCategoryContext,
): Decision<ItemCategoryEvent> {
  const { now } = context;
  if (command.type === 'CreateItemCategory') {
    const exists = alreadyCreated(state);
    if (exists) return exists;
    const fields = newFields(command.id, command.input, command.fieldIds, context);
    if (isDomainError(fields)) return fields;
    return createdEvent('ItemCategoryCreated', command.id, fields, context);
  }
  const category = liveRecordIn(state, context.accountId);
  if (isDomainError(category)) return category;
  if (command.type === 'UpdateItemCategory') {
    const changes = changedCategoryFields(category, command.input, command.fieldIds, context);
    if (isDomainError(changes)) return changes;
    return updatedEvent('ItemCategoryUpdated', changes, now);
  }
  return deletionRefusal(context) ?? [{ type: 'ItemCategoryDeleted', data: { deleted_at: now } }];
}

function newFields(
  id: string,
  input: ItemCategoryInput,
  fieldIds: readonly string[],
  context: ItemCategoryContext,
): ItemCategoryFields | DomainError {
  const missing = requireFields(input, ['name', 'inventory_type']);
  if (missing) return missing;
  const given = parseFields(ITEM_CATEGORY_PARSERS, input);
  if (isDomainError(given)) return given;
  const customFields = givenCustomFields(input, [], fieldIds) ?? [];
  if (isDomainError(customFields)) return customFields;
  const fields = { parent_id: null, weight: 0, ...given, custom_fields: customFields } as ItemCategoryFields;
  return parentRefusal(id, fields.parent_id, 0, context) ?? fields;
}

/** Only the given fields that differ from the category: none means nothing to append. */
function changedCategoryFields(
  category: ItemCategoryRecord,
  input: ItemCategoryInput,
  fieldIds: readonly string[],
  context: ItemCategoryContext,
): Partial<ItemCategoryFields> | DomainError {
  const given = parseFields(ITEM_CATEGORY_PARSERS, input);
  if (isDomainError(given)) return given;
  const customFields = givenCustomFields(input, category.custom_fields, fieldIds);
  if (isDomainError(customFields)) return customFields;
  const changes = changedFields<ItemCategoryFields>(category, { ...given, custom_fields: customFields });
  if (changes.inventory_type !== undefined) {
    const refusal = typeChangeRefusal(context);
    if (refusal) return refusal;
  }
  if (!changes.parent_id) return changes;
  if (context.childCount === undefined)
    throw new TypeError('The handler must count the children of a category given a parent');
  return parentRefusal(category.id, changes.parent_id, context.childCount, context) ?? changes;
}

function givenCustomFields(
  input: ItemCategoryInput,
  current: readonly CustomField[],
  fieldIds: readonly string[],
): CustomField[] | DomainError | undefined {
  return input.custom_fields === undefined
    ? undefined
    : parseCustomFields(input.custom_fields, current, fieldIds);
}

/**
 * Categories nest one level: a parent is a live top-level category of the account, not the
 * category itself, and a category that is already a parent cannot get one.
 */
function parentRefusal(
  id: string,
  parentId: string | null,
  childCount: number,
  { parent }: ItemCategoryContext,
): DomainError | undefined {
  if (parentId === null) return undefined;
  if (parentId === id) return invalid('parent_id', 'A category cannot be its own parent.');
  if (parent === undefined || (parent !== null && parent.id !== parentId))
    throw new TypeError('The handler must look up the category parent_id names');
  if (parent === null)
    return invalid('parent_id', 'parent_id must be the id of an item category of this account.');
  if (parent.parent_id !== null)
    return invalid('parent_id', 'parent_id must be a top-level category: categories nest one level only.');
  if (childCount > 0)
    return invalid('parent_id', 'This category has subcategories, so it must stay a top-level category.');
  return undefined;
}

/** Items take their category's inventory type: it cannot change under the items it holds. */
function typeChangeRefusal({ dependents }: ItemCategoryContext): DomainError | undefined {
  if (dependents === undefined)
    throw new TypeError('The handler must count the dependents of a category before changing its type');
  const held = dependents.filter((d) => d.count > 0);
  if (held.length === 0) return undefined;
  const list = held.map(({ name, count }) => `${count} ${name}`).join(' and ');
  return invalid('inventory_type', `inventory_type cannot change while the category holds ${list}.`);
}

/** A category that still holds items or subcategories stays, so they keep their category. */
function deletionRefusal({ childCount, dependents }: ItemCategoryContext): DomainError | undefined {
  if (childCount === undefined || dependents === undefined)
    throw new TypeError('The handler must count the dependents of a category before a delete');
  const held = [...dependents.filter((d) => d.count > 0)];
  if (childCount > 0) held.push({ name: 'subcategories', count: childCount });
  if (held.length === 0) return undefined;
  const list = held.map(({ name, count }) => `${count} ${name}`).join(' and ');
  return conflict(
    'item_category_delete_not_allowed',
    `This category still holds ${list} and cannot be deleted.`,
  );
}
