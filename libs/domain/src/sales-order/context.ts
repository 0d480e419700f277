import { DocumentContext } from '../document';

/** What a sales-order decision reads besides command and state; the handler looks it up. */
export type SalesOrderContext = DocumentContext & {
  /** `packing_lists_enabled`. */
  packingListsEnabled: boolean;
  /** `packing_list_service_items`: service lines may be packed too. */
  packServiceLines: boolean;
  /** `automatic_shipping_notifications`: a shipment queues a notification to `recipients`. */
  automaticShippingNotifications: boolean;
  /** Who the customer's mail goes to; looked up only for a shipment, else empty. */
  recipients: string[];
};
