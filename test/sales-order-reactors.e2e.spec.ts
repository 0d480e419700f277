import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore } from '@app/event-store';
import { writeCheckpoint } from '@app/read-models';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import { apiOf, ESTIMATES, estimateBody, Json, ok, openShop, Shop } from './support/estimates';
import { INVOICES } from './support/invoices';
import { SALES_ORDERS, salesOrderBody } from './support/sales-orders';
import { restartsOn } from './support/restarts';

postgresSkipNotice('sales-order reactors e2e');

/**
 * Steps that span a sales order and another record are recorded on the owning record first, then
 * carried out by a reactor: a process that dies between the two appends leaves the second to the
 * reactor of the next process, which does it exactly once (and again nothing when it passes the
 * trigger a second time).
 */
describe.each(testDatabases())('sales-order steps across a crash, on $name', (target) => {
  const processes = restartsOn(target);
  const { start, settled } = processes;

  /** A process whose appends to streams with `prefix` fail once `crashing.on` is set. */
  const dyingApp = (prefix: string) => processes.dying(prefix, { on: false });

  const storeOf = (app: NestFastifyApplication) => app.get<EventStore>(EVENT_STORE);
  const call = (app: NestFastifyApplication, shop: Shop) => apiOf(app)(shop.owner);
  const lastEvent = async (app: NestFastifyApplication, stream: string) =>
    (await storeOf(app).readStream(stream)).at(-1)!;
  const numbersGiven = async (app: NestFastifyApplication, shop: Shop, sequence: string) =>
    (await storeOf(app).readStream(`counter-${shop.accountId}-${sequence}`)).map((e) => e.data.record_id);

  it('invoicing: the invoice is created once after a restart, numbered once, from the order as invoiced', async () => {
    // given an order, in a process that dies before any append to an invoice's stream
    const { app: dying, crashing } = await dyingApp('invoice-');
    const shop = await openShop(dying);
    const order = await ok(call(dying, shop)('POST', SALES_ORDERS, salesOrderBody(shop)), 201);

    // when it is invoiced, and the process dies right after the order's append
    crashing.on = true;
    expect((await call(dying, shop)('POST', `${SALES_ORDERS}/${order.id}/invoice`, {})).statusCode).toBe(500);
    const invoiced = await lastEvent(dying, `salesOrder-${order.id}`);
    expect(invoiced.type).toBe('SalesOrderInvoiced');
    const invoiceId = invoiced.data.invoice_id as string;
    expect(await storeOf(dying).readLastEvent(`invoice-${invoiceId}`)).toBeUndefined();
    // and the order is edited before the service comes back
    await ok(call(dying, shop)('PATCH', `${SALES_ORDERS}/${order.id}`, { public_note: 'Later note' }));
    await dying.close();

    // then the restarted service's reactor creates the invoice once, as the order was when invoiced
    const restarted = await start();
    await settled(restarted);
    const invoices = await ok(call(restarted, shop)('GET', `${SALES_ORDERS}/${order.id}/invoices`));
    expect(invoices.data.map((i: Json) => [i.id, i.invoice_number, i.total, i.public_note])).toEqual([
      [invoiceId, 1, order.total, null],
    ]);
    expect(await numbersGiven(restarted, shop, 'invoice')).toEqual([invoiceId]);
    const created = await storeOf(restarted).readStream(`invoice-${invoiceId}`);
    expect(created.map((e) => [e.type, e.metadata.causation_id, e.data.source_sales_order_id])).toEqual([
      ['InvoiceCreated', invoiced.id, order.id],
    ]);
    await restarted.close();

    // when the reactor passes the invoicing again (its checkpoint lost), then nothing changes
    await writeCheckpoint(processes.database.db, 'sales_order_invoicing', 1, 'start');
    const again = await start();
    await settled(again);
    expect(await numbersGiven(again, shop, 'invoice')).toEqual([invoiceId]);
    expect(await storeOf(again).readStream(`invoice-${invoiceId}`)).toHaveLength(1);
    expect((await ok(call(again, shop)('GET', INVOICES))).data).toHaveLength(1);
  });

  it('cancelling a linked invoice: the order takes its quantities back once after a restart', async () => {
    // given an invoiced order, in a process that will die before appending to the order's stream
    const { app: dying, crashing } = await dyingApp('salesOrder-');
    const shop = await openShop(dying);
    const order = await ok(call(dying, shop)('POST', SALES_ORDERS, salesOrderBody(shop)), 201);
    const invoice = await ok(call(dying, shop)('POST', `${SALES_ORDERS}/${order.id}/invoice`, {}), 201);

    // when the invoice is cancelled and the process dies right after the invoice's append
    crashing.on = true;
    expect((await call(dying, shop)('POST', `${INVOICES}/${invoice.id}/cancel`, {})).statusCode).toBe(500);
    expect((await lastEvent(dying, `invoice-${invoice.id}`)).type).toBe('InvoiceCancelled');
    expect((await lastEvent(dying, `salesOrder-${order.id}`)).type).toBe('SalesOrderInvoiced');
    await dying.close();

    // then the restarted service's reactor releases the invoicing once
    const restarted = await start();
    await settled(restarted);
    const released = await ok(call(restarted, shop)('GET', `${SALES_ORDERS}/${order.id}`));
    expect(released).toMatchObject({ invoiced_percent: 0, invoice_count: 0, revision: 'so_2' });
    await restarted.close();

    await writeCheckpoint(processes.database.db, 'linked_invoice_release', 1, 'start');
    const again = await start();
    await settled(again);
    const types = (await storeOf(again).readStream(`salesOrder-${order.id}`)).map((e) => e.type);
    expect(types).toEqual(['SalesOrderCreated', 'SalesOrderInvoiced', 'SalesOrderInvoiceReleased']);
  });

  it('estimate → sales order: the order is created once after a restart, numbered once', async () => {
    const { app: dying, crashing } = await dyingApp('salesOrder-');
    const shop = await openShop(dying);
    const estimate = await ok(call(dying, shop)('POST', ESTIMATES, estimateBody(shop)), 201);

    crashing.on = true;
    const url = `${ESTIMATES}/${estimate.id}/convert-to-sales-order`;
    expect((await call(dying, shop)('POST', url, {})).statusCode).toBe(500);
    const converted = await lastEvent(dying, `estimate-${estimate.id}`);
    expect(converted.data).toMatchObject({ target: 'sales_order', status_id: 6 });
    const orderId = converted.data.document_id as string;
    await dying.close();

    const restarted = await start();
    await settled(restarted);
    const orders = await ok(call(restarted, shop)('GET', SALES_ORDERS));
    expect(orders.data.map((o: Json) => [o.id, o.sales_order_number, o.total])).toEqual([
      [orderId, 1, estimate.total],
    ]);
    expect(await numbersGiven(restarted, shop, 'sales_order')).toEqual([orderId]);
    expect((await call(restarted, shop)('POST', url, {})).statusCode).toBe(409);
  });
});
