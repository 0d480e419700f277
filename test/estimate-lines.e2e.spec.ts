import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { createCategory, createLocation } from './support/catalog';
import {
  apiOf,
  CLERK,
  colleagueOf,
  createItem,
  ESTIMATES,
  estimateBody,
  expectError,
  Json,
  NOBODY,
  ok,
  openShop,
  Shop,
  UUID,
} from './support/estimates';
import { Caller, CallerOptions } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('estimate lines e2e');

describe.each(testDatabases())('estimate lines on $name', (target) => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await startTestApp(target);
    shop = await openShop(t.app);
  });
  afterAll(() => t?.close());

  const call = (caller: Caller = shop.owner) => apiOf(t.app)(caller);
  const url = (id: string, suffix = '') => `${ESTIMATES}/${id}${suffix}`;
  const colleague = (options: CallerOptions = {}, s: Shop = shop) => colleagueOf(t.app, s, options);
  const create = (over: Json = {}, s: Shop = shop, caller: Caller = s.owner) =>
    ok(call(caller)('POST', ESTIMATES, estimateBody(s, over)), 201);
  /** Creates with these lines: the estimate's lines. */
  const linesOf = async (lines: Json[], caller: Caller = shop.owner, s: Shop = shop): Promise<Json[]> =>
    (await create({ lines }, s, caller)).lines;
  const refused = async (lines: unknown, param: string, code = 'validation_failed') =>
    expectError(await call()('POST', ESTIMATES, estimateBody(shop, { lines })), 422, code, param);

  describe('inventory lines', () => {
    it('copy the item’s name, description, SKU, price and cost; a given name or description is ignored', async () => {
      const bracket = await createItem(t.app, shop, {
        name: 'Bracket',
        description: 'Steel',
        sku: 'BR-9',
        price: 4.2,
        cost: 1.1,
      });
      const [line] = await linesOf([
        { item_id: bracket.id, quantity: 3, name: 'Mine', description: 'Other' },
      ]);
      expect(line).toMatchObject({
        line_type: 'inventory',
        item_id: bracket.id,
        name: 'Bracket',
        description: 'Steel',
        sku: 'BR-9',
        quantity: 3,
        unit_price: '4.2000',
        unit_cost: '1.1000',
        total_cost: '3.3000',
        subtotal: '12.6000',
        tax: '1.2600',
        tax_2: '0.2520',
        total: '14.1120',
      });
    });

    it('keep their copy when the item changes later; a new line copies the item as it is now', async () => {
      const bracket = await createItem(t.app, shop, { name: 'Bracket', price: 4.2, cost: 1.1 });
      const estimate = await create({ lines: [{ item_id: bracket.id }] });
      await ok(call()('PATCH', `/api/v3/items/${bracket.id}`, { name: 'Bracket v2', price: 9, cost: 2 }));
      expect((await ok(call()('GET', url(estimate.id)))).lines).toEqual(estimate.lines);
      const patched = await ok(
        call()('PATCH', url(estimate.id), {
          lines: [{ id: estimate.lines[0].id, quantity: 2 }, { item_id: bracket.id }],
        }),
      );
      expect(patched.lines.map((l: Json) => [l.name, l.quantity, l.unit_price, l.unit_cost])).toEqual([
        ['Bracket', 2, '4.2000', '1.1000'],
        ['Bracket v2', 1, '9.0000', '2.0000'],
      ]);
    });

    it('of a create right after their item or customer changed copy them as they are now, however recently the same were named', async () => {
      const s = await openShop(t.app);
      const bolt = await createItem(t.app, s, { name: 'Bolt', price: 2, cost: 1 });
      const nut = await createItem(t.app, s, { name: 'Nut', price: 1 });
      const both = { lines: [{ item_id: bolt.id }, { item_id: nut.id }] };
      await create(both, s);
      await create(both, s);
      await ok(call(s.owner)('PATCH', `/api/v3/items/${bolt.id}`, { name: 'Bolt v2', price: 3 }));
      await ok(call(s.owner)('PATCH', `/api/v3/customers/${s.customer.id}`, { tax_rate: 5 }));
      const [line] = (await create({ lines: [{ item_id: bolt.id }] }, s)).lines;
      expect(line).toMatchObject({ name: 'Bolt v2', unit_price: '3.0000', tax_rate: '5.000' });
      await ok(call(s.owner)('POST', `/api/v3/items/${nut.id}/archive`));
      expectError(
        await call(s.owner)('POST', ESTIMATES, { customer_id: s.customer.id, ...both }),
        422,
        'validation_failed',
        'lines.1.item_id',
      );
    });

    it('default to quantity 1 and the customer’s rates; given rates win', async () => {
      const lines = await linesOf([
        { item_id: shop.widget.id },
        { item_id: shop.widget.id, tax_rate: 0, tax_2_rate: 8.875 },
      ]);
      expect(lines[0]).toMatchObject({ quantity: 1, tax_rate: '10.000', tax_2_rate: '2.000', tax: '1.2500' });
      expect(lines[1]).toMatchObject({
        tax_rate: '0.000',
        tax_2_rate: '8.875',
        tax: '0.0000',
        tax_2: '1.1094',
      });
    });

    it('charge 0 for an item without a price; no cost gives null costs', async () => {
      const sample = await createItem(t.app, shop, { name: 'Sample' });
      const [line] = await linesOf([{ item_id: sample.id, quantity: 2 }]);
      expect(line).toMatchObject({
        unit_price: '0.0000',
        unit_cost: null,
        total_cost: null,
        total: '0.0000',
      });
    });

    it('refuse an unknown, archived or foreign item as lines.N.item_id', async () => {
      const archived = await createItem(t.app, shop, { name: 'Retired' });
      await ok(call()('POST', `/api/v3/items/${archived.id}/archive`));
      const foreign = (await openShop(t.app)).widget;
      for (const id of [NOBODY, archived.id, foreign.id, 'nope', 7]) {
        await refused([{ item_id: shop.widget.id }, { item_id: id }], 'lines.1.item_id');
      }
    });

    it('of a unique item: quantity 1 only', async () => {
      const unique = await createCategory(t.app, shop.owner, { inventory_type: 'unique' });
      const painting = await createItem(t.app, shop, {
        name: 'Painting',
        inventory_type: 'unique',
        category_id: unique.id,
        price: 900,
      });
      const [line] = await linesOf([{ item_id: painting.id }]);
      expect(line).toMatchObject({ quantity: 1, unit_price: '900.0000' });
      await refused([{ item_id: painting.id, quantity: 2 }], 'lines.0.quantity');
    });
  });

  describe('service lines', () => {
    it('take their name, description, quantity and price; they have no item and no cost', async () => {
      const lines = await linesOf([
        { name: 'Installation', description: 'On site', unit_price: 40, quantity: 1.5, tax_rate: 0 },
        { name: 'Bolts', unit_price: 0.1, quantity: 3, tax_rate: 8.875, tax_2_rate: 0 },
      ]);
      expect(lines[0]).toMatchObject({
        line_type: 'service',
        item_id: null,
        item_variation_location_id: null,
        name: 'Installation',
        description: 'On site',
        sku: null,
        quantity: 1.5,
        unit_price: '40.0000',
        unit_cost: null,
        total_cost: null,
        tax_rate: '0.000',
        tax_2_rate: '2.000',
        subtotal: '60.0000',
        tax: '0.0000',
        tax_2: '1.2000',
        total: '61.2000',
      });
      // Decimal arithmetic: 3 × 0.1 is exactly 0.3; 8.875 % of it (0.026625) is rounded to four decimals.
      expect(lines[1]).toMatchObject({ subtotal: '0.3000', tax: '0.0266', total: '0.3266' });
    });

    it('need a name and a unit price', async () => {
      await refused([{ unit_price: 5 }], 'lines.0.name');
      await refused([{ name: '  ', unit_price: 5 }], 'lines.0.name');
      await refused([{ name: 'Setup' }], 'lines.0.unit_price');
      await refused(
        [{ name: 'Setup', unit_price: 5, item_variation_location_id: 1 }],
        'lines.0.item_variation_location_id',
      );
    });
  });

  describe('amounts', () => {
    it('discount_percent adds a generated discount line; shipping is added untaxed', async () => {
      const estimate = await create({
        lines: [
          { item_id: shop.widget.id, quantity: 2 },
          { name: 'Installation', unit_price: 40, quantity: 1.5, tax_rate: 0 },
        ],
        discount_percent: 10,
        shipping_fee: 5,
      });
      expect(estimate).toMatchObject({
        pre_discount_subtotal: '85.0000',
        discount: '-8.5000',
        subtotal: '76.5000',
        tax: '2.2500',
        tax_2: '1.5300',
        shipping_fee: '5.0000',
        total: '85.2800',
        discount_percent: '10.000',
      });
      expect(estimate.lines).toHaveLength(3);
      expect(estimate.lines[2]).toMatchObject({
        id: expect.stringMatching(UUID),
        line_type: 'discount',
        item_id: null,
        position: 2,
        quantity: 1,
        discount_percent: '10.000',
        subtotal: '-8.5000',
        tax: '-0.2500',
        tax_2: '-0.1700',
        total: '-8.9200',
      });
      const undiscounted = await ok(call()('PATCH', url(estimate.id), { discount_percent: 0 }));
      expect(undiscounted).toMatchObject({ discount: '0.0000', subtotal: '85.0000', total: '94.2000' });
      expect(undiscounted.lines.map((l: Json) => l.line_type)).toEqual(['inventory', 'service']);
    });

    it('renders money with four decimals and rates with three', async () => {
      const estimate = await create({
        lines: [{ name: 'Odd', unit_price: 1.005, quantity: 1, tax_rate: 7.25, tax_2_rate: 0 }],
        discount_percent: 2.5,
      });
      expect(estimate).toMatchObject({ discount_percent: '2.500', subtotal: '0.9799', tax: '0.0711' });
      expect(estimate.lines[0]).toMatchObject({ unit_price: '1.0050', tax_rate: '7.250', tax: '0.0729' });
      for (const line of estimate.lines) {
        for (const field of ['unit_price', 'subtotal', 'tax', 'tax_2', 'total'])
          expect(line[field]).toMatch(/^-?\d+\.\d{4}$/);
        for (const field of ['discount_percent', 'tax_rate', 'tax_2_rate'])
          expect(line[field]).toMatch(/^\d+\.\d{3}$/);
      }
    });
  });

  describe('input limits', () => {
    it.each([
      [{ quantity: 0 }, 'lines.0.quantity'],
      [{ quantity: -1 }, 'lines.0.quantity'],
      [{ quantity: 'many' }, 'lines.0.quantity'],
      [{ quantity: 1.00001 }, 'lines.0.quantity'],
      [{ tax_rate: 100.5 }, 'lines.0.tax_rate'],
      [{ tax_rate: -1 }, 'lines.0.tax_rate'],
      [{ tax_2_rate: 101 }, 'lines.0.tax_2_rate'],
      [{ unit_price: -1 }, 'lines.0.unit_price'],
      [{ item_variation_location_id: 'x' }, 'lines.0.item_variation_location_id'],
    ])('refuses %j on a line: 422 naming it', async (over, param) => {
      await refused([{ item_id: shop.widget.id, ...over }], param);
    });

    it.each([2147483648, 2 ** 53 + 1, 1e308, 0, -1])(
      'refuses item_variation_location_id %d, outside its column, with 422 on create, preview and PATCH',
      async (id) => {
        const lines = [{ item_id: shop.widget.id, item_variation_location_id: id }];
        const param = 'lines.0.item_variation_location_id';
        const estimate = await create();
        for (const [method, path, headers] of [
          ['POST', ESTIMATES, {}],
          ['POST', `${ESTIMATES}/preview`, {}],
          ['PATCH', url(estimate.id), { 'if-match': String(estimate.revision) }],
        ] as const) {
          const body = method === 'PATCH' ? { lines } : estimateBody(shop, { lines });
          expectError(await call()(method, path, body, headers), 422, 'validation_failed', param);
        }
      },
    );

    it('refuses lines that are not an array of objects', async () => {
      await refused('widgets', 'lines');
      await refused({ item_id: shop.widget.id }, 'lines');
      await refused([5], 'lines.0');
    });

    it('takes 1 to 500 lines', async () => {
      const service = (i: number) => ({ name: `Step ${i}`, unit_price: 1 });
      const lines = Array.from({ length: 500 }, (_, i) => service(i));
      const estimate = await create({ lines });
      expect(estimate.lines).toHaveLength(500);
      expect(estimate.lines[499]).toMatchObject({ name: 'Step 499', position: 499 });
      expect(estimate.subtotal).toBe('500.0000');
      await refused([...lines, service(500)], 'lines');
      await refused([], 'lines');
    });
  });

  describe('selling prices', () => {
    it('a given unit_price counts on an inventory line only with selling_prices.modify', async () => {
      const [priced] = await linesOf([{ item_id: shop.widget.id, unit_price: 9 }]);
      expect(priced.unit_price).toBe('9.0000');
      const clerk = await colleague({ permissions: CLERK });
      const estimate = await create(
        {
          lines: [
            { item_id: shop.widget.id, unit_price: 9 },
            { name: 'Setup', unit_price: 40 },
          ],
        },
        shop,
        clerk,
      );
      expect(estimate.lines.map((l: Json) => l.unit_price)).toEqual(['12.5000', '40.0000']);
      // A kept line keeps the price it has, whoever edits it.
      const discounted = await create({ lines: [{ item_id: shop.widget.id, unit_price: 9 }] });
      const edited = await ok(
        call(clerk)('PATCH', url(discounted.id), {
          lines: [{ id: discounted.lines[0].id, unit_price: 1, quantity: 2 }],
        }),
      );
      expect(edited.lines[0]).toMatchObject({ unit_price: '9.0000', quantity: 2 });
    });
  });

  describe('variations', () => {
    it('need an item_variation_location_id of the item, and copy its values, number, location and price', async () => {
      const s = await openShop(t.app);
      const warehouse = await createLocation(t.app, s.owner, { name: 'A Warehouse' });
      const color = await ok(
        call(s.owner)('POST', '/api/v3/variation-attributes', { name: 'Color', values: ['Red', 'Blue'] }),
        201,
      );
      const pair = (index: number) => ({ attribute_id: color.id, value_id: color.values[index].id });
      const shirt = await createItem(t.app, s, { name: 'Shirt', price: 20, cost: 8 });
      const variations = `/api/v3/items/${shirt.id}/variations`;
      const red = await ok(
        call(s.owner)('POST', variations, {
          variation_type: 'attributes',
          attributes: [pair(0)],
          unit_price_override: 24,
        }),
        201,
      );
      const blue = await ok(call(s.owner)('POST', variations, { attributes: [pair(1)] }), 201);
      const rowAt = (variation: Json) =>
        variation.locations.find((row: Json) => row.location_id === warehouse.id).item_variation_location_id;
      const scarf = await createItem(t.app, s, { name: 'Scarf' });
      const scarfRed = await ok(
        call(s.owner)('POST', `/api/v3/items/${scarf.id}/variations`, {
          variation_type: 'attributes',
          attributes: [pair(0)],
        }),
        201,
      );
      const refusedHere = async (line: Json, param: string) =>
        expectError(
          await call(s.owner)('POST', ESTIMATES, estimateBody(s, { lines: [line] })),
          422,
          'validation_failed',
          param,
        );
      await refusedHere({ item_id: shirt.id }, 'lines.0.item_variation_location_id');
      await refusedHere(
        { item_id: shirt.id, item_variation_location_id: rowAt(scarfRed) },
        'lines.0.item_variation_location_id',
      );
      await refusedHere(
        { item_id: shirt.id, item_variation_location_id: 2_000_000_000 },
        'lines.0.item_variation_location_id',
      );
      await refusedHere(
        { item_id: s.widget.id, item_variation_location_id: rowAt(red) },
        'lines.0.item_variation_location_id',
      );

      const lines = await linesOf(
        [
          { item_id: shirt.id, item_variation_location_id: rowAt(red) },
          { item_id: shirt.id, item_variation_location_id: rowAt(blue), quantity: 2 },
        ],
        s.owner,
        s,
      );
      expect(lines[0]).toMatchObject({
        item_id: shirt.id,
        item_variation_location_id: rowAt(red),
        name: 'Shirt',
        variation_values: red.attributes,
        variation_number: null, // variations carry no number in the catalogue
        location_name: 'A Warehouse',
        unit_price: '24.0000',
        unit_cost: '8.0000',
      });
      expect(red.attributes).toEqual({ Color: 'Red' });
      expect(lines[1]).toMatchObject({
        variation_values: { Color: 'Blue' },
        variation_number: null,
        location_name: 'A Warehouse',
        unit_price: '20.0000',
        subtotal: '40.0000',
      });
    });
  });

  describe('location-limited users', () => {
    it('may put only items of their location on lines (others: 422 lines.N.item_id)', async () => {
      const s = await openShop(t.app);
      const store = await createLocation(t.app, s.owner, { name: 'Corner Store' });
      const depot = await createLocation(t.app, s.owner, { name: 'Depot' });
      const local = await createItem(t.app, s, { name: 'Local', location_id: store.id, price: 2 });
      const away = await createItem(t.app, s, { name: 'Away', location_id: depot.id, price: 3 });
      const clerk = await colleague({ location_id: store.id }, s);
      const [line] = await linesOf([{ item_id: local.id }, { name: 'Delivery', unit_price: 5 }], clerk, s);
      expect(line).toMatchObject({ item_id: local.id, location_name: 'Corner Store', unit_price: '2.0000' });
      expectError(
        await call(clerk)(
          'POST',
          ESTIMATES,
          estimateBody(s, { lines: [{ item_id: local.id }, { item_id: away.id }] }),
        ),
        422,
        'validation_failed',
        'lines.1.item_id',
      );
      expect((await linesOf([{ item_id: away.id }], s.owner, s))[0].location_name).toBe('Depot');
    });
  });

  describe('PATCH lines', () => {
    it('keeps lines named by id, adds those without, removes the omitted, in the order given', async () => {
      const estimate = await create({
        lines: [
          { item_id: shop.widget.id, quantity: 2 },
          { name: 'Setup', unit_price: 10 },
          { name: 'Haul', unit_price: 5 },
        ],
      });
      const [widget, setup, haul] = estimate.lines;
      const patched = await ok(
        call()('PATCH', url(estimate.id), {
          lines: [{ name: 'New', unit_price: 1 }, { id: haul.id, quantity: 2 }, { id: widget.id }],
        }),
      );
      expect(patched.lines.map((l: Json) => [l.name, l.position, l.quantity, l.subtotal])).toEqual([
        ['New', 0, 1, '1.0000'],
        ['Haul', 1, 2, '10.0000'],
        ['Widget', 2, 2, '25.0000'],
      ]);
      expect(patched.lines[0].id).toMatch(UUID);
      expect([setup.id, haul.id, widget.id]).not.toContain(patched.lines[0].id);
      expect(patched.lines[1].id).toBe(haul.id);
      expect(patched.lines[2].id).toBe(widget.id);
      expect(patched.subtotal).toBe('36.0000');
      expect(await ok(call()('GET', url(estimate.id)))).toEqual(patched);
    });

    it('refuses a line id of another estimate, an unknown or repeated one, the discount line, and no lines', async () => {
      const other = await create();
      const estimate = await create({
        lines: [{ item_id: shop.widget.id }, { name: 'Setup', unit_price: 10 }],
        discount_percent: 5,
      });
      const [first, second, discount] = estimate.lines;
      expect(discount.line_type).toBe('discount');
      const cases: [unknown, string][] = [
        [[{ id: other.lines[0].id }], 'lines.0.id'],
        [[{ id: first.id }, { id: NOBODY }], 'lines.1.id'],
        [[{ id: first.id }, { id: second.id }, { id: first.id }], 'lines.2.id'],
        [[{ id: first.id }, { id: discount.id }], 'lines.1.id'],
        [[{ id: 'nope' }], 'lines.0.id'],
        [[], 'lines'],
      ];
      for (const [lines, param] of cases) {
        expectError(await call()('PATCH', url(estimate.id), { lines }), 422, 'validation_failed', param);
      }
      expect(await ok(call()('GET', url(estimate.id)))).toEqual(estimate);
    });
  });
});
