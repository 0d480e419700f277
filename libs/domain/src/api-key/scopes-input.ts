import { DomainError, invalid } from '../shared/domain-error';
import { isScope, Scope } from '../shared/scopes';

/** A non-empty array of known scopes; duplicates are dropped, the client's order kept. */
export function parseScopes(value: unknown, param = 'scopes'): Scope[] | DomainError {
  if (!Array.isArray(value)) return invalid(param, `${param} must be an array of scope names.`);
  if (value.length === 0) return invalid(param, `${param} must name at least one scope.`);
  for (const [index, scope] of value.entries()) {
    if (typeof scope !== 'string' || !isScope(scope))
      return invalid(`${param}.${index}`, `${String(scope)} is not a scope.`);
  }
  return [...new Set(value as Scope[])];
}
