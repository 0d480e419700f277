import { ApiQuery } from '../openapi/decorators';
import { hasScopes, insufficientScope } from '@app/domain';
import { Actor } from '../auth/actor';
import { invalidQueryParameter } from '@app/runtime';

type Query = Record<string, unknown> | undefined;

/** Whether a retrieve asks for the record as it was (`?as_of_revision=N`) rather than as it is. */
export function asOfRequested(query: Query): boolean {
  return query?.as_of_revision !== undefined;
}

/** A non-negative integer, given once; else 422 `invalid_query_parameter`. */
export function parseAsOfRevision(query: Query): number {
  const text = query?.as_of_revision;
  if (typeof text !== 'string' || !/^\d+$/.test(text))
    throw invalidQueryParameter('as_of_revision', 'as_of_revision must be a non-negative integer.');
  // Past every stream's end when huge: the record did not reach it, so 404, not a 422.
  return Math.min(Number(text), Number.MAX_SAFE_INTEGER);
}

/** The past of a record is for auditors: the key needs `audit:read` besides the resource's scope. */
export function requireAuditScope(actor: Actor): void {
  if (!hasScopes(actor.scopes, ['audit:read'])) throw insufficientScope('audit:read');
}

/** The OpenAPI description of a retrieve route's `as_of_revision`. */
export function ApiAsOfRevision(): MethodDecorator {
  return ApiQuery({
    name: 'as_of_revision',
    required: false,
    type: Number,
    description: 'The record as it was right after this revision (needs audit:read)',
  });
}
