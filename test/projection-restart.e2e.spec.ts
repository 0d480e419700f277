import { randomUUID } from 'node:crypto';
import { EventStore } from '@app/event-store';
import { streamEventsProjector } from '@app/read-models/testing/stream-events-projector';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { EVENT_STORE } from '../apps/api/src/store/tokens';
import { admin } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('projection restart e2e');

describe.each(testDatabases())('a projector stopped on an error, on $name', (target) => {
  let t: TestApp;
  let broken = true;
  const culprit = `widget-${randomUUID()}`;
  beforeAll(async () => {
    t = await startTestApp(target, {
      projectors: [
        streamEventsProjector({ name: 'fragile', failOn: (e) => broken && e.streamId === culprit }),
      ],
    });
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('is named with its event in /health, the operator API and /metrics, while the others run', async () => {
    const store = t.app.get<EventStore>(EVENT_STORE);
    const eventId = randomUUID();
    await store.appendToStream(culprit, [{ id: eventId, type: 'WidgetCreated', data: {} }], {
      expectedRevision: 'no_stream',
    });

    await until(async () => (await get('/health')).statusCode === 503);
    const fragile = (await get('/health'))
      .json()
      .projectors.find((p: { name: string }) => p.name === 'fragile');
    expect(fragile).toMatchObject({
      state: 'failed',
      error: expect.stringContaining(`fails on event ${culprit}@0`),
      failed_event: { id: eventId, stream: culprit, type: 'WidgetCreated', position: expect.any(String) },
    });
    const others = (await get('/health'))
      .json()
      .projectors.filter((p: { name: string }) => p.name !== 'fragile');
    expect(others.every((p: { state: string }) => p.state === 'running')).toBe(true);

    const listed = await admin(t.app, 'GET', '/admin/v1/projections');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toContainEqual(
      expect.objectContaining({
        object: 'projection',
        name: 'fragile',
        state: 'failed',
        failed_event: fragile.failed_event,
      }),
    );
    expect((await get('/metrics')).body).toMatch(/projector_failed\{projector="fragile"\} 1/);
  });

  it('runs again from its checkpoint once an operator restarts it after the fix', async () => {
    broken = false;
    const restarted = await admin(t.app, 'POST', '/admin/v1/projections/fragile/restart');
    expect(restarted.statusCode).toBe(200);
    expect(restarted.json()).toMatchObject({ object: 'projection', name: 'fragile' });

    await until(async () => (await get('/health')).statusCode === 200);
    const again = await admin(t.app, 'POST', '/admin/v1/projections/fragile/restart');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('projection_not_failed');
    const unknown = await admin(t.app, 'POST', '/admin/v1/projections/nope/restart');
    expect(unknown.statusCode).toBe(404);
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
