import { DomainError, invalid, isDomainError } from '../shared/domain-error';
import { requiredText } from '../shared/parsers';
import { VariationAttributeValue } from './state';

/** How many values one attribute may hold. */
export const MAX_ATTRIBUTE_VALUES = 200;

const text = requiredText();

/**
 * The complete list of values a client sent: each entry a string or `{value}` (a new value) or
 * `{id, value}` (an existing value of `current`, renamed or not). Values are trimmed and must differ
 * case-insensitively; new values take the next of `newIds` in order.
 */
export function parseValues(
  input: unknown,
  current: readonly VariationAttributeValue[],
  newIds: readonly string[],
): VariationAttributeValue[] | DomainError {
  if (!Array.isArray(input)) return invalid('values', 'values must be an array of values.');
  if (input.length > MAX_ATTRIBUTE_VALUES)
    return invalid('values', `values must have at most ${MAX_ATTRIBUTE_VALUES} entries.`);
  const known = new Set(current.map((v) => v.id));
  const seenIds = new Set<string>();
  const seenValues = new Set<string>();
  const parsed: VariationAttributeValue[] = [];
  let fresh = 0;
  for (const [index, entry] of input.entries()) {
    const param = `values.${index}`;
    const value = parseEntry(entry, param);
    if (isDomainError(value)) return value;
    if (value.id !== undefined) {
      if (!known.has(value.id))
        return invalid(`${param}.id`, `${param}.id is not a value of this attribute.`);
      if (seenIds.has(value.id)) return invalid(`${param}.id`, `${param}.id is given twice.`);
      seenIds.add(value.id);
    }
    const folded = value.value.toLowerCase();
    if (seenValues.has(folded)) return invalid(param, `The value "${value.value}" is given twice.`);
    seenValues.add(folded);
    if (value.id === undefined && fresh >= newIds.length)
      throw new TypeError('The handler must draw an id for every value it sends');
    parsed.push({ id: value.id ?? newIds[fresh++], value: value.value });
  }
  return parsed;
}

function parseEntry(entry: unknown, param: string): { id?: string; value: string } | DomainError {
  if (typeof entry === 'string') return trimmed(entry, param);
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return invalid(param, `${param} must be a string or an object {id?, value}.`);
  const { id, value, ...rest } = entry as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined)
    return invalid(`${param}.${unknown}`, `${param}.${unknown} is not a value field.`);
  const parsedValue = trimmed(value, `${param}.value`);
  if (isDomainError(parsedValue)) return parsedValue;
  if (id === undefined || id === null) return parsedValue;
  if (typeof id !== 'string') return invalid(`${param}.id`, `${param}.id must be a value id.`);
  return { id, value: parsedValue.value };
}

function trimmed(value: unknown, param: string): { value: string } | DomainError {
  const parsed = text(value, param);
  return isDomainError(parsed) ? parsed : { value: parsed.trim() };
}
