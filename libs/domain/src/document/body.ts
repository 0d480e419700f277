import { DomainError, invalid, validation } from '../shared/domain-error';
import { ParsedFields, parseFields, Parsers, requireFields } from '../shared/fields';

/** An action's body as the client sent it: each value is checked by the action. */
export type ActionBody = { [field: string]: unknown };

/**
 * An action's body: only the named fields (another is 422 `code`), the required ones present,
 * each parsed.
 */
export function parseActionBody<P extends Parsers>(
  body: ActionBody,
  parsers: P,
  required: readonly (keyof P & string)[],
  code: string,
): ParsedFields<P> | DomainError {
  const unknown = Object.keys(body).find((name) => !Object.hasOwn(parsers, name));
  if (unknown !== undefined) return validation(code, unknown, `${unknown} is not accepted here.`);
  const missing = requireFields(body, required);
  if (missing) return missing;
  return parseFields(parsers, body);
}

/** `tracking_url`: an http or https URL of at most `max` characters. */
export function webAddress(max: number) {
  return (value: unknown, param: string): string | null | DomainError => {
    if (value === null || value === '') return null;
    if (typeof value !== 'string' || value.length > max || !/^https?:\/\/[^\s]+$/i.test(value))
      return invalid(param, `${param} must be an http or https URL of at most ${max} characters.`);
    try {
      new URL(value);
      return value;
    } catch {
      return invalid(param, `${param} must be an http or https URL.`);
    }
  };
}
