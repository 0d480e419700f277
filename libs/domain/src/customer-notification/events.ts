/**
 * What became of a customer notification that a record queued (a payment receipt on an invoice,
 * a shipping notification on a sales order): recorded on that record's stream by the sender, so
 * that its history shows when which message went to whom. They change nothing else of the record.
 */
export type CustomerNotificationKind = 'payment_receipt' | 'shipping_notification';

type Outcome = {
  notification: CustomerNotificationKind;
  /** The event that queued it (InvoicePaymentReceiptQueued, SalesOrderShippingNotificationQueued). */
  queued_event_id: string;
  recipients: string[];
};

/** Accepted by the mail server; `message_id` is derived from the queuing event. */
export type CustomerNotificationSent = {
  type: 'CustomerNotificationSent';
  data: Outcome & { message_id: string; sent_at: string };
};

/** Refused for good (a permanent SMTP refusal, or no valid recipient): it is not sent again. */
export type CustomerNotificationFailed = {
  type: 'CustomerNotificationFailed';
  data: Outcome & { error: string; failed_at: string };
};

export type CustomerNotificationOutcome = CustomerNotificationSent | CustomerNotificationFailed;
