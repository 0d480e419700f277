import { EventStore } from '@app/event-store';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import { apiOf, ok, openShop, Shop } from './support/estimates';
import { INVOICES, invoiceBody } from './support/invoices';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('hot record group commit e2e');

/**
 * Commands queued on one stream go in one append (GroupCommit): concurrent payments on one invoice,
 * seen in the log itself (the events of one append share its transaction), each still answered
 * with its own revision and replayed as answered under its Idempotency-Key. Admission is not
 * lowered by read-model lag here (readModelLagTargetMs 0), so all 16 requests are worked on at once
 * whatever the machine's speed: with fewer at once, fewer could queue on the stream.
 */
describe.each(testDatabases())('group commit on a hot invoice on $name', (target) => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await startTestApp(target, { config: { readModelLagTargetMs: 0 } });
    shop = await openShop(t.app);
  });
  afterAll(() => t?.close());

  it('16 parallel keyed payments share appends, each answered with its own revision, each replayed as answered', async () => {
    const call = apiOf(t.app);
    const invoice = await ok(call(shop.owner)('POST', INVOICES, invoiceBody(shop)), 201);
    const payments = `${INVOICES}/${invoice.id}/payments`;
    const key = (i: number) => `grouped-${invoice.id}-${i}`;
    const pay = (i: number) =>
      call(shop.owner)(
        'POST',
        payments,
        { amount: 1, payment_date: '2030-01-10' },
        { 'idempotency-key': key(i) },
      );
    const payers = Array.from({ length: 16 }, (_, i) => i);

    const answers = await Promise.all(payers.map(pay));

    expect(answers.map((a) => a.statusCode)).toEqual(payers.map(() => 201));
    const events = t.app.get<EventStore>(EVENT_STORE);
    const paid = (await events.readStream(`invoice-${invoice.id}`)).filter(
      (e) => e.type === 'InvoicePaymentRecorded',
    );
    expect(paid).toHaveLength(16);
    // Fewer appends than payments: the events of one append share its transaction. On PostgreSQL
    // only: on PGlite (in this process, one connection) the requests were seen to reach the stream
    // about 30 ms apart and each append took about 2 ms, so none queued behind another.
    const appends = new Set(paid.map((e) => e.position.commit)).size;
    if (target.name === 'postgres') expect(appends).toBeLessThan(16);
    // Each answer's ETag is the revision of its own request's event, which carries its own key.
    const revisionOf = new Map(paid.map((e) => [e.metadata.idempotency_key, e.revision]));
    expect(answers.map((a) => a.headers.etag)).toEqual(payers.map((i) => `"${revisionOf.get(key(i))}"`));
    const again = await Promise.all(payers.map(pay));
    expect(
      again.map((a) => [a.statusCode, a.headers['idempotent-replayed'], a.headers.etag, a.json()]),
    ).toEqual(answers.map((a) => [201, 'true', a.headers.etag, a.json()]));
    expect(await ok(call(shop.owner)('GET', `${INVOICES}/${invoice.id}`))).toMatchObject({
      amount_paid: '16.0000',
      amount_due: '12.0000',
    });
  });
});
