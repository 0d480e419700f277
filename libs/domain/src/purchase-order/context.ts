import { DocumentContext } from '../document';

/**
 * What a purchase-order decision reads besides command and state; the handler looks it up.
 * `customers` holds the suppliers the body names and the order's own (kind `supplier`).
 */
export type PurchaseOrderContext = DocumentContext & {
  /** `purchase_order_payments_enabled`. */
  paymentsEnabled: boolean;
  /** Whether the order's receiving location is active (receiving needs it). */
  locationActive: boolean;
};
