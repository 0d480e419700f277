/** Purchase-order status identifiers (EXTENSIONS.md §5). */
export const PURCHASE_ORDER_STATUS = { notSent: 17, sent: 18, partiallyReceived: 19, received: 20 } as const;
export type PurchaseOrderStatusId = (typeof PURCHASE_ORDER_STATUS)[keyof typeof PURCHASE_ORDER_STATUS];

const NAMES: Record<PurchaseOrderStatusId, string> = {
  17: 'Not Sent',
  18: 'Sent',
  19: 'Partially Received',
  20: 'Received',
};

export function purchaseOrderStatusName(statusId: PurchaseOrderStatusId): string {
  return NAMES[statusId];
}
