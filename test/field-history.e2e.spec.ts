import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import {
  apiOf,
  colleagueOf,
  expectError,
  expectMissing,
  Json,
  ok,
  openShop,
  Shop,
} from './support/estimates';
import { INVOICES, invoiceEditedPaidRefunded } from './support/invoices';
import { Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('field history e2e');

/** Who may see invoices and items but not unit costs. */
const NO_COSTS = { 'invoices.list': true, 'invoices.view_all': true, 'account_records.view_all': true };

/**
 * GET …/{id}/history: each revision of a record with its actor and the fields it changed, derived
 * from the events and shown as the caller may see the record.
 */
describe.each(testDatabases())('field-level history on $name', (target) => {
  let t: TestApp;
  let shop: Shop;
  let clerk: Caller;
  /** An invoice created by the owner, edited by the clerk, paid and refunded by the owner. */
  let invoice: Json;

  beforeAll(async () => {
    t = await startTestApp(target);
    shop = await openShop(t.app);
    clerk = await colleagueOf(t.app, shop, { name: 'Clerk' });
    invoice = await invoiceEditedPaidRefunded(t.app, shop, clerk);
  });
  afterAll(() => t?.close());

  const history = (caller: Caller, path: string, query = '') =>
    apiOf(t.app)(caller)('GET', `${path}/history${query}`);
  /** Every change of every revision, with the revision's actor, oldest first. */
  const changesOf = (entries: Json[]) =>
    entries
      .slice()
      .reverse()
      .flatMap((entry) => entry.changes.map((change: Json) => ({ ...change, actor: entry.actor })));

  it('shows an invoice edited, paid and refunded: each field change with its actor, newest first', async () => {
    const list = await ok(history(shop.owner, `${INVOICES}/${invoice.id}`, '?limit=100'));

    const revisions = list.data.map((entry: Json) => entry.revision);
    expect(revisions).toEqual([...Array(Number(invoice.revision) + 1).keys()].reverse());
    expect(list).toMatchObject({
      object: 'list',
      url: `${INVOICES}/${invoice.id}/history`,
      has_more: false,
      pagination: { page: 1, per_page: 100, total_records: Number(invoice.revision) + 1 },
    });
    const oldest = list.data.at(-1);
    expect(oldest).toEqual({
      revision: 0,
      occurred_at: expect.any(String),
      event_types: [expect.any(String)],
      actor: {
        user_id: shop.owner.userId,
        user_name: 'Owner',
        api_key_id: shop.owner.apiKeyId,
        idempotency_key: 'create-1',
      },
      changes: expect.arrayContaining([
        { field: 'customer_id', from: null, to: shop.customer.id },
        { field: `lines.${invoice.lines[0].id}.quantity`, from: null, to: 2 },
        { field: `lines.${invoice.lines[0].id}.unit_cost`, from: null, to: '7.2500' },
      ]),
    });

    const owner = { user_id: shop.owner.userId, user_name: 'Owner', api_key_id: shop.owner.apiKeyId };
    const byClerk = {
      user_id: clerk.userId,
      user_name: 'Clerk',
      api_key_id: clerk.apiKeyId,
      idempotency_key: 'edit-1',
    };
    const changes = changesOf(list.data);
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'purchase_order_number', from: '', to: 'PO-77', actor: byClerk },
        { field: 'shipping_cost', from: '0.0000', to: '4.0000', actor: byClerk },
        { field: `lines.${invoice.lines[0].id}.quantity`, from: 2, to: 3, actor: byClerk },
        { field: 'total', from: '28.0000', to: '42.0000', actor: byClerk },
        { field: 'amount_paid', from: '0.0000', to: '10.0000', actor: expect.objectContaining(owner) },
        { field: 'amount_paid', from: '10.0000', to: '7.0000', actor: expect.objectContaining(owner) },
      ]),
    );
    // Bookkeeping is not a change, and no revision is listed twice.
    expect(changes.map((change) => change.field)).not.toContain('revision');
    expect(changes.map((change) => change.field)).not.toContain('updated_at');
  });

  it('hides cost fields from a caller without unit_cost.view, as the record itself does', async () => {
    const noCosts = await colleagueOf(t.app, shop, { permissions: NO_COSTS });
    const shown = changesOf((await ok(history(noCosts, `${INVOICES}/${invoice.id}`, '?limit=100'))).data);
    const fields = shown.map((change) => change.field);
    expect(fields).toContain('purchase_order_number');
    expect(fields).toContain(`lines.${invoice.lines[0].id}.quantity`);
    expect(fields.filter((field) => /(^|\.)(shipping_cost|unit_cost|total_cost)$/.test(field))).toEqual([]);

    const items = `/api/v3/items/${shop.widget.id}`;
    await ok(apiOf(t.app)(shop.owner)('PATCH', items, { cost: 8, description: 'A bigger widget' }));
    const [edit] = (await ok(history(shop.owner, items))).data;
    expect(edit.changes).toEqual(
      expect.arrayContaining([
        { field: 'cost', from: '7.2500', to: '8.0000' },
        { field: 'description', from: 'A small widget', to: 'A bigger widget' },
      ]),
    );
    const [hidden] = (await ok(history(noCosts, items))).data;
    expect(hidden.changes.map((change: Json) => change.field)).toEqual(
      edit.changes.map((change: Json) => change.field).filter((field: string) => field !== 'cost'),
    );
  });

  it('compares an item variation’s record, its cost override hidden without unit_cost.view', async () => {
    const owner = apiOf(t.app)(shop.owner);
    const item = await ok(
      owner('POST', '/api/v3/items', {
        name: 'Shirt',
        inventory_type: 'quantity',
        category_id: shop.category.id,
      }),
      201,
    );
    const variations = `/api/v3/items/${item.id}/variations`;
    const variation = await ok(owner('POST', variations, { variation_type: 'location_only' }), 201);
    const path = `${variations}/${variation.id}`;
    await ok(owner('PATCH', path, { barcode: 'SH-1', unit_cost_override: 3 }));

    const [edit] = (await ok(history(shop.owner, path))).data;
    expect(edit).toMatchObject({ actor: { user_id: shop.owner.userId, user_name: 'Owner' } });
    expect(edit.changes).toEqual(
      expect.arrayContaining([
        { field: 'barcode', from: '', to: 'SH-1' },
        { field: 'unit_cost_override', from: null, to: '3.0000' },
      ]),
    );
    const noCosts = await colleagueOf(t.app, shop, { permissions: NO_COSTS });
    const [hidden] = (await ok(history(noCosts, path))).data;
    expect(hidden.changes).toEqual([{ field: 'barcode', from: '', to: 'SH-1' }]);
    expectMissing(await history(shop.owner, `/api/v3/items/${shop.widget.id}/variations/${variation.id}`));
  });

  it('pages newest first within revision_from and revision_to', async () => {
    const path = `${INVOICES}/${invoice.id}`;
    const all = (await ok(history(shop.owner, path, '?limit=100'))).data;

    const ranged = await ok(history(shop.owner, path, '?revision_from=1&revision_to=3&limit=2'));
    expect(ranged.data.map((entry: Json) => entry.revision)).toEqual([3, 2]);
    expect(ranged).toMatchObject({ has_more: true, pagination: { total_records: 3, total_pages: 2 } });
    const next = await ok(history(shop.owner, path, '?revision_from=1&revision_to=3&limit=2&page=2'));
    expect(next.data.map((entry: Json) => entry.revision)).toEqual([1]);
    expect(next.has_more).toBe(false);
    // The first entry of a range still compares with the revision before it.
    expect(next.data[0]).toEqual(all.find((entry: Json) => entry.revision === 1));

    const beyond = await ok(history(shop.owner, path, '?revision_from=1000&include_total=false'));
    expect(beyond).toMatchObject({ data: [], has_more: false, pagination: { page: 1, per_page: 20 } });
    expect(beyond.pagination).not.toHaveProperty('total_records');
  });

  it.each([
    ['revision_from=-1', 'revision_from'],
    ['revision_to=two', 'revision_to'],
    ['revision_from=1.5', 'revision_from'],
    ['revision_from=4&revision_to=2', 'revision_to'],
    ['revision_to=1&revision_to=2', 'revision_to'],
    ['as_of_revision=1', 'as_of_revision'],
    ['limit=0', 'limit'],
  ])('refuses ?%s with 422 invalid_query_parameter', async (query, param) => {
    expectError(
      await history(shop.owner, `${INVOICES}/${invoice.id}`, `?${query}`),
      422,
      'invalid_query_parameter',
      param,
    );
  });

  it('needs audit:read and a record the caller may see', async () => {
    const noAudit = await createCaller(t.app, { accountId: shop.accountId, scopes: ['invoices:read'] });
    expectError(await history(noAudit, `${INVOICES}/${invoice.id}`), 403, 'insufficient_scope');
    const stranger = await createCaller(t.app);
    expectMissing(await history(stranger, `${INVOICES}/${invoice.id}`));
    expectMissing(await history(shop.owner, `${INVOICES}/not-an-id`));
  });

  it('is served beside every record’s events: a customer, a contact', async () => {
    const customer = `/api/v3/customers/${shop.customer.id}`;
    await ok(apiOf(t.app)(shop.owner)('PATCH', customer, { name: 'Acme Ltd' }));
    const [renamed] = (await ok(history(shop.owner, customer))).data;
    expect(renamed.changes).toEqual(
      expect.arrayContaining([{ field: 'name', from: 'Acme Corp', to: 'Acme Ltd' }]),
    );

    const contact = await ok(
      apiOf(t.app)(shop.owner)('POST', '/api/v3/contacts', { first_name: 'Ada' }),
      201,
    );
    const [made] = (await ok(history(shop.owner, `/api/v3/contacts/${contact.id}`))).data;
    expect(made).toMatchObject({ revision: 0, actor: { user_id: shop.owner.userId } });
    expect(made.changes).toEqual(expect.arrayContaining([{ field: 'first_name', from: null, to: 'Ada' }]));
  });
});
