import { DocumentSight } from '@app/domain';
import { Kysely, RawBuilder, sql } from 'kysely';
import { ListEnvelope, listEnvelope } from '@app/runtime';
import { isoTimestamp } from '../http/timestamps';
import { DocumentListFilters, DocumentListRequest } from './document-list-query';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** A document type's list table, as its projector writes it (libs/read-models). */
export interface DocumentTable {
  table: string;
  /** `estimate_number`: the list's order, newest first, and what a numeric `q` matches. */
  numberColumn: string;
  /** Searched by `q` as a case-insensitive substring. */
  searchColumns: readonly string[];
  /** Date columns, read back as `YYYY-MM-DD`. */
  dateColumns: readonly string[];
  /** The columns that make up the record's `totals`. */
  amounts: readonly string[];
  /** Whose documents a user without view-all sees: default `salesperson_id`. */
  ownerColumn?: string;
  /** The party the list's party filter matches: default `customer_id`. */
  partyColumn?: string;
}

/** Visible documents of a table, newest number first, without lines; `view` renders each row. */
export async function listDocuments<V>(
  db: Kysely<any>,
  spec: DocumentTable,
  sight: DocumentSight,
  { page, filters }: DocumentListRequest,
  url: string,
  view: (record: any, revision: number) => V,
): Promise<ListEnvelope<V>> {
  const where = conditions(spec, sight, filters);
  const table = sql.table(spec.table);
  const dates = sql.raw(spec.dateColumns.map((column) => `, ${column}::text as ${column}`).join(''));
  const rowsQuery = sql<any>`select * ${dates} from ${table} where ${where}
    order by ${sql.ref(spec.numberColumn)} desc limit ${page.fetch} offset ${page.offset}`.execute(db);
  const totalQuery = page.includeTotal
    ? sql<{ n: string }>`select count(*) as n from ${table} where ${where}`.execute(db)
    : undefined;
  const [{ rows }, total] = await Promise.all([rowsQuery, totalQuery]);
  return listEnvelope({
    url,
    page: page.page,
    limit: page.limit,
    rows: rows.map((row) => view(documentOfRow(spec, row), row.revision)),
    total: total ? Number(total.rows[0].n) : undefined,
  });
}

function conditions(
  spec: DocumentTable,
  sight: DocumentSight,
  filters: DocumentListFilters,
): RawBuilder<unknown> {
  const parts = [sql`account_id = ${sight.accountId}::uuid`];
  if (sight.onlyOwnDocuments)
    parts.push(sql`${sql.ref(spec.ownerColumn ?? 'salesperson_id')} = ${sight.userId}::uuid`);
  if (filters.customerId)
    parts.push(sql`${sql.ref(spec.partyColumn ?? 'customer_id')} = ${filters.customerId}::uuid`);
  if (filters.statusId !== undefined) parts.push(sql`status_id = ${filters.statusId}`);
  // ANDed with the visibility above: an id filter narrows, never widens.
  for (const { column, id } of filters.ids ?? []) parts.push(sql`${sql.ref(column)} = ${id}::uuid`);
  for (const { column, bound, day } of filters.dates)
    parts.push(sql`${sql.ref(column)} ${sql.raw(bound)} ${day}::date`);
  if (filters.q) parts.push(matching(spec, filters.q));
  return sql.join(parts, sql` and `);
}

/** A case-insensitive substring of the search columns; digits also the number. */
function matching(spec: DocumentTable, q: string): RawBuilder<unknown> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const columns = spec.searchColumns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern}`);
  if (/^\d{1,9}$/.test(q)) columns.push(sql`${sql.ref(spec.numberColumn)} = ${Number(q)}`);
  return sql`(${sql.join(columns, sql` or `)})`;
}

/** A list row as the record the summary view renders (lines are not listed). */
function documentOfRow(spec: DocumentTable, row: any): any {
  return {
    ...row,
    custom_field_values:
      typeof row.custom_field_values === 'string'
        ? JSON.parse(row.custom_field_values)
        : row.custom_field_values,
    lines: [],
    totals: Object.fromEntries(spec.amounts.map((name) => [name, row[name]])),
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
  };
}
