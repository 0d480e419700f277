import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore } from '@app/event-store';
import { counterStream } from '@app/processes';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import {
  apiOf,
  ESTIMATES,
  estimateBody,
  expectError,
  Json,
  ok,
  openShop,
  setAccountSettings,
  Shop,
} from './support/estimates';
import { INVOICES, invoiceBody } from './support/invoices';
import { restartsOn } from './support/restarts';

postgresSkipNotice('document numbers e2e');

/**
 * A document's number is recorded on its account's counter stream in the same atomic append as
 * the document's creation, the counter expected at the revision the number was drawn at: two
 * processes creating at once never give one number twice, and a create that is refused, at any
 * step, consumes none.
 */
describe.each(testDatabases())('document numbers across processes, on $name', (target) => {
  const processes = restartsOn(target);

  const create = async (app: NestFastifyApplication, shop: Shop, url: string, body: Json) =>
    ok(apiOf(app)(shop.owner)('POST', url, body), 201);
  const ascending = (numbers: number[]) => [...numbers].sort((a, b) => a - b);
  const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  /** The numbers the account's counter recorded, in order, and for which records. */
  const counted = async (app: NestFastifyApplication, shop: Shop, sequence: string) => {
    const store = app.get<EventStore>(EVENT_STORE);
    const events = await store.readStream(counterStream(shop.accountId, sequence)).catch(() => []);
    return events.map((e) => e.data as { number: number; record_id: string });
  };

  it('gives the creates of two processes at once distinct consecutive numbers, each type its own, each recorded for its document', async () => {
    const [first, second] = [await processes.start(), await processes.start()];
    const shop = await openShop(first);
    const both = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? first : second));

    const [estimates, invoices] = await Promise.all([
      Promise.all(both(10).map((app) => create(app, shop, ESTIMATES, estimateBody(shop)))),
      Promise.all(both(6).map((app) => create(app, shop, INVOICES, invoiceBody(shop)))),
    ]);

    expect(ascending(estimates.map((e) => e.estimate_number))).toEqual(oneTo(10));
    expect(ascending(invoices.map((i) => i.invoice_number))).toEqual(oneTo(6));
    const recorded = await counted(first, shop, 'estimate');
    expect(recorded.map((r) => r.number)).toEqual(oneTo(10));
    const numberOf = new Map(estimates.map((e) => [e.id as string, e.estimate_number as number]));
    for (const { number, record_id } of recorded) expect(numberOf.get(record_id)).toBe(number);
  });

  it('consumes no number for a create refused after its decision (the record limit), in either process', async () => {
    const [first, second] = [await processes.start(), await processes.start()];
    const shop = await openShop(first, { settings: { record_limit: 3 } }); // its customer and item are two
    expect((await create(first, shop, ESTIMATES, estimateBody(shop))).estimate_number).toBe(1);
    for (const app of [first, second])
      expectError(
        await apiOf(app)(shop.owner)('POST', ESTIMATES, estimateBody(shop)),
        409,
        'account_record_limit_reached',
      );
    await setAccountSettings(first, shop.accountId, { record_limit: null });
    expect((await create(second, shop, ESTIMATES, estimateBody(shop))).estimate_number).toBe(2);
    expect((await counted(first, shop, 'estimate')).map((r) => r.number)).toEqual([1, 2]);
  });
});
