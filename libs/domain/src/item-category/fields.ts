import { DomainError, invalid, isDomainError } from '../shared/domain-error';
import { integer, nullable, oneOf, Parser, requiredText } from '../shared/parsers';
import { isRecordId } from '../shared/record-id';

export const INVENTORY_TYPES = ['quantity', 'unique'] as const;
export type InventoryType = (typeof INVENTORY_TYPES)[number];

/** A category's custom-field definition; `display_order` is its 1-based place in the category's list. */
export type CustomField = {
  id: string;
  name: string;
  display_order: number;
  display_on_inventory_list: boolean;
  publish_on_documents: boolean;
};

/** What a client sets on a category (custom fields as a complete, ordered list). */
export type ItemCategoryFields = {
  name: string;
  inventory_type: InventoryType;
  /** A top-level category of the account; null for a root category. */
  parent_id: string | null;
  /** Lists order by weight, then name; default 0. */
  weight: number;
  custom_fields: CustomField[];
};

/** Values as the client sent them. */
export type ItemCategoryInput = { [K in keyof ItemCategoryFields]?: unknown };

export const MAX_CUSTOM_FIELDS = 100;
const MAX_WEIGHT = 2_147_483_647;

/** A category id: checked here so a malformed one is a 422, never a look-up. Stored lower-case. */
export function categoryId(): Parser<string> {
  return (value, param) =>
    isRecordId(value) ? value.toLowerCase() : invalid(param, `${param} must be the id of an item category.`);
}

export const ITEM_CATEGORY_PARSERS = {
  name: requiredText(255),
  inventory_type: oneOf(INVENTORY_TYPES),
  parent_id: nullable(categoryId()),
  weight: integer(-MAX_WEIGHT - 1, MAX_WEIGHT),
};

/**
 * The ordered definitions a client sent, checked against the category's current ones: an entry
 * with an `id` keeps (and may rename) that field, one without gets the next of `freshIds`, a field
 * left out is dropped. The array order sets `display_order`. Names are unique in a category
 * (ignoring case and surrounding blanks), so an item's value can be told apart by name too.
 */
export function parseCustomFields(
  value: unknown,
  current: readonly CustomField[],
  freshIds: readonly string[],
): CustomField[] | DomainError {
  const param = 'custom_fields';
  if (!Array.isArray(value)) return invalid(param, `${param} must be an array of custom fields.`);
  if (value.length > MAX_CUSTOM_FIELDS)
    return invalid(param, `${param} must have at most ${MAX_CUSTOM_FIELDS} entries.`);
  const known = new Set(current.map((field) => field.id));
  const seenIds = new Set<string>();
  const seenNames = new Set<string>();
  const fields: CustomField[] = [];
  let fresh = 0;
  for (const [index, entry] of value.entries()) {
    const at = `${param}.${index}`;
    const parsed = parseCustomField(entry, at);
    if (isDomainError(parsed)) return parsed;
    let id = parsed.id;
    if (id === undefined) {
      id = freshIds[fresh++];
      if (id === undefined) throw new TypeError('The handler must draw an id for every new custom field');
    } else if (!known.has(id) || seenIds.has(id)) {
      return invalid(`${at}.id`, `${at}.id must be the id of one of this category's custom fields, once.`);
    }
    seenIds.add(id);
    const key = parsed.name.trim().toLowerCase();
    if (seenNames.has(key)) return invalid(`${at}.name`, `${at}.name repeats another custom field's name.`);
    seenNames.add(key);
    const { name, display_on_inventory_list, publish_on_documents } = parsed;
    fields.push({ id, name, display_order: index + 1, display_on_inventory_list, publish_on_documents });
  }
  return fields;
}

const fieldName = requiredText(255);
const flag: Parser<boolean> = (value, param) =>
  typeof value === 'boolean' ? value : invalid(param, `${param} must be true or false.`);

/** One entry: `name` required, the two flags false unless given, `id` only to keep a field. */
function parseCustomField(
  entry: unknown,
  at: string,
): (Omit<CustomField, 'id' | 'display_order'> & { id?: string }) | DomainError {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return invalid(at, `${at} must be an object with a name.`);
  const given = entry as Record<string, unknown>;
  if (given.name === undefined) return invalid(`${at}.name`, `${at}.name is required.`);
  const name = fieldName(given.name, `${at}.name`);
  if (isDomainError(name)) return name;
  const flags = { display_on_inventory_list: false, publish_on_documents: false };
  for (const key of Object.keys(flags) as (keyof typeof flags)[]) {
    if (given[key] === undefined) continue;
    const parsed = flag(given[key], `${at}.${key}`);
    if (isDomainError(parsed)) return parsed;
    flags[key] = parsed;
  }
  if (given.id === undefined || given.id === null) return { name, ...flags };
  const id = categoryId()(given.id, `${at}.id`);
  if (isDomainError(id))
    return invalid(`${at}.id`, `${at}.id must be the id of one of this category's custom fields, once.`);
  return { id, name, ...flags };
}
