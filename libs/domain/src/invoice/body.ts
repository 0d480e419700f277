import { DomainError, invalid, isDomainError, validation } from '../shared/domain-error';
import { ParsedFields, parseFields, Parsers, requireFields } from '../shared/fields';
import { Body } from './commands';

/**
 * An action's body: only the named fields (another is 422 `code`, `unsupported_invoice_field` by default),
 * the required ones present, each parsed.
 */
export function parseBody<P extends Parsers>(
  body: Body,
  parsers: P,
  required: readonly (keyof P & string)[] = [],
  code = 'unsupported_invoice_field',
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

export { isDomainError };
