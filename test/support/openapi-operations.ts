/* The operations an OpenAPI 3 document describes, as a fuzzer needs them: no operation is listed by hand. */

export interface QueryParameter {
  name: string;
  /** The schema's type (`number`, `boolean`, `string`); `string` when the document gives none. */
  type: string;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The document's path template, e.g. `/api/v3/items/{id}/variations/{variation_id}`. */
  path: string;
  /** `POST /api/v3/items/{id}/adjustments`: the key of per-operation tables. */
  key: string;
  pathParams: string[];
  query: QueryParameter[];
  /** Header parameters the operation declares (`If-Match`, `Idempotency-Key`), lower case. */
  headers: string[];
  /** The body's media type, when it takes one. */
  bodyType?: string;
  /** The top-level fields of the body's schema. */
  bodyFields: string[];
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(document: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if (!METHODS.includes(method)) continue;
      const parameters = ((operation as Json).parameters ?? []) as Json[];
      const content = (operation as Json).requestBody?.content as Json | undefined;
      const [bodyType, media] = Object.entries(content ?? {})[0] ?? [];
      const upper = method.toUpperCase() as Operation['method'];
      operations.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, type: p.schema?.type ?? 'string' })),
        headers: parameters.filter((p) => p.in === 'header').map((p) => String(p.name).toLowerCase()),
        bodyType,
        bodyFields: Object.keys(resolve(document, (media as Json | undefined)?.schema)?.properties ?? {}),
      });
    }
  }
  return operations;
}

function resolve(document: Json, schema: Json | undefined): Json | undefined {
  const ref = schema?.$ref as string | undefined;
  return ref ? document.components?.schemas?.[ref.split('/').pop() as string] : schema;
}

/** The operation's URL with each path parameter replaced (already encoded) and a query string. */
export function urlOf(operation: Operation, params: Record<string, string>, query = ''): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]);
  return query ? `${path}?${query}` : path;
}
