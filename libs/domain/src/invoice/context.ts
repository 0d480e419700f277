import { DocumentContext } from '../document';

/** What an invoice decision reads besides command and state; the handler looks it up. */
export type InvoiceContext = DocumentContext & {
  /** `packing_lists_enabled`. */
  packingListsEnabled: boolean;
  /** `packing_list_service_items`: service lines may be packed too. */
  packServiceLines: boolean;
  /** `automatic_payment_receipts`: a positive payment queues a receipt to `recipients`. */
  automaticPaymentReceipts: boolean;
  /**
   * Who the customer's mail goes to (linked contacts flagged for automatic email, else the
   * customer's office e-mails); looked up only for a dispatch or a payment, else empty.
   */
  recipients: string[];
};
