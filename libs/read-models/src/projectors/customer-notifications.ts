import { sql } from 'kysely';
import { Projector } from '../projector';
import { accountOf, domainEvent, recordIdOf } from './domain-events';

export type NotificationStatus = 'queued' | 'sent' | 'failed';

/**
 * `customer_notifications`: every customer notification a record queued (a payment receipt, a
 * shipping notification) and what became of it, for the operator (GET /admin/v1/notifications):
 * queued until the sender records it sent or refused. One row per queuing event.
 */
export const customerNotificationsProjector: Projector = {
  name: 'customer_notifications',
  version: 1,
  tables: ['customer_notifications'],
  writesOnly: true,
  handles: [
    'InvoicePaymentReceiptQueued',
    'SalesOrderShippingNotificationQueued',
    'CustomerNotificationSent',
    'CustomerNotificationFailed',
  ],
  async setup(db, schema) {
    await sql`create table ${sql.table(`${schema}.customer_notifications`)} (
        id uuid primary key,
        account_id uuid not null,
        record_object text not null,
        record_id uuid not null,
        notification text not null,
        recipients jsonb not null,
        status text not null,
        queued_at timestamptz not null,
        sent_at timestamptz,
        message_id text,
        error text)`.execute(db);
    await sql`create index customer_notifications_status_idx
      on ${sql.table(`${schema}.customer_notifications`)} (status, queued_at, id)`.execute(db);
  },
  async apply(trx, events, schema) {
    const table = sql.table(`${schema}.customer_notifications`);
    for (const recorded of events) {
      const event = domainEvent(recorded);
      switch (event.type) {
        case 'InvoicePaymentReceiptQueued':
        case 'SalesOrderShippingNotificationQueued': {
          const invoice = event.type === 'InvoicePaymentReceiptQueued';
          await sql`insert into ${table}
              (id, account_id, record_object, record_id, notification, recipients, status, queued_at)
            values (${event.id}, ${accountOf(event)}, ${invoice ? 'invoice' : 'sales_order'},
              ${recordIdOf(event)}, ${invoice ? 'payment_receipt' : 'shipping_notification'},
              ${JSON.stringify(event.data.recipients)}::jsonb, 'queued', ${event.data.queued_at})`.execute(
            trx,
          );
          break;
        }
        case 'CustomerNotificationSent':
          await sql`update ${table} set status = 'sent', sent_at = ${event.data.sent_at},
              message_id = ${event.data.message_id} where id = ${event.data.queued_event_id}`.execute(trx);
          break;
        case 'CustomerNotificationFailed':
          await sql`update ${table} set status = 'failed', sent_at = ${event.data.failed_at},
              error = ${event.data.error} where id = ${event.data.queued_event_id}`.execute(trx);
          break;
      }
    }
  },
};
