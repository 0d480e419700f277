import { Inject, Injectable } from '@nestjs/common';
import {
  isRecordId,
  liveRecordIn,
  isDomainError,
  StockTransferRecord,
  stockTransferSummaryView,
  stockTransferView,
} from '@app/domain';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { invalidQueryParameter, resourceMissing } from '@app/runtime';
import { listEnvelope, parsePageRequest } from '@app/runtime';
import { PAGE_PARAMS, Query, queryText, refuseUnknownParams, searchText } from '@app/runtime';
import { totalWhere } from '../http/list-page';
import { DATABASE } from '../store/tokens';
import { StockTransferLookups } from './stock-transfer-lookups';
import { StockTransferWrites } from './stock-transfer-writes';

/* eslint-disable @typescript-eslint/no-explicit-any */

const LIST_PARAMS = [
  ...PAGE_PARAMS,
  'q',
  'assigned_user_id',
  'origin_location_id',
  'destination_location_id',
  'status_id',
  'issue_date_from',
  'issue_date_to',
];
const UUID_FILTERS = ['assigned_user_id', 'origin_location_id', 'destination_location_id'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Stock-transfer reads: a retrieve folds the transfer's stream (with its revision); the list reads
 * the `stock_transfers` read model. Location visibility is account-wide (inventory-api §4).
 */
@Injectable()
export class StockTransferReads {
  constructor(
    private readonly writes: StockTransferWrites,
    private readonly lookups: StockTransferLookups,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  async visible(actor: Actor, id: string): Promise<{ transfer: StockTransferRecord; revision: number }> {
    if (!isRecordId(id.toLowerCase())) throw resourceMissing();
    const { state, revision } = await this.writes.read(id.toLowerCase());
    const transfer = liveRecordIn(state, actor.accountId);
    if (isDomainError(transfer)) throw transfer;
    return { transfer, revision };
  }

  async retrieve(actor: Actor, id: string, query: Query = {}) {
    refuseUnknownParams(query);
    const { transfer, revision } = await this.visible(actor, id);
    return { body: await this.detail(actor, transfer, revision), revision };
  }

  async detail(actor: Actor, transfer: StockTransferRecord, revision: number) {
    const names = await this.lookups.locationNames(actor.accountId, [
      transfer.origin_location_id,
      transfer.destination_location_id,
    ]);
    return stockTransferView(transfer, revision, names);
  }

  async list(actor: Actor, query: Query, url: string) {
    refuseUnknownParams(query, LIST_PARAMS);
    const page = parsePageRequest(query);
    const where = [sql`account_id = ${actor.accountId}::uuid`];
    const q = searchText(query);
    if (q !== undefined) {
      const number = /^\d{1,9}$/.test(q) ? Number(q) : -1;
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(sql`(stock_transfer_number = ${number} or shipping_tracking_code ilike ${pattern})`);
    }
    for (const name of UUID_FILTERS) {
      const value = queryText(query, name);
      if (value === undefined) continue;
      if (!isRecordId(value.toLowerCase())) throw invalidQueryParameter(name, `${name} must be a UUID.`);
      where.push(sql`${sql.ref(name)} = ${value.toLowerCase()}::uuid`);
    }
    const status = queryText(query, 'status_id');
    if (status !== undefined) {
      if (!['26', '27', '28'].includes(status))
        throw invalidQueryParameter('status_id', 'status_id must be 26, 27 or 28.');
      where.push(sql`status_id = ${Number(status)}`);
    }
    for (const [name, op] of [
      ['issue_date_from', sql`>=`],
      ['issue_date_to', sql`<=`],
    ] as const) {
      const value = queryText(query, name);
      if (value === undefined) continue;
      if (!DAY.test(value) || Number.isNaN(Date.parse(value)))
        throw invalidQueryParameter(name, `${name} must be a date such as 2030-01-31.`);
      where.push(sql`issue_date ${op} ${value}::date`);
    }
    const condition = sql.join(where, sql` and `);
    const { rows } = await sql<any>`select id, account_id, stock_transfer_number, assigned_user_id, status_id,
        origin_location_id, destination_location_id, issue_date::text as issue_date,
        estimated_arrival_date::text as estimated_arrival_date, date_sent::text as date_sent,
        date_received::text as date_received, shipping_provider, shipping_tracking_code, created_at, updated_at
      from stock_transfers where ${condition}
      order by stock_transfer_number desc limit ${page.fetch} offset ${page.offset}`.execute(
      this.database.db,
    );
    const total = await totalWhere(this.database.db, page, 'stock_transfers', condition);
    const names = await this.lookups.locationNames(
      actor.accountId,
      rows.flatMap((row) => [row.origin_location_id, row.destination_location_id]),
    );
    const data = rows.map((row) =>
      stockTransferSummaryView(
        {
          ...row,
          lines: [],
          created_at: new Date(row.created_at).toISOString(),
          updated_at: new Date(row.updated_at).toISOString(),
        } as StockTransferRecord,
        names,
      ),
    );
    return listEnvelope({ url, page: page.page, limit: page.limit, rows: data, total });
  }
}
