/** Sales-order status identifiers (EXTENSIONS.md §5). */
export const SALES_ORDER_STATUS = { open: 29, closed: 30 } as const;
export type SalesOrderStatusId = (typeof SALES_ORDER_STATUS)[keyof typeof SALES_ORDER_STATUS];

export function salesOrderStatusName(statusId: SalesOrderStatusId): string {
  return statusId === SALES_ORDER_STATUS.open ? 'Open' : 'Closed';
}
