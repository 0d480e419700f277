import { parseActionBody, webAddress } from '../document/body';
import { DomainError, isDomainError } from '../shared/domain-error';
import { ParsedFields, Parsers } from '../shared/fields';
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
  return parseActionBody(body, parsers, required, code);
}

export { isDomainError, webAddress };
