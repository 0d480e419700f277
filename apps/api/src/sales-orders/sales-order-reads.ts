import { Inject, Injectable } from '@nestjs/common';
import {
  SALES_ORDER_KIND,
  SalesOrderBlockFacts,
  salesOrderFulfillmentView,
  salesOrderPayments,
  SalesOrderRecord,
  visibleSalesOrder,
} from '@app/domain';
import { Database, SALES_ORDER_DATE_COLUMNS, SALES_ORDER_SEARCH_COLUMNS } from '@app/read-models';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { DocumentListRequest, IdFilter } from '../documents/document-list-query';
import { DocumentTable, listDocuments } from '../documents/document-list';
import { DocumentLineSkus, LinesRead } from '../documents/document-line-skus';
import { DocumentParties } from '../documents/document-parties';
import { newestFirst, pageOfEntries, readVisible } from '../documents/document-reads';
import { Query } from '@app/runtime';
import { DATABASE } from '../store/tokens';
import { salesOrderSight } from './sales-order-context';
import { salesOrderJson, salesOrderSummaryJson } from './sales-order-json';
import { SalesOrderWrites } from './sales-order-writes';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The `sales_orders` read model (projector `sales_order_lists`). */
export const SALES_ORDER_TABLE: DocumentTable = {
  table: 'sales_orders',
  numberColumn: 'sales_order_number',
  searchColumns: SALES_ORDER_SEARCH_COLUMNS,
  dateColumns: SALES_ORDER_DATE_COLUMNS,
  amounts: SALES_ORDER_KIND.amounts,
};

/** The list's date filters (documents-api §4): issue and expiry date bounds. */
export const SALES_ORDER_LIST_DATES = ['issue_date', 'expiry_date'];

/** The list's id filters; `assigned_user_id` is the salesperson, within what the user may see. */
export const SALES_ORDER_LIST_IDS: readonly IdFilter[] = [
  { param: 'location_id', column: 'location_id' },
  { param: 'assigned_user_id', column: 'salesperson_id' },
];

/**
 * Sales-order reads. A retrieve folds the order's stream (the source of truth, with its revision),
 * and so do its packing lists; the amount paid comes from its linked invoices' read model
 * (`sales_order_invoices`); the list reads the `sales_orders` read model.
 */
@Injectable()
export class SalesOrderReads {
  constructor(
    private readonly writes: SalesOrderWrites,
    private readonly parties: DocumentParties,
    private readonly skus: DocumentLineSkus,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** A visible sales order and its revision, else 404. */
  read(actor: Actor, id: string) {
    return readVisible(this.writes, id, (state) => visibleSalesOrder(state, salesOrderSight(actor)));
  }

  /** The detail JSON with the customer's and the items' live values and the linked invoices' payments. */
  async detail(actor: Actor, order: SalesOrderRecord, revision: number, lines: LinesRead = 'stored') {
    const [party, paid, skus] = await Promise.all([
      this.parties.party(actor.accountId, order.customer_id),
      this.amountPaid(order.id),
      this.skus.live(actor.accountId, order.lines, lines),
    ]);
    const payments = salesOrderPayments(order.totals.total, paid);
    return salesOrderJson(order, revision, actor, { party, payments, skus });
  }

  list(actor: Actor, request: DocumentListRequest, url: string) {
    return listDocuments(
      this.database.db,
      SALES_ORDER_TABLE,
      salesOrderSight(actor),
      request,
      url,
      (row, revision) => ({
        ...salesOrderSummaryJson(
          listRecord(row),
          revision,
          actor,
          salesOrderPayments(row.total, row.amount_paid),
          blockFacts(row),
        ),
        // A row has no lines: its progress columns are what the events left.
        invoiced_percent: orNumber(row.invoiced_percent),
        packed_percent: Number(row.packed_percent),
        shipped_percent: orNumber(row.shipped_percent),
        invoice_count: Number(row.invoice_count),
      }),
    );
  }

  /** Packing lists, newest first. */
  fulfillments(actor: Actor, id: string, query: Query, url: string) {
    return pageOfEntries(query, url, async () => {
      const { record: order } = await this.read(actor, id);
      return newestFirst(order.fulfillments).map((f) => salesOrderFulfillmentView(order, f));
    });
  }

  /** What the invoices created from the order have been paid, together. */
  private async amountPaid(orderId: string): Promise<string> {
    const { rows } = await sql<{ paid: string }>`select coalesce(sum(amount_paid), 0)::text as paid
      from sales_order_invoices where sales_order_id = ${orderId}::uuid`.execute(this.database.db);
    return rows[0].paid;
  }
}

function orNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/**
 * What a row's block reasons follow from: activity started is a packing list or an invoice that
 * stands (`invoice_count` counts those), as salesOrderActivityStarted says of the record.
 */
function blockFacts(row: any): SalesOrderBlockFacts {
  return {
    status_id: Number(row.status_id),
    activity_started: Boolean(row.has_packing_lists) || Number(row.invoice_count) > 0,
    left_to_pack: {
      inventory: Boolean(row.left_to_pack),
      with_service: Boolean(row.left_to_pack_with_service),
    },
  };
}

/** A list row as the record the summary view renders (no lines, packing lists or invoices). */
function listRecord(row: any): SalesOrderRecord {
  return { fulfillments: [], invoices: [], source_estimate_id: null, ...row } as SalesOrderRecord;
}
