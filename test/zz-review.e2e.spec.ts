/* Throwaway conformance probes (review of issue 4); deleted after the review. */
import { randomUUID } from 'node:crypto';
import { testDatabases } from '@app/read-models/testing/test-databases';
import { createCategory, createLocation, createZone } from './support/catalog';
import { Caller, createCaller } from './support/operator';
import { as } from './support/party-rules';
import { startTestApp, TestApp } from './support/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const out: Record<string, unknown> = {};

describe.each(testDatabases().slice(0, 1))('review probes on $name', (target) => {
  let t: TestApp;
  let owner: Caller;

  beforeAll(async () => {
    t = await startTestApp(target);
    owner = await createCaller(t.app);
  });
  afterAll(async () => {
    console.log(JSON.stringify(out, null, 1));
    await t?.close();
  });

  const call = (caller: Caller = owner) => as(t.app, caller);
  const brief = (res: { statusCode: number; json(): Json }) => {
    const body = res.json();
    return { status: res.statusCode, ...(body.error ? { error: body.error } : {}), pagination: body.pagination };
  };

  it('probes', async () => {
    const cat = await createCategory(t.app, owner);
    const store = await createLocation(t.app, owner, { name: 'Store' });
    const warehouse = await createLocation(t.app, owner, { name: 'Warehouse' });
    const zone = await createZone(t.app, owner, store.id);
    const mk = async (body: Json = {}) =>
      (
        await call()('POST', '/api/v3/items', {
          name: 'W',
          inventory_type: 'quantity',
          category_id: cat.id,
          ...body,
        })
      ).json();
    const a = await mk({ location_id: store.id });
    const b = await mk();
    out.idsNoTotal = brief(await call()('GET', `/api/v3/items?ids=${a.id},${b.id}&include_total=false`));
    out.idsTotal = brief(await call()('GET', `/api/v3/items?ids=${a.id},${b.id}`));
    out.adjustUpper = brief(
      await call()('POST', `/api/v3/items/${a.id}/adjustments`, {
        location_id: store.id.toUpperCase(),
        quantity: 2,
      }),
    );
    out.createUpperLocation = brief(
      await call()('POST', '/api/v3/items', {
        name: 'U',
        inventory_type: 'quantity',
        category_id: cat.id.toUpperCase(),
        location_id: store.id.toUpperCase(),
      }),
    );
    out.itemUpper = brief(await call()('GET', `/api/v3/items/${a.id.toUpperCase()}`));
    out.locationUpper = brief(await call()('GET', `/api/v3/locations/${store.id.toUpperCase()}`));
    out.zonesUpper = brief(await call()('GET', `/api/v3/locations/${store.id.toUpperCase()}/zones`));
    out.zonePatchUpper = brief(
      await call()(
        'PATCH',
        `/api/v3/locations/${store.id}/zones/${zone.id.toUpperCase()}`,
        { name: 'Z', short_name: 'Z' },
        { 'idempotency-key': randomUUID() },
      ),
    );
    // variations
    const shirt = await mk({ location_id: store.id, threshold: 3, zone_id: zone.id });
    await call()('POST', `/api/v3/items/${shirt.id}/adjustments`, { location_id: store.id, quantity: 5 });
    const v = (
      await call()('POST', `/api/v3/items/${shirt.id}/variations`, { variation_type: 'location_only' })
    ).json();
    out.variation = { rows: v.locations, quantity: v.quantity };
    out.varBarcode49 = brief(
      await call()('POST', `/api/v3/items/${mk && shirt.id}/variations`, { barcode: 'x'.repeat(49) }),
    );
    const listAt = (await call()('GET', `/api/v3/items?location_id=${store.id}`)).json();
    out.locationInventory = listAt.data.map((i: Json) => [i.name, i.variation_count, i.location_inventory]);
    out.rowPatchUpper = brief(
      await call()('PATCH', `/api/v3/items/${shirt.id}/variations/${v.id}/locations/${store.id.toUpperCase()}`, {
        threshold: 1,
      }),
    );
    out.rowAddUpper = brief(
      await call()('POST', `/api/v3/items/${shirt.id}/variations/${v.id}/locations`, {
        location_id: randomUUID().toUpperCase(),
      }),
    );
    out.varUpper = brief(await call()('GET', `/api/v3/items/${shirt.id}/variations/${v.id.toUpperCase()}`));
    out.varListNoTotal = brief(await call()('GET', `/api/v3/items/${shirt.id}/variations?include_total=false`));
    const clerk = await createCaller(t.app, { accountId: owner.accountId, location_id: store.id });
    out.clerkVarListUpper = brief(
      await call(clerk)('GET', `/api/v3/items/${shirt.id}/variations?location_id=${store.id.toUpperCase()}`),
    );
    const odd = await createCaller(t.app, { accountId: owner.accountId, location_id: 'nowhere' });
    out.oddVarListNoTotal = brief(
      await call(odd)('GET', `/api/v3/items/${b.id}/variations?include_total=false`),
    );
    out.itemAttrForeign = brief(
      await call(await createCaller(t.app))('GET', `/api/v3/items/${shirt.id}/variation-attributes`),
    );
    out.itemAttrBad = brief(await call()('GET', `/api/v3/items/nope/variation-attributes`));
    // as_of_revision beyond
    for (const [name, url] of [
      ['item', `/api/v3/items/${a.id}`],
      ['location', `/api/v3/locations/${store.id}`],
      ['category', `/api/v3/item-categories/${cat.id}`],
      ['variation', `/api/v3/items/${shirt.id}/variations/${v.id}`],
    ])
      out[`asOf99_${name}`] = brief(await call()('GET', `${url}?as_of_revision=99`));
    // location delete with an item placed there
    const lone = await createLocation(t.app, owner, { name: 'Lone' });
    await mk({ location_id: lone.id });
    out.deleteLocationWithItem = brief(await call()('DELETE', `/api/v3/locations/${lone.id}`));
    // contacts
    const limited = await createCaller(t.app, {
      accountId: owner.accountId,
      permissions: { 'account_records.manage': true },
    });
    const contact = await call(limited)('POST', '/api/v3/contacts', { first_name: 'Nobody' });
    out.contactNoLinksLimited = brief(contact);
    out.contactNoLinksLimitedGet = brief(await call(limited)('GET', `/api/v3/contacts/${contact.json().id}`));
    // category delete: archived item
    const cat2 = await createCategory(t.app, owner);
    const arch = await mk({ category_id: cat2.id });
    await call()('POST', `/api/v3/items/${arch.id}/archive`);
    out.deleteCategoryArchived = brief(await call()('DELETE', `/api/v3/item-categories/${cat2.id}`));
    // category change type while holding items
    out.categoryTypeChange = brief(
      await call()('PATCH', `/api/v3/item-categories/${cat.id}`, { inventory_type: 'unique' }),
    );
    // item category list parent unknown
    out.zoneNoDescriptionLimit = brief(
      await call()(
        'POST',
        `/api/v3/locations/${store.id}/zones`,
        { name: 'Q', short_name: 'Q', description: 'x'.repeat(1001) },
        { 'idempotency-key': randomUUID() },
      ),
    );
    out.itemsLimit101 = brief(await call()('GET', `/api/v3/items?limit=101`));
    out.locationsLimit0 = brief(await call()('GET', `/api/v3/locations?limit=0`));
    out.adjustNoLocation = brief(await call()('POST', `/api/v3/items/${b.id}/adjustments`, { quantity: 1 }));
    out.photoOrderEmpty = brief(await call()('PUT', `/api/v3/items/${b.id}/photos/order`, { photo_ids: [] }));
    out.varPatchNaN = brief(
      await call()('PATCH', `/api/v3/items/${shirt.id}/variations/${v.id}`, { unit_price_override: 'abc' }),
    );
    out.varPatchNum = brief(
      await call()('PATCH', `/api/v3/items/${shirt.id}/variations/${v.id}`, { unit_price_override: '1e3' }),
    );
  });
});
