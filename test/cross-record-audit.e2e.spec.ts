import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { EventStore, formatPosition, Position, RecordedEvent } from '@app/event-store';
import { ProjectionRunner, projectors, Reactor, runReactorStep } from '@app/read-models';
import { crashingAppends } from '@app/read-models/testing/crashing-appends';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { runCli } from '../apps/cli/src/cli';
import { CliContext } from '../apps/cli/src/cli-context';
import { auditCrossRecordSteps } from '@app/processes';
import { Actor } from '../apps/api/src/auth/actor';
import { RecordWriter } from '@app/runtime';
import { estimateConversionReactor } from '@app/processes';
import { invoiceUnitsReactor } from '@app/processes';
import { UniqueUnits } from '../apps/api/src/invoices/unique-units';
import { firstVariationReactor } from '@app/processes';
import { linkedInvoiceReleaseReactor } from '@app/processes';
import { salesOrderInvoicingReactor } from '@app/processes';
import { appendTwoPhaseMovement } from './support/two-phase-transfer';
import { transferMovementRepairReactor } from '@app/processes';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import { createCategory, createLocation } from './support/catalog';
import { apiOf, ESTIMATES, estimateBody, Json, ok, openShop, Reply, Shop } from './support/estimates';
import { INVOICES } from './support/invoices';
import { SALES_ORDERS, salesOrderBody } from './support/sales-orders';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('cross-record audit e2e');

const ITEMS = '/api/v3/items';
const TRANSFERS = '/api/v3/stock-transfers';
const HOUR = 3_600_000;

/**
 * The audit of cross-record steps (docs/reactors.md) over the real service's log: a history its
 * requests completed holds no unfinished step; a process that dies right after a step's first
 * append leaves exactly one, named by its trigger, until the step's reactor completes it. The app
 * runs no reactor, so nothing completes a step behind the test's back.
 */
describe.each(testDatabases())('cross-record steps audited, on $name', (target) => {
  let t: TestApp;
  let store: EventStore;
  let shop: Shop;
  let locations: { store: Json; depot: Json };
  let uniques: Json;
  /** From the first append to a stream `at` picks, nothing is written: the process has died. */
  const death: { at?: (stream: string) => boolean; dead: boolean } = { dead: false };

  beforeAll(async () => {
    t = await startTestApp(target, {
      reactors: [],
      wrapEvents: (events) =>
        crashingAppends(events, (stream) => (death.dead ||= death.at?.(stream) ?? false)),
    });
    store = t.app.get<EventStore>(EVENT_STORE);
    shop = await openShop(t.app);
    locations = {
      store: await createLocation(t.app, shop.owner, { name: 'Store' }),
      depot: await createLocation(t.app, shop.owner, { name: 'Depot' }),
    };
    uniques = await createCategory(t.app, shop.owner, { inventory_type: 'unique' });
  });
  afterAll(() => t?.close());

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    apiOf(t.app)(shop.owner)(method, url, body, { 'idempotency-key': randomUUID() });
  /**
   * The log audited once it shows `written` (a write the test made directly, or the trigger of a
   * request that died): the audit reads the log as subscribers see it.
   */
  async function audit(written?: Position, now = new Date(Date.now() + HOUR), graceMs = 0) {
    if (written) await t.app.get(ProjectionRunner).waitFor(written);
    return auditCrossRecordSteps(store, { now, graceMs });
  }

  /** The reactor's step for `trigger`, as its loop would run it; where its last append is. */
  async function completed(reactor: Reactor, trigger: RecordedEvent): Promise<Position> {
    const appended = await runReactorStep(reactor, trigger, store);
    return appended.at(-1)!.position;
  }

  /** The request, in a process that dies right before its first append to a stream `prefix` names. */
  async function dyingAt(prefix: string, request: () => Promise<Reply>): Promise<void> {
    death.at = (stream) => stream.startsWith(prefix);
    try {
      expect((await request()).statusCode).toBe(500);
    } finally {
      death.at = undefined;
      death.dead = false;
    }
  }

  /** `npm run cli -- verify estimate_lists --json …` on the service's stores. */
  async function verify(...options: string[]) {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const context: CliContext = {
      database: t.database,
      store,
      projectors,
      close: async () => undefined, // the service owns the stores
    };
    const code = await runCli(['verify', 'estimate_lists', '--json', ...options], {
      openContext: async () => context,
      out,
      err: new PassThrough(),
    });
    return { code, out: Buffer.concat(chunks).toString() };
  }

  const lastOf = async (stream: string, type: string): Promise<RecordedEvent> =>
    (await store.readStream(stream)).filter((e) => e.type === type).at(-1)!;

  const finding = (process: string, trigger: RecordedEvent, ...ids: string[]) => ({
    process,
    missing: expect.stringMatching(new RegExp(ids.join('.*'))),
    trigger: {
      event_id: trigger.id,
      type: trigger.type,
      stream: trigger.streamId,
      revision: trigger.revision,
      position: formatPosition(trigger.position),
      recorded_at: trigger.recordedAt.toISOString(),
    },
  });

  async function item(category: Json, onHand: number): Promise<Json> {
    const created = await ok(
      api('POST', ITEMS, {
        name: `Item ${randomUUID().slice(0, 6)}`,
        inventory_type: category.inventory_type ?? 'quantity',
        category_id: category.id,
        location_id: locations.store.id,
      }),
      201,
    );
    const adjustment = { location_id: locations.store.id, quantity: onHand };
    await ok(api('POST', `${ITEMS}/${created.id}/adjustments`, adjustment), 201);
    return created;
  }

  const estimate = () => ok(api('POST', ESTIMATES, estimateBody(shop)), 201);
  const salesOrder = () => ok(api('POST', SALES_ORDERS, salesOrderBody(shop)), 201);
  const invoiceOf = (itemId: string) =>
    ok(
      api('POST', INVOICES, { customer_id: shop.customer.id, lines: [{ item_id: itemId, quantity: 1 }] }),
      201,
    );
  const transferOf = (itemId: string, quantity: number) =>
    ok(
      api('POST', TRANSFERS, {
        origin_location_id: locations.store.id,
        destination_location_id: locations.depot.id,
        lines: [{ item_id: itemId, quantity }],
      }),
      201,
    );

  it('a history whose requests completed every step: no finding', async () => {
    // given every cross-record process carried out by its request
    await ok(api('POST', `${ESTIMATES}/${(await estimate()).id}/convert-to-invoice`, {}), 201);
    await ok(api('POST', `${ESTIMATES}/${(await estimate()).id}/convert-to-sales-order`, {}), 201);
    const order = await salesOrder();
    const linked = await ok(api('POST', `${SALES_ORDERS}/${order.id}/invoice`, {}), 201);
    await ok(api('POST', `${INVOICES}/${linked.id}/cancel`, {}));
    const [kept, given, deleted] = [await item(uniques, 1), await item(uniques, 1), await item(uniques, 1)];
    await invoiceOf(kept.id);
    const cancelled = await invoiceOf(given.id);
    await ok(api('POST', `${INVOICES}/${cancelled.id}/cancel`, {}));
    expect([200, 204]).toContain((await api('DELETE', `${INVOICES}/${cancelled.id}`)).statusCode);
    expect([200, 204]).toContain(
      (await api('DELETE', `${INVOICES}/${(await invoiceOf(deleted.id)).id}`)).statusCode,
    );
    await ok(
      api('POST', `${ITEMS}/${(await item(shop.category, 2)).id}/variations`, {
        variation_type: 'location_only',
      }),
      201,
    );
    const shovel = await item(shop.category, 5);
    const sent = await transferOf(shovel.id, 3);
    await ok(api('POST', `${TRANSFERS}/${sent.id}/send`, {}));
    await ok(api('POST', `${TRANSFERS}/${sent.id}/receive`, {}));
    // and a send refused for want of stock (nothing moved, or given back by its request)
    expect(
      (await api('POST', `${TRANSFERS}/${(await transferOf(shovel.id, 9)).id}/send`, {})).statusCode,
    ).toBe(409);

    // when the log is audited with no grace, then nothing is unfinished
    expect(await audit()).toEqual([]);
  });

  it('an estimate converted whose invoice was never created: one finding, until its reactor creates it', async () => {
    // given an open estimate
    const source = await estimate();

    // when it is converted, and the process dies before the invoice's stream
    await dyingAt('invoice-', () => api('POST', `${ESTIMATES}/${source.id}/convert-to-invoice`, {}));
    const trigger = await lastOf(`estimate-${source.id}`, 'EstimateConverted');

    // then the audit names the conversion and its trigger
    const documentId = trigger.data.document_id as string;
    expect(await audit(trigger.position)).toEqual([
      finding('estimate_conversion', trigger, documentId, source.id),
    ]);
    // but not within the grace period, nor before the trigger
    expect(await audit(undefined, new Date(trigger.recordedAt.getTime() + 1000), 60_000)).toEqual([]);
    const before = (await store.readStream(`estimate-${source.id}`)).at(-2)!.position;
    expect(
      await auditCrossRecordSteps(store, { now: new Date(Date.now() + HOUR), graceMs: 0, until: before }),
    ).toEqual([]);

    // when the reactor carries the step out, then nothing is unfinished
    expect(await audit(await completed(estimateConversionReactor, trigger))).toEqual([]);
  });

  it('verify reports an unfinished step past its grace period and exits 1; 0 once the step is carried out', async () => {
    const source = await estimate();
    await dyingAt('invoice-', () => api('POST', `${ESTIMATES}/${source.id}/convert-to-invoice`, {}));
    const trigger = await lastOf(`estimate-${source.id}`, 'EstimateConverted');
    await t.app.get(ProjectionRunner).waitFor(trigger.position);

    const found = await verify('--step-grace-s', '0');
    expect(found.code).toBe(1);
    expect(JSON.parse(found.out).unfinished_steps).toEqual([
      finding('estimate_conversion', trigger, trigger.data.document_id as string),
    ]);
    expect((await verify('--step-grace-s', '3600')).code).toBe(0);

    await t.app.get(ProjectionRunner).waitFor(await completed(estimateConversionReactor, trigger));
    expect((await verify('--step-grace-s', '0')).code).toBe(0);
  });

  it('a sales order invoiced whose invoice was never created: one finding, until its reactor creates it', async () => {
    const order = await salesOrder();

    await dyingAt('invoice-', () => api('POST', `${SALES_ORDERS}/${order.id}/invoice`, {}));
    const trigger = await lastOf(`salesOrder-${order.id}`, 'SalesOrderInvoiced');

    const invoiceId = trigger.data.invoice_id as string;
    expect(await audit(trigger.position)).toEqual([
      finding('sales_order_invoicing', trigger, invoiceId, order.id),
    ]);

    expect(await audit(await completed(salesOrderInvoicingReactor, trigger))).toEqual([]);
  });

  it('a cancelled linked invoice whose order never took its quantities back: one finding, until its reactor releases them', async () => {
    // given an invoiced sales order
    const order = await salesOrder();
    const invoice = await ok(api('POST', `${SALES_ORDERS}/${order.id}/invoice`, {}), 201);

    // when the invoice is cancelled, and the process dies before the order's stream
    await dyingAt('salesOrder-', () => api('POST', `${INVOICES}/${invoice.id}/cancel`, {}));
    const trigger = await lastOf(`invoice-${invoice.id}`, 'InvoiceCancelled');

    expect(await audit(trigger.position)).toEqual([
      finding('linked_invoice_release', trigger, order.id, invoice.id),
    ]);

    expect(await audit(await completed(linkedInvoiceReleaseReactor, trigger))).toEqual([]);
  });

  it('a cancel whose process dies at its append moves nothing: the invoice and its unit stay, no finding', async () => {
    const vase = await item(uniques, 1);
    const invoice = await invoiceOf(vase.id);

    // the cancel and the unit's release are one atomic append
    await dyingAt('item-', () => api('POST', `${INVOICES}/${invoice.id}/cancel`, {}));

    expect(await lastOf(`invoice-${invoice.id}`, 'InvoiceCancelled')).toBeUndefined();
    expect((await store.readLastEvent(`item-${vase.id}`))!.type).toBe('ItemUnitInvoiced');
    expect(await audit()).toEqual([]);
  });

  it('a cancelled invoice that kept its unique unit (a log from before units moved with the invoice): one finding, until its reactor gives the unit back', async () => {
    // given a unique item sold on an invoice
    const vase = await item(uniques, 1);
    const invoice = await invoiceOf(vase.id);

    // when the invoice's cancel was appended alone, as the two-step path did before a crash
    const stream = `invoice-${invoice.id}`;
    const last = (await store.readLastEvent(stream))!;
    const cancel = { status_id: 15, cancelled_at: new Date().toISOString() };
    await store.appendToStream(
      stream,
      [{ id: randomUUID(), type: 'InvoiceCancelled', data: cancel, metadata: last.metadata }],
      {
        expectedRevision: last.revision,
      },
    );
    const trigger = await lastOf(stream, 'InvoiceCancelled');

    expect(await audit(trigger.position)).toEqual([finding('invoice_units', trigger, vase.id, invoice.id)]);

    expect(await audit(await completed(invoiceUnitsReactor, trigger))).toEqual([]);
  });

  it('a unique unit claimed for an invoice that never took it (a log from before units moved with the invoice): one finding, until it is given back', async () => {
    // given a unique item on hand, claimed for an invoice by itself, as the two-step path did first
    const vase = await item(uniques, 1);
    const invoiceId = randomUUID();
    const seller = { accountId: shop.accountId, userId: shop.owner.userId } as Actor;
    const line = { line_type: 'inventory' as const, item_id: vase.id, unique: true };
    const units = new UniqueUnits(t.app.get(RecordWriter), store);
    await units.apply(seller, invoiceId, [], [line]);
    const trigger = await lastOf(`item-${vase.id}`, 'ItemUnitInvoiced');

    expect(await store.readLastEvent(`invoice-${invoiceId}`)).toBeUndefined();
    expect(await audit(trigger.position)).toEqual([
      finding('unique_unit_claim', trigger, vase.id, invoiceId),
    ]);

    // when the claim is given back: nothing is unfinished
    await units.apply(seller, invoiceId, [line], []);
    const released = (await store.readLastEvent(`item-${vase.id}`))!;
    expect(released.type).toBe('ItemUnitReleased');
    expect(await audit(released.position)).toEqual([]);
  });

  it("an item's first variation whose variation was never created: one finding, until its reactor creates it", async () => {
    const shirt = await item(shop.category, 5);

    await dyingAt('itemVariation-', () =>
      api('POST', `${ITEMS}/${shirt.id}/variations`, { variation_type: 'location_only' }),
    );
    const trigger = await lastOf(`item-${shirt.id}`, 'FirstVariationDecided');

    const variationId = trigger.data.variation_id as string;
    expect(await audit(trigger.position)).toEqual([
      finding('first_variation', trigger, variationId, shirt.id),
    ]);

    expect(await audit(await completed(firstVariationReactor, trigger))).toEqual([]);
  });

  it('a transfer movement whose step neither landed nor was voided (an older two-phase log): one finding, until its reactor voids it and gives it back', async () => {
    // given a pending transfer of 3 of the 5 at the store
    const shovel = await item(shop.category, 5);
    const transfer = await transferOf(shovel.id, 3);

    // when its send dies at the append, nothing is left to find (the movement and the step are one append)
    await dyingAt('stockTransfer-', () => api('POST', `${TRANSFERS}/${transfer.id}/send`, {}));
    expect((await lastOf(`item-${shovel.id}`, 'StockAdjusted')).data.stock_transfer_id).toBeUndefined();
    expect(await audit(await store.headPosition())).toEqual([]);

    // when the log holds a movement the older two-phase send wrote before dying
    const trigger = await appendTwoPhaseMovement(store, {
      itemId: shovel.id,
      transferId: transfer.id,
      key: `${transfer.id}:send@0:${randomUUID()}`,
      locationId: locations.store.id,
      quantity: '-3',
      caller: shop.owner,
    });

    const key = trigger.data.movement as string;
    expect(await audit(trigger.position)).toEqual([
      finding('stock_transfer_movement', trigger, key, transfer.id),
    ]);

    expect(await audit(await completed(transferMovementRepairReactor(0), trigger))).toEqual([]);
  });
});
