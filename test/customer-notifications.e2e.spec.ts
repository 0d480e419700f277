import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Database } from '@app/read-models';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { configFromEnv } from '@app/runtime';
import { createApp } from '../apps/api/src/create-app';
import { apiOf, ok, openShop, Shop } from './support/estimates';
import { freePort } from './support/free-port';
import { INVOICES, invoiceBody } from './support/invoices';
import { admin, ADMIN_TOKEN } from './support/operator';
import { SALES_ORDERS, salesOrderBody } from './support/sales-orders';
import { Inbox, startInbox } from './support/smtp-inbox';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('customer notifications e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const RECEIPTS = { automatic_payment_receipts: true };

/** Polls `probe` until it returns something, for at most 20 s (the sender works beside requests). */
async function eventually<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function paidInvoice(
  app: NestFastifyApplication,
  shop: Shop,
  email = 'billing@acme.test',
): Promise<Json> {
  const call = apiOf(app)(shop.owner);
  await ok(call('PATCH', `/api/v3/customers/${shop.customer.id}`, { email }));
  const invoice = await ok(call('POST', INVOICES, invoiceBody(shop)), 201);
  await ok(
    call('POST', `${INVOICES}/${invoice.id}/payments`, { amount: 5, payment_date: '2030-01-10' }),
    201,
  );
  return invoice;
}

/** The outcome the sender recorded on the record's stream, once it has. */
function outcomeOf(app: NestFastifyApplication, shop: Shop, url: string): Promise<Json> {
  return eventually(async () => {
    const events = (await ok(apiOf(app)(shop.owner)('GET', `${url}/events`))).data as Json[];
    return events.find((e) => e.type.startsWith('CustomerNotification'));
  }, `a notification outcome on ${url}`);
}

async function notifications(app: NestFastifyApplication, status: string): Promise<Json[]> {
  const res = await admin(app, 'GET', `/admin/v1/notifications?status=${status}&limit=100`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe.each(testDatabases())('customer notifications through SMTP on $name', (target) => {
  let inbox: Inbox;
  let t: TestApp;
  beforeAll(async () => {
    inbox = await startInbox({ refuse: ['nobody@acme.test'] });
    t = await startTestApp(target, { config: { smtpUrl: inbox.url, smtpFrom: 'Shop <shop@example.test>' } });
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('sends one payment receipt to the customer’s address, with the amounts, and records it on the invoice', async () => {
    const shop = await openShop(t.app, { settings: RECEIPTS });
    const invoice = await paidInvoice(t.app, shop, 'billing@acme.test; accounts@acme.test');
    const outcome = await outcomeOf(t.app, shop, `${INVOICES}/${invoice.id}`);
    expect(outcome.data).toMatchObject({
      notification: 'payment_receipt',
      recipients: ['billing@acme.test', 'accounts@acme.test'],
      message_id: expect.stringMatching(/^<.+@notifications\.business-engine>$/),
    });
    const received = inbox.messages.filter((m) => m.messageId === outcome.data.message_id);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      envelopeTo: ['billing@acme.test', 'accounts@acme.test'],
      subject: `Payment receipt for invoice ${invoice.invoice_number}`,
    });
    expect(received[0].text).toContain('Thank you for your payment of 5.0000 on 2030-01-10.');
    expect(received[0].text).toContain(`Total: ${invoice.total}`);
    // The list is a read model: the sender's append reaches it after its projector's turn.
    const listed = await eventually(
      async () => (await notifications(t.app, 'sent')).find((n) => n.record_id === invoice.id),
      'the receipt listed as sent',
    );
    expect(listed).toMatchObject({
      status: 'sent',
      recipients: outcome.data.recipients,
    });
  });

  it('records a permanent refusal once and does not send it again', async () => {
    const shop = await openShop(t.app, { settings: RECEIPTS });
    const invoice = await paidInvoice(t.app, shop, 'nobody@acme.test');
    const outcome = await outcomeOf(t.app, shop, `${INVOICES}/${invoice.id}`);
    expect(outcome).toMatchObject({
      type: 'CustomerNotificationFailed',
      data: { error: expect.stringContaining('550') },
    });
    const listed = await eventually(
      async () => (await notifications(t.app, 'failed')).find((n) => n.record_id === invoice.id),
      'the refusal listed as failed',
    );
    expect(listed).toMatchObject({ status: 'failed' });
  });

  it('sends the shipping notification after a sales-order shipment when the setting is on', async () => {
    const shop = await openShop(t.app, { settings: { automatic_shipping_notifications: true } });
    const call = apiOf(t.app)(shop.owner);
    await ok(call('PATCH', `/api/v3/customers/${shop.customer.id}`, { email: 'ship@acme.test' }));
    const order = await ok(call('POST', SALES_ORDERS, salesOrderBody(shop)), 201);
    const packed = await ok(
      call('POST', `${SALES_ORDERS}/${order.id}/fulfillments`, {
        lines: [{ id: order.lines[0].id, quantity: 2 }],
      }),
      201,
    );
    await ok(
      call('POST', `${SALES_ORDERS}/${order.id}/fulfillments/${packed.id}/ship`, { carrier: 'Parcelforce' }),
    );
    const outcome = await outcomeOf(t.app, shop, `${SALES_ORDERS}/${order.id}`);
    const [mail] = inbox.messages.filter((m) => m.messageId === outcome.data.message_id);
    expect(mail).toMatchObject({
      envelopeTo: ['ship@acme.test'],
      subject: `Your order ${order.sales_order_number} has shipped`,
    });
    expect(mail.text).toContain('Carrier: Parcelforce');
    expect(mail.text).toContain('2 x Widget');
  });
});

describe.each(testDatabases())('customer notifications across restarts on $name', (target) => {
  let database: Database;
  const apps: NestFastifyApplication[] = [];
  beforeAll(async () => {
    database = await target.open();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(() => database?.close());

  async function start(smtpUrl?: string): Promise<NestFastifyApplication> {
    const config = { ...configFromEnv({ LOG_LEVEL: 'silent', ADMIN_TOKEN }), smtpUrl };
    const app = await createApp(config, { database });
    apps.push(app);
    return app;
  }

  it('keeps a receipt queued without SMTP_URL and sends it once when a server is configured, also after a stop', async () => {
    // given a receipt queued by a process with no mail server, which then stops
    const first = await start();
    const shop = await openShop(first, { settings: RECEIPTS });
    const invoice = await paidInvoice(first, shop);
    expect((await notifications(first, 'queued')).map((n) => n.record_id)).toContain(invoice.id);
    await first.close();
    apps.splice(0);

    // when a process starts with a mail server that is not there yet, then one that is
    const port = await freePort();
    const away = await start(`smtp://127.0.0.1:${port}`);
    const inbox = await startInbox({ port });
    try {
      // then the receipt is sent exactly once, and listed as sent
      const outcome = await outcomeOf(away, shop, `${INVOICES}/${invoice.id}`);
      expect(outcome.type).toBe('CustomerNotificationSent');
      await away.close();
      apps.splice(0);
      const again = await start(inbox.url);
      await eventually(
        async () =>
          (await notifications(again, 'sent')).some((n) => n.record_id === invoice.id) ? true : undefined,
        'the receipt listed as sent',
      );
      expect(inbox.messages.filter((m) => m.messageId === outcome.data.message_id)).toHaveLength(1);
      const events = (await ok(apiOf(again)(shop.owner)('GET', `${INVOICES}/${invoice.id}/events`)))
        .data as Json[];
      expect(events.filter((e) => e.type === 'CustomerNotificationSent')).toHaveLength(1);
    } finally {
      await inbox.close();
    }
  });
});
