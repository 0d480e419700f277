import { Kysely, RawBuilder, SelectQueryBuilder, sql } from 'kysely';
import {
  ListEnvelope,
  listEnvelope,
  PageRequest,
  parsePageRequest,
  queryText,
  refuseUnknownParams,
} from '@app/runtime';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Rows<O = any> = SelectQueryBuilder<any, any, O>;

/**
 * One page of a list endpoint, read from `rows` (its filters applied): `ordered` selects and sorts
 * them, `render` turns the page's rows into its entries; all rows are counted when include_total.
 */
export async function listPageOf<R extends Rows, O, T>(
  request: { rows: R; page: PageRequest; url: string },
  ordered: (rows: R) => Rows<O>,
  render: (found: O[]) => T[] | Promise<T[]>,
): Promise<ListEnvelope<T>> {
  const { rows, page, url } = request;
  const found = await ordered(rows).offset(page.offset).limit(page.fetch).execute();
  const total = page.includeTotal ? await countOf(rows) : undefined;
  return listEnvelope({ url, page: page.page, limit: page.limit, rows: await render(found), total });
}

/** How many rows `rows` selects. */
export async function countOf(rows: Rows): Promise<number> {
  const { n } = await rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** For a list read in raw SQL: how many rows of `table` meet `where`, when the page asks for the total. */
export async function totalWhere(
  db: Kysely<any>,
  page: PageRequest,
  table: string,
  where: RawBuilder<unknown>,
): Promise<number | undefined> {
  if (!page.includeTotal) return undefined;
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db);
  return Number(rows[0].n);
}

/**
 * A list's page and its search (`q`, trimmed; a blank one searches nothing) from its query string;
 * a parameter that is none of those nor one of `filters` is refused, not ignored.
 */
export function searchListQuery(
  query: Record<string, unknown>,
  filters: readonly string[],
): { page: PageRequest; q?: string } {
  refuseUnknownParams(query, ['page', 'limit', 'include_total', 'q', ...filters]);
  const page = parsePageRequest(query);
  const q = queryText(query, 'q')?.trim();
  return q ? { page, q } : { page };
}

/** Rows in name order: `column` compared lower-case, then id (stable across pages). */
export function byName<O>(rows: Rows<O>, column = 'name'): Rows<O> {
  return rows.orderBy(sql`lower(${sql.ref(column)})`).orderBy('id');
}
