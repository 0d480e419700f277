import { isDeepStrictEqual } from 'node:util';

/** One field that differs between two views of a record: `lines.<line id>.quantity`, `name`. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

type JsonObject = Record<string, unknown>;

/**
 * The fields in which `after` differs from `before` (two JSON views of one record), in `after`'s
 * order then `before`'s: objects are compared field by field, arrays whose entries all carry an `id`
 * entry by entry under that id (`lines.<id>.quantity`), other values whole (an array of names, an
 * object replacing a null). A field one side lacks is null there, its entries too: a new record or
 * line shows each of its fields set.
 */
export function fieldChanges(before: unknown, after: unknown, path = ''): FieldChange[] {
  if (isDeepStrictEqual(before ?? null, after ?? null)) return [];
  const from = before === undefined ? emptyLike(after) : entriesOf(before);
  const to = after === undefined ? emptyLike(before) : entriesOf(after);
  if (from === undefined || to === undefined)
    return [{ field: path, from: before ?? null, to: after ?? null }];
  const keys = [...new Set([...Object.keys(to), ...Object.keys(from)])];
  return keys.flatMap((key) => fieldChanges(from[key], to[key], path === '' ? key : `${path}.${key}`));
}

/** A value's entries by key when it is compared entry by entry: an object, or an array of records. */
function entriesOf(value: unknown): JsonObject | undefined {
  if (Array.isArray(value)) {
    if (!value.every(hasId)) return undefined;
    return Object.fromEntries(value.map((entry) => [entry.id, entry]));
  }
  if (typeof value === 'object' && value !== null) return value as JsonObject;
  return undefined;
}

function emptyLike(value: unknown): JsonObject | undefined {
  return entriesOf(value) && {};
}

function hasId(entry: unknown): entry is { id: string } {
  return typeof entry === 'object' && entry !== null && typeof (entry as JsonObject).id === 'string';
}
