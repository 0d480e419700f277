import { randomUUID } from 'node:crypto';
import { EventStore } from '@app/event-store';
import { ProjectionRunner } from '@app/read-models';
import { rowsOf } from '@app/read-models/testing/projection-fixtures';
import { streamEventsProjector } from '@app/read-models/testing/stream-events-projector';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { ReadYourWrites } from '../apps/api/src/store/read-your-writes';
import { Stores } from '@app/runtime';
import { EVENT_STORE, STORES } from '../apps/api/src/store/tokens';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('operations e2e');

describe.each(testDatabases())('operations endpoints on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { projectors: [streamEventsProjector()] });
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('reports health once the stores answer and the projectors run', async () => {
    const res = await get('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { kind: target.name, ok: true },
      event_store: { kind: 'postgres', ok: true },
    });
    expect(res.json().projectors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'operator_records', state: 'running', lag: 0 }),
        expect.objectContaining({ name: 'stream_events', state: 'running', lag: 0 }),
      ]),
    );
  });

  it('answers a write only once the read models reflect it', async () => {
    const store = t.app.get<EventStore>(EVENT_STORE);
    const streamId = `widget-${randomUUID()}`;
    const { position } = await store.appendToStream(
      streamId,
      [{ id: randomUUID(), type: 'WidgetCreated', data: { name: 'Bolt' } }],
      { expectedRevision: 'no_stream' },
    );
    await t.app.get(ReadYourWrites).after(position);
    const rows = await rowsOf(t.database.db, 'stream_events');
    expect(rows.filter((r) => r.stream_id === streamId)).toHaveLength(1);
  });

  it('serves Prometheus metrics: requests by route pattern and projector lag', async () => {
    await get('/health');
    await get('/no/such/route/123');
    const res = await get('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/health",status="200"\} \d+/);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} \d+/);
    expect(res.body).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/health"/,
    );
    expect(res.body).toMatch(/projector_lag_events\{projector="stream_events"\} 0/);
    expect(res.body).toMatch(/projector_running\{projector="stream_events"\} 1/);
    expect(res.body).toMatch(/projector_position\{projector="stream_events"\} \d+/);
  });

  it('serves the event store adapter’s counts: events skipped by reason and $all resubscriptions', async () => {
    const { signals } = t.app.get<Stores>(STORES);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      signals.skipped({
        id: randomUUID(),
        streamId: 'orders-17',
        type: 'OrderPlaced',
        position: { commit: 10n, prepare: 10n },
        reason: 'foreign_stream',
        detail: 'not the engine’s',
      });
      signals.resubscribing({ error: new Error('unavailable'), attempt: 1, delayMs: 80, after: 'start' });
    } finally {
      warn.mockRestore();
    }

    const res = await get('/metrics');

    expect(res.body).toMatch(/eventstore_skipped_events_total\{reason="foreign_stream"\} 1/);
    expect(res.body).toMatch(/eventstore_skipped_events_total\{reason="not_json_object"\} 0/);
    expect(res.body).toMatch(/eventstore_resubscriptions_total 1/);
  });

  it('serves the OpenAPI document generated from the code, and a page to browse it', async () => {
    const res = await get('/api/v3/openapi.json');
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/health'].get).toBeDefined();
    expect(document.paths['/metrics']).toBeUndefined();
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.schemas.ErrorEnvelope).toBeDefined();
    const page = await get('/api/v3/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it("keeps a caller's X-Request-Id and makes one up otherwise", async () => {
    const kept = await get('/health', { 'x-request-id': 'trace-7f3a' });
    expect(kept.headers['x-request-id']).toBe('trace-7f3a');
    const fresh = await get('/health', { 'x-request-id': 'not an id\u0007' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const errored = await get('/nothing');
    expect(errored.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports 503 while a projector is stopped', async () => {
    const runner = t.app.get(ProjectionRunner);
    await runner.stop();
    try {
      const res = await get('/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        projectors: expect.arrayContaining([
          expect.objectContaining({ name: 'stream_events', state: 'stopped' }),
        ]),
      });
    } finally {
      await runner.start();
    }
    expect((await get('/health')).statusCode).toBe(200);
  });
});
