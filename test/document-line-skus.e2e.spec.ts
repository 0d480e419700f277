import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { apiOf, createItem, ESTIMATES, Json, ok } from './support/estimates';
import { INVOICES, serviceLine } from './support/invoices';
import { Buyer, openBuyer, PURCHASE_ORDERS, purchaseOrderBody } from './support/purchase-orders';
import { SALES_ORDERS } from './support/sales-orders';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('document line SKUs e2e');

/**
 * documents-api §2: "SKU … [is a] live value of related records". The events keep the SKU a
 * line was written with; every document's detail shows its item's current one.
 */
describe.each(testDatabases())('document line SKUs on $name', (target) => {
  let t: TestApp;
  let buyer: Buyer;

  beforeAll(async () => {
    t = await startTestApp(target);
    buyer = await openBuyer(t.app);
  });
  afterAll(() => t?.close());

  const call = () => apiOf(t.app)(buyer.owner);
  const setSku = (sku: string | null) => ok(call()('PATCH', `/api/v3/items/${buyer.bolt.id}`, { sku }));
  const skusOf = (document: Json) => document.lines.map((line: Json) => [line.item_id, line.sku]);

  it("shows the item's current SKU on estimate, invoice, sales-order and purchase-order lines; a line without an item keeps its own", async () => {
    await setSku('B-1');
    const lines = [{ item_id: buyer.bolt.id, quantity: 2 }, serviceLine(5)];
    const sales = { customer_id: buyer.customer.id, lines };
    const documents: [string, Json][] = [
      [ESTIMATES, await ok(call()('POST', ESTIMATES, sales), 201)],
      [INVOICES, await ok(call()('POST', INVOICES, sales), 201)],
      [SALES_ORDERS, await ok(call()('POST', SALES_ORDERS, sales), 201)],
      [
        PURCHASE_ORDERS,
        await ok(call()('POST', PURCHASE_ORDERS, purchaseOrderBody(buyer, { lines: [lines[0]] })), 201),
      ],
    ];
    for (const [, document] of documents) expect(skusOf(document)[0]).toEqual([buyer.bolt.id, 'B-1']);

    await setSku('B-2');
    for (const [path, document] of documents) {
      const fetched = await ok(call()('GET', `${path}/${document.id}`));
      const expected =
        path === PURCHASE_ORDERS
          ? [[buyer.bolt.id, 'B-2']]
          : [
              [buyer.bolt.id, 'B-2'],
              [null, null],
            ];
      expect([path, skusOf(fetched)]).toEqual([path, expected]);
      // The event keeps what the line was written with.
      const [created] = (await ok(call()('GET', `${path}/${document.id}/events`))).data;
      expect([path, created.data.lines[0].sku]).toEqual([path, 'B-1']);
    }

    // A conversion's answer, and a PATCH's, show the current SKU too.
    const [[, estimate], [, invoice]] = documents;
    await setSku(null);
    const converted = await ok(call()('POST', `${ESTIMATES}/${estimate.id}/convert-to-invoice`, {}), 201);
    expect(skusOf(converted)[0]).toEqual([buyer.bolt.id, null]);
    const renamed = await ok(call()('PATCH', `${INVOICES}/${invoice.id}`, { name: 'Bolts' }));
    expect(skusOf(renamed)[0]).toEqual([buyer.bolt.id, null]);
    // A past revision shows what the lines stored then.
    const past = await ok(call()('GET', `${INVOICES}/${invoice.id}?as_of_revision=0`));
    expect(skusOf(past)[0]).toEqual([buyer.bolt.id, 'B-1']);
  });

  it("answers a create with the SKUs a retrieve shows: a variation's barcode, else its item's SKU", async () => {
    // A create's lines copy their SKUs from the items it read, so its answer reads none again.
    const shirt = await createItem(t.app, buyer, { name: 'Shirt', sku: 'SH-1', price: 20 });
    const variations = `/api/v3/items/${shirt.id}/variations`;
    const rowOf = (variation: Json) =>
      variation.locations.find((row: Json) => row.location_id === buyer.warehouse.id)
        .item_variation_location_id;
    const color = await ok(
      call()('POST', '/api/v3/variation-attributes', { name: 'Color', values: ['Red', 'Blue'] }),
      201,
    );
    const pair = (index: number) => ({ attribute_id: color.id, value_id: color.values[index].id });
    const barcoded = await ok(
      call()('POST', variations, { variation_type: 'attributes', attributes: [pair(0)], barcode: 'SH-BC' }),
      201,
    );
    const plain = await ok(call()('POST', variations, { attributes: [pair(1)] }), 201);
    await setSku('B-3');
    const lines = [
      { item_id: buyer.bolt.id },
      { item_id: shirt.id, item_variation_location_id: rowOf(barcoded) },
      { item_id: shirt.id, item_variation_location_id: rowOf(plain) },
      serviceLine(5),
    ];
    for (const path of [ESTIMATES, INVOICES, SALES_ORDERS]) {
      const created = await ok(call()('POST', path, { customer_id: buyer.customer.id, lines }), 201);
      const fetched = await ok(call()('GET', `${path}/${created.id}`));
      expect([path, skusOf(created)]).toEqual([path, skusOf(fetched)]);
      expect(skusOf(created).map(([, sku]: [string, string | null]) => sku)).toEqual([
        'B-3',
        'SH-BC',
        'SH-1',
        null,
      ]);
    }
  });
});
