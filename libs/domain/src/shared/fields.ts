import { DomainError, invalid, isDomainError } from './domain-error';
import { Parser } from './parsers';

export type Parsers = Record<string, Parser<unknown>>;

/** The parsed values of the fields that were given (PATCH semantics: absent stays absent). */
export type ParsedFields<P extends Parsers> = {
  [K in keyof P]?: P[K] extends Parser<infer T> ? T : never;
};

/**
 * Parses every field of `input` that has a parser and is not `undefined`; the first refusal wins.
 * Fields without a parser are ignored here: rejecting unknown fields is the API layer's job.
 * `within` prefixes the param of a nested object (`settings.tax_label`).
 */
export function parseFields<P extends Parsers>(
  parsers: P,
  input: object,
  within?: string,
): ParsedFields<P> | DomainError {
  const values = input as Record<string, unknown>;
  const parsed: Record<string, unknown> = {};
  for (const name of Object.keys(parsers)) {
    if (values[name] === undefined) continue;
    const value = parsers[name](values[name], within === undefined ? name : `${within}.${name}`);
    if (isDomainError(value)) return value;
    parsed[name] = value;
  }
  return parsed as ParsedFields<P>;
}

/** Refuses the first of `names` that the input lacks. */
export function requireFields(input: object, names: readonly string[]): DomainError | undefined {
  const values = input as Record<string, unknown>;
  const missing = names.find((name) => values[name] === undefined);
  return missing === undefined ? undefined : invalid(missing, `${missing} is required.`);
}

/**
 * The fields of `changes` whose value differs from `current` (undefined means "not given"):
 * a no-op update appends nothing.
 */
export function changedFields<T extends object>(current: T, changes: Partial<T>): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(changes) as (keyof T)[]) {
    const value = changes[key];
    if (value !== undefined && !sameValue(current[key], value)) changed[key] = value;
  }
  return changed;
}

export function isEmpty(object: object): boolean {
  return Object.keys(object).length === 0;
}

/** Deep equality of JSON values (field values are strings, numbers, booleans, null, arrays, objects). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) =>
    sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
