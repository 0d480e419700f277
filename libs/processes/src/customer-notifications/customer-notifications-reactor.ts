import {
  CustomerNotificationKind,
  CustomerNotificationOutcome,
  InvoicePaymentReceiptQueued,
  invoiceAggregate,
  InvoiceState,
  salesOrderAggregate,
  SalesOrderShippingNotificationQueued,
  SalesOrderState,
} from '@app/domain';
import { RecordedEvent, StoreUnavailableError } from '@app/event-store';
import { foldEvents } from '@app/event-store/aggregate';
import { defineReactor, Reactor, stepEventId } from '@app/read-models';
import { MessageContent, paymentReceipt, shippingNotification } from './customer-messages';
import { Mailer, MailRefusedError } from './mailer';

/** The step that records a notification's outcome on its record: its event id says it is done. */
const OUTCOME_STEP = 'notification-outcome';

/**
 * Sends the customer notifications records queue (documents-api §6): the automatic payment receipt
 * of an invoice, the shipping notification of a sales order. Keyed by the queuing event: the
 * outcome (CustomerNotificationSent, or CustomerNotificationFailed for a permanent refusal) is
 * appended to the record with an id derived from it, and a notification whose outcome is there is
 * not sent again, so a restart sends what was queued and not yet sent, once. Only a crash between
 * the server's acceptance and that append sends it again, with the same Message-ID. A mail server
 * away, or a 4xx answer, is a transient fault: the reactor retries from that event with backoff.
 * Registered only where SMTP_URL is set: elsewhere its checkpoint waits, and the notifications
 * stay queued until a server is configured.
 */
export function customerNotificationsReactor(mailer: Mailer, clock: () => Date = () => new Date()): Reactor {
  return defineReactor({
    name: 'customer_notification_sender',
    handles: ['InvoicePaymentReceiptQueued', 'SalesOrderShippingNotificationQueued'],
    async react(event, tools) {
      const stream = await tools.read(event.streamId);
      const outcomeId = stepEventId(event.id, OUTCOME_STEP, 0);
      if (stream.some((recorded) => recorded.id === outcomeId)) return; // sent (or refused) before
      const { notification, content } = messageFor(event, stream);
      const recipients = (event.data as { recipients: string[] }).recipients;
      const outcome = await deliver(
        mailer,
        { notification, queued_event_id: event.id, recipients },
        content,
        event,
        clock,
      );
      await tools.append(event.streamId, OUTCOME_STEP, [outcome], { expectedRevision: 'any' });
    },
  });
}

/** What the queuing event asks to send, from its record as it was when it was queued. */
function messageFor(
  event: RecordedEvent,
  stream: readonly RecordedEvent[],
): { notification: CustomerNotificationKind; content: MessageContent } {
  if (event.type === 'InvoicePaymentReceiptQueued') {
    const { payment_id } = event.data as InvoicePaymentReceiptQueued['data'];
    const state = foldEvents(invoiceAggregate, stream, event.revision) as InvoiceState;
    if (state.status === 'absent') throw new Error(`Invoice stream ${event.streamId} holds no invoice`);
    const payment = state.record.payments.find((p) => p.id === payment_id);
    if (!payment) throw new Error(`Invoice ${state.record.id} has no payment ${payment_id}`);
    return { notification: 'payment_receipt', content: paymentReceipt(state.record, payment) };
  }
  const { fulfillment_id } = event.data as SalesOrderShippingNotificationQueued['data'];
  const state = foldEvents(salesOrderAggregate, stream, event.revision) as SalesOrderState;
  if (state.status === 'absent') throw new Error(`Sales-order stream ${event.streamId} holds no order`);
  const shipment = state.record.fulfillments.find((f) => f.id === fulfillment_id);
  if (!shipment) throw new Error(`Sales order ${state.record.id} has no fulfillment ${fulfillment_id}`);
  return { notification: 'shipping_notification', content: shippingNotification(state.record, shipment) };
}

async function deliver(
  mailer: Mailer,
  outcome: { notification: CustomerNotificationKind; queued_event_id: string; recipients: string[] },
  content: MessageContent,
  event: RecordedEvent,
  clock: () => Date,
): Promise<CustomerNotificationOutcome> {
  if (outcome.recipients.length === 0)
    return failed(
      outcome,
      'No valid recipient: no linked contact for automatic e-mail, no valid customer e-mail.',
      clock,
    );
  const messageId = `<${event.id}@notifications.business-engine>`;
  try {
    await mailer.send({ to: outcome.recipients, ...content, messageId });
  } catch (error) {
    if (error instanceof MailRefusedError) return failed(outcome, error.message, clock);
    throw new StoreUnavailableError(
      `The mail server did not take the message: ${(error as Error).message}`,
      error,
    );
  }
  return {
    type: 'CustomerNotificationSent',
    data: { ...outcome, message_id: messageId, sent_at: clock().toISOString() },
  };
}

function failed(
  outcome: { notification: CustomerNotificationKind; queued_event_id: string; recipients: string[] },
  error: string,
  clock: () => Date,
): CustomerNotificationOutcome {
  return {
    type: 'CustomerNotificationFailed',
    data: { ...outcome, error, failed_at: clock().toISOString() },
  };
}
