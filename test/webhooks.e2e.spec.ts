import { once } from 'node:events';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('webhooks e2e');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ENDPOINTS = '/api/v3/webhook-endpoints';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/**
 * A real HTTP receiver on a free port: it answers `failNext` requests 500, then 204; a request to a
 * held path waits for its answer until `release`.
 */
class Receiver {
  readonly received: Received[] = [];
  readonly held = new Map<string, (() => void)[]>();
  /** Paths answered 500, always. */
  readonly refused = new Set<string>();
  failNext = 0;
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const answer = () => {
          const refused = this.refused.has(request.url ?? '');
          const status = refused || this.failNext > 0 ? 500 : 204;
          if (!refused && this.failNext > 0) this.failNext -= 1;
          const body = Buffer.concat(chunks).toString('utf8');
          this.received.push({ path: request.url ?? '', headers: request.headers, body, status });
          response.statusCode = status;
          response.end();
        };
        const waiting = this.held.get(request.url ?? '');
        if (waiting) waiting.push(answer);
        else answer();
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    this.url = `http://127.0.0.1:${address.port}`;
  }

  hold(path: string): void {
    this.held.set(path, []);
  }

  /** Answers the held requests to `path`, which is served at once from then on. */
  release(path: string): void {
    for (const answer of this.held.get(path) ?? []) answer();
    this.held.delete(path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }

  /** The successful deliveries to `path`, verified with `secret`: their payloads. */
  delivered(path: string, secret: string): Json[] {
    return this.received
      .filter((r) => r.path === path && r.status === 204)
      .map((r) => new Webhook(secret).verify(r.body, headersOf(r)) as Json);
  }
}

function headersOf(r: Received): Record<string, string> {
  return {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  };
}

/** Polls `probe` until it returns true, or fails at the deadline. No sleeps of a fixed length. */
async function eventually(probe: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(testDatabases())('webhooks on $name', (target) => {
  let t: TestApp;
  const receiver = new Receiver();
  beforeAll(async () => {
    await receiver.start();
    t = await startTestApp(target, {
      config: {
        webhooksAllowInsecure: true,
        webhookRetryDelaysMs: [20, 20],
        webhookPollMs: 20,
        logLevel: process.env.HOOK_LOG ?? 'silent',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await receiver.stop();
  });

  const call = (caller: Caller, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json) =>
    t.app.inject({ method, url, payload, headers: caller.headers });
  const send = async (caller: Caller, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json) => {
    const res = await call(caller, method, url, payload);
    expect([200, 201]).toContain(res.statusCode);
    return res.json();
  };
  const endpoint = (caller: Caller, path: string, event_types: string[]) =>
    send(caller, 'POST', ENDPOINTS, { url: `${receiver.url}${path}`, event_types, description: path });

  describe('endpoints', () => {
    it('creates with a whsec_ secret shown once, lists, retrieves, updates and deletes', async () => {
      const caller = await createCaller(t.app);
      const res = await call(caller, 'POST', ENDPOINTS, {
        url: `${receiver.url}/crud`,
        event_types: ['customer.created'],
      });
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        object: 'webhook_endpoint',
        url: `${receiver.url}/crud`,
        event_types: ['customer.created'],
        description: null,
        disabled: false,
        revision: 0,
      });
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{40,}={0,2}$/);
      const retrieved = (await call(caller, 'GET', `${ENDPOINTS}/${created.id}`)).json();
      expect(retrieved).not.toHaveProperty('secret');
      expect((await call(caller, 'GET', ENDPOINTS)).json().data).toEqual([retrieved]);

      const updated = await send(caller, 'PATCH', `${ENDPOINTS}/${created.id}`, {
        event_types: ['*'],
        disabled: true,
      });
      expect(updated).toMatchObject({ event_types: ['*'], disabled: true, revision: 1 });
      expect(await send(caller, 'DELETE', `${ENDPOINTS}/${created.id}`)).toEqual({
        id: created.id,
        object: 'webhook_endpoint',
        deleted: true,
      });
      expect((await call(caller, 'GET', `${ENDPOINTS}/${created.id}`)).statusCode).toBe(404);
      expect((await call(caller, 'GET', ENDPOINTS)).json().data).toEqual([]);
    });

    it.each([
      [{ url: 'ftp://example.com', event_types: ['*'] }, 'url'],
      [{ url: 'https://example.com', event_types: [] }, 'event_types'],
      [{ url: 'https://example.com', event_types: ['customer.flew'] }, 'event_types.0'],
      [{ event_types: ['*'] }, 'url'],
    ])('refuses %p naming %s', async (body, param) => {
      const caller = await createCaller(t.app);
      const res = await call(caller, 'POST', ENDPOINTS, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', param });
    });

    it('refuses an unknown field, and answers 404 for another account', async () => {
      const caller = await createCaller(t.app);
      const other = await createCaller(t.app);
      const res = await call(caller, 'POST', ENDPOINTS, {
        url: 'https://example.com',
        event_types: ['*'],
        x: 1,
      });
      expect(res.statusCode).toBe(422);
      const mine = await endpoint(caller, '/mine', ['*']);
      expect((await call(other, 'GET', `${ENDPOINTS}/${mine.id}`)).statusCode).toBe(404);
      expect((await call(other, 'POST', `${ENDPOINTS}/${mine.id}/rotate-secret`)).statusCode).toBe(404);
    });
  });

  describe('deliveries', () => {
    it('delivers every subscribed event, signed, in order per record, and not the others', async () => {
      const caller = await createCaller(t.app);
      const hook = await endpoint(caller, '/orders', [
        'customer.created',
        'customer.updated',
        'customer.deleted',
      ]);
      const ann = await send(caller, 'POST', '/api/v3/customers', { name: 'Ann' });
      await send(caller, 'PATCH', `/api/v3/customers/${ann.id}`, { name: 'Ann Smith' });
      await send(caller, 'PATCH', `/api/v3/customers/${ann.id}`, { name: 'Ann Jones' });
      await send(caller, 'DELETE', `/api/v3/customers/${ann.id}`);
      await send(caller, 'POST', '/api/v3/suppliers', { name: 'Not subscribed' });
      await eventually(() => receiver.delivered('/orders', hook.secret).length >= 4, 'four deliveries');
      const payloads = receiver.delivered('/orders', hook.secret);
      expect(payloads.map((p) => [p.type, p.data.object.revision])).toEqual([
        ['customer.created', 0],
        ['customer.updated', 1],
        ['customer.updated', 2],
        ['customer.deleted', 3],
      ]);
      expect(payloads[0]).toEqual({
        id: expect.stringMatching(/^evt_/),
        type: 'customer.created',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        data: {
          object: expect.objectContaining({ id: ann.id, object: 'customer', name: 'Ann', revision: 0 }),
        },
      });
      expect(payloads[2].data.object.name).toBe('Ann Jones');
      // The receiver has answered; the outcome is recorded right after.
      const listing = async () => (await call(caller, 'GET', `${ENDPOINTS}/${hook.id}/deliveries`)).json();
      await eventually(
        async () => (await listing()).data.every((d: Json) => d.status === 'succeeded'),
        'the outcomes',
      );
      const listed = await listing();
      expect(listed.data.map((d: Json) => [d.event_type, d.status, d.attempts, d.last_status_code])).toEqual([
        ['customer.deleted', 'succeeded', 1, 204],
        ['customer.updated', 'succeeded', 1, 204],
        ['customer.updated', 'succeeded', 1, 204],
        ['customer.created', 'succeeded', 1, 204],
      ]);
      const ids = receiver.received.filter((r) => r.path === '/orders').map((r) => r.headers['webhook-id']);
      expect(new Set(ids).size).toBe(4);
    });

    it('goes on delivering to others while a receiver does not answer', async () => {
      const caller = await createCaller(t.app);
      receiver.hold('/stuck');
      await endpoint(caller, '/stuck', ['supplier.created']);
      for (const name of ['S1', 'S2', 'S3', 'S4']) await send(caller, 'POST', '/api/v3/suppliers', { name });
      await eventually(() => receiver.held.get('/stuck')!.length === 2, 'two sends to the stuck receiver');
      const hook = await endpoint(caller, '/live', ['customer.created', 'customer.updated']);
      const dee = await send(caller, 'POST', '/api/v3/customers', { name: 'Dee' });
      await send(caller, 'PATCH', `/api/v3/customers/${dee.id}`, { name: 'Dee Lee' });
      // Both in order, while the stuck receiver holds its two: one endpoint holds two slots at most.
      await eventually(() => receiver.delivered('/live', hook.secret).length === 2, 'the live deliveries');
      expect(receiver.held.get('/stuck')).toHaveLength(2);
      receiver.release('/stuck');
      await eventually(
        () => receiver.received.filter((r) => r.path === '/stuck').length === 2 + 2,
        'the rest of the stuck deliveries',
      );
    });

    it('retries a delivery the receiver refused, succeeding exactly once, the same webhook-id', async () => {
      const caller = await createCaller(t.app);
      const hook = await endpoint(caller, '/flaky', ['customer.created']);
      receiver.failNext = 1;
      const bob = await send(caller, 'POST', '/api/v3/customers', { name: 'Bob' });
      await eventually(() => receiver.delivered('/flaky', hook.secret).length === 1, 'the retried delivery');
      const attempts = receiver.received.filter((r) => r.path === '/flaky');
      expect(attempts.map((r) => r.status)).toEqual([500, 204]);
      expect(attempts[0].headers['webhook-id']).toBe(attempts[1].headers['webhook-id']);
      expect(receiver.delivered('/flaky', hook.secret)[0].data.object.id).toBe(bob.id);
      const first = async () =>
        (await call(caller, 'GET', `${ENDPOINTS}/${hook.id}/deliveries`)).json().data[0];
      await eventually(async () => (await first()).status === 'succeeded', 'the outcome');
      expect(await first()).toMatchObject({ status: 'succeeded', attempts: 2, last_status_code: 204 });
      // A later turn sends nothing more.
      await send(caller, 'POST', '/api/v3/customers', { name: 'Cyd' });
      await eventually(() => receiver.delivered('/flaky', hook.secret).length === 2, 'the next one');
      expect(receiver.received.filter((r) => r.path === '/flaky')).toHaveLength(3);
    });

    it('marks a delivery failed after the schedule, and sends it again on a manual retry', async () => {
      const caller = await createCaller(t.app);
      const hook = await endpoint(caller, '/down', ['customer.created']);
      receiver.failNext = 3; // the first attempt and both retries
      await send(caller, 'POST', '/api/v3/customers', { name: 'Dee' });
      const deliveries = async () =>
        (await call(caller, 'GET', `${ENDPOINTS}/${hook.id}/deliveries`)).json().data;
      await eventually(async () => (await deliveries())[0]?.status === 'failed', 'a failed delivery');
      const [failed] = await deliveries();
      expect(failed).toMatchObject({ attempts: 3, last_status_code: 500, next_attempt_at: null });
      const retried = await send(caller, 'POST', `${ENDPOINTS}/${hook.id}/deliveries/${failed.id}/retry`);
      expect(retried).toMatchObject({ id: failed.id, status: 'pending' });
      await eventually(() => receiver.delivered('/down', hook.secret).length === 1, 'the manual retry');
      await eventually(async () => (await deliveries())[0].status === 'succeeded', 'its outcome');
      expect((await deliveries())[0]).toMatchObject({ status: 'succeeded', attempts: 4 });
      expect(
        (await call(caller, 'POST', `${ENDPOINTS}/${hook.id}/deliveries/msg_none/retry`)).statusCode,
      ).toBe(404);
    });

    it('disables an endpoint whose deliveries have failed for five days, and sends it nothing more', async () => {
      const caller = await createCaller(t.app);
      receiver.refused.add('/dead');
      const hook = await endpoint(caller, '/dead', ['customer.created']);
      await send(caller, 'POST', '/api/v3/customers', { name: 'Gus' });
      const deliveries = async () =>
        (await call(caller, 'GET', `${ENDPOINTS}/${hook.id}/deliveries`)).json().data;
      await eventually(async () => (await deliveries())[0]?.status === 'failed', 'a failed delivery');
      expect((await call(caller, 'GET', `${ENDPOINTS}/${hook.id}`)).json().disabled).toBe(false);
      // Given those failures began six days ago (the clock of the runtime table, not a sleep),
      await sql`update webhook_deliveries set first_failed_at = now() - interval '6 days'
        where endpoint_id = ${hook.id}`.execute(t.database.db);
      // when the next delivery fails too, then the endpoint is disabled through its stream.
      await send(caller, 'POST', '/api/v3/customers', { name: 'Hal' });
      const current = async () => (await call(caller, 'GET', `${ENDPOINTS}/${hook.id}`)).json();
      await eventually(async () => (await current()).disabled === true, 'the endpoint disabled');
      expect((await current()).disabled_reason).toMatch(
        /^Deliveries have failed since .* \(5 days or more\)\.$/,
      );
      const attempts = receiver.received.filter((r) => r.path === '/dead').length;
      await send(caller, 'POST', '/api/v3/customers', { name: 'Ivy' });
      const on = await endpoint(caller, '/after-dead', ['customer.created']);
      await send(caller, 'POST', '/api/v3/customers', { name: 'Jo' });
      await eventually(() => receiver.delivered('/after-dead', on.secret).length === 1, 'a later endpoint');
      expect(receiver.received.filter((r) => r.path === '/dead')).toHaveLength(attempts);
    });

    it('signs with the new secret after a rotation', async () => {
      const caller = await createCaller(t.app);
      const hook = await endpoint(caller, '/rotated', ['customer.created']);
      const rotated = await send(caller, 'POST', `${ENDPOINTS}/${hook.id}/rotate-secret`);
      expect(rotated.secret).toMatch(/^whsec_/);
      expect(rotated.secret).not.toBe(hook.secret);
      expect(rotated.secret_rotated_at).toEqual(expect.any(String));
      await send(caller, 'POST', '/api/v3/customers', { name: 'Eve' });
      await eventually(() => receiver.received.some((r) => r.path === '/rotated'), 'a delivery');
      expect(receiver.delivered('/rotated', rotated.secret)).toHaveLength(1);
      expect(() => receiver.delivered('/rotated', hook.secret)).toThrow();
    });

    it('sends nothing to a disabled endpoint, nor what happened before an endpoint was created', async () => {
      const caller = await createCaller(t.app);
      await send(caller, 'POST', '/api/v3/customers', { name: 'Before' });
      const off = await endpoint(caller, '/off', ['*']);
      await send(caller, 'PATCH', `${ENDPOINTS}/${off.id}`, { disabled: true });
      const on = await endpoint(caller, '/on', ['*']);
      await send(caller, 'POST', '/api/v3/customers', { name: 'After' });
      await eventually(() => receiver.delivered('/on', on.secret).length === 1, 'the enabled endpoint');
      expect(receiver.delivered('/on', on.secret)[0].data.object.name).toBe('After');
      expect(receiver.received.filter((r) => r.path === '/off')).toEqual([]);
    });
  });
});
