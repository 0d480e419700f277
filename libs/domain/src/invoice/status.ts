/** Invoice status identifiers (EXTENSIONS.md §5). */
export const INVOICE_STATUS = { unpaid: 9, partiallyPaid: 10, paidInFull: 11, cancelled: 15 } as const;
export type InvoiceStatusId = (typeof INVOICE_STATUS)[keyof typeof INVOICE_STATUS];

/** Status 9 is named "Sent" once the invoice was dispatched (documents-api §2). */
export function invoiceStatusName(statusId: InvoiceStatusId, dispatched: boolean): string {
  switch (statusId) {
    case 9:
      return dispatched ? 'Sent' : 'Unpaid';
    case 10:
      return 'Partially Paid';
    case 11:
      return 'Paid in Full';
    case 15:
      return 'Cancelled';
  }
}
