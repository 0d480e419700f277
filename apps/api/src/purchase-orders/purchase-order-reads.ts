import { Inject, Injectable } from '@nestjs/common';
import {
  isDomainError,
  isRecordId,
  PURCHASE_ORDER_KIND,
  purchaseOrderPaymentView,
  PurchaseOrderRecord,
  purchaseOrderSummaryView,
  visiblePurchaseOrder,
} from '@app/domain';
import { Database, PURCHASE_ORDER_DATE_COLUMNS, PURCHASE_ORDER_SEARCH_COLUMNS } from '@app/read-models';
import { Actor } from '../auth/actor';
import { DateFilter, DocumentListRequest, IdFilter } from '../documents/document-list-query';
import { DocumentTable, listDocuments } from '../documents/document-list';
import { DocumentParties } from '../documents/document-parties';
import { resourceMissing } from '@app/runtime';
import { pageOf, parsePageRequest } from '@app/runtime';
import { PAGE_PARAMS, Query, refuseUnknownParams } from '@app/runtime';
import { DATABASE } from '../store/tokens';
import { purchaseOrderSight } from './purchase-order-access';
import { purchaseOrderJson } from './purchase-order-json';
import { PurchaseOrderWrites } from './purchase-order-writes';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The `purchase_orders` read model (projector `purchase_order_lists`). */
export const PURCHASE_ORDER_TABLE: DocumentTable = {
  table: 'purchase_orders',
  numberColumn: 'purchase_order_number',
  searchColumns: PURCHASE_ORDER_SEARCH_COLUMNS,
  dateColumns: PURCHASE_ORDER_DATE_COLUMNS,
  amounts: PURCHASE_ORDER_KIND.amounts,
  ownerColumn: 'assigned_user_id',
  partyColumn: 'supplier_id',
};

/** The list's date bounds (documents-api §4): `requested_date_from` bounds `date_requested` …. */
export const PURCHASE_ORDER_LIST_DATES: readonly DateFilter[] = [
  'issue_date',
  { name: 'requested_date', column: 'date_requested' },
  { name: 'needed_date', column: 'date_needed' },
  { name: 'received_date', column: 'date_received' },
];

export const PURCHASE_ORDER_LIST_IDS: readonly IdFilter[] = [{ param: 'location_id', column: 'location_id' }];

/**
 * Purchase-order reads. A retrieve folds the order's stream (the source of truth, with its
 * revision), and so do its payments; the list reads the `purchase_orders` read model.
 */
@Injectable()
export class PurchaseOrderReads {
  constructor(
    private readonly writes: PurchaseOrderWrites,
    private readonly parties: DocumentParties,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** A visible purchase order and its revision, else 404. */
  async visible(actor: Actor, id: string): Promise<{ order: PurchaseOrderRecord; revision: number }> {
    if (!isRecordId(id)) throw resourceMissing();
    const { state, revision } = await this.writes.read(id.toLowerCase());
    const order = visiblePurchaseOrder(state, purchaseOrderSight(actor));
    if (isDomainError(order)) throw order;
    return { order, revision };
  }

  async retrieve(actor: Actor, id: string, query: Query = {}) {
    refuseUnknownParams(query);
    const { order, revision } = await this.visible(actor, id);
    return { body: await this.detail(actor, order, revision), revision };
  }

  /** The detail JSON with the supplier's live contact fields. */
  async detail(actor: Actor, order: PurchaseOrderRecord, revision: number) {
    const party = await this.parties.party(actor.accountId, order.supplier_id, 'suppliers');
    return purchaseOrderJson(order, revision, actor, party);
  }

  list(actor: Actor, request: DocumentListRequest, url: string) {
    return listDocuments(
      this.database.db,
      PURCHASE_ORDER_TABLE,
      purchaseOrderSight(actor),
      request,
      url,
      (row, revision) => purchaseOrderSummaryView(listRecord(row), revision),
    );
  }

  /** Payments, newest payment date first (the later recorded first on one date). */
  async payments(actor: Actor, id: string, query: Query, url: string) {
    refuseUnknownParams(query, PAGE_PARAMS);
    const page = parsePageRequest(query);
    const { order } = await this.visible(actor, id);
    const newest = order.payments
      .map((payment, index) => ({ payment, index }))
      .sort((a, b) => b.payment.payment_date.localeCompare(a.payment.payment_date) || b.index - a.index)
      .map(({ payment }) => purchaseOrderPaymentView(order.id, payment));
    return pageOf(url, newest, page);
  }
}

/** A list row as the record the summary view renders (no lines, receipts or payments). */
function listRecord(row: any): PurchaseOrderRecord {
  return { received: {}, payments: [], ...row } as PurchaseOrderRecord;
}
