import { conflict, DomainError, invalid } from '../shared/domain-error';
import { AttributeDefinition, ParentItem } from './context';
import { AttributeValuePair } from './state';

/**
 * The `attributes` a client sent: `{attribute_id, value_id}` pairs naming account attributes and one
 * of their values, each attribute at most once. Absent means none.
 */
export function parsePairs(
  input: unknown,
  attributes: readonly AttributeDefinition[] | undefined,
): AttributeValuePair[] | DomainError {
  if (input === undefined) return [];
  if (!Array.isArray(input))
    return invalid('attributes', 'attributes must be an array of {attribute_id, value_id}.');
  if (input.length > 0 && attributes === undefined)
    throw new TypeError('The handler must look up the attributes a variation names');
  const pairs: AttributeValuePair[] = [];
  for (const [index, entry] of input.entries()) {
    const param = `attributes.${index}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      return invalid(param, `${param} must be an object {attribute_id, value_id}.`);
    const { attribute_id, value_id, ...rest } = entry as Record<string, unknown>;
    const unknown = Object.keys(rest)[0];
    if (unknown !== undefined)
      return invalid(`${param}.${unknown}`, `${param}.${unknown} is not a field of a pair.`);
    const attribute = attributes!.find((a) => a.id === attribute_id);
    if (typeof attribute_id !== 'string' || !attribute)
      return invalid(
        `${param}.attribute_id`,
        `${param}.attribute_id is not a variation attribute of this account.`,
      );
    if (pairs.some((pair) => pair.attribute_id === attribute_id))
      return invalid(`${param}.attribute_id`, `The attribute ${attribute.name} is given twice.`);
    if (typeof value_id !== 'string' || !attribute.values.some((v) => v.id === value_id))
      return invalid(
        `${param}.value_id`,
        `${param}.value_id is not a value of the attribute ${attribute.name}.`,
      );
    pairs.push({ attribute_id, value_id });
  }
  return pairs;
}

/** Exactly one pair per attribute assigned to the item, put in the item's order. */
export function matchItemAttributes(
  pairs: readonly AttributeValuePair[],
  item: ParentItem,
): AttributeValuePair[] | DomainError {
  const assigned = item.variation_attribute_ids;
  const foreign = pairs.findIndex((pair) => !assigned.includes(pair.attribute_id));
  if (foreign >= 0)
    return invalid(`attributes.${foreign}.attribute_id`, 'This attribute is not assigned to the item.');
  if (pairs.length !== assigned.length)
    return invalid(
      'attributes',
      assigned.length === 0
        ? 'This item has no attributes: attributes must be empty.'
        : `attributes must give one value for each of the item's ${assigned.length} attribute(s).`,
    );
  return assigned.map((id) => pairs.find((pair) => pair.attribute_id === id)!);
}

/** Two variations of one item never share a combination (an item without attributes has one variation). */
export function duplicateRefusal(
  pairs: readonly AttributeValuePair[],
  siblings: readonly { id: string; attributes: readonly AttributeValuePair[] }[],
  self?: string,
): DomainError | undefined {
  const key = combinationKey(pairs);
  const twin = siblings.find((sibling) => sibling.id !== self && combinationKey(sibling.attributes) === key);
  return twin
    ? conflict('duplicate_variation', 'Another variation of this item has the same attribute values.')
    : undefined;
}

/** The same pairs in any order give the same key. */
export function combinationKey(pairs: readonly AttributeValuePair[]): string {
  return pairs
    .map((pair) => `${pair.attribute_id}=${pair.value_id}`)
    .sort()
    .join('&');
}
