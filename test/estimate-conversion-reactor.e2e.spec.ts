import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore } from '@app/event-store';
import { writeCheckpoint } from '@app/read-models';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import { apiOf, ESTIMATES, estimateBody, Json, ok, openShop } from './support/estimates';
import { INVOICES } from './support/invoices';
import { restartsOn } from './support/restarts';

postgresSkipNotice('estimate conversion reactor e2e');

/**
 * A conversion spans records: the estimate's stream records it first, then the invoice's number,
 * the invoice and the prospect's promotion follow. A process that dies right after the estimate's
 * append leaves them to the estimate_conversion reactor of the next process to start.
 */
describe.each(testDatabases())('estimate → invoice across a crash, on $name', (target) => {
  const processes = restartsOn(target);
  const { start, settled } = processes;

  it('creates the invoice exactly once after a restart, numbered once, and the prospect made a customer', async () => {
    // given a prospect's estimate, in a process that dies before any append to an invoice's stream
    const { app: dying } = await processes.dying('invoice-');
    const shop = await openShop(dying);
    const call = (app: NestFastifyApplication) => apiOf(app)(shop.owner);
    const prospect = await ok(
      call(dying)('POST', '/api/v3/customers', { name: 'Lead', kind: 'prospect' }),
      201,
    );
    const estimate = await ok(
      call(dying)('POST', ESTIMATES, estimateBody(shop, { customer_id: prospect.id })),
      201,
    );

    // when it is converted, and the process dies right after the estimate's append
    const refused = await call(dying)('POST', `${ESTIMATES}/${estimate.id}/convert-to-invoice`, {});
    expect(refused.statusCode).toBe(500);
    const store = dying.get<EventStore>(EVENT_STORE);
    const converted = (await store.readStream(`estimate-${estimate.id}`)).at(-1)!;
    expect(converted.type).toBe('EstimateConverted');
    const invoiceId = converted.data.document_id as string;
    expect(await store.readLastEvent(`invoice-${invoiceId}`)).toBeUndefined();
    await dying.close();

    // and the service starts again on the same database
    const restarted = await start();
    await settled(restarted);

    // then the invoice exists once, numbered once, from the estimate; the prospect is a customer
    const invoices = await ok(call(restarted)('GET', INVOICES));
    expect(invoices.data.map((i: Json) => [i.id, i.invoice_number, i.total])).toEqual([
      [invoiceId, 1, estimate.total],
    ]);
    const numbers = async (app: NestFastifyApplication) =>
      (await app.get<EventStore>(EVENT_STORE).readStream(`counter-${shop.accountId}-invoice`)).map(
        (e) => e.data.record_id,
      );
    expect(await numbers(restarted)).toEqual([invoiceId]);
    const created = await restarted.get<EventStore>(EVENT_STORE).readStream(`invoice-${invoiceId}`);
    expect(created.map((e) => [e.type, e.metadata.causation_id, e.data.source_estimate_id])).toEqual([
      ['InvoiceCreated', converted.id, estimate.id],
    ]);
    expect((await ok(call(restarted)('GET', `/api/v3/customers/${prospect.id}`))).kind).toBe('customer');
    expect(
      (await call(restarted)('POST', `${ESTIMATES}/${estimate.id}/convert-to-invoice`, {})).statusCode,
    ).toBe(409);
    await restarted.close();

    // when the reactor passes the conversion again (its checkpoint lost), then nothing changes
    await writeCheckpoint(processes.database.db, 'estimate_conversion', 1, 'start');
    const again = await start();
    await settled(again);
    expect(await numbers(again)).toEqual([invoiceId]);
    expect(await again.get<EventStore>(EVENT_STORE).readStream(`invoice-${invoiceId}`)).toHaveLength(1);
    expect((await ok(call(again)('GET', INVOICES))).data).toHaveLength(1);
  });
});
