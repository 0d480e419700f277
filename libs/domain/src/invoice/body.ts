import { ActionBody, parseActionBody } from '../document/body';
import { DomainError } from '../shared/domain-error';
import { ParsedFields, Parsers } from '../shared/fields';

/** An invoice action's body (document/body.ts): another field is 422 `unsupported_invoice_field`. */
export function parseBody<P extends Parsers>(
  body: ActionBody,
  parsers: P,
  required: readonly (keyof P & string)[] = [],
  code = 'unsupported_invoice_field',
): ParsedFields<P> | DomainError {
  return parseActionBody(body, parsers, required, code);
}
