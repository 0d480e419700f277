import { invalidQueryParameter } from '../errors/api-error';

/** A parsed query string as Fastify gives it: repeated names arrive as arrays. */
export type Query = Record<string, unknown>;

/** What every paginated list takes. */
export const PAGE_PARAMS: readonly string[] = ['page', 'limit', 'include_total'];

/**
 * Refuses the first parameter the endpoint does not know (documents-api §1: unsupported input is
 * rejected, not ignored); a retrieve knows none.
 */
export function refuseUnknownParams(query: Query = {}, known: readonly string[] = []): void {
  const unknown = Object.keys(query).find((name) => !known.includes(name));
  if (unknown !== undefined) throw invalidQueryParameter(unknown, `${unknown} is not a parameter here.`);
}

/** One parameter's text, given at most once; PostgreSQL text cannot hold NUL, so it is refused. */
export function queryText(query: Query | undefined, name: string): string | undefined {
  const value = query?.[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidQueryParameter(name, `${name} must be given once.`);
  if (value.includes('\u0000')) throw invalidQueryParameter(name, `${name} must not contain NUL.`);
  return value;
}

/** A search text (`q`), trimmed; undefined when absent or blank. */
export function searchText(query: Query): string | undefined {
  return queryText(query, 'q')?.trim() || undefined;
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 timestamp with its offset (`2026-01-31T00:00:00Z`), else undefined. */
export function isoTimestampOf(text: string): Date | undefined {
  const time = new Date(text);
  return ISO_TIMESTAMP.test(text) && !Number.isNaN(time.getTime()) ? time : undefined;
}
