import { Inject, Injectable } from '@nestjs/common';
import {
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
import { DocumentLineSkus, LinesRead } from '../documents/document-line-skus';
import { DocumentParties } from '../documents/document-parties';
import { newestPaymentsFirst, pageOfEntries, readVisible } from '../documents/document-reads';
import { Query } from '@app/runtime';
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
    private readonly skus: DocumentLineSkus,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** A visible purchase order and its revision, else 404. */
  read(actor: Actor, id: string) {
    return readVisible(this.writes, id, (state) => visiblePurchaseOrder(state, purchaseOrderSight(actor)));
  }

  /** The detail JSON with the supplier's live contact fields and the items' SKUs. */
  async detail(actor: Actor, order: PurchaseOrderRecord, revision: number, lines: LinesRead = 'stored') {
    const [party, skus] = await Promise.all([
      this.parties.party(actor.accountId, order.supplier_id, 'suppliers'),
      this.skus.live(actor.accountId, order.lines, lines),
    ]);
    return purchaseOrderJson(order, revision, actor, party, skus);
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
  payments(actor: Actor, id: string, query: Query, url: string) {
    return pageOfEntries(query, url, async () => {
      const { record: order } = await this.read(actor, id);
      return newestPaymentsFirst(order.payments).map((payment) =>
        purchaseOrderPaymentView(order.id, payment),
      );
    });
  }
}

/** A list row as the record the summary view renders (no lines, receipts or payments). */
function listRecord(row: any): PurchaseOrderRecord {
  return { received: {}, payments: [], ...row } as PurchaseOrderRecord;
}
