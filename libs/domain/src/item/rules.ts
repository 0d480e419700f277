import { conflict, DomainError, invalid, isDomainError, notFound } from '../shared/domain-error';
import { liveRecordIn } from '../shared/record-state';
import { ItemContext } from './context';
import { ItemFields } from './fields';
import { ItemRecord, ItemState } from './state';

/**
 * A live item of the caller's account that the caller may see, else 404. A user restricted to one
 * location sees items with no location, items at theirs, and items with inventory there.
 */
export function visibleItem(state: ItemState, context: ItemContext): ItemRecord | DomainError {
  const item = liveRecordIn(state, context.accountId);
  if (isDomainError(item) || isVisibleAt(item, context)) return item;
  return notFound();
}

function isVisibleAt(item: ItemRecord, { restrictedTo, stockedAtRestrictedLocation }: ItemContext): boolean {
  return (
    restrictedTo === undefined ||
    item.location_id === null ||
    item.location_id === restrictedTo ||
    item.on_hand[restrictedTo] !== undefined ||
    stockedAtRestrictedLocation === true
  );
}

/** Archived items are read-only: edits, photos and stock changes wait for a restore. */
export function itemArchived(): DomainError {
  return conflict('item_archived', 'This item is archived and read-only; restore it first.');
}

/**
 * The rules between an item's fields and the records they name, for the fields `given` by a
 * create or an update (`fields` being the item with them applied): the first refusal, if any.
 */
export function referenceRefusal(
  fields: ItemFields,
  given: Partial<ItemFields>,
  context: ItemContext,
): DomainError | undefined {
  const { references } = context;
  const category = references.categories[fields.category_id];
  if (given.category_id !== undefined && !category)
    return invalid('category_id', 'category_id must be an item category of this account.');
  if (given.category_id !== undefined && category.inventory_type !== fields.inventory_type)
    return typeMismatch(given.inventory_type !== undefined ? 'inventory_type' : 'category_id', category);
  if (given.serial_number && fields.inventory_type !== 'unique')
    return invalid('serial_number', 'serial_number is for unique items only.');
  if (given.supplier_ids?.length && fields.inventory_type !== 'quantity')
    return invalid('supplier_ids', 'supplier_ids is for quantity items only.');
  const unknownSupplier = (given.supplier_ids ?? []).findIndex((id) => !references.suppliers.includes(id));
  if (unknownSupplier >= 0)
    return invalid(`supplier_ids.${unknownSupplier}`, 'supplier_ids must name suppliers of this account.');
  if (given.location_id && !references.locations.includes(given.location_id))
    return invalid('location_id', 'location_id must be an active location of this account that you may use.');
  if (given.zone_id) {
    if (fields.location_id === null)
      return invalid('zone_id', 'zone_id needs the item to have a location_id.');
    if (references.zones[given.zone_id] !== fields.location_id)
      return invalid('zone_id', "zone_id must be a zone of the item's location.");
  }
  return customFieldRefusal(given, category?.custom_field_ids) ?? attributeRefusal(given, context);
}

function attributeRefusal(given: Partial<ItemFields>, context: ItemContext): DomainError | undefined {
  if (given.variation_attribute_ids === undefined) return undefined;
  if ((context.variationCount ?? 0) > 0)
    return invalid(
      'variation_attribute_ids',
      'variation_attribute_ids can change only while the item has no variations.',
    );
  const unknown = given.variation_attribute_ids.findIndex(
    (id) => !context.references.attributes.includes(id),
  );
  return unknown < 0
    ? undefined
    : invalid(
        `variation_attribute_ids.${unknown}`,
        'variation_attribute_ids must name variation attributes of this account.',
      );
}

function typeMismatch(param: string, category: { inventory_type: string }): DomainError {
  return invalid(param, `The item's inventory_type must be its category's (${category.inventory_type}).`);
}

function customFieldRefusal(
  given: Partial<ItemFields>,
  fieldIds: string[] | undefined,
): DomainError | undefined {
  const index = (given.custom_field_values ?? []).findIndex(
    (entry) => !fieldIds?.includes(entry.custom_field_id),
  );
  return index < 0
    ? undefined
    : invalid(
        `custom_field_values.${index}.custom_field_id`,
        "custom_field_id must be a custom field of the item's category.",
      );
}
