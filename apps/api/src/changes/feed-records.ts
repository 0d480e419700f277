import { ItemVariationRecord, Permission, Scope } from '@app/domain';
import { HistoryDeclaration } from '../history';
import { CONTACT_HISTORY } from '../contacts/contact-history';
import { ESTIMATE_HISTORY } from '../estimates/estimate-history';
import { INVOICE_HISTORY } from '../invoices/invoice-history';
import { itemCategoryHistory } from '../item-categories/item-category-history';
import { itemHistory } from '../items/item-history';
import { variationHistory } from '../items/variations/variation-history';
import { locationHistory } from '../locations/location-history';
import { partyHistory } from '../parties/party-history';
import { CUSTOMERS, SUPPLIERS } from '../parties/party-kind';
import { PURCHASE_ORDER_HISTORY } from '../purchase-orders/purchase-order-history';
import { SALES_ORDER_HISTORY } from '../sales-orders/sales-order-history';
import { STOCK_TRANSFER_HISTORY } from '../stock-transfers/stock-transfer-history';
import { variationAttributeHistory } from '../variation-attributes/variation-attribute-history';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A kind of record in the change feed: its `object` name, its aggregate and the scopes and
 * permission that read it, and the history declaration that judges who may see one and renders it
 * as of a revision (the `?as_of_revision` answer). A variation's declaration depends on its item,
 * read from the record; the rest of it does not.
 */
export interface FeedRecord {
  object: string;
  streamPrefix: string;
  aggregate: HistoryDeclaration<any, any>['aggregate'];
  scopes: readonly Scope[];
  permission?: Permission;
  history(record: any): HistoryDeclaration<any, any>;
}

function feedRecord(
  object: string,
  { aggregate, scopes, permission }: HistoryDeclaration<any, any>,
  history: FeedRecord['history'],
): FeedRecord {
  return { object, streamPrefix: aggregate.streamPrefix, aggregate, scopes, permission, history };
}

function fixed(object: string, declaration: HistoryDeclaration<any, any>): FeedRecord {
  return feedRecord(object, declaration, () => declaration);
}

export const FEED_RECORDS: readonly FeedRecord[] = [
  fixed('customer', partyHistory(CUSTOMERS)),
  fixed('supplier', partyHistory(SUPPLIERS)),
  fixed('contact', CONTACT_HISTORY),
  fixed('location', locationHistory),
  fixed('item_category', itemCategoryHistory),
  fixed('item', itemHistory),
  feedRecord('item_variation', variationHistory(''), (record: ItemVariationRecord) =>
    variationHistory(record.item_id),
  ),
  fixed('item_variation_attribute', variationAttributeHistory),
  fixed('estimate', ESTIMATE_HISTORY),
  fixed('invoice', INVOICE_HISTORY),
  fixed('sales_order', SALES_ORDER_HISTORY),
  fixed('purchase_order', PURCHASE_ORDER_HISTORY),
  fixed('stock_transfer', STOCK_TRANSFER_HISTORY),
];

/** The kinds' `object` names, as the feeds' `object` filter takes them. */
export const FEED_OBJECTS: readonly string[] = FEED_RECORDS.map((kind) => kind.object);

/** The kind whose streams carry a prefix (`record_changes.stream_prefix`). */
export const FEED_RECORD_OF_PREFIX: ReadonlyMap<string, FeedRecord> = new Map(
  FEED_RECORDS.map((kind) => [kind.streamPrefix, kind]),
);
