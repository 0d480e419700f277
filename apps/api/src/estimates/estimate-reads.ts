import { Inject, Injectable } from '@nestjs/common';
import { EstimateRecord, EstimateView, isDomainError, visibleEstimate, isRecordId } from '@app/domain';
import { Database } from '@app/read-models';
import { RawBuilder, sql } from 'kysely';
import { Actor } from '../auth/actor';
import { resourceMissing } from '../http/api-error';
import { ListEnvelope, listEnvelope } from '../http/pagination';
import { Query, refuseUnknownParams } from '../http/query-params';
import { DATABASE } from '../store/tokens';
import { estimateSight } from './estimate-context';
import { estimateJson, estimateSummaryJson } from './estimate-json';
import { EstimateListFilters, EstimateListRequest } from './estimate-list-query';
import { EstimateWrites } from './estimate-writes';
import { isoTimestamp } from '../http/timestamps';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Estimate reads. A retrieve folds the estimate's stream (the source of truth, with its revision);
 * a list reads the `estimates` read model, which read-your-writes keeps current.
 */
@Injectable()
export class EstimateReads {
  constructor(
    private readonly writes: EstimateWrites,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  async retrieve(
    actor: Actor,
    id: string,
    query: Query = {},
  ): Promise<{ body: EstimateView; revision: number }> {
    refuseUnknownParams(query);
    if (!isRecordId(id)) throw resourceMissing();
    const { state, revision } = await this.writes.read(id.toLowerCase());
    const estimate = visibleEstimate(state, estimateSight(actor));
    if (isDomainError(estimate)) throw estimate;
    return { body: estimateJson(estimate, revision, actor), revision };
  }

  /** Visible estimates, newest number first, without lines. */
  async list(
    actor: Actor,
    { page, filters }: EstimateListRequest,
    url: string,
  ): Promise<ListEnvelope<EstimateView>> {
    const where = conditions(actor, filters);
    const rowsQuery = sql<any>`select *, issue_date::text as issue_date, expiry_date::text as expiry_date
      from estimates where ${where}
      order by estimate_number desc limit ${page.fetch} offset ${page.offset}`.execute(this.database.db);
    const totalQuery = page.includeTotal
      ? sql<{ n: string }>`select count(*) as n from estimates where ${where}`.execute(this.database.db)
      : undefined;
    const [{ rows }, total] = await Promise.all([rowsQuery, totalQuery]);
    return listEnvelope({
      url,
      page: page.page,
      limit: page.limit,
      rows: rows.map((row) => estimateSummaryJson(recordOf(row), row.revision, actor)),
      total: total ? Number(total.rows[0].n) : undefined,
    });
  }
}

function conditions(actor: Actor, filters: EstimateListFilters): RawBuilder<unknown> {
  const sight = estimateSight(actor);
  const parts = [sql`account_id = ${actor.accountId}::uuid`];
  if (sight.onlyOwnEstimates) parts.push(sql`salesperson_id = ${actor.userId}::uuid`);
  if (filters.customerId) parts.push(sql`customer_id = ${filters.customerId}::uuid`);
  if (filters.statusId !== undefined) parts.push(sql`status_id = ${filters.statusId}`);
  if (filters.issueDateFrom) parts.push(sql`issue_date >= ${filters.issueDateFrom}::date`);
  if (filters.issueDateTo) parts.push(sql`issue_date <= ${filters.issueDateTo}::date`);
  if (filters.expiryDateFrom) parts.push(sql`expiry_date >= ${filters.expiryDateFrom}::date`);
  if (filters.expiryDateTo) parts.push(sql`expiry_date <= ${filters.expiryDateTo}::date`);
  if (filters.q) parts.push(matching(filters.q));
  return sql.join(parts, sql` and `);
}

/** A case-insensitive substring of the customer name, custom number or name; digits also the number. */
function matching(q: string): RawBuilder<unknown> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const columns = ['customer_name', 'custom_estimate_number', 'name'].map(
    (column) => sql`lower(${sql.ref(column)}) like ${pattern}`,
  );
  if (/^\d{1,9}$/.test(q)) columns.push(sql`estimate_number = ${Number(q)}`);
  return sql`(${sql.join(columns, sql` or `)})`;
}

/** A list row as the record the summary view renders (lines are not listed). */
function recordOf(row: any): EstimateRecord {
  return {
    ...row,
    custom_field_values:
      typeof row.custom_field_values === 'string'
        ? JSON.parse(row.custom_field_values)
        : row.custom_field_values,
    lines: [],
    totals: {
      pre_discount_subtotal: row.pre_discount_subtotal,
      discount: row.discount,
      subtotal: row.subtotal,
      tax: row.tax,
      tax_2: row.tax_2,
      total: row.total,
    },
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
  };
}
