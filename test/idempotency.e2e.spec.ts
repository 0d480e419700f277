import { randomUUID } from 'node:crypto';
import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { sql } from 'kysely';
import { IdempotencyStore } from '../apps/api/src/idempotency/idempotency-store';
import { IdempotencyProbeModule, ProbeState } from './fixtures/idempotency-probe.controller';
import { Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

postgresSkipNotice('Idempotency-Key e2e');

const PROBES = '/api/v3/idempotency-probes';

type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface SendOptions {
  as?: Caller;
  key?: string;
  payload?: Record<string, unknown>;
}

describe.each(testDatabases())('Idempotency-Key on $name', (target) => {
  let t: TestApp;
  let probe: ProbeState;
  let caller: Caller;

  beforeAll(async () => {
    t = await startTestApp(target, { imports: [IdempotencyProbeModule] });
    probe = t.app.get(ProbeState);
    caller = await createCaller(t.app);
  });
  afterAll(() => t?.close());

  function send(method: Method, url: string, { as = caller, key, payload }: SendOptions = {}) {
    const headers = { ...as.headers, ...(key !== undefined ? { 'idempotency-key': key } : {}) };
    return t.app.inject({ method, url, payload, headers });
  }

  const newKey = () => `key-${randomUUID()}`;

  async function backdate(key: string, hours: number): Promise<void> {
    await sql`update idempotency_keys set created_at = now() - make_interval(hours => ${hours})
              where key like ${`%/${key}`}`.execute(t.database.db);
  }

  async function rowsFor(key: string): Promise<number> {
    // Stored as `<user id>/<key>`: keys are each user's own.
    const { rows } = await sql`select 1 from idempotency_keys where key like ${`%/${key}`}`.execute(
      t.database.db,
    );
    return rows.length;
  }

  function expectError(
    res: { statusCode: number; json(): { error: unknown } },
    status: number,
    error: object,
  ) {
    expect({ status: res.statusCode, error: res.json().error }).toMatchObject({ status, error });
  }

  describe('an identical retry', () => {
    it('gets the original status, body and headers with Idempotent-Replayed, and the handler does not run again', async () => {
      const key = newKey();
      const first = await send('POST', PROBES, { key, payload: { name: 'A', details: { x: 1, y: [1, 2] } } });
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const executions = probe.executions;

      // The same object with its keys in another order is the same request.
      const again = await send('POST', PROBES, { key, payload: { details: { y: [1, 2], x: 1 }, name: 'A' } });

      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
      expect(again.headers).toMatchObject({
        'idempotent-replayed': 'true',
        etag: first.headers.etag,
        location: first.headers.location,
      });
      expect(probe.executions).toBe(executions);
    });

    it.each(['PATCH', 'PUT'] as const)('is replayed for %s too, with its 200', async (method) => {
      const key = newKey();
      const first = await send(method, `${PROBES}/p1`, { key, payload: { name: 'B' } });
      const again = await send(method, `${PROBES}/p1`, { key, payload: { name: 'B' } });
      expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
    });

    it('is each user’s own: a colleague’s request with the same key runs as theirs, never replays', async () => {
      const key = newKey();
      const colleague = await createCaller(t.app, { accountId: caller.accountId });
      const stranger = await createCaller(t.app);
      const first = await send('POST', PROBES, { key, payload: { name: 'shared' } });
      const executions = probe.executions;
      expect((await send('POST', PROBES, { key, payload: { name: 'shared' } })).body).toBe(first.body);
      expect(probe.executions).toBe(executions);

      for (const other of [colleague, stranger]) {
        const theirs = await send('POST', PROBES, { as: other, key, payload: { name: 'shared' } });
        expect(theirs.statusCode).toBe(201);
        expect(theirs.headers['idempotent-replayed']).toBeUndefined();
      }
      expect(probe.executions).toBe(executions + 2);
    });
  });

  it('refuses the key with other data (body, path, query or method) with 409 idempotency_key_reused', async () => {
    const key = newKey();
    expect((await send('POST', PROBES, { key, payload: { name: 'A' } })).statusCode).toBe(201);
    const executions = probe.executions;
    const others: [Method, string, Record<string, unknown>][] = [
      ['POST', PROBES, { name: 'B' }],
      ['POST', PROBES, { name: 'A', details: {} }],
      ['POST', `${PROBES}?x=1`, { name: 'A' }],
      ['POST', `${PROBES}/required`, { name: 'A' }],
      ['PATCH', `${PROBES}/p1`, { name: 'A' }],
    ];
    for (const [method, url, payload] of others) {
      expectError(await send(method, url, { key, payload }), 409, {
        type: 'conflict_error',
        code: 'idempotency_key_reused',
        param: 'Idempotency-Key',
      });
    }
    expect(probe.executions).toBe(executions);
  });

  describe('concurrent duplicates', () => {
    it('answer 409 idempotency_request_in_progress while the first is still running, then the replay', async () => {
      const key = newKey();
      const hold = probe.holdNext();
      const pending = send('POST', PROBES, { key, payload: { name: 'slow' } });
      await hold.entered;
      const executions = probe.executions;

      expectError(await send('POST', PROBES, { key, payload: { name: 'slow' } }), 409, {
        type: 'conflict_error',
        code: 'idempotency_request_in_progress',
      });
      expectError(await send('POST', PROBES, { key, payload: { name: 'other' } }), 409, {
        code: 'idempotency_key_reused',
      });

      hold.release();
      const first = await pending;
      expect(first.statusCode).toBe(201);
      const after = await send('POST', PROBES, { key, payload: { name: 'slow' } });
      expect(after.headers['idempotent-replayed']).toBe('true');
      expect(after.body).toBe(first.body);
      expect(probe.executions).toBe(executions);
    });

    it('sent at once: exactly one runs, each other gets 409 in progress or the replay', async () => {
      const key = newKey();
      const executions = probe.executions;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => send('POST', PROBES, { key, payload: { name: 'race' } })),
      );
      expect(probe.executions).toBe(executions + 1);
      const originals = answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed']);
      expect(originals).toHaveLength(1);
      for (const answer of answers.filter((a) => a !== originals[0])) {
        if (answer.statusCode === 409) {
          expect(answer.json().error.code).toBe('idempotency_request_in_progress');
        } else {
          expect(answer.headers['idempotent-replayed']).toBe('true');
          expect(answer.body).toBe(originals[0].body);
        }
      }
    });
  });

  describe('a failed first attempt', () => {
    it('releases the key: the same request with the same key then runs', async () => {
      const key = newKey();
      probe.failNext = true;
      const executions = probe.executions;
      expectError(await send('POST', PROBES, { key, payload: { name: 'A' } }), 409, { code: 'probe_failed' });
      expect(await rowsFor(key)).toBe(0);

      const retry = await send('POST', PROBES, { key, payload: { name: 'A' } });
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(probe.executions).toBe(executions + 2);
    });

    it('refused by validation: a corrected request with the same key runs', async () => {
      const key = newKey();
      expectError(await send('POST', PROBES, { key, payload: { name: 'A', colour: 'red' } }), 422, {
        code: 'unsupported_field',
      });
      const corrected = await send('POST', PROBES, { key, payload: { name: 'A' } });
      expect(corrected.statusCode).toBe(201);
      expect(corrected.headers['idempotent-replayed']).toBeUndefined();
    });
  });

  describe('the 24-hour window', () => {
    it('runs a request again once its record is older than 24 hours, with the same or other data', async () => {
      const key = newKey();
      const first = await send('POST', PROBES, { key, payload: { name: 'A' } });
      await backdate(key, 23);
      expect(
        (await send('POST', PROBES, { key, payload: { name: 'A' } })).headers['idempotent-replayed'],
      ).toBe('true');

      await backdate(key, 25);
      const again = await send('POST', PROBES, { key, payload: { name: 'A' } });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(again.json().execution).toBe(first.json().execution + 1);

      await backdate(key, 25);
      const otherData = await send('POST', PROBES, { key, payload: { name: 'B' } });
      expect(otherData.statusCode).toBe(201);
      expect(otherData.headers['idempotent-replayed']).toBeUndefined();
    });

    it('prunes expired records and keeps live ones', async () => {
      const [expired, live] = [newKey(), newKey()];
      await send('POST', PROBES, { key: expired, payload: {} });
      await send('POST', PROBES, { key: live, payload: {} });
      await backdate(expired, 25);
      expect(await t.app.get(IdempotencyStore).prune()).toBeGreaterThanOrEqual(1);
      expect([await rowsFor(expired), await rowsFor(live)]).toEqual([0, 1]);
    });
  });

  it('ignores the header on DELETE: every delete runs, whatever the key', async () => {
    const key = newKey();
    const executions = probe.executions;
    for (const k of [key, key, '']) {
      const res = await send('DELETE', `${PROBES}/p1`, { key: k });
      expect(res.statusCode).toBe(200);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(probe.executions).toBe(executions + 3);
    expect(await rowsFor(key)).toBe(0);
  });

  it('refuses a key that is not 1 to 255 printable ASCII characters with 422 invalid_idempotency_key', async () => {
    const executions = probe.executions;
    for (const key of ['', 'x'.repeat(256), 'tab\there', 'clé']) {
      expectError(await send('POST', PROBES, { key, payload: {} }), 422, {
        type: 'invalid_request_error',
        code: 'invalid_idempotency_key',
        param: 'Idempotency-Key',
      });
    }
    expect(probe.executions).toBe(executions);
    for (const key of ['x'.repeat(255), `~ !"#{}-${randomUUID()}`]) {
      expect((await send('POST', PROBES, { key, payload: {} })).statusCode).toBe(201);
    }
  });

  describe('@IdempotencyKeyRequired()', () => {
    it('refuses a write without the key with 400 idempotency_key_required', async () => {
      const executions = probe.executions;
      expectError(await send('POST', `${PROBES}/required`, { payload: { name: 'A' } }), 400, {
        type: 'invalid_request_error',
        code: 'idempotency_key_required',
        param: 'Idempotency-Key',
      });
      expect(probe.executions).toBe(executions);
    });

    it('runs a write with the key, and replays it', async () => {
      const key = newKey();
      const first = await send('POST', `${PROBES}/required`, { key, payload: { name: 'A' } });
      const again = await send('POST', `${PROBES}/required`, { key, payload: { name: 'A' } });
      expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
    });
  });

  it('leaves requests without an authenticated actor alone', async () => {
    const executions = probe.executions;
    for (const key of ['x'.repeat(300), 'same', 'same']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/test/fixtures/idempotency-probes',
        headers: { 'idempotency-key': key },
      });
      expect(res.statusCode).toBe(201);
    }
    expect(probe.executions).toBe(executions + 3);
  });
});
