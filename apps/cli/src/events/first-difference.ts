import { canonicalJson } from '@app/runtime';

/** Where two JSON values first differ: the dotted path (`data.lines.0.quantity`) and each side. */
export interface Difference {
  path: string;
  left: unknown;
  right: unknown;
}

/**
 * The first difference between two JSON values, keys in the order `right` (the reference) has them,
 * then those only `left` has; undefined when equal.
 */
export function firstDifference(left: unknown, right: unknown, path = ''): Difference | undefined {
  if (isObject(left) && isObject(right)) {
    const keys = [...new Set([...Object.keys(right), ...Object.keys(left)])];
    for (const key of keys) {
      const found = firstDifference(left[key], right[key], path ? `${path}.${key}` : key);
      if (found) return found;
    }
    return undefined;
  }
  if (Array.isArray(left) && Array.isArray(right) && left.length === right.length) {
    for (let index = 0; index < left.length; index++) {
      const found = firstDifference(left[index], right[index], `${path}.${index}`);
      if (found) return found;
    }
    return undefined;
  }
  return canonicalJson(left) === canonicalJson(right) ? undefined : { path: path || '(line)', left, right };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
