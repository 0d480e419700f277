import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore } from '@app/event-store';
import { writeCheckpoint } from '@app/read-models';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import { createCategory, createLocation } from './support/catalog';
import { Caller, createCaller } from './support/operator';
import { as } from './support/party-rules';
import { reactors } from '../apps/api/src/reactors';
import { restartsOn } from './support/restarts';

postgresSkipNotice('first variation reactor e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * An item's first variation spans two streams: the item's (its stock moves out, the decision is
 * recorded) and the variation's (created with the stock). A process that dies between the two
 * appends leaves the second to the first_variation reactor of the next process to start.
 */
describe.each(testDatabases())('first variation across a crash, on $name', (target) => {
  const processes = restartsOn(target);
  const { start, settled } = processes;

  /** An app whose process "dies" right before any append to a variation's stream. */
  const startDyingBeforeVariations = async () => (await processes.dying('itemVariation-')).app;

  const call = (
    app: NestFastifyApplication,
    caller: Caller,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ) => as(app, caller)(method, url, body) as Promise<{ statusCode: number; json(): Json; body: string }>;

  /** An item with 5 on hand whose first variation was decided, in a process that died before creating it. */
  async function decidedButNotCreated() {
    // given an item with 5 on hand, in a process that dies between the first variation's two appends
    const dying = await startDyingBeforeVariations();
    const owner = await createCaller(dying);
    const warehouse = await createLocation(dying, owner, { name: 'Warehouse' });
    const category = await createCategory(dying, owner);
    const shirt = (
      await call(dying, owner, 'POST', '/api/v3/items', {
        name: 'Shirt',
        inventory_type: 'quantity',
        category_id: category.id,
        location_id: warehouse.id,
      })
    ).json();
    const adjusted = await call(dying, owner, 'POST', `/api/v3/items/${shirt.id}/adjustments`, {
      location_id: warehouse.id,
      quantity: 5,
    });
    expect(adjusted.statusCode).toBe(201);

    // when its first variation is created, and the process dies after the item's half
    const refused = await call(dying, owner, 'POST', `/api/v3/items/${shirt.id}/variations`, {
      variation_type: 'location_only',
    });
    expect(refused.statusCode).toBe(500);
    const store = dying.get<EventStore>(EVENT_STORE);
    const itemEvents = await store.readStream(`item-${shirt.id}`);
    const decided = itemEvents.find((e) => e.type === 'FirstVariationDecided')!;
    const variationId = decided.data.variation_id as string;
    expect(await store.readLastEvent(`itemVariation-${variationId}`)).toBeUndefined();
    await dying.close();
    return { owner, shirt, decided, variationId };
  }

  it('creates the variation exactly once after a restart, and the item’s and variation’s stock add up', async () => {
    const { owner, shirt, decided, variationId } = await decidedButNotCreated();

    // and the service starts again on the same database
    const restarted = await start();
    await settled(restarted);

    // then the variation exists once, holding the stock the item gave up
    const variations = await call(restarted, owner, 'GET', `/api/v3/items/${shirt.id}/variations`);
    expect(variations.json().data).toEqual([expect.objectContaining({ id: variationId, quantity: 5 })]);
    const item = await call(restarted, owner, 'GET', `/api/v3/items/${shirt.id}`);
    expect(item.json()).toMatchObject({ quantity: 5, variation_count: 1 });
    const events = await restarted.get<EventStore>(EVENT_STORE).readStream(`itemVariation-${variationId}`);
    expect(events.map((e) => [e.type, e.metadata.causation_id])).toEqual([
      ['ItemVariationCreated', decided.id],
      ['StockAdjusted', decided.id],
    ]);
    await restarted.close();

    // when the reactor passes the decision again (its checkpoint lost), then nothing changes
    await writeCheckpoint(processes.database.db, 'first_variation', 1, 'start');
    const again = await start();
    await settled(again);
    expect(await again.get<EventStore>(EVENT_STORE).readStream(`itemVariation-${variationId}`)).toHaveLength(
      2,
    );
    const listed = await call(again, owner, 'GET', `/api/v3/items/${shirt.id}/variations`);
    expect(listed.json().data).toEqual([expect.objectContaining({ id: variationId, quantity: 5 })]);
    const health = await again.inject({ method: 'GET', url: '/health' });
    // Every reactor the service runs is caught up, this one among them.
    expect(health.json().reactors).toEqual(
      reactors.map(({ name }) => ({ name, state: 'running', position: expect.any(String), lag: 0 })),
    );
    expect(reactors.map((r) => r.name)).toContain('first_variation');
  });

  it('completes a decided first variation before deciding another one, even where no reactor runs', async () => {
    const { owner, shirt, variationId } = await decidedButNotCreated();

    // when a process that runs no reactor (a worker down) takes another variation of the item
    const app = await start({ reactors: [] });
    const second = await call(app, owner, 'POST', `/api/v3/items/${shirt.id}/variations`, {});

    // then the first was created first, so the second is a later one: refused for an item without attributes
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('duplicate_variation');
    const variations = await call(app, owner, 'GET', `/api/v3/items/${shirt.id}/variations`);
    expect(variations.json().data).toEqual([expect.objectContaining({ id: variationId, quantity: 5 })]);
  });
});
