import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '../openapi/decorators';

/** A route's own documentation, written as the decorators would be stacked on it (top first). */
export type RouteDocs = readonly (MethodDecorator | ClassDecorator)[];

/** A type's own route documentation, read top first as if stacked on the handler. */
export function Documented(docs: RouteDocs): MethodDecorator {
  return applyDecorators(...[...docs].reverse());
}

/** The page parameters of a document's own entries (packing lists, payments, invoices made). */
export function ApiPageQuery(): MethodDecorator {
  return Documented([
    ApiQuery({ name: 'page', required: false, type: Number }),
    ApiQuery({ name: 'limit', required: false, type: Number }),
    ApiQuery({ name: 'include_total', required: false, type: Boolean }),
  ]);
}

/** The revision a write expects (its ETag); a stale one answers 409 mobile_mutation_conflict. */
export const IF_MATCH = { name: 'If-Match', required: false, description: 'The revision (ETag)' };
