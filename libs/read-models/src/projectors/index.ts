import { Projector } from '../projector';
import { operatorRecordsProjector } from './operator-records';
import { partyListsProjector } from './party-lists';
import { contactListsProjector } from './contact-lists';
import { itemCategoryListsProjector } from './item-category-lists';
import { locationListsProjector } from './location-lists';
import { itemPhotosProjector } from './item-photos';
import { inventoryQuantitiesProjector } from './inventory-quantities';
import { itemListsProjector } from './item-lists';
import { itemVariationsProjector } from './item-variations';
import { estimateListsProjector } from './estimate-lists';
import { invoiceListsProjector } from './invoice-lists';
import { salesOrderListsProjector } from './sales-order-lists';
import { keyedWritesProjector } from './keyed-writes';
import { stockTransferListsProjector } from './stock-transfer-lists';
import { purchaseOrderListsProjector } from './purchase-order-lists';
import { stockLedgerProjector } from './stock-ledger/stock-ledger';
import { recordChangesProjector } from './record-changes';
import { customerNotificationsProjector } from './customer-notifications';
import { webhookEndpointsProjector } from './webhook-endpoints';

export { operatorRecordsProjector } from './operator-records';
export { partyListsProjector } from './party-lists';
export { itemListsProjector } from './item-lists';
export { locationListsProjector } from './location-lists';
export { keyedWritesProjector } from './keyed-writes';
export { listStates } from './item-counts';
export {
  INVOICE_DATE_COLUMNS,
  INVOICE_LIST,
  INVOICE_SEARCH_COLUMNS,
  invoiceListsProjector,
} from './invoice-lists';
export {
  SALES_ORDER_DATE_COLUMNS,
  SALES_ORDER_LIST,
  SALES_ORDER_SEARCH_COLUMNS,
  salesOrderListsProjector,
} from './sales-order-lists';
export {
  PURCHASE_ORDER_DATE_COLUMNS,
  PURCHASE_ORDER_LIST,
  PURCHASE_ORDER_SEARCH_COLUMNS,
  purchaseOrderListsProjector,
} from './purchase-order-lists';

export { stockTransferListsProjector } from './stock-transfer-lists';
export { stockLedgerProjector } from './stock-ledger/stock-ledger';
export { CHANGE_FEED_STREAMS, recordChangesProjector } from './record-changes';
export { customerNotificationsProjector } from './customer-notifications';
export type { NotificationStatus } from './customer-notifications';
export type { ChangeKind, RecordChangeRow } from './record-changes';
export { webhookEndpointsProjector } from './webhook-endpoints';
export type { WebhookEndpointRow } from './webhook-endpoints';

/** The service's read models, in the order they start; the API, the worker and the CLI run these. */
export const projectors: readonly Projector[] = [
  operatorRecordsProjector,
  partyListsProjector,
  locationListsProjector,
  itemCategoryListsProjector,
  contactListsProjector,
  itemPhotosProjector,
  itemListsProjector,
  inventoryQuantitiesProjector,
  itemVariationsProjector,
  estimateListsProjector,
  invoiceListsProjector,
  salesOrderListsProjector,
  keyedWritesProjector,
  stockTransferListsProjector,
  purchaseOrderListsProjector,
  recordChangesProjector,
  customerNotificationsProjector,
  webhookEndpointsProjector,
  stockLedgerProjector,
];
